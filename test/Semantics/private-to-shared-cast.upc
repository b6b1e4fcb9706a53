// A private pointer, or an integer other than a null pointer constant,
// cannot be cast to a pointer-to-shared: a private address has no affinity.
//
// RUN: not %upc-instrument -fsyntax-only %s 2>&1 | FileCheck %s --implicit-check-not=error: --implicit-check-not=warning: --implicit-check-not=__upc_ --implicit-check-not=__attribute__

int private_object;
int private_array[4];

// CHECK: private-to-shared-cast.upc:[[@LINE+1]]:17: error: cannot convert 'int *' to pointer-to-shared 'shared int *': a private address has no affinity
shared int *a = (shared int *)&private_object;

void f(long n, int *ip) {
  // CHECK: private-to-shared-cast.upc:[[@LINE+1]]:19: error: cannot convert 'int *' to pointer-to-shared 'shared int *': a private address has no affinity
  shared int *b = (shared int *)ip;
  // CHECK: private-to-shared-cast.upc:[[@LINE+1]]:20: error: cannot convert 'int *' to pointer-to-shared 'shared void *': a private address has no affinity
  shared void *c = (shared void *)ip;
  // CHECK: private-to-shared-cast.upc:[[@LINE+1]]:23: error: cannot convert 'int[4]' to pointer-to-shared 'shared [4] int *': a private address has no affinity
  shared [4] int *d = (shared [4] int *)private_array;
  // CHECK: private-to-shared-cast.upc:[[@LINE+1]]:19: error: cannot convert 'long' to pointer-to-shared 'shared int *': a private address has no affinity
  shared int *e = (shared int *)n;
  // CHECK: private-to-shared-cast.upc:[[@LINE+1]]:19: error: cannot convert 'int' to pointer-to-shared 'shared int *': a private address has no affinity
  shared int *g = (shared int *)42;

  // Not errors: null pointer constants, and pointers-to-shared.
  shared int *null1 = (shared int *)0;
  shared int *null2 = (shared int *)(void *)0;
  shared [4] int *from_shared = (shared [4] int *)b;
  (void)a; (void)c; (void)d; (void)e; (void)g;
  (void)null1; (void)null2; (void)from_shared;
}
