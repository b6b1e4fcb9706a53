// Shared accesses of upc_forall loops that the translator localizes, for
// mir-forall-local.test: each thread owns N elements of a and b, and each
// function writes every element of its own once per call.
#include <stdio.h>
#include <upc.h>

#define N 64
shared [4] int a[N * THREADS];
shared int b[N * THREADS];

// Blocks of 4, affinity &a[i]: localized.
void viaforall(void) {
  int i;
  upc_forall (i = 0; i < N * THREADS; i++; &a[i])
    a[i] = i;
}

// The same writes in a plain for.
void viafor(void) {
  int i;
  for (i = 0; i < N * THREADS; i++)
    if (upc_threadof(&a[i]) == MYTHREAD)
      a[i] = i;
}

// Affinity i: a read and a write of b per iteration, localized.
void cyclic(void) {
  int i;
  upc_forall (i = 0; i < N * THREADS; i++; i)
    b[i] = b[i] + 1;
}

// A probe on a statement of the body (local.inside.xml).
void inside(void) {
  int i;
  upc_forall (i = 0; i < N * THREADS; i++; &a[i]) {
    a[i] = i;
    a[i] += 1;
  }
}

int main(void) {
  int r, i, bad = 0;
  for (r = 0; r < 10; r++) {
    viaforall();
    viafor();
    cyclic();
    inside();
  }
  upc_barrier;
  if (MYTHREAD == 0) {
    for (i = 0; i < N * THREADS; i++)
      bad += a[i] != i + 1 || b[i] != 10;
    printf("forall-local: %s\n", bad ? "FAIL" : "PASS");
  }
  return 0;
}
