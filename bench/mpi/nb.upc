/*
 * A non-blocking 64 KiB get from the next thread overlapped with
 * computation, against the blocking get and the computation alone
 * (bench/mpi/libraries.py). The computation is sized to take about as long
 * as the blocking get, where overlap matters most. Thread 0 prints ns per
 * iteration: "get X compute X overlapped X"; the others wait in a barrier
 * (inside MPI, so that they serve the get). Needs the MPI backend; run with
 * UPC_MPI_SHARED_MEMORY=0 or across nodes, where the data is remote.
 */
#include <upc.h>
#include <upc_nb.h>

#include <stdio.h>
#include <stdlib.h>
#include <time.h>

#define BYTES 65536
/* Transfers per measurement: argv[1], default 400. */
static int REPS = 400;

shared [BYTES] char data[BYTES * THREADS];
static char buf[BYTES];
static volatile double sink;

static double now_ns(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return ts.tv_sec * 1e9 + ts.tv_nsec;
}

static void compute(long n) {
  double x = 1.0;
  for (long i = 0; i < n; i++)
    x = x * 1.0000001 + 1e-9;
  sink = x;
}

int main(int argc, char **argv) {
  if (argc > 1)
    REPS = atoi(argv[1]);
  int peer = (MYTHREAD + 1) % THREADS;
  upc_barrier;
  if (MYTHREAD == 0) {
    double t, get = 0, comp = 0, ovl = 0;
    long n = 1000;
    for (int round = 0; round < 2; round++) { /* the first warms up */
      t = now_ns();
      for (int r = 0; r < REPS; r++)
        upc_memget(buf, &data[peer * BYTES], BYTES);
      get = (now_ns() - t) / REPS;
      /* Size the computation like the transfer. */
      t = now_ns();
      compute(n);
      n = (long)(n * get / (now_ns() - t));
      t = now_ns();
      for (int r = 0; r < REPS; r++)
        compute(n);
      comp = (now_ns() - t) / REPS;
      t = now_ns();
      for (int r = 0; r < REPS; r++) {
        upc_handle_t h = upc_memget_nb(buf, &data[peer * BYTES], BYTES);
        compute(n);
        upc_sync(h);
      }
      ovl = (now_ns() - t) / REPS;
    }
    printf("get %.0f compute %.0f overlapped %.0f\n", get, comp, ovl);
  }
  upc_barrier;
  return 0;
}
