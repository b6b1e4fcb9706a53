/*
 * lock.upc - cost of upc_lock + upc_unlock (bench/runtime/run.py).
 *
 *   UPC_THREADS=N ./lock [rounds]
 *
 * - uncontended: thread 0 locks and unlocks a lock it allocated while the
 *   other threads wait in a barrier (ns per lock/unlock pair);
 * - contended: for 20 ms, every thread locks and unlocks one lock from
 *   upc_all_lock_alloc and increments a shared counter inside; ns per
 *   acquisition = wall time / (acquisitions of all threads). The counter is
 *   checked against the acquisitions at the end. (A fixed count per thread
 *   would not do: with more threads than cores, a short loop often runs
 *   uncontended, each thread in its own time slice.)
 *
 * - fairness: how the contended acquisitions were shared out, as the
 *   fewest and the most of any thread (a FIFO lock hands over in turn;
 *   with more threads than cores, a thread that is not scheduled takes no
 *   turn, so shares there say more about the scheduler than the lock).
 *
 * Output (thread 0): "lock threads <T> rounds <r> iters <u>", then
 * "sample <what> <ns>...", then "share <fewest> <most>". Exit status 1 if
 * the counter is wrong.
 */
#include <upc.h>

#include <stdio.h>
#include <stdlib.h>
#include <time.h>

shared long counter;
shared long done[THREADS]; /* acquisitions of each thread */

static double now_ns(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (double)ts.tv_sec * 1e9 + (double)ts.tv_nsec;
}

static void print_samples(const char *what, const double *ns, int rounds) {
  printf("sample %s", what);
  for (int r = 0; r < rounds; r++)
    printf(" %.1f", ns[r]);
  printf("\n");
}

/* About 20 ms of work, from a trial that took per_ns per iteration. */
static int iterations(double per_ns) {
  double iters = 20e6 / (per_ns > 1 ? per_ns : 1);
  return iters < 100 ? 100 : iters > 1000000 ? 1000000 : (int)iters;
}

/* Every thread locks, increments the counter and unlocks until its clock
 * passes `end`; returns how many times it did. */
static long hammer(upc_lock_t *lock, double end) {
  long n = 0;
  do {
    for (int i = 0; i < 16; i++) {
      upc_lock(lock);
      counter++;
      upc_unlock(lock);
    }
    n += 16;
  } while (now_ns() < end);
  return n;
}

int main(int argc, char **argv) {
  int rounds = argc > 1 ? atoi(argv[1]) : 15;
  if (rounds < 1) {
    if (MYTHREAD == 0)
      fprintf(stderr, "usage: lock [rounds]\n");
    return 2;
  }
  double *own_ns = malloc(rounds * sizeof(double));
  double *all_ns = malloc(rounds * sizeof(double));
  if (!own_ns || !all_ns)
    return 2;
  upc_lock_t *own = upc_global_lock_alloc();
  upc_lock_t *all = upc_all_lock_alloc();

  /* Calibration of the uncontended loop: 1000 pairs. */
  double t0 = now_ns();
  for (int i = 0; i < 1000; i++) {
    upc_lock(own);
    upc_unlock(own);
  }
  int own_iters = iterations((now_ns() - t0) / 1000);

  /* Round 0 is a warm-up. */
  long mine = 0;
  for (int r = 0; r <= rounds; r++) {
    upc_barrier;
    t0 = now_ns();
    if (MYTHREAD == 0)
      for (int i = 0; i < own_iters; i++) {
        upc_lock(own);
        upc_unlock(own);
      }
    double t1 = now_ns();
    long before = counter;
    upc_barrier;
    double t2 = now_ns();
    mine += hammer(all, t2 + 20e6);
    upc_barrier;
    double t3 = now_ns();
    if (r > 0) {
      own_ns[r - 1] = (t1 - t0) / own_iters;
      all_ns[r - 1] = (t3 - t2) / (double)(counter - before);
    }
  }
  done[MYTHREAD] = mine;
  upc_barrier;

  if (MYTHREAD == 0) {
    long expected = 0, fewest = -1, most = 0;
    for (int t = 0; t < THREADS; t++) {
      expected += done[t];
      fewest = fewest < 0 || done[t] < fewest ? done[t] : fewest;
      most = done[t] > most ? done[t] : most;
    }
    printf("lock threads %d rounds %d iters %d\n", THREADS, rounds, own_iters);
    print_samples("lock+unlock_uncontended", own_ns, rounds);
    print_samples("lock+unlock_contended", all_ns, rounds);
    printf("share %ld %ld\n", fewest, most);
    if (counter != expected) {
      fprintf(stderr, "lock: counter is %ld, want %ld\n", counter, expected);
      return 1;
    }
  }
  return 0;
}
