// Pointer-to-shared arithmetic, differences, comparisons, casts between block
// sizes, affinity and phase queries, upc_*sizeof, for every block size.
// RUN: %upcc -O2 -Wall -Werror %s -o %t
// RUN: %upcrun -n 1 %t | FileCheck %s --check-prefix=ONE
// RUN: %upcrun -n 2 %t | FileCheck %s --check-prefix=TWO
// RUN: %upcrun -n 4 %t | FileCheck %s --check-prefix=FOUR
// ONE: pointer-arithmetic: PASS on 1 thread
// TWO: pointer-arithmetic: PASS on 2 threads
// FOUR: pointer-arithmetic: PASS on 4 threads

#include <stdio.h>
#include <stdlib.h>
#include "Inputs/check.uph"

#define N 9
shared int a1[N*THREADS];          /* block 1 */
shared [3] int a3[N*THREADS];      /* block 3 */
shared [] int ai[N];               /* indefinite, on thread 0 */
shared [*] int as[N*THREADS];      /* star */


int main(void) {
  int i;
  upc_forall (i = 0; i < N*THREADS; i++; &a1[i]) a1[i] = i;
  upc_forall (i = 0; i < N*THREADS; i++; &a3[i]) a3[i] = 10*i;
  upc_forall (i = 0; i < N*THREADS; i++; &as[i]) as[i] = -i;
  if (MYTHREAD == 0)
    for (i = 0; i < N; i++) ai[i] = 100 + i;
  upc_barrier;

  /* Affinity, phase, addresses per the UPC layout rules. */
  for (i = 0; i < N*THREADS; i++) {
    CHECK(upc_threadof(&a1[i]) == (size_t)(i % THREADS));
    CHECK(upc_phaseof(&a1[i]) == 0);
    CHECK(upc_threadof(&a3[i]) == (size_t)((i / 3) % THREADS));
    CHECK(upc_phaseof(&a3[i]) == (size_t)(i % 3));
    CHECK(a1[i] == i && a3[i] == 10*i && as[i] == -i);
  }
  for (i = 0; i < N; i++) {
    CHECK(upc_threadof(&ai[i]) == 0);
    CHECK(ai[i] == 100 + i);
  }
  /* Pointer arithmetic, differences and comparisons. */
  {
    shared int *p = &a1[1];
    shared [3] int *q = &a3[2];
    shared [] int *r = &ai[1];
    p += 3; q++; q = q + 4; r = 2 + r;
    CHECK(*p == 4 && *q == 70 && *r == 103);
    CHECK(p - a1 == 4 && q - &a3[0] == 7 && r - ai == 3);
    CHECK(p > &a1[3] && &a1[2] < p && q >= &a3[7] && q <= &a3[7]);
    CHECK(p != &a1[3] && q == &a3[7]);
    p--; --q; r -= 1;
    CHECK(*p == 3 && *q == 60 && *r == 102);
    CHECK(p[2] == 5 && q[-1] == 50 && r[-2] == 100);
    {
      int k = 0;
      for (q = a3; q < a3 + N*THREADS; q++) k += *q;
      CHECK(k == 10 * (N*THREADS) * (N*THREADS - 1) / 2);
    }
    p = NULL;
    CHECK(!p && p == NULL);
    if (p) CHECK(0);
    p = a1;
    CHECK(p && p != NULL);
  }
  /* Casts between block sizes reset the phase; shared void keeps it. */
  {
    shared [3] int *q = &a3[4];
    shared void *v = q;
    shared [3] int *q2 = (shared [3] int *)v;
    shared int *p1 = (shared int *)q;
    CHECK(upc_phaseof(q2) == 1 && q2 == q);
    CHECK(upc_phaseof(p1) == 0 && upc_threadof(p1) == upc_threadof(q));
    CHECK(upc_addrfield(p1) == upc_addrfield(q));
    CHECK(upc_phaseof(upc_resetphase(q)) == 0);
  }
  /* Private pointers to local shared data. */
  {
    int *mine = (int *)&a1[MYTHREAD];
    CHECK(*mine == MYTHREAD);
    mine[THREADS > 1 ? 1 : 0] = mine[THREADS > 1 ? 1 : 0];
    CHECK((int *)&a3[3*MYTHREAD] != NULL);
    CHECK(((int *)&a3[3*MYTHREAD])[2] == 10*(3*MYTHREAD+2));
  }
  /* upc_*sizeof */
  CHECK(upc_blocksizeof(a3) == 3 && upc_blocksizeof(a1) == 1 && upc_blocksizeof(ai) == 0);
  CHECK(upc_elemsizeof(a3) == sizeof(int));
  CHECK(upc_localsizeof(a1) == N * sizeof(int));
  CHECK(upc_localsizeof(ai) == N * sizeof(int));
  CHECK(upc_blocksizeof(as) == N);
  CHECK(sizeof(ai) == N * sizeof(int));
  /* An array of pointers-to-shared whose bound comes from its initializer. */
  shared int *ends[] = { &a1[0], &a1[MYTHREAD], 0 };
  CHECK(sizeof(ends) / sizeof(ends[0]) == 3 && upc_threadof(ends[1]) == MYTHREAD);

  upc_barrier;
  return check_report("pointer-arithmetic");
}
