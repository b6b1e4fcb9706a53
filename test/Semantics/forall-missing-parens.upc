// upc_forall without parentheses is one error about upc_forall, never one
// about the 'for' loop the translator turns it into.
//
// RUN: not %upc-instrument -fsyntax-only %s 2>&1 | FileCheck %s --implicit-check-not=error: --implicit-check-not=warning: --implicit-check-not=note: --implicit-check-not=__upc_ --implicit-check-not=__attribute__ --implicit-check-not="'for'"

void f(void) {
  int i;
  // CHECK: forall-missing-parens.upc:[[@LINE+1]]:14: error: expected '(' after 'upc_forall'
  upc_forall i = 0; i < 10; i++; i;
}
