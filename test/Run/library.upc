// The UPC library: locks, allocation, bulk copies, collectives, split-phase
// and named barriers.
// RUN: %upcc -O2 -Wall -Werror %s -o %t
// RUN: %upcrun -n 1 %t | FileCheck %s --check-prefix=ONE
// RUN: %upcrun -n 2 %t | FileCheck %s --check-prefix=TWO
// RUN: %upcrun -n 4 %t | FileCheck %s --check-prefix=FOUR
// RUN: %if backend-mpi %{ env UPC_MPI_SHARED_MEMORY=0 %upcrun -n 4 %t | FileCheck %s --check-prefix=FOUR %}
// ONE: library: PASS on 1 thread
// TWO: library: PASS on 2 threads
// FOUR: library: PASS on 4 threads

#include <upc_collective.h>
#include <stdio.h>
#include <string.h>
#include "Inputs/check.uph"

#define B 4
shared int counter;
shared [B] int src[B*THREADS];
shared [B] int dst[B*THREADS];
shared int result;
upc_lock_t *lock;

int main(void) {
  int i;
  /* locks */
  lock = upc_all_lock_alloc();
  for (i = 0; i < 100; i++) {
    upc_lock(lock);
    counter = counter + 1;
    upc_unlock(lock);
  }
  upc_barrier;
  CHECK(counter == 100 * THREADS);
  if (upc_lock_attempt(lock)) upc_unlock(lock);
  upc_barrier;
  if (MYTHREAD == 0) upc_lock_free(lock);
  /* a lock of one thread, used by all; freed collectively */
  {
    upc_lock_t *mine = upc_global_lock_alloc();
    upc_lock_t *all = upc_all_lock_alloc();
    upc_lock(mine);
    /* One thread at a time: attempts of several threads at once on the
     * same lock succeed for one of them only. */
    for (i = 0; i < THREADS; i++) {
      if (i == MYTHREAD) {
        CHECK(upc_lock_attempt(all));
        upc_unlock(all);
      }
      upc_barrier;
    }
    upc_unlock(mine);
    upc_lock_free(mine);
    upc_barrier;
    upc_all_lock_free(all);
  }
  /* A lock taken between upc_notify and upc_wait: the holder releases it
   * only after its upc_wait returns, which needs every thread's notify and
   * nothing more (UPC 1.3, 6.6.1), although the others wait for the lock. */
  {
    upc_lock_t *held = upc_all_lock_alloc();
    if (MYTHREAD == THREADS - 1)
      upc_lock(held);
    if (MYTHREAD == 0)
      result = 0;
    upc_barrier;
    upc_notify;
    if (MYTHREAD != THREADS - 1) {
      upc_lock(held);
      CHECK(result == 1);
      upc_unlock(held);
      upc_wait;
    } else {
      upc_wait;
      result = 1;
      upc_unlock(held);
    }
    upc_barrier;
    if (MYTHREAD == 0)
      upc_lock_free(held);
  }
  /* upc_affinitysize: the bytes a thread holds of an upc_all_alloc */
  CHECK(upc_affinitysize(10 * THREADS * sizeof(int), 10 * sizeof(int), 0) ==
        10 * sizeof(int));
  CHECK(upc_affinitysize(3 * sizeof(int), sizeof(int), THREADS - 1) ==
        (THREADS <= 3 ? (3 / THREADS + (THREADS - 1 < 3 % THREADS)) : 0) * sizeof(int));

  /* dynamic allocation */
  {
    shared [B] int *all = (shared [B] int *)upc_all_alloc(THREADS, B * sizeof(int));
    shared int *mine = (shared int *)upc_alloc(10 * sizeof(int));
    shared [] int *global = (shared [] int *)upc_global_alloc(1, 8 * sizeof(int));
    upc_forall (i = 0; i < B*THREADS; i++; &all[i]) all[i] = i;
    for (i = 0; i < 10; i++) mine[i] = MYTHREAD;
    for (i = 0; i < 8; i++) global[i] = i;
    CHECK(upc_threadof(mine) == (size_t)MYTHREAD);
    upc_barrier;
    for (i = 0; i < B*THREADS; i++) CHECK(all[i] == i);
    CHECK(global[7] == 7);
    upc_free(mine);
    upc_free(global);
    upc_barrier;
    if (MYTHREAD == 0) upc_free(all);
  }
  /* bulk copies */
  {
    int buf[B], k;
    for (k = 0; k < B; k++) buf[k] = 100 * MYTHREAD + k;
    upc_memput(&src[B*MYTHREAD], buf, sizeof buf);
    upc_barrier;
    upc_memget(buf, &src[B*((MYTHREAD+1)%THREADS)], sizeof buf);
    CHECK(buf[3] == 100 * ((MYTHREAD+1)%THREADS) + 3);
    upc_memcpy(&dst[B*MYTHREAD], &src[B*((MYTHREAD+1)%THREADS)], sizeof buf);
    upc_barrier;
    CHECK(dst[B*MYTHREAD + 2] == 100 * ((MYTHREAD+1)%THREADS) + 2);
    upc_memset(&dst[B*MYTHREAD], 0, sizeof buf);
    upc_barrier;
    CHECK(dst[B*MYTHREAD + 1] == 0);
  }
  /* collectives */
  {
    upc_all_broadcast(dst, &src[B], sizeof(int) * B, UPC_IN_ALLSYNC | UPC_OUT_ALLSYNC);
    for (i = 0; i < B*THREADS; i++)
      CHECK(dst[i] == src[B + i % B]);
    upc_all_reduceI(&result, src, UPC_ADD, B*THREADS, B, NULL, UPC_IN_ALLSYNC | UPC_OUT_ALLSYNC);
    {
      int expect = 0, t, k;
      for (t = 0; t < THREADS; t++) for (k = 0; k < B; k++) expect += 100*t + k;
      CHECK(result == expect);
    }
    {
      shared void *g = upc_all_alloc(THREADS, THREADS * B * sizeof(int));
      shared char *c = (shared char *)g;
      int *mine = (int *)(c + MYTHREAD);
      upc_all_gather_all(g, src, B * sizeof(int), UPC_IN_ALLSYNC | UPC_OUT_ALLSYNC);
      CHECK(mine[B * (THREADS - 1) + 1] == 100 * (THREADS - 1) + 1);
      upc_barrier;
      if (MYTHREAD == 0) upc_free(g);
    }
  }
  /* split-phase barrier with work in between, named barriers */
  upc_notify 7;
  i = MYTHREAD * 2;
  upc_wait 7;
  upc_barrier MYTHREAD - MYTHREAD + 3;
  upc_fence;
  return check_report("library");
}
