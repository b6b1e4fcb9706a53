// An invalid expression in upc_barrier/upc_notify is reported by C alone;
// no second error about its (unknown) type.
//
// RUN: not %upc-instrument -fsyntax-only %s 2>&1 | FileCheck %s --implicit-check-not=error: --implicit-check-not=warning: --implicit-check-not=__upc_ --implicit-check-not=__attribute__

void f(int x) {
  // CHECK: sync-invalid-expression.upc:[[@LINE+1]]:15: error: use of undeclared identifier 'nosuch'
  upc_barrier nosuch;
  // CHECK: sync-invalid-expression.upc:[[@LINE+1]]:18: error: use of undeclared identifier 'nosuch2'
  upc_notify x + nosuch2;
}
