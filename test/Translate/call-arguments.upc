// A call's arguments are expressions, never parameter declarations: a cast
// to a pointer-to-shared type followed by `&a[i]` keeps its index (it was
// once rewritten as if `a[i]` declared an array parameter, giving `&(*a)`,
// the address of element 0). Array parameters are still pointers.
// RUN: %upc-instrument %s -o - | FileCheck %s
// (Comments are copied into the output: the patterns start at the line's
// beginning, where a copied CHECK line has '//'.)

#include <upc.h>

shared int targets[THREADS];
void f(int);
void g(shared void *);
void h(long);

// CHECK: {{^}}void k(upcr_pshared_ptr_t, int);
void k(shared int a[4], int n);

int main(void) {
  shared void *p = &targets[1];
  // CHECK: {{^}}  f((upcr_isequal_shared_shared(p, (upcr_pshared_to_shared(upcr_add_pshared1(targets, sizeof(int), 1))))));
  f(p == (shared void *)&targets[1]);
  // CHECK: {{^}}  g((upcr_pshared_to_shared(upcr_add_pshared1(targets, sizeof(int), 2))));
  g((shared void *)&targets[2]);
  // CHECK: {{^}}  h((long)upcr_threadof_shared((upcr_pshared_to_shared(upcr_add_pshared1(targets, sizeof(int), MYTHREAD)))));
  h((long)upc_threadof((shared void *)&targets[MYTHREAD]));
  // CHECK: {{^}}  f((int)sizeof(int[3]));
  f((int)sizeof(int[3]));
  return 0;
}
