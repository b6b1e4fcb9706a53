/*
 * Atomic fetch-add on a remote element through <upc_atomic.h> against raw
 * MPI_Fetch_and_op (MPI_SUM on MPI_INT64_T) + MPI_Win_flush on a window of
 * the same kind (MPI_Win_allocate on MPI_COMM_WORLD, passive target,
 * lock_all) (bench/mpi/libraries.py). Run with UPC_MPI_SHARED_MEMORY=0 so
 * that the runtime's window is of that kind too. Thread 0 prints ns per
 * operation: "upc-fadd X mpi-fadd X". Needs the MPI backend.
 */
#include <upc.h>
#include <upc_atomic.h>
#include <mpi.h>

#include <stdint.h>
#include <stdio.h>
#include <time.h>

#define N 200000

shared int64_t cell[THREADS];

static double now_ns(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return ts.tv_sec * 1e9 + ts.tv_nsec;
}

int main(void) {
  int peer = (MYTHREAD + 1) % THREADS;
  MPI_Win win;
  int64_t *base;
  MPI_Win_allocate(4096, 1, MPI_INFO_NULL, MPI_COMM_WORLD, &base, &win);
  MPI_Win_lock_all(MPI_MODE_NOCHECK, win);
  upc_atomicdomain_t *d = upc_all_atomicdomain_alloc(UPC_INT64, UPC_ADD, 0);
  double t, upc_fadd = 0, mpi_fadd = 0;
  int64_t one = 1, sum = 0;
  upc_barrier;
  if (MYTHREAD == 0) {
    for (int round = 0; round < 2; round++) { /* the first warms up */
      t = now_ns();
      for (int i = 0; i < N; i++) {
        int64_t old;
        upc_atomic_relaxed(d, &old, UPC_ADD, &cell[peer], &one, NULL);
        sum += old;
      }
      upc_fadd = (now_ns() - t) / N;
      t = now_ns();
      for (int i = 0; i < N; i++) {
        int64_t old;
        MPI_Fetch_and_op(&one, &old, MPI_INT64_T, peer, 0, MPI_SUM, win);
        MPI_Win_flush(peer, win);
        sum += old;
      }
      mpi_fadd = (now_ns() - t) / N;
    }
  }
  upc_barrier;
  if (MYTHREAD == 0)
    printf("upc-fadd %.2f mpi-fadd %.2f check %lld\n", upc_fadd, mpi_fadd,
           (long long)(sum > 0));
  upc_all_atomicdomain_free(d);
  MPI_Win_unlock_all(win);
  MPI_Win_free(&win);
  return 0;
}
