/*
 * 8-byte remote get and put through the UPC runtime against raw MPI_Get /
 * MPI_Put + MPI_Win_flush on a window of the same kind (MPI_Win_allocate on
 * MPI_COMM_WORLD, passive target, lock_all), and upc_barrier against
 * MPI_Barrier (bench/mpi/run.py). Run with UPC_MPI_SHARED_MEMORY=0 so that
 * the runtime takes its RMA path to the other ranks. Thread 0 prints ns per
 * operation: "upc-get X mpi-get X upc-put X mpi-put X upc-barrier X
 * mpi-barrier X". Needs the MPI backend (upc-instrument --backend=mpi).
 */
#include <upc.h>
#include <mpi.h>

#include <stdint.h>
#include <stdio.h>
#include <time.h>

#define N 200000
#define BARRIERS 20000

shared uint64_t cell[THREADS];

static double now_ns(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return ts.tv_sec * 1e9 + ts.tv_nsec;
}

static volatile uint64_t sink;

int main(void) {
  int peer = (MYTHREAD + 1) % THREADS;
  MPI_Win win;
  uint64_t *base;
  MPI_Win_allocate(4096, 1, MPI_INFO_NULL, MPI_COMM_WORLD, &base, &win);
  MPI_Win_lock_all(MPI_MODE_NOCHECK, win);
  double t, upc_get = 0, mpi_get = 0, upc_put = 0, mpi_put = 0;
  uint64_t sum = 0;
  upc_barrier;
  if (MYTHREAD == 0) {
    t = now_ns();
    for (uint64_t i = 0; i < N; i++)
      sum += cell[peer] + i;
    upc_get = (now_ns() - t) / N;
    t = now_ns();
    for (uint64_t i = 0; i < N; i++) {
      uint64_t x;
      MPI_Get(&x, 8, MPI_BYTE, peer, 0, 8, MPI_BYTE, win);
      MPI_Win_flush(peer, win);
      sum += x + i;
    }
    mpi_get = (now_ns() - t) / N;
    t = now_ns();
    for (uint64_t i = 0; i < N; i++)
      cell[peer] = i;
    upc_fence;
    upc_put = (now_ns() - t) / N;
    t = now_ns();
    for (uint64_t i = 0; i < N; i++) {
      uint64_t x = i;
      MPI_Put(&x, 8, MPI_BYTE, peer, 0, 8, MPI_BYTE, win);
      MPI_Win_flush(peer, win);
    }
    mpi_put = (now_ns() - t) / N;
  }
  sink = sum;
  upc_barrier;
  t = now_ns();
  for (int i = 0; i < BARRIERS; i++)
    upc_barrier;
  double upc_barrier_ns = (now_ns() - t) / BARRIERS;
  t = now_ns();
  for (int i = 0; i < BARRIERS; i++)
    MPI_Barrier(MPI_COMM_WORLD);
  double mpi_barrier_ns = (now_ns() - t) / BARRIERS;
  MPI_Win_unlock_all(win);
  MPI_Win_free(&win);
  if (MYTHREAD == 0)
    printf("upc-get %.2f mpi-get %.2f upc-put %.2f mpi-put %.2f "
           "upc-barrier %.1f mpi-barrier %.1f\n",
           upc_get, mpi_get, upc_put, mpi_put, upc_barrier_ns,
           mpi_barrier_ns);
  return 0;
}
