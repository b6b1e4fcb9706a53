// upc_forall with five clauses is one error, not a cascade of C syntax errors
// about the code the translator generates.
//
// RUN: not %upc-instrument -fsyntax-only %s 2>&1 | FileCheck %s --implicit-check-not=error: --implicit-check-not=warning: --implicit-check-not=note: --implicit-check-not=__upc_ --implicit-check-not=__attribute__

void f(void) {
  int i;
  // CHECK: forall-five-clauses.upc:[[@LINE+1]]:3: error: too many clauses in 'upc_forall'; expected (initialization; condition; step; affinity)
  upc_forall (i = 0; i < 10; i++; i; i)
    ;
}
