// strict and relaxed in every position a qualifier may take: before or after shared, with layouts, on shared pointers, in typedefs, casts, sizeof and function types.
// RUN: %upc-instrument -fsyntax-only -Wall -Wextra %s 2>&1 | count 0
// RUN: %upc-instrument --dump-upc %s | FileCheck %s --implicit-check-not=__upc

// CHECK: [[@LINE+1]]:19: shared variable 'a1': strict shared int; block size 1; strict; file scope
strict shared int a1;
// CHECK: [[@LINE+1]]:19: shared variable 'a2': strict shared int; block size 1; strict; file scope
shared strict int a2;
// CHECK: [[@LINE+1]]:19: shared variable 'a3': strict shared int; block size 1; strict; file scope
int strict shared a3;
// CHECK: [[@LINE+1]]:20: shared variable 'r1': relaxed shared int; block size 1; relaxed; file scope
relaxed shared int r1;
// CHECK: [[@LINE+1]]:23: shared variable 'r2': relaxed shared double; block size 1; relaxed; file scope
shared double relaxed r2;

// With a layout qualifier, before or after it.
// CHECK: [[@LINE+1]]:23: shared variable 'l1': strict shared [4] int[4*THREADS]; block size 4; 4*THREADS elements; strict; file scope
shared [4] strict int l1[4*THREADS];
// CHECK: [[@LINE+1]]:23: shared variable 'l2': strict shared [4] int[4*THREADS]; block size 4; 4*THREADS elements; strict; file scope
strict shared [4] int l2[4*THREADS];
// CHECK: [[@LINE+1]]:23: shared variable 'l3': relaxed shared [] int[10]; block size indefinite; 10 elements; relaxed; file scope
relaxed shared [] int l3[10];
// CHECK: [[@LINE+1]]:23: shared variable 'l4': strict shared [*] int[THREADS]; block size [*] = 1; THREADS elements; strict; file scope
strict shared [*] int l4[THREADS];
// CHECK: [[@LINE+1]]:23: shared variable 'l5': strict shared [2] int[2*THREADS]; block size 2; 2*THREADS elements; strict; file scope
shared [2] int strict l5[2*THREADS];

// With const and volatile.
// CHECK: [[@LINE+1]]:25: shared variable 'c1': strict const shared int; block size 1; strict; file scope
const strict shared int c1 = 3;
// CHECK: [[@LINE+1]]:29: shared variable 'v1': relaxed volatile shared int; block size 1; relaxed; file scope
volatile relaxed shared int v1;

// On pointers: the pointee's qualifiers and the pointer's own.
// CHECK: [[@LINE+1]]:27: shared variable 'p1': shared int *strict shared; block size 1; strict; file scope
shared int *strict shared p1;
// CHECK: [[@LINE+1]]:35: shared variable 'p2': strict shared int *relaxed shared; block size 1; relaxed; file scope
strict shared int *relaxed shared p2;
// CHECK: [[@LINE+1]]:27: shared variable 'p3': strict shared int *shared; block size 1; relaxed (default); file scope
strict shared int *shared p3;
strict shared int *private_to_strict;
relaxed shared [4] double *private_to_relaxed;

// Typedefs, and strict/relaxed added to a typedef name.
typedef strict shared int ssi_t;
typedef shared int si_t;
typedef shared [8] char sc8_t;
// CHECK: [[@LINE+1]]:7: shared variable 't1': strict shared int; block size 1; strict; file scope
ssi_t t1;
// CHECK: [[@LINE+1]]:13: shared variable 't2': strict shared int; block size 1; strict; file scope
strict si_t t2;
// CHECK: [[@LINE+1]]:14: shared variable 't3': relaxed shared int[THREADS]; block size 1; THREADS elements; relaxed; file scope
relaxed si_t t3[THREADS];
// CHECK: [[@LINE+1]]:14: shared variable 't4': strict shared [8] char[8*THREADS]; block size 8; 8*THREADS elements; strict; file scope
strict sc8_t t4[8*THREADS];
// CHECK: [[@LINE+1]]:14: shared variable 't5': relaxed shared int; block size 1; relaxed; file scope
si_t relaxed t5;

// Function types: parameters and return types.
strict shared int *get_strict(relaxed shared int *r, strict shared [4] int *s) {
  return r == 0 ? (strict shared int *)s : &a1;
}

int main(void) {
  // CHECK: [[@LINE+1]]:28: shared variable 'local': strict shared int; block size 1; strict; static local
  static strict shared int local;
  // Casts and sizeof.
  strict shared int *sp = (strict shared int *)&r1;
  relaxed shared void *vp = (relaxed shared void *)sp;
  private_to_strict = (strict shared int *)vp;
  private_to_relaxed = (relaxed shared [4] double *)vp;
  int size = (int)sizeof(strict shared int) + (int)sizeof(relaxed shared [4] int *);
  _Static_assert(__builtin_types_compatible_p(__typeof__(*sp), shared int), "");
  return *sp + size + local + a1 + a2 + a3 + r1 + (int)r2 + l1[0] + l2[0] +
         l3[0] + l4[0] + l5[0] + c1 + v1 + *p1 + *p2 + *p3 + t1 + t2 + t3[0] +
         t4[0] + t5 + *get_strict(&r1, &l1[0]);
}

// CHECK: 21 shared variables, 0 upc_forall, 0 synchronization statements, 0 UPC sizeof operators, 0 pragmas
