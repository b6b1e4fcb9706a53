// Each operand of a translated expression is evaluated exactly once, in C's
// order: side effects in indices, pointers and values of shared accesses.
// RUN: %upcc -O2 -Wall -Werror %s -o %t
// RUN: %upcrun -n 1 %t | FileCheck %s --check-prefix=ONE
// RUN: %upcrun -n 3 %t | FileCheck %s --check-prefix=THREE
// ONE: evaluation-order: PASS on 1 thread
// THREE: evaluation-order: PASS on 3 threads

#include "Inputs/check.uph"

shared int a[8*THREADS];
shared [3] int b[9*THREADS];
shared int *shared sp;
struct rec { int n; int v[4]; };
shared struct rec recs[THREADS];
static int calls;
static int next(int x) { calls++; return x; }

int main(void) {
  int i = 0, j = 0, k;
  if (MYTHREAD == 0) {
    for (k = 0; k < 8*THREADS; k++) a[k] = k;
    a[i++] = a[j++] + 100;           /* one increment each */
    CHECK(i == 1 && j == 1 && a[0] == 100);
    a[next(2)] += next(5);            /* two calls, not three */
    CHECK(calls == 2 && a[2] == 7);
    b[i++]++;                         /* b[1], once */
    ++b[i++];                         /* b[2], once */
    CHECK(i == 3 && b[1] == 1 && b[2] == 1);
    k = b[next(4)]--;
    CHECK(calls == 3 && k == 0 && b[4] == -1);
    sp = &a[0];
    *sp++ = 55;                        /* the pointer in shared memory moves once */
    CHECK(a[0] == 55 && sp == &a[1]);
    sp[next(1)] = 9;
    CHECK(calls == 4 && a[2] == 9);
    recs[0].v[i++] = 3;               /* member array, index evaluated once */
    recs[0].v[i - 1] *= 2;
    CHECK(i == 4 && recs[0].v[3] == 6);
    recs[next(0)].n = recs[0].v[3]++ + 1;
    CHECK(calls == 5 && recs[0].n == 7 && recs[0].v[3] == 7);
  }
  return check_report("evaluation-order");
}
