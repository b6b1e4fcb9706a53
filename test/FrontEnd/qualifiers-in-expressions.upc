// UPC qualifiers in type names: casts, sizeof, _Alignof and __typeof__ (of a type and of an expression, with shared added to it, and of THREADS-dependent arrays).
// RUN: %upc-instrument -fsyntax-only -Wall -Wextra %s 2>&1 | count 0
// RUN: %upc-instrument --dump-upc %s | FileCheck %s --implicit-check-not=__upc

#include <stddef.h>

// CHECK: [[@LINE+1]]:16: shared variable 'a': shared [4] int[4*THREADS]; block size 4; 4*THREADS elements; relaxed (default); file scope
shared [4] int a[4*THREADS];
// CHECK: [[@LINE+1]]:19: shared variable 's': strict shared int; block size 1; strict; file scope
strict shared int s;
shared void *vp;

// __typeof__ of a shared type and of shared expressions.
// CHECK: [[@LINE+1]]:24: shared variable 't1': {{typeof\(shared int\)|shared int}}; block size 1; relaxed (default); file scope
__typeof__(shared int) t1;
// CHECK: [[@LINE+1]]:15: shared variable 't2': {{.+}}; block size 1; strict; file scope
__typeof__(s) t2;
// CHECK: [[@LINE+1]]:18: shared variable 't3': {{.+}}; block size 4; relaxed (default); file scope
__typeof__(a[0]) t3;
// CHECK: [[@LINE+1]]:31: shared variable 't4': shared {{.*}}int{{.*}}; block size 1; relaxed (default); file scope
static shared __typeof__(int) t4;
// CHECK: [[@LINE+1]]:36: shared variable 't5': {{typeof\(strict shared \[8\] char\)|strict shared \[8\] char}}[2*THREADS]; block size 8; 2*THREADS elements; strict; file scope
__typeof__(strict shared [8] char) t5[2*THREADS];
// A pointer-to-shared type from __typeof__ (a private pointer: no dump line).
__typeof__(shared [4] int *) pt;
__typeof__(&a[0]) pt2;

int main(void) {
  // The type of a THREADS-dependent shared array, through __typeof__.
  // CHECK: [[@LINE+1]]:24: shared variable 'copy': {{.+}}; block size 4; 4*THREADS elements; relaxed (default); static local
  static __typeof__(a) copy;

  // Casts to pointer-to-shared types with every qualifier.
  shared int *p1 = (shared int *)vp;
  shared [4] int *p4 = (shared [4] int *)vp;
  shared [] int *pi = (shared [] int *)p4;
  strict shared int *ps = (strict shared int *)&s;
  relaxed shared [4] const int *pc = (relaxed shared [4] const int *)p4;
  shared void *back = (shared void *)p1;
  int *priv = (int *)&a[0];
  pt = p4;
  pt2 = pt;

  // sizeof and _Alignof of shared types; the size of a shared pointer type.
  _Static_assert(sizeof(shared int) == sizeof(int), "");
  _Static_assert(_Alignof(shared double) == _Alignof(double), "");
  _Static_assert(__builtin_types_compatible_p(__typeof__(p4), shared int *), "");
  _Static_assert(__builtin_types_compatible_p(__typeof__(*ps), shared int), "");
  size_t sz = sizeof(shared [4] int *) + sizeof(strict shared void *) + sizeof(shared int *shared);

  // CHECK: [[@LINE+2]]:25: upc_blocksizeof: operand '{{.*}}'
  // CHECK: [[@LINE+1]]:66: upc_blocksizeof: operand '*(__typeof__(&a[0]))vp' of type 'shared [4] int'
  return (int)sz + (int)upc_blocksizeof(__typeof__(a[0])) + (int)upc_blocksizeof(*(__typeof__(&a[0]))vp) +
         *p1 + *pi + *ps + *pc + (back != NULL) + *priv + t1 + t2 + t3 + t4 + t5[0] + copy[0];
}

// CHECK: 8 shared variables, 0 upc_forall, 0 synchronization statements, 2 UPC sizeof operators, 0 pragmas
