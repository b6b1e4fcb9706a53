/*
 * The MIR probe benchmark's hot loop (bench/mir/probes.py): N executions of
 * one statement, the call touch(k), which a probe may enclose. Thread 0
 * prints "ns <elapsed> count <N>" for the loop only.
 */
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

static volatile long sink;

__attribute__((noinline)) static void touch(long k) { sink = k; }

static double now_ns(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return ts.tv_sec * 1e9 + ts.tv_nsec;
}

static void loop(long n) {
  for (long k = 0; k < n; k++)
    touch(k);
}

int main(int argc, char **argv) {
  long n = argc > 1 ? atol(argv[1]) : 100000000;
  loop(1000); /* warm up */
  upc_barrier;
  double start = now_ns();
  loop(n);
  double elapsed = now_ns() - start;
  if (MYTHREAD == 0)
    printf("ns %.0f count %ld\n", elapsed, n);
  return 0;
}
