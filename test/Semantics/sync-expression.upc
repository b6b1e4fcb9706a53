// The optional expression of upc_barrier, upc_notify and upc_wait has
// integer type (UPC 1.3 6.6.1).
//
// RUN: not %upc-instrument -fsyntax-only %s 2>&1 | FileCheck %s --implicit-check-not=error: --implicit-check-not=warning: --implicit-check-not=__upc_ --implicit-check-not=__attribute__

shared int s;

void f(void) {
  double d = 1.0;
  int *p = 0;
  // CHECK: sync-expression.upc:[[@LINE+1]]:15: error: expression of 'upc_barrier' must have integer type, not 'double'
  upc_barrier d;
  // CHECK: sync-expression.upc:[[@LINE+1]]:14: error: expression of 'upc_notify' must have integer type, not 'int *'
  upc_notify p;
  // CHECK: sync-expression.upc:[[@LINE+1]]:12: error: expression of 'upc_wait' must have integer type, not 'double'
  upc_wait 2.5;
  // CHECK: sync-expression.upc:[[@LINE+1]]:15: error: expression of 'upc_barrier' must have integer type, not 'shared int *'
  upc_barrier &s;

  // Not errors.
  upc_barrier;
  upc_notify;
  upc_wait;
  upc_barrier 3;
  upc_notify (int)d;
  upc_wait MYTHREAD + 1;
  upc_barrier 'x';
  upc_barrier s;
}
