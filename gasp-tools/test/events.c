/*
 * events.c - a program written as the translator writes an instrumented
 * one (UPCR_GASP_INSTRUMENTED, a file record, main calling upcr_run), that
 * raises nearly every GASP event at fixed positions of "events.upc",
 * through the runtime's instrumented entry points. Linked with each tool,
 * it is what the gasp-tools tests run and check (check.py).
 *
 *   events                 everything, then a collective exit (status 0)
 *   events global-exit     the same, then a barrier, then the last thread
 *                          calls upc_global_exit(3) while the others wait
 *                          in a barrier that never completes
 *   events control         as the first, and checks that gasp_control /
 *                          pupc_control return the previous setting
 *
 * The positions below are those check.py expects; keep them in step.
 */
#define UPCR_GASP_INSTRUMENTED
#include "upcr.h"

#include <pupc.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "upc_types.h"

UPCR_REGISTER_FILE(upcri_file_events, "events.upc", 0, 0, 0);

#define POS(l, c) UPCR_SRCPOS("events.upc", (l), (c))

#define CHECK(cond)                                                            \
  do {                                                                         \
    if (!(cond)) {                                                             \
      fprintf(stderr, "%s:%d: thread %d: check failed: %s\n", __FILE__,        \
              __LINE__, MYTHREAD, #cond);                                      \
      upcr_global_exit(1, UPCR_SRCPOS_UNKNOWN);                                \
    }                                                                          \
  } while (0)

static int square(int x) {
  UPCR_GASP_FUNCTION_SCOPE("int square(int)", POS(5, 1));
  return x * x;
}

static void anon_barrier(int line) {
  upcr_gasp_barrier(0, UPCR_BARRIERFLAG_ANONYMOUS, POS(line, 3));
}

static int add_int(int a, int b) { return a + b; }

static int user_main(int argc, char **argv) {
  UPCR_GASP_FUNCTION_SCOPE("int main(int, char **)", POS(10, 1));
  const int me = MYTHREAD, T = THREADS;
  const char *mode = argc > 1 ? argv[1] : "normal";
  const int next = (me + 1) % T, prev = (me + T - 1) % T;

  anon_barrier(12);
  upcr_gasp_barrier(7, 0, POS(13, 3));

  /* shared [1] int a[THREADS]; shared [64] char b[64*THREADS]; */
  upcr_shared_ptr_t a = upcr_gasp_all_alloc((size_t)T, sizeof(int),
                                            POS(15, 20));
  upcr_shared_ptr_t b = upcr_gasp_all_alloc((size_t)T, 64, POS(16, 20));
  upcr_shared_ptr_t a_next = upcr_add_shared(a, sizeof(int), next, 1);
  upcr_shared_ptr_t a_me = upcr_add_shared(a, sizeof(int), me, 1);

  /* a[next] = 100 + me: remote when THREADS > 1 (--profile: no event for a
   * local access); then x = a[MYTHREAD] with --profile-local (an event
   * even though it is local). */
  UPCR_GASP_PUT_SHARED_VALUE(int, a_next, 0, 100 + me, 0, POS(17, 5), "int",
                             "a");
  anon_barrier(18);
  int x = UPCR_GASP_GET_SHARED_VALUE(int, a_me, 0, 1, POS(19, 9), "int", "a");
  CHECK(x == 100 + prev);

  /* upc_memput / upc_memget / upc_memcpy / upc_memset on b. */
  upcr_shared_ptr_t b_next = upcr_add_shared(b, 64, next, 1);
  upcr_shared_ptr_t b_me = upcr_add_shared(b, 64, me, 1);
  char buf[64];
  memset(buf, 'a' + me, sizeof buf);
  upcr_gasp_memput(b_next, buf, 64, POS(21, 3));
  anon_barrier(22);
  upcr_gasp_memget(buf, b_me, 32, POS(23, 3));
  CHECK(buf[0] == 'a' + prev);
  anon_barrier(24);
  /* b[next][0..16) to b[me][16..32): no thread writes what another reads. */
  upcr_gasp_memcpy(upcr_add_shared(b_me, 1, 16, 64), b_next, 16, POS(25, 3));
  upcr_gasp_memset(upcr_add_shared(b_me, 1, 32, 64), 0xAB, 8, POS(26, 3));
  anon_barrier(27);

  /* Locks: a collective one, and one per thread (no contention, so that
   * every lock_attempt succeeds at once and the events are the same on
   * every run). */
  upcr_pshared_ptr_t all = upcr_gasp_all_lock_alloc(POS(28, 21));
  upcr_pshared_ptr_t lock = upcr_gasp_global_lock_alloc(POS(29, 22));
  upcr_gasp_lock(lock, POS(30, 3));
  upcr_gasp_unlock(lock, POS(31, 3));
  CHECK(upcr_gasp_lock_attempt(lock, POS(32, 7)));
  upcr_gasp_unlock(lock, POS(33, 3));
  upcr_gasp_lock_free(lock, POS(34, 3));
  upcr_gasp_all_lock_free(all, POS(35, 3));

  /* Collectives: broadcast 8 bytes from thread 0; reduce a[] to d[0]. */
  upcr_shared_ptr_t c = upcr_gasp_all_alloc((size_t)T, 8, POS(37, 20));
  upcr_shared_ptr_t d = upcr_gasp_all_alloc((size_t)T, 8, POS(38, 20));
  upcr_gasp_all_broadcast(c, d, 8, UPC_IN_ALLSYNC | UPC_OUT_ALLSYNC,
                          POS(39, 3));
  upcr_gasp_all_reduceI(d, a, UPC_ADD, (size_t)T, 1, NULL,
                        UPC_IN_NOSYNC | UPC_OUT_MYSYNC, POS(40, 3));
  upcr_gasp_all_reduceI(d, a, UPC_FUNC, (size_t)T, 1, add_int, 0,
                        POS(41, 3));

  /* User events: the same name gives the same number on every thread. */
  unsigned phase = upcr_gasp_create_event("phase", "iteration %d of %s");
  unsigned marker = upcr_gasp_create_event("marker", NULL);
  CHECK(phase != marker);
  CHECK(phase >= GASP_UPC_USEREVT_START && marker >= GASP_UPC_USEREVT_START);
  UPCR_PUT_SHARED_VALUE(int, a_me, 0, (int)(phase - GASP_UPC_USEREVT_START));
  anon_barrier(43);
  for (int t = 0; t < T; ++t)
    CHECK(UPCR_GET_SHARED_VALUE(int, upcr_add_shared(a, sizeof(int), t, 1),
                                0) == (int)(phase - GASP_UPC_USEREVT_START));
  UPCR_GASP_USER_EVENT_ARGS(phase, GASP_START, POS(45, 5), 1, "loop");
  CHECK(square(me + 2) == (me + 2) * (me + 2));
  UPCR_GASP_USER_EVENT_ARGS(phase, GASP_END, POS(47, 5), 1, "loop");
  UPCR_GASP_USER_EVENT(marker, GASP_ATOMIC, POS(48, 5));

  /* Measurement off: nothing of this barrier is recorded. */
  int was = pupc_control(0);
  anon_barrier(51);
  int now = pupc_control(1);
  if (strcmp(mode, "control") == 0) {
    CHECK(was != 0);
    CHECK(now == 0);
    /* The last value given, as given (GASP 1.4, 3.3). */
    CHECK(pupc_control(7) == 1);
    CHECK(pupc_control(1) == 7);
  }

  upcr_gasp_notify(5, 0, POS(55, 3));
  upcr_gasp_wait(5, 0, POS(56, 3));
  upcr_gasp_fence(POS(57, 3));
  char *p = upcr_gasp_c_malloc(100, POS(58, 13));
  upcr_gasp_c_free(p, POS(59, 3));
  anon_barrier(60);
  upcr_gasp_all_free(a, POS(61, 3));

  if (strcmp(mode, "global-exit") == 0) {
    /* Every thread has raised the START of this barrier before the last
     * thread leaves it; what the others raise after it (its END, the START
     * of line 65) may or may not come before the global exit. */
    anon_barrier(62);
    if (me == T - 1)
      upcr_gasp_global_exit(3, POS(64, 7));
    anon_barrier(65); /* never completes when THREADS > 1 */
  }
  return upcr_gasp_main_return(0, POS(67, 3));
}

int main(int argc, char **argv) { return upcr_run(argc, argv, user_main); }
