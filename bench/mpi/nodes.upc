/*
 * Across simulated nodes (bench/mpi/nodes.py): thread 0 against the first
 * thread of the other node (THREADS / 2; ranks are placed on nodes in
 * blocks), while the others wait in a barrier.
 *   - 8-byte get and put through the runtime against raw MPI_Get / MPI_Put
 *     + MPI_Win_flush on a window of the runtime's kind across nodes (the
 *     node's MPI_Win_allocate_shared memory exposed again by MPI_Win_create
 *     on MPI_COMM_WORLD, same components), and, for reference, on an
 *     MPI_Win_allocate window;
 *   - upc_barrier against MPI_Barrier on the same ranks;
 *   - upc_all_alloc of 1,000 blocks (+ upc_all_free), and 1,000
 *     upc_alloc/upc_free pairs on every thread at once.
 * Thread 0 prints "name value" pairs, ns per operation (us for the
 * allocations).
 */
#include <upc.h>
#include <mpi.h>

#include <stdint.h>
#include <stdio.h>
#include <time.h>

#define N 20000
#define BARRIERS 5000
#define ALL_ALLOCS 100
#define PAIRS 1000

shared uint64_t cell[THREADS];

static double now_ns(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return ts.tv_sec * 1e9 + ts.tv_nsec;
}

static volatile uint64_t sink;

/* ns per 8-byte get and put + flush on win, to rank peer. */
static void raw(MPI_Win win, int peer, double *get, double *put) {
  uint64_t sum = 0;
  double t = now_ns();
  for (uint64_t i = 0; i < N; i++) {
    uint64_t x;
    MPI_Get(&x, 8, MPI_BYTE, peer, 0, 8, MPI_BYTE, win);
    MPI_Win_flush(peer, win);
    sum += x + i;
  }
  *get = (now_ns() - t) / N;
  t = now_ns();
  for (uint64_t i = 0; i < N; i++) {
    MPI_Put(&i, 8, MPI_BYTE, peer, 0, 8, MPI_BYTE, win);
    MPI_Win_flush(peer, win);
  }
  *put = (now_ns() - t) / N;
  sink = sum;
}

int main(void) {
  int peer = THREADS / 2;
  MPI_Comm node;
  MPI_Comm_split_type(MPI_COMM_WORLD, MPI_COMM_TYPE_SHARED, MYTHREAD,
                      MPI_INFO_NULL, &node);
  MPI_Info info;
  MPI_Info_create(&info);
  MPI_Info_set(info, "alloc_shared_noncontig", "true");
  MPI_Win shared_win, same_win, alloc_win;
  char *shared_base, *alloc_base;
  MPI_Win_allocate_shared(4096, 1, info, node, &shared_base, &shared_win);
  MPI_Win_create(shared_base, 4096, 1, info, MPI_COMM_WORLD, &same_win);
  MPI_Win_allocate(4096, 1, info, MPI_COMM_WORLD, &alloc_base, &alloc_win);
  MPI_Win_lock_all(MPI_MODE_NOCHECK, same_win);
  MPI_Win_lock_all(MPI_MODE_NOCHECK, alloc_win);

  double upc_get = 0, upc_put = 0, same_get = 0, same_put = 0, alloc_get = 0,
         alloc_put = 0;
  upc_barrier;
  if (MYTHREAD == 0) {
    uint64_t sum = 0;
    double t = now_ns();
    for (uint64_t i = 0; i < N; i++)
      sum += cell[peer] + i;
    upc_get = (now_ns() - t) / N;
    t = now_ns();
    for (uint64_t i = 0; i < N; i++)
      cell[peer] = i;
    upc_fence;
    upc_put = (now_ns() - t) / N;
    sink = sum;
    raw(same_win, peer, &same_get, &same_put);
    raw(alloc_win, peer, &alloc_get, &alloc_put);
  }
  upc_barrier;

  double t = now_ns();
  for (int i = 0; i < BARRIERS; i++)
    upc_barrier;
  double upc_barrier_ns = (now_ns() - t) / BARRIERS;
  MPI_Barrier(MPI_COMM_WORLD);
  t = now_ns();
  for (int i = 0; i < BARRIERS; i++)
    MPI_Barrier(MPI_COMM_WORLD);
  double mpi_barrier_ns = (now_ns() - t) / BARRIERS;

  upc_barrier;
  t = now_ns();
  for (int i = 0; i < ALL_ALLOCS; i++) {
    shared [] char *p = upc_all_alloc(1000, 64);
    upc_all_free(p);
  }
  double all_alloc_us = (now_ns() - t) / ALL_ALLOCS / 1e3;

  upc_barrier;
  t = now_ns();
  for (int i = 0; i < PAIRS; i++) {
    shared [] char *p = upc_alloc(64);
    upc_free(p);
  }
  upc_barrier;
  double pair_us = (now_ns() - t) / PAIRS / 1e3;

  MPI_Win_unlock_all(same_win);
  MPI_Win_unlock_all(alloc_win);
  MPI_Win_free(&same_win);
  MPI_Win_free(&alloc_win);
  MPI_Win_free(&shared_win);
  MPI_Info_free(&info);
  MPI_Comm_free(&node);
  if (MYTHREAD == 0)
    printf("upc-get %.1f same-get %.1f alloc-get %.1f upc-put %.1f "
           "same-put %.1f alloc-put %.1f upc-barrier %.1f mpi-barrier %.1f "
           "all-alloc-us %.2f alloc-free-us %.2f\n",
           upc_get, same_get, alloc_get, upc_put, same_put, alloc_put,
           upc_barrier_ns, mpi_barrier_ns, all_alloc_us, pair_us);
  return 0;
}
