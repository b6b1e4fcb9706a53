/*
 * barrier.upc - latency of upc_barrier, and of upc_notify + upc_wait
 * (bench/runtime/run.py).
 *
 *   UPC_THREADS=N ./barrier [rounds]
 *
 * Thread 0 first times a short trial and picks the number of barriers per
 * sample (about 20 ms of them); every thread reads it from shared memory.
 * Each sample is a loop of barriers between two barriers; thread 0 times it by
 * wall clock (with more threads than cores, a barrier's cost is mostly
 * waiting for other threads to be scheduled, which CPU time would hide).
 *
 * Output (thread 0): "barrier threads <T> rounds <r> iters <k>", then
 * "sample <what> <ns per barrier>...".
 */
#include <upc.h>

#include <stdio.h>
#include <stdlib.h>
#include <time.h>

shared int iters_shared;

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

int main(int argc, char **argv) {
  int rounds = argc > 1 ? atoi(argv[1]) : 15;
  if (rounds < 1) {
    if (MYTHREAD == 0)
      fprintf(stderr, "usage: barrier [rounds]\n");
    return 2;
  }
  double *barrier_ns = malloc(rounds * sizeof(double));
  double *split_ns = malloc(rounds * sizeof(double));
  if (!barrier_ns || !split_ns)
    return 2;

  /* Calibration: 200 barriers. */
  upc_barrier;
  double t0 = now_ns();
  for (int i = 0; i < 200; i++)
    upc_barrier;
  double per = (now_ns() - t0) / 200;
  if (MYTHREAD == 0) {
    double iters = 20e6 / (per > 1 ? per : 1);
    iters_shared = iters < 100 ? 100 : iters > 200000 ? 200000 : (int)iters;
  }
  upc_barrier;
  int iters = iters_shared;

  /* Round 0 is a warm-up. */
  for (int r = 0; r <= rounds; r++) {
    upc_barrier;
    t0 = now_ns();
    for (int i = 0; i < iters; i++)
      upc_barrier;
    double t1 = now_ns();
    upc_barrier;
    double t2 = now_ns();
    for (int i = 0; i < iters; i++) {
      upc_notify;
      upc_wait;
    }
    double t3 = now_ns();
    if (r > 0) {
      barrier_ns[r - 1] = (t1 - t0) / iters;
      split_ns[r - 1] = (t3 - t2) / iters;
    }
  }

  if (MYTHREAD == 0) {
    printf("barrier threads %d rounds %d iters %d\n", THREADS, rounds, iters);
    print_samples("upc_barrier", barrier_ns, rounds);
    print_samples("upc_notify+upc_wait", split_ns, rounds);
  }
  return 0;
}
