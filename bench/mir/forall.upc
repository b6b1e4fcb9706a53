/*
 * The localized upc_forall of the MIR probe benchmark (bench/mir/probes.py):
 * loops over the thread's own elements (ForallLocalization.cpp), cyclic and
 * in blocks of 64, REPS times each. In a file translated for the MIR engine
 * each loop tests the gate once and runs its localized form while no probe
 * measures. Thread 0 prints "ns <elapsed> count <elements>" for the loops.
 */
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

#define N (1 << 18)
shared double a[N * THREADS], b[N * THREADS], c[N * THREADS];
shared [64] double d[N * THREADS], e[N * THREADS];

static double now_ns(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return ts.tv_sec * 1e9 + ts.tv_nsec;
}

void triad(double s) {
  int i;
  upc_forall (i = 0; i < N * THREADS; i++; &a[i])
    a[i] = b[i] + s * c[i];
}

void scale(double s) {
  int i;
  upc_forall (i = 0; i < N * THREADS; i++; &d[i])
    d[i] = e[i] * s;
}

/* Where the MIR build's only probe is. */
void elsewhere(void) {}

int main(int argc, char **argv) {
  long reps = argc > 1 ? atol(argv[1]) : 200;
  triad(1.0); /* warm up */
  scale(1.0);
  upc_barrier;
  double start = now_ns();
  for (long r = 0; r < reps; r++) {
    triad(0.5);
    scale(0.5);
  }
  double elapsed = now_ns() - start;
  elsewhere();
  if (MYTHREAD == 0)
    printf("ns %.0f count %ld\n", elapsed, 2 * reps * (long)N);
  return 0;
}
