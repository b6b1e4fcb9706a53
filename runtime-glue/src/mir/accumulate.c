/*
 * accumulate.c - how a measured execution reaches a probe's values: the
 * clock the measuring threads time their regions with, the addition to a
 * thread's row, and the epochs by which the service makes sure that no
 * execution begun before an activation, deactivation or reset is added
 * after it (engine.h, mire_probe_t).
 */
#define _GNU_SOURCE
#include "engine.h"

#include <sched.h>
#include <time.h>

uint64_t mire_now_ns(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (uint64_t)ts.tv_sec * 1000000000u + (uint64_t)ts.tv_nsec;
}

void mire_row_add(mire_probe_t *p, int k, unsigned epoch,
                  const uint64_t *delta) {
  unsigned seq = __atomic_load_n(&p->row_seq[k], __ATOMIC_RELAXED);
  __atomic_store_n(&p->row_seq[k], seq + 1, __ATOMIC_RELAXED);
  __atomic_thread_fence(__ATOMIC_SEQ_CST);
  if (__atomic_load_n(&p->epoch, __ATOMIC_RELAXED) == epoch) {
    /* One writer per row: no read-modify-write needed. */
    uint64_t *row = p->values + (size_t)k * MIRE_ROW;
    for (int m = 0; m < MIRE_ROW; ++m)
      __atomic_store_n(&row[m],
                       __atomic_load_n(&row[m], __ATOMIC_RELAXED) + delta[m],
                       __ATOMIC_RELAXED);
  }
  __atomic_store_n(&p->row_seq[k], seq + 2, __ATOMIC_RELEASE);
}

/* A new epoch for p: executions in flight add nothing from now on, and
 * none that checked the old epoch is still adding when this returns (its
 * writer is inside mire_row_add for a few instructions). */
void mire_probe_quiesce(mire_probe_t *p) {
  __atomic_add_fetch(&p->epoch, 1, __ATOMIC_RELAXED);
  __atomic_thread_fence(__ATOMIC_SEQ_CST);
  for (int k = 0; k < mire_local_threads; ++k) {
    unsigned seq = __atomic_load_n(&p->row_seq[k], __ATOMIC_ACQUIRE);
    if (seq & 1)
      while (__atomic_load_n(&p->row_seq[k], __ATOMIC_ACQUIRE) == seq)
        sched_yield();
  }
}
