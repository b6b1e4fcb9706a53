/*
 * barrier.c - upc_barrier, upc_notify and upc_wait that must pass: named and
 * anonymous barriers mixed, split-phase barriers with work between notify
 * and wait (data written before a notify is visible after every wait),
 * upc_barrier on some threads with upc_notify/upc_wait on others, a
 * upc_notify that must not wait for the other threads, upc_fence. Prints the barrier latency it measured.
 *
 * With an argument, one expected failure: mismatch, notify-mismatch,
 * wait-value, wait-without-notify, double-notify, exit-in-barrier,
 * collective-vs-barrier, notify-then-barrier.
 */
#include "upcr.h"

#include "testlib.h"
#include "upc_tick.h"

/* shared int data[2][THREADS]; (block size 1) */
upcr_pshared_ptr_t data;

static void UPCRI_ALLOC_barrier_31(void) {
  upcr_startup_pshalloc_t pinfos[] = {
      {&data, sizeof(int), 2, 1, sizeof(int), "data", "shared int[2][]"},
  };
  upcr_startup_pshalloc(pinfos, 1);
}
UPCR_REGISTER_FILE(upcri_file_barrier, "barrier.upc", 0,
                   UPCRI_ALLOC_barrier_31, 0);

static upcr_pshared_ptr_t cell(int buffer, int thread) {
  return upcr_add_pshared1(data, sizeof(int), buffer * THREADS + thread);
}

#define ANON UPCR_BARRIERFLAG_ANONYMOUS

static UPCR_NORETURN void expected_failure(const char *mode) {
  int me = MYTHREAD;
  upcr_srcpos_t p40 = UPCR_SRCPOS("heat.upc", 40, 5);
  upcr_srcpos_t p42 = UPCR_SRCPOS("heat.upc", 42, 5);
  test_barrier();
  if (!strcmp(mode, "mismatch")) {
    if (me == 1)
      upcr_barrier(2, 0, p42);
    else
      upcr_barrier(1, 0, p40);
  } else if (!strcmp(mode, "notify-mismatch")) {
    upcr_notify(me == 1 ? 2 : 1, 0, me == 1 ? p42 : p40);
    upcr_wait(0, ANON, HERE);
  } else if (!strcmp(mode, "wait-value")) {
    upcr_notify(5, 0, p40);
    upcr_wait(me == 1 ? 6 : 5, 0, me == 1 ? p42 : p40);
  } else if (!strcmp(mode, "wait-without-notify")) {
    if (me == 1)
      upcr_wait(0, ANON, p42);
    else
      upcr_barrier(0, ANON, p40);
  } else if (!strcmp(mode, "double-notify")) {
    upcr_notify(1, 0, p40);
    if (me == 0)
      upcr_notify(1, 0, p42);
    upcr_wait(1, 0, p40);
  } else if (!strcmp(mode, "exit-in-barrier")) {
    if (me == 1)
      upcr_exit(0); /* leaves the program while the others wait */
    upcr_barrier(3, 0, p40);
  } else if (!strcmp(mode, "collective-vs-barrier")) {
    if (me == 0)
      upcr_all_alloc(1, 8, p42);
    else
      upcr_barrier(0, ANON, p40);
  } else if (!strcmp(mode, "notify-then-barrier")) {
    upcr_notify(0, ANON, p40);
    upcr_barrier(0, ANON, p42);
  } else {
    test_unknown_mode(mode);
  }
  test_failure_missing();
}

static int user_main(int argc, char **argv) {
  if (argc > 1) {
    expected_failure(argv[1]);
  }
  const int T = THREADS, me = MYTHREAD;
  /* Named and anonymous mixed: anonymous matches any value. */
  for (int i = 0; i < 300; ++i) {
    if ((i + me) % 3 == 0)
      upcr_barrier(0, ANON, HERE);
    else
      upcr_barrier(i, 0, HERE);
  }
  /* Named notify with anonymous wait, anonymous notify with named wait. */
  for (int i = 0; i < 100; ++i) {
    upcr_notify(i, me % 2 ? ANON : 0, HERE);
    upcr_wait(i, me % 2 ? 0 : ANON, HERE);
  }
  /* Split phase: data written before the notify is visible after the wait
   * (double-buffered, so the next round never overwrites what a slow
   * thread still reads). */
  long long work = 0;
  for (int round = 0; round < 500; ++round) {
    int b = round & 1;
    UPCR_PUT_PSHARED_VALUE(int, cell(b, me), 0, round * 100 + me);
    upcr_notify(round, 0, HERE);
    for (int k = 0; k < 200; ++k) /* work between notify and wait */
      work += k ^ round;
    upcr_wait(round, 0, HERE);
    for (int t = 0; t < T; ++t)
      CHECK_EQ(UPCR_GET_PSHARED_VALUE(int, cell(b, t), 0), round * 100 + t);
  }
  CHECK(work != 0);
  upcr_fence();

  /* upc_barrier on some threads matches upc_notify + upc_wait on others,
   * named or not (a backend must not use kinds of collective that do not
   * match each other, such as MPI's blocking and non-blocking ones). */
  for (int i = 0; i < 100; ++i) {
    if ((i + me) % 2) {
      upcr_barrier(i, i % 3 ? 0 : ANON, HERE);
    } else {
      upcr_notify(i, 0, HERE);
      upcr_wait(i, ANON, HERE);
    }
  }
  /* upc_notify does not wait for the other threads: thread 0 holds a lock
   * that the others take before they notify, and releases it only after its
   * own notify. */
  upcr_pshared_ptr_t lock = upcr_all_lock_alloc(HERE);
  for (int round = 0; round < 20; ++round) {
    if (me == 0)
      upcr_lock(lock, HERE);
    upcr_barrier(round, 0, HERE);
    if (me == 0) {
      upcr_notify(round, 0, HERE);
      upcr_unlock(lock, HERE);
    } else {
      upcr_lock(lock, HERE);
      upcr_unlock(lock, HERE);
      upcr_notify(round, 0, HERE);
    }
    upcr_wait(round, 0, HERE);
  }

  /* Many barriers in a row (their latency is measured in bench/runtime). */
  test_barrier();
  enum { REPS = 2000 };
  for (int i = 0; i < REPS; ++i)
    upcr_barrier(0, ANON, HERE);
  if (me == 0)
    printf("barrier: %d threads ok\n", T);
  return 0;
}

int main(int argc, char **argv) { return upcr_run(argc, argv, user_main); }
