// The affinity clause of upc_forall is an integer or a pointer-to-shared
// (UPC 1.3 6.6.2); 'continue' and an empty clause are also allowed.
//
// RUN: not %upc-instrument -fsyntax-only %s 2>&1 | FileCheck %s --implicit-check-not=error: --implicit-check-not=warning: --implicit-check-not=__upc_ --implicit-check-not=__attribute__

shared int a[10 * THREADS];
shared [4] double *pd;
struct point { int x, y; } pt;

void f(void) {
  int i;
  double d = 1.0;
  int *private_pointer = 0;
  // CHECK: forall-affinity.upc:[[@LINE+1]]:35: error: affinity of 'upc_forall' must be an integer or a pointer-to-shared, not 'double'
  upc_forall (i = 0; i < 10; i++; d)
    ;
  // CHECK: forall-affinity.upc:[[@LINE+1]]:35: error: affinity of 'upc_forall' must be an integer or a pointer-to-shared, not 'struct point'
  upc_forall (i = 0; i < 10; i++; pt)
    ;
  // CHECK: forall-affinity.upc:[[@LINE+1]]:35: error: affinity of 'upc_forall' must be an integer or a pointer-to-shared, not 'int *'
  upc_forall (i = 0; i < 10; i++; private_pointer)
    ;
  // CHECK: forall-affinity.upc:[[@LINE+1]]:37: error: affinity of 'upc_forall' must be an integer or a pointer-to-shared, not 'double'
  upc_forall (i = 0; i < 10; i++; d * 2)
    ;

  // Not errors.
  upc_forall (i = 0; i < 10; i++; i)
    ;
  upc_forall (i = 0; i < 10; i++; &a[i])
    ;
  upc_forall (i = 0; i < 10; i++; a)
    ;
  upc_forall (i = 0; i < 10; i++; pd + i)
    ;
  upc_forall (i = 0; i < 10; i++; 'c')
    ;
  upc_forall (i = 0; i < 10; i++; continue)
    ;
  upc_forall (i = 0; i < 10; i++;)
    ;
  upc_forall (int j = 0; j < 10; j++; j % THREADS)
    a[j] = j;
}
