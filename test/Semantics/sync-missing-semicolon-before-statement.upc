// A missing ';' after a upc_notify expression that another statement
// follows: reported where the ';' is missing, without errors about the code
// the translator generates.
//
// RUN: not %upc-instrument -fsyntax-only %s 2>&1 | FileCheck %s --implicit-check-not=error: --implicit-check-not=warning: --implicit-check-not=note: --implicit-check-not=__upc_ --implicit-check-not=__attribute__

void f(int x) {
  // CHECK: sync-missing-semicolon-before-statement.upc:[[@LINE+1]]:15: error: expected ';' after 'upc_notify' statement
  upc_notify 1
  x = 0;
  (void)x;
}
