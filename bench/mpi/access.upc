/*
 * Shared accesses and barriers through the UPC runtime, the same program on
 * both backends (bench/mpi/run.py): 8-byte reads and writes of the calling
 * thread's own element (local) and of the next thread's (same node: with
 * pthreads a thread of the same process, with MPI a process reached through
 * the shared-memory window), and upc_barrier. Thread 0 prints ns per
 * operation: "local-get X local-put X neighbour-get X neighbour-put X
 * barrier X".
 */
#include <upc.h>

#include <stdint.h>
#include <stdio.h>
#include <time.h>

#define N 4000000
#define BARRIERS 20000

shared uint64_t cell[THREADS];

static double now_ns(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return ts.tv_sec * 1e9 + ts.tv_nsec;
}

/* Keeps the compiler from removing or merging the accesses. */
static volatile uint64_t sink;

int main(void) {
  int next = (MYTHREAD + 1) % THREADS;
  double t, local_get, local_put, next_get, next_put, barrier;
  uint64_t sum = 0;
  upc_barrier;
  t = now_ns();
  for (uint64_t i = 0; i < N; i++)
    sum += cell[MYTHREAD] + i;
  local_get = (now_ns() - t) / N;
  t = now_ns();
  for (uint64_t i = 0; i < N; i++)
    cell[MYTHREAD] = i;
  local_put = (now_ns() - t) / N;
  upc_barrier;
  t = now_ns();
  for (uint64_t i = 0; i < N; i++)
    sum += cell[next] + i;
  next_get = (now_ns() - t) / N;
  t = now_ns();
  for (uint64_t i = 0; i < N; i++)
    cell[next] = i;
  upc_fence;
  next_put = (now_ns() - t) / N;
  sink = sum;
  upc_barrier;
  t = now_ns();
  for (int i = 0; i < BARRIERS; i++)
    upc_barrier;
  barrier = (now_ns() - t) / BARRIERS;
  if (MYTHREAD == 0)
    printf("local-get %.3f local-put %.3f neighbour-get %.3f "
           "neighbour-put %.3f barrier %.1f\n",
           local_get, local_put, next_get, next_put, barrier);
  return 0;
}
