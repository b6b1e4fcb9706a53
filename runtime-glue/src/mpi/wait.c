/*
 * wait.c - how every wait of the MPI backend polls (the barrier's
 * generation word, an MPI request, a lock's word) instead of MPI_Wait,
 * whose loop calls sched_yield: under the kernel's EEVDF scheduler a
 * yielding process hands its core to any other runnable process for a
 * whole slice, so beside one CPU-bound process the 2- and 4-rank
 * reduction tests on the RMA path took 95 and 99 s instead of 0.5 and 1 s.
 * When every rank has a core: spin (pause) up to 100 us, then sleep 50 us
 * at a time. When ranks outnumber cores the last to arrive needs a core
 * our ranks hold: spin 0.2 us, yield up to 1 ms, then sleep (spinning
 * 100 us there made the 4-rank test 5x slower). Same tests with the
 * policy: 0.5-1.5 s loaded and idle alike. The price: an idle 2-rank
 * barrier on the RMA path costs 1.1-2.7 us instead of 0.8-0.9 (bench/mpi).
 */
#include <math.h>
#include <sched.h>
#include <time.h>
#include <unistd.h>

#include "mpi_internal.h"

double upcrm_now_us(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (double)ts.tv_sec * 1e6 + (double)ts.tv_nsec / 1e3;
}

/* Across nodes (upcrm_remote_progress) a waiting process never sleeps: the
 * others' accesses to its segment progress only while it calls MPI (each
 * poll of the callers does), and a sleeping target made every remote get
 * take 130-300 us instead of 1-30 (osc ucx and pt2pt over TCP, two simulated
 * nodes). It spins, or yields when ranks outnumber cores, as MPI_Barrier
 * does. */
void upcrm_backoff_pause(upcrm_backoff_t *b) {
  static double spin_us = -1, yield_us;
  if (spin_us < 0) {
    long cores = sysconf(_SC_NPROCESSORS_ONLN);
    int oversubscribed = cores > 0 && upcrm_nranks > cores;
    spin_us = oversubscribed ? 0.2 : 100;
    yield_us = oversubscribed ? 1000 : 0;
    if (upcrm_remote_progress) {
      spin_us = oversubscribed ? 0.2 : HUGE_VAL;
      yield_us = HUGE_VAL;
    }
  }
  if ((b->polls++ & 15) == 0) {
    double t = upcrm_now_us();
    if (b->polls == 1)
      b->start = t;
    b->elapsed = t - b->start;
  }
  if (b->elapsed < spin_us) {
#if defined(__x86_64__) || defined(__i386__)
    __builtin_ia32_pause();
#endif
  } else if (b->elapsed < yield_us) {
    sched_yield();
  } else {
    struct timespec ts = {0, 50000};
    nanosleep(&ts, NULL);
  }
}
