// The optional expression of upc_barrier, upc_notify and upc_wait is
// converted to int as if by assignment (UPC 1.3 6.6.1, specification issue
// 64, as Berkeley UPC reads it): an arithmetic value converts; a pointer,
// private or to shared, converts with a warning; anything else is an error.
//
// RUN: not %upc-instrument -fsyntax-only %s 2>&1 | FileCheck %s --implicit-check-not=error: --implicit-check-not=warning: --implicit-check-not=__upc_ --implicit-check-not=__attribute__

shared int s;
struct pair { int a, b; };

void f(void) {
  double d = 1.0;
  int *p = 0;
  struct pair two = {1, 2};
  // CHECK: sync-expression.upc:[[@LINE+1]]:14: warning: expression of 'upc_notify' is a pointer ('int *'), converted to an integer; convert it explicitly
  upc_notify p;
  upc_wait;
  // CHECK: sync-expression.upc:[[@LINE+1]]:15: warning: expression of 'upc_barrier' is a pointer ('shared int *'), converted to an integer; convert it explicitly
  upc_barrier &s;
  // CHECK: sync-expression.upc:[[@LINE+1]]:15: error: expression of 'upc_barrier' must have arithmetic type, not 'struct pair'
  upc_barrier two;

  // Not diagnosed.
  upc_barrier;
  upc_notify;
  upc_wait;
  upc_barrier 3;
  upc_barrier d;
  upc_notify (int)d;
  upc_wait 2.5;
  upc_barrier MYTHREAD + 1;
  upc_barrier 'x';
  upc_barrier s;
}
