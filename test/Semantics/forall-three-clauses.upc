// upc_forall has four clauses; with three (a 'for' header) it is an error,
// reported once.
//
// RUN: not %upc-instrument -fsyntax-only %s 2>&1 | FileCheck %s --implicit-check-not=error: --implicit-check-not=warning: --implicit-check-not=__upc_ --implicit-check-not=__attribute__

void f(void) {
  int i;
  // CHECK: forall-three-clauses.upc:[[@LINE+1]]:3: error: 'upc_forall' needs four clauses: (initialization; condition; step; affinity)
  upc_forall (i = 0; i < 10; i++)
    ;
}
