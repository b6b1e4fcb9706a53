// upc_barrier, upc_notify and upc_wait end with ';'. A missing one is
// reported once, after the statement.
//
// RUN: not %upc-instrument -fsyntax-only %s 2>&1 | FileCheck %s --implicit-check-not=error: --implicit-check-not=warning: --implicit-check-not=note: --implicit-check-not=__upc_ --implicit-check-not=__attribute__

void f(void) {
  // CHECK: sync-missing-semicolon.upc:[[@LINE+1]]:14: error: expected ';' after 'upc_barrier' statement
  upc_barrier
}

void g(int x) {
  // CHECK: sync-missing-semicolon.upc:[[@LINE+1]]:13: error: expected ';' after 'upc_wait' statement
  upc_wait x
}

void h(void) {
  // CHECK: sync-missing-semicolon.upc:[[@LINE+1]]:19: error: expected ';' after 'upc_notify' statement
  upc_notify 1 + 2
}
