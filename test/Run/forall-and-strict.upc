// Strict accesses, integer affinity (also negative), dynamically and
// lexically nested upc_forall, leaving a upc_forall with break.
// RUN: %upcc -O2 -Wall -Werror %s -o %t
// RUN: %upcrun -n 1 %t | FileCheck %s --check-prefix=ONE
// RUN: %upcrun -n 2 %t | FileCheck %s --check-prefix=TWO
// RUN: %upcrun -n 4 %t | FileCheck %s --check-prefix=FOUR
// ONE: forall-and-strict: PASS on 1 thread
// TWO: forall-and-strict: PASS on 2 threads
// FOUR: forall-and-strict: PASS on 4 threads

#include <upc_strict.h>
#include <stdio.h>
#include <stdlib.h>
#include "Inputs/check.uph"

shared int flag;
relaxed shared int data[THREADS];
shared int hits[4*THREADS];
shared int order[THREADS];

void inner(int base) {
  int k;
  /* Called from a upc_forall body: runs every iteration on this thread. */
  upc_forall (k = 0; k < THREADS; k++; k)
    hits[base + k] += 1;
}

static int dyn_count;
static void count_mine(void) {
  int k;
  upc_forall (k = 0; k < THREADS; k++; k)
    dyn_count++;
}

int main(int argc, char **argv) {
  int i;
  /* strict flag synchronization (upc_strict.h: strict by default) */
  if (MYTHREAD == 0) {
    data[0] = 99;
    flag = 1;
  } else {
    while (flag == 0)
      ;
    CHECK(data[0] == 99);
  }
  upc_barrier;
  /* integer affinity, negative values use the non-negative remainder */
  upc_forall (i = -THREADS; i < 0; i++; i)
    order[i + THREADS] = MYTHREAD;
  upc_barrier;
  for (i = 0; i < THREADS; i++) CHECK(order[i] == i);
  /* dynamically nested upc_forall */
  upc_forall (i = 0; i < THREADS; i++; i)
    inner(4 * i);
  upc_barrier;
  if (MYTHREAD == 0)
    for (i = 0; i < THREADS; i++) {
      int k;
      for (k = 0; k < THREADS; k++) CHECK(hits[4*i + k] == 1);
    }
  /* lexically nested: the inner forall runs all iterations */
  {
    int j, count = 0;
    upc_forall (i = 0; i < THREADS; i++; i)
      upc_forall (j = 0; j < 3; j++; j)
        count++;
    CHECK(count == 3);
  }
  /* an outer forall with `continue` (or no affinity) controls nothing: the
   * inner one splits its iterations, lexically and dynamically nested */
  {
    int j, lex = 0;
    dyn_count = 0;
    upc_forall (i = 0; i < 2; i++; continue)
      upc_forall (j = 0; j < THREADS; j++; j)
        lex++;
    upc_forall (i = 0; i < 2; i++;)
      count_mine();
    CHECK(lex == 2 && dyn_count == 2);
  }
  /* leaving a forall with break and return restores the state */
  upc_forall (i = 0; i < 100; i++; i) if (i > 10) break;
  {
    int k = 0;
    upc_forall (i = 0; i < THREADS; i++; i) k++;
    CHECK(k == 1);
  }
  upc_barrier;
  return check_report("forall-and-strict");
}
