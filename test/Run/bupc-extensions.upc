// Berkeley UPC's other extensions, with <upc.h> only (Berkeley's upc.h
// declares them, and public programs call them so), used as public codes
// use them:
//  - timers: bupc_tick_t, bupc_ticks_now around a computation, converted
//    with bupc_ticks_to_us / _ns, BUPC_TICK_MAX / MIN, the granularity and
//    overhead estimates; and UPC 1.3's <upc_tick.h> with __UPC_TICK__;
//  - bupc_thread_distance: the victim lists of a work-stealing code, by
//    level (every other thread is VERYNEAR on pthreads, NEAR on one node
//    with MPI, VERYFAR on another node);
//  - bupc_ptradd: the elements of a deque whose block size is a run-time
//    value, against the same arithmetic with a constant block size;
//  - bupc_local_to_shared and bupc_inverse_cast from local pointers back to
//    pointers-to-shared; bupc_dump_shared;
//  - bupc_waitsync_some / trysync_some / trysync_all over transfers in
//    flight.
// RUN: %upcc -O2 -Wall -Werror %s -o %t
// RUN: %upcrun -n 1 %t | FileCheck %s --check-prefixes=ONE,ALL
// RUN: %upcrun -n 2 %t | FileCheck %s --check-prefixes=TWO,ALL,%if nodes %{SPREAD%} %else %{%if backend-mpi %{MPI%} %else %{PTHREADS%}%}
// RUN: %upcrun -n 3 %t | FileCheck %s --check-prefixes=THREE,ALL,%if backend-mpi %{MPI%} %else %{PTHREADS%}
// RUN: %if backend-mpi %{ env UPC_MPI_SHARED_MEMORY=0 %upcrun -n 3 %t | FileCheck %s --check-prefixes=THREE,ALL,MPI %}
// RUN: %if simulated-nodes %{ %upcrun-nodes 2 2 %t | FileCheck %s --check-prefixes=FOUR,ALL,NODES %}
// ALL: ticks: monotonic, 2000 ns = 2 us
// ONE: distance: no other thread
// PTHREADS: distance: 0 to 1 is VERYNEAR
// MPI: distance: 0 to 1 is NEAR
// NODES: distance: 0 to 1 is NEAR, 0 to 2 is VERYFAR
// (upcrun's simulated nodes take 2 ranks as 2 x 1, 3 ranks as 2 + 1.)
// SPREAD: distance: 0 to 1 is VERYFAR
// ONE: bupc-extensions: PASS on 1 thread
// TWO: bupc-extensions: PASS on 2 threads
// THREE: bupc-extensions: PASS on 3 threads
// FOUR: bupc-extensions: PASS on 4 threads
//
// RUN: not %upcrun -n 2 %t distance 2>&1 | FileCheck %s --check-prefix=DISTANCE

#include <upc.h>
#include <upc_castable.h>
#include <upc_tick.h>
#include <errno.h>
#include "Inputs/check.uph"

#if !defined(__UPC_TICK__) || __UPC_TICK__ != 1
#error __UPC_TICK__ must be 1
#endif
#if !defined(UPC_TICK_MIN) || !defined(UPC_TICK_MAX)
#error UPC_TICK_MIN and UPC_TICK_MAX
#endif
#ifndef BUPC_TICK_MAX
#error <upc.h> must declare the Berkeley UPC extensions
#endif

static double x = 1.0001;
static void compute(void) {
  for (int i = 0; i < 100000; i++)
    x = x * x - x + 1.0;
}

static void timers(void) {
  bupc_tick_t start = bupc_ticks_now();
  compute();
  bupc_tick_t end = bupc_ticks_now();
  CHECK(end >= start);
  CHECK(bupc_ticks_to_ns(end - start) == end - start);
  CHECK(bupc_ticks_to_us(2000) == 2 && bupc_ticks_to_ns(2000) == 2000);
  CHECK(BUPC_TICK_MIN == 0 && BUPC_TICK_MAX > end && BUPC_TICK_MAX + 1 == 0);
  double g = bupc_tick_granularityus(), o = bupc_tick_overheadus();
  CHECK(g > 0 && g < 1000 && o > 0 && o < 1000);
  upc_tick_t t0 = upc_ticks_now();
  CHECK(bupc_ticks_now() >= t0 && t0 >= start);
  CHECK(UPC_TICK_MIN == 0 && UPC_TICK_MAX > t0);
  if (MYTHREAD == 0)
    printf("ticks: %s, 2000 ns = %d us\n", end >= start ? "monotonic" : "no",
           (int)bupc_ticks_to_us(2000));
}

static const char *level(unsigned d) {
  return d == BUPC_THREADS_SAME       ? "SAME"
         : d == BUPC_THREADS_VERYNEAR ? "VERYNEAR"
         : d == BUPC_THREADS_NEAR     ? "NEAR"
         : d == BUPC_THREADS_FAR      ? "FAR"
         : d == BUPC_THREADS_VERYFAR  ? "VERYFAR"
                                      : "?";
}

static void distances(void) {
  CHECK(BUPC_THREADS_SAME == 0 && BUPC_THREADS_SAME < BUPC_THREADS_VERYNEAR &&
        BUPC_THREADS_VERYNEAR < BUPC_THREADS_NEAR &&
        BUPC_THREADS_NEAR < BUPC_THREADS_FAR &&
        BUPC_THREADS_FAR < BUPC_THREADS_VERYFAR);
  /* Victims by level, as a work stealer sorts them. */
  int victims[4] = {0, 0, 0, 0};
  for (int i = 0; i < THREADS; i++) {
    unsigned d = bupc_thread_distance(MYTHREAD, i);
    CHECK(d == bupc_thread_distance(i, MYTHREAD));
    CHECK((d == BUPC_THREADS_SAME) == (i == MYTHREAD));
    if (d == BUPC_THREADS_VERYNEAR)
      victims[0]++;
    else if (d == BUPC_THREADS_NEAR)
      victims[1]++;
    else if (d == BUPC_THREADS_FAR)
      victims[2]++;
    else if (d == BUPC_THREADS_VERYFAR)
      victims[3]++;
    else
      CHECK(d == BUPC_THREADS_SAME);
  }
  CHECK(victims[0] + victims[1] + victims[2] + victims[3] == THREADS - 1);
  if (MYTHREAD != 0)
    return;
  if (THREADS == 1)
    printf("distance: no other thread\n");
  else if (THREADS == 4)
    printf("distance: 0 to 1 is %s, 0 to 2 is %s\n",
           level(bupc_thread_distance(0, 1)),
           level(bupc_thread_distance(0, 2)));
  else
    printf("distance: 0 to 1 is %s\n", level(bupc_thread_distance(0, 1)));
}

/* A deque of DEQUE_SIZE tasks per thread, its block size a run-time value
 * (as in a work stealer with WS_DEQUE_SIZE from the command line). */
#define DEQUE_SIZE 6
typedef struct task {
  int id;
  double weight;
} task_t;
shared [DEQUE_SIZE] task_t deque[DEQUE_SIZE * THREADS];
shared [] int indefinite[20];
shared int cyclic[5 * THREADS];

static void pointer_arithmetic(void) {
  size_t deque_size = (size_t)atoi("6"); /* not a constant */
  shared void *base = deque;
  for (int n = 0; n < DEQUE_SIZE * THREADS; n++) {
    shared [DEQUE_SIZE] task_t *e =
        bupc_ptradd(base, deque_size, sizeof(task_t), n);
    CHECK(e == &deque[n]);
    CHECK(upc_phaseof(e) == upc_phaseof(&deque[n]));
    CHECK(upc_threadof(e) == upc_threadof(&deque[n]));
    /* Back to the base with a negative increment. */
    if (n > 0)
      CHECK((shared [DEQUE_SIZE] task_t *)bupc_ptradd(
                e, deque_size, sizeof(task_t), -n) == &deque[0]);
  }
  for (int n = 0; n < 20; n++)
    CHECK((shared [] int *)bupc_ptradd(indefinite, 0, sizeof(int), n) ==
          &indefinite[n]);
  for (int n = 0; n < 5 * THREADS; n++)
    CHECK((shared int *)bupc_ptradd(cyclic, 1, sizeof(int), n) == &cyclic[n]);
}

static void local_pointers(void) {
  /* A local pointer to this thread's task, and back. */
  shared [DEQUE_SIZE] task_t *mine = &deque[MYTHREAD * DEQUE_SIZE + 2];
  task_t *local = (task_t *)mine;
  shared [DEQUE_SIZE] task_t *again =
      bupc_local_to_shared(local, MYTHREAD, 2);
  CHECK(again == mine && upc_phaseof(again) == 2);
  shared void *found = bupc_inverse_cast(local);
  CHECK(found == (shared void *)mine && upc_threadof(found) == MYTHREAD);
  /* Private memory is no shared memory. */
  int on_stack = 0;
  CHECK(bupc_inverse_cast(&on_stack) == NULL);
  CHECK(bupc_inverse_cast(NULL) == NULL);
  /* Another thread's element, where this thread addresses it directly. */
  int other = (MYTHREAD + 1) % THREADS;
  task_t *theirs = upc_cast(&deque[other * DEQUE_SIZE]);
  if (theirs) {
    shared void *p = bupc_inverse_cast(theirs);
    CHECK(p == (shared void *)&deque[other * DEQUE_SIZE]);
    CHECK(upc_threadof(p) == other);
  }
  char buf[BUPC_DUMP_MIN_LENGTH], tiny[8];
  CHECK(bupc_dump_shared(mine, buf, sizeof buf) == 0);
  char expected[32];
  snprintf(expected, sizeof expected, "thread=%d,", MYTHREAD);
  CHECK(strstr(buf, expected) != NULL && strstr(buf, "phase=2") != NULL);
  errno = 0;
  CHECK(bupc_dump_shared(mine, tiny, sizeof tiny) == -1 && errno == EINVAL);
}

#define N 512
shared [N] int data[N * THREADS];

static void handles(void) {
  int next = (MYTHREAD + 1) % THREADS;
  for (int i = 0; i < N; i++)
    data[MYTHREAD * N + i] = MYTHREAD * N + i;
  upc_barrier;
  int got[4][N / 4];
  bupc_handle_t h[4];
  for (int k = 0; k < 4; k++)
    h[k] = bupc_memget_async(got[k], &data[next * N + k * (N / 4)],
                             sizeof got[k]);
  int rounds = 0;
  for (;;) {
    int pending = 0;
    for (int k = 0; k < 4; k++)
      pending += h[k] != BUPC_COMPLETE_HANDLE;
    if (!pending)
      break;
    bupc_waitsync_some(h, 4);
    ++rounds;
    CHECK(rounds <= 4);
  }
  for (int k = 0; k < 4; k++)
    for (int i = 0; i < N / 4; i++)
      CHECK(got[k][i] == next * N + k * (N / 4) + i);
  /* Nothing pending: both attempts succeed. */
  CHECK(bupc_trysync_all(h, 4) == 1 && bupc_trysync_some(h, 4) == 1);
  for (int k = 0; k < 4; k++)
    h[k] = bupc_memget_async(got[k], &data[next * N], sizeof got[k]);
  while (!bupc_trysync_all(h, 4))
    ;
  for (int k = 0; k < 4; k++)
    CHECK(h[k] == BUPC_COMPLETE_HANDLE && got[k][0] == next * N);
  upc_barrier;
}

int main(int argc, char **argv) {
  if (argc > 1 && strcmp(argv[1], "distance") == 0)
    (void)bupc_thread_distance(MYTHREAD, THREADS);
  // DISTANCE: bupc-extensions.upc:[[@LINE-1]]:{{[0-9]+}}: error: bupc_thread_distance({{[0-9]}}, 2): threads are 0 to 1 (THREADS - 1)
  timers();
  distances();
  pointer_arithmetic();
  local_pointers();
  handles();
  return check_report("bupc-extensions");
}
