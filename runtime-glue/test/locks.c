/*
 * locks.c - UPC locks: upc_all_lock_alloc gives one lock to all, mutual
 * exclusion under contention, upc_lock_attempt, progress (every thread
 * finishes a fixed number of acquisitions while all hammer one lock; the
 * waiters get a released lock), upc_global_lock_alloc'ed locks used and
 * freed by other threads, freeing a held lock. Uses the C-side upc.h for
 * part of it, as C code calling the UPC library would.
 *
 * With an argument, one expected failure: unlock-not-held, unlock-other,
 * relock, not-a-lock, freed-lock.
 */
#include "upcr.h"

#include "testlib.h"
#include "upc.h"
#include "upc_tick.h"

#include <sched.h>

/* shared int counter, inside; shared upc_lock_t *shared locks[THREADS];
 * shared long counts[THREADS]; */
upcr_pshared_ptr_t counter, inside, locks, counts;

static void UPCRI_ALLOC_locks_5(void) {
  upcr_startup_pshalloc_t pinfos[] = {
      {&counter, sizeof(int), 1, 0, sizeof(int), "counter", "shared int"},
      {&inside, sizeof(int), 1, 0, sizeof(int), "inside", "shared int"},
      {&locks, sizeof(upcr_pshared_ptr_t), 1, 1, sizeof(upcr_pshared_ptr_t),
       "locks", "upc_lock_t *shared[THREADS]"},
      {&counts, sizeof(long), 1, 1, sizeof(long), "counts",
       "shared long[THREADS]"},
  };
  upcr_startup_pshalloc(pinfos, sizeof pinfos / sizeof *pinfos);
}
UPCR_REGISTER_FILE(upcri_file_locks, "locks.upc", 0, UPCRI_ALLOC_locks_5, 0);

static upcr_pshared_ptr_t lock_slot(int t) {
  return upcr_add_pshared1(locks, sizeof(upcr_pshared_ptr_t), t);
}
static upcr_pshared_ptr_t count_slot(int t) {
  return upcr_add_pshared1(counts, sizeof(long), t);
}

static UPCR_NORETURN void expected_failure(const char *mode) {
  upcr_srcpos_t pos = UPCR_SRCPOS("locks.upc", 7, 3);
  int me = MYTHREAD;
  upcr_pshared_ptr_t l = upcr_all_lock_alloc(HERE);
  if (!strcmp(mode, "unlock-not-held")) {
    if (me == 0)
      upcr_unlock(l, pos);
  } else if (!strcmp(mode, "unlock-other")) {
    if (me == 0)
      upcr_lock(l, HERE);
    test_barrier();
    if (me == 1)
      upcr_unlock(l, pos);
  } else if (!strcmp(mode, "relock")) {
    if (me == 0) {
      upcr_lock(l, HERE);
      upcr_lock(l, pos);
    }
  } else if (!strcmp(mode, "not-a-lock")) {
    if (me == 0)
      upcr_lock(upcr_shared_to_pshared(upcr_alloc(64, HERE)), pos);
  } else if (!strcmp(mode, "freed-lock")) {
    if (me == 0) {
      upcr_pshared_ptr_t g = upcr_global_lock_alloc(HERE);
      upcr_lock_free(g, HERE);
      upcr_lock(g, pos);
    }
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

  /* One lock for all. */
  upcr_pshared_ptr_t l = upc_all_lock_alloc();
  UPCR_PUT_PSHARED_VALUE(upcr_pshared_ptr_t, lock_slot(me), 0, l);
  test_barrier();
  for (int t = 0; t < T; ++t)
    CHECK(upcr_isequal_pshared_pshared(
        UPCR_GET_PSHARED_VALUE(upcr_pshared_ptr_t, lock_slot(t), 0), l));

  /* Mutual exclusion: unsynchronized read-modify-write inside the lock. */
  enum { ITER = 2000 };
  for (int i = 0; i < ITER; ++i) {
    upc_lock(l);
    CHECK_EQ(UPCR_GET_PSHARED_VALUE(int, inside, 0), 0);
    UPCR_PUT_PSHARED_VALUE(int, inside, 0, 1);
    int c = UPCR_GET_PSHARED_VALUE(int, counter, 0);
    if (i % 64 == 0)
      sched_yield();
    UPCR_PUT_PSHARED_VALUE(int, counter, 0, c + 1);
    UPCR_PUT_PSHARED_VALUE(int, inside, 0, 0);
    upc_unlock(l);
  }
  test_barrier();
  CHECK_EQ(UPCR_GET_PSHARED_VALUE(int, counter, 0), ITER * T);
  test_barrier();

  /* upc_lock_attempt never waits: fails while thread 0 holds the lock. */
  if (me == 0)
    CHECK(upc_lock_attempt(l));
  test_barrier();
  if (me != 0)
    CHECK(!upc_lock_attempt(l));
  test_barrier();
  if (me == 0)
    upc_unlock(l);
  test_barrier();
  if (me == T - 1) {
    CHECK(upc_lock_attempt(l));
    upc_unlock(l);
  }
  test_barrier();

  /* Progress under contention: every thread takes the one lock a fixed
   * number of times while all the others hammer it too. A thread that
   * starved would never finish, and the program would be ended by the
   * test's time limit, which only catches such a hang: how the
   * acquisitions are shared out over time is the machine's scheduling, not
   * the lock's (shares are measured in bench/runtime, lock.upc). */
  enum { HAMMER = 500 };
  for (int i = 0; i < HAMMER; ++i) {
    upc_lock(l);
    UPCR_PUT_PSHARED_VALUE(long, count_slot(me), 0,
                           UPCR_GET_PSHARED_VALUE(long, count_slot(me), 0) +
                               1);
    upc_unlock(l);
  }
  test_barrier();
  for (int t = 0; t < T; ++t)
    CHECK_EQ(UPCR_GET_PSHARED_VALUE(long, count_slot(t), 0), HAMMER);
  test_barrier();

  /* Hand-off: while the last thread holds the lock, every other thread
   * asks for it (after its upc_notify); the holder releases it once all
   * have notified (its upc_wait returned), and each of them gets it, after
   * the release. */
  if (me == T - 1)
    upc_lock(l);
  if (me == 0)
    UPCR_PUT_PSHARED_VALUE(int, inside, 0, 0);
  test_barrier();
  upcr_notify(0, UPCR_BARRIERFLAG_ANONYMOUS, HERE);
  if (me != T - 1) {
    upc_lock(l);
    CHECK_EQ(UPCR_GET_PSHARED_VALUE(int, inside, 0), 1);
    upc_unlock(l);
    upcr_wait(0, UPCR_BARRIERFLAG_ANONYMOUS, HERE);
  } else {
    upcr_wait(0, UPCR_BARRIERFLAG_ANONYMOUS, HERE);
    UPCR_PUT_PSHARED_VALUE(int, inside, 0, 1);
    upc_unlock(l);
  }
  test_barrier();

  /* A lock from upc_global_lock_alloc lives with its allocator; others use
   * it; another thread frees it, while it is held. */
  if (me == T - 1) {
    upcr_pshared_ptr_t g = upc_global_lock_alloc();
    CHECK_EQ(g.thread, me);
    UPCR_PUT_PSHARED_VALUE(upcr_pshared_ptr_t, lock_slot(0), 0, g);
  }
  test_barrier();
  upcr_pshared_ptr_t g =
      UPCR_GET_PSHARED_VALUE(upcr_pshared_ptr_t, lock_slot(0), 0);
  upc_lock(g);
  upc_unlock(g);
  test_barrier();
  if (me == 0) {
    upc_lock(g);
    upc_lock_free(g); /* UPC 1.3: succeeds even when held */
  }
  upc_lock_free(UPCR_NULL_PSHARED);
  test_barrier();
  upc_all_lock_free(l);
  if (me == 0)
    printf("locks: %d threads ok\n", T);
  return 0;
}

int main(int argc, char **argv) { return upcr_run(argc, argv, user_main); }
