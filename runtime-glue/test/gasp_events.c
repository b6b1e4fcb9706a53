/*
 * gasp_events.c - the GASP events of the runtime, as instrumented
 * translated code raises them, checked per thread by the recording tool of
 * gasp_recorder.c: every upcr_gasp_* entry point (varargs and their
 * values), GET/PUT with LOCAL_TOO 0 and 1, scoped FUNC/FORALL events, C
 * memory, user events and measurement control, gasp_init once per thread
 * with its argument changes seen by main, no event before gasp_init, and
 * the exit events.
 *
 * Run as  gasp_events --gasp-tool-arg MODE  with MODE:
 *   all      everything above; main returns 0 through
 *            upcr_gasp_main_return
 *   status   main returns 3, through upcr_gasp_main_return on even threads
 *            (position known) and directly on odd ones (unknown): status 3
 *   exit     every thread calls exit(5) (upcr_gasp_exit) inside a function
 *            whose FUNC END is therefore never raised: status 5
 *   global   thread 1 % THREADS calls upc_global_exit(9) while the others
 *            wait in a barrier: GASP_UPC_NONCOLLECTIVE_EXIT, status 9
 *   global-c the same through the C-side upc_global_exit (a site that is
 *            not instrumented): the runtime raises the event all the same,
 *            with an unknown position
 * The recorder's atexit handler checks the exit events and prints what it
 * checked.
 */
#define UPCR_GASP_INSTRUMENTED
#include "upcr.h"

#include "gasp_recorder.h"
#include "pupc.h"
#include "testlib.h"
#include "upc.h"
#include "upc_collective.h"

#include <stdint.h>

/* Source positions of the "UPC" constructs: ev.upc:LINE:7. */
#define AT(line) UPCR_SRCPOS("ev.upc", line, 7)

/* shared struct pair { int a; int b; } x[THREADS]; */
upcr_pshared_ptr_t x;
#define X_TYPE "shared struct pair[THREADS]"

static void UPCRI_ALLOC_ev_1(void) {
  upcr_startup_pshalloc_t pinfos[] = {
      {&x, 2 * sizeof(int), 1, 1, 2 * sizeof(int), "x", X_TYPE},
  };
  upcr_startup_pshalloc(pinfos, 1);
}

/* Static-data initialisation runs before gasp_init: instrumented code
 * there raises nothing (the recorder would fail on an event without a
 * context). */
static void UPCRI_INIT_ev_1(void) {
  UPCR_GASP_FUNCTION_SCOPE("void init(void)", AT(2));
  CHECK(upcri_gasp_context == NULL);
  CHECK_EQ(rec_init_calls(), 0);
  upcr_pshared_ptr_t mine = upcr_add_pshared1(x, 2 * sizeof(int), MYTHREAD);
  UPCR_GASP_PUT_PSHARED_VALUE(int, mine, 0, 1, 1, AT(3), X_TYPE, "x");
  upcr_gasp_fence(AT(4));
}
UPCR_REGISTER_FILE(upcri_file_ev, "ev.upc", 0, UPCRI_ALLOC_ev_1,
                   UPCRI_INIT_ev_1);

static __thread int T, me, other;

static void plain_barrier(void) { test_barrier(); }

/* ---- synchronization ----------------------------------------------------- */

static void test_sync(void) {
  upcr_gasp_barrier(7, 0, AT(10));
  upcr_gasp_barrier(99, UPCR_BARRIERFLAG_ANONYMOUS, AT(11));
  upcr_gasp_notify(3, 0, AT(12));
  upcr_gasp_wait(3, 0, AT(13));
  upcr_gasp_notify(-4, UPCR_BARRIERFLAG_ANONYMOUS, AT(14));
  upcr_gasp_wait(5, UPCR_BARRIERFLAG_ANONYMOUS, AT(15));
  upcr_gasp_notify(-4, 0, AT(16));
  upcr_gasp_wait(0, UPCR_BARRIERFLAG_ANONYMOUS, AT(17));
  upcr_gasp_fence(AT(18));
  rec_expect("GASP_UPC_BARRIER START ev.upc:10:7 1 7");
  rec_expect("GASP_UPC_BARRIER END ev.upc:10:7 1 7");
  rec_expect("GASP_UPC_BARRIER START ev.upc:11:7 0 0");
  rec_expect("GASP_UPC_BARRIER END ev.upc:11:7 0 0");
  rec_expect("GASP_UPC_NOTIFY START ev.upc:12:7 1 3");
  rec_expect("GASP_UPC_NOTIFY END ev.upc:12:7 1 3");
  rec_expect("GASP_UPC_WAIT START ev.upc:13:7 1 3");
  rec_expect("GASP_UPC_WAIT END ev.upc:13:7 1 3");
  rec_expect("GASP_UPC_NOTIFY START ev.upc:14:7 0 0");
  rec_expect("GASP_UPC_NOTIFY END ev.upc:14:7 0 0");
  rec_expect("GASP_UPC_WAIT START ev.upc:15:7 0 0");
  rec_expect("GASP_UPC_WAIT END ev.upc:15:7 0 0");
  rec_expect("GASP_UPC_NOTIFY START ev.upc:16:7 1 -4");
  rec_expect("GASP_UPC_NOTIFY END ev.upc:16:7 1 -4");
  rec_expect("GASP_UPC_WAIT START ev.upc:17:7 0 0");
  rec_expect("GASP_UPC_WAIT END ev.upc:17:7 0 0");
  rec_expect("GASP_UPC_FENCE START ev.upc:18:7");
  rec_expect("GASP_UPC_FENCE END ev.upc:18:7");
  rec_done();
}

/* ---- allocation ---------------------------------------------------------- */

static void test_alloc(void) {
  upcr_shared_ptr_t a = upcr_gasp_all_alloc((size_t)T, 8, AT(20));
  upcr_shared_ptr_t g = upcr_gasp_global_alloc(2, 16, AT(21));
  upcr_shared_ptr_t l = upcr_gasp_alloc(32, AT(22));
  CHECK(!upcr_isnull_shared(a) && !upcr_isnull_shared(g));
  CHECK_EQ(l.thread, me);
  upcr_gasp_free(g, AT(23));
  upcr_gasp_free(l, AT(24));
  upcr_gasp_all_free(a, AT(25));
  rec_expect("GASP_UPC_ALL_ALLOC START ev.upc:20:7 %d 8", T);
  rec_expect("GASP_UPC_ALL_ALLOC END ev.upc:20:7 %d 8 %s", T, rec_pts(a));
  rec_expect("GASP_UPC_GLOBAL_ALLOC START ev.upc:21:7 2 16");
  rec_expect("GASP_UPC_GLOBAL_ALLOC END ev.upc:21:7 2 16 %s", rec_pts(g));
  rec_expect("GASP_UPC_ALLOC START ev.upc:22:7 32");
  rec_expect("GASP_UPC_ALLOC END ev.upc:22:7 32 %s", rec_pts(l));
  rec_expect("GASP_UPC_FREE START ev.upc:23:7 %s", rec_pts(g));
  rec_expect("GASP_UPC_FREE END ev.upc:23:7 %s", rec_pts(g));
  rec_expect("GASP_UPC_FREE START ev.upc:24:7 %s", rec_pts(l));
  rec_expect("GASP_UPC_FREE END ev.upc:24:7 %s", rec_pts(l));
  rec_expect("GASP_UPCI_ALL_FREE START ev.upc:25:7 %s", rec_pts(a));
  rec_expect("GASP_UPCI_ALL_FREE END ev.upc:25:7 %s", rec_pts(a));
  rec_done();
}

/* ---- locks --------------------------------------------------------------- */

static void test_locks(void) {
  upcr_pshared_ptr_t L = upcr_gasp_all_lock_alloc(AT(30));
  upcr_gasp_lock(L, AT(31));
  upcr_gasp_unlock(L, AT(32));
  rec_expect("GASP_UPC_ALL_LOCK_ALLOC START ev.upc:30:7");
  rec_expect("GASP_UPC_ALL_LOCK_ALLOC END ev.upc:30:7 %s", rec_lock(L));
  rec_expect("GASP_UPC_LOCK START ev.upc:31:7 %s", rec_lock(L));
  rec_expect("GASP_UPC_LOCK END ev.upc:31:7 %s", rec_lock(L));
  rec_expect("GASP_UPC_UNLOCK START ev.upc:32:7 %s", rec_lock(L));
  rec_expect("GASP_UPC_UNLOCK END ev.upc:32:7 %s", rec_lock(L));
  rec_done();

  /* upc_lock_attempt: succeeds on thread 0, then fails elsewhere while
   * thread 0 holds the lock. */
  plain_barrier();
  if (me == 0) {
    CHECK_EQ(upcr_gasp_lock_attempt(L, AT(33)), 1);
    rec_expect("GASP_UPC_LOCK_ATTEMPT START ev.upc:33:7 %s", rec_lock(L));
    rec_expect("GASP_UPC_LOCK_ATTEMPT END ev.upc:33:7 %s 1", rec_lock(L));
  }
  plain_barrier();
  if (me != 0) {
    CHECK_EQ(upcr_gasp_lock_attempt(L, AT(34)), 0);
    rec_expect("GASP_UPC_LOCK_ATTEMPT START ev.upc:34:7 %s", rec_lock(L));
    rec_expect("GASP_UPC_LOCK_ATTEMPT END ev.upc:34:7 %s 0", rec_lock(L));
  }
  plain_barrier();
  if (me == 0)
    upcr_unlock(L, AT(35)); /* not instrumented: no event */
  rec_done();
  plain_barrier();

  upcr_pshared_ptr_t G = upcr_gasp_global_lock_alloc(AT(36));
  CHECK_EQ(G.thread, me);
  upcr_gasp_lock_free(G, AT(37));
  upcr_gasp_all_lock_free(L, AT(38));
  rec_expect("GASP_UPC_GLOBAL_LOCK_ALLOC START ev.upc:36:7");
  rec_expect("GASP_UPC_GLOBAL_LOCK_ALLOC END ev.upc:36:7 %s", rec_lock(G));
  rec_expect("GASP_UPC_LOCK_FREE START ev.upc:37:7 %s", rec_lock(G));
  rec_expect("GASP_UPC_LOCK_FREE END ev.upc:37:7 %s", rec_lock(G));
  rec_expect("GASP_UPCI_ALL_LOCK_FREE START ev.upc:38:7 %s", rec_lock(L));
  rec_expect("GASP_UPCI_ALL_LOCK_FREE END ev.upc:38:7 %s", rec_lock(L));
  rec_done();
}

/* ---- upc_mem* ------------------------------------------------------------ */

static void test_memops(void) {
  /* 64 bytes per thread: blocks of one 64-byte element. */
  upcr_shared_ptr_t a = upcr_all_alloc((size_t)T, 64, AT(39));
  upcr_shared_ptr_t mine = upcr_add_shared(a, 64, me, 1);
  upcr_shared_ptr_t theirs = upcr_add_shared(a, 64, other, 1);
  upcr_shared_ptr_t theirs32 = theirs;
  theirs32.offset += 32;
  unsigned char buf[64];
  memset(buf, 0x33, sizeof buf);

  upcr_gasp_memset(mine, 0x5A, 64, AT(40));
  plain_barrier();
  /* Bytes 32..55 of the next thread's block are written by this thread
   * only; bytes 0..7 of its own by itself only. */
  upcr_gasp_memput(theirs32, buf, 16, AT(41));
  upcr_gasp_memget(buf, theirs32, 24, AT(42));
  CHECK_EQ(buf[15], 0x33);
  CHECK_EQ(buf[16], 0x5A);
  upcr_gasp_memcpy(mine, theirs32, 8, AT(43));
  CHECK_EQ(((unsigned char *)upcr_shared_to_local(mine))[7], 0x33);
  rec_expect("GASP_UPC_MEMSET START ev.upc:40:7 %s 90 64", rec_pts(mine));
  rec_expect("GASP_UPC_MEMSET END ev.upc:40:7 %s 90 64", rec_pts(mine));
  rec_expect("GASP_UPC_MEMPUT START ev.upc:41:7 %s %p 16", rec_pts(theirs32),
             (void *)buf);
  rec_expect("GASP_UPC_MEMPUT END ev.upc:41:7 %s %p 16", rec_pts(theirs32),
             (void *)buf);
  rec_expect("GASP_UPC_MEMGET START ev.upc:42:7 %p %s 24", (void *)buf,
             rec_pts(theirs32));
  rec_expect("GASP_UPC_MEMGET END ev.upc:42:7 %p %s 24", (void *)buf,
             rec_pts(theirs32));
  rec_expect("GASP_UPC_MEMCPY START ev.upc:43:7 %s %s 8", rec_pts(mine),
             rec_pts(theirs32));
  rec_expect("GASP_UPC_MEMCPY END ev.upc:43:7 %s %s 8", rec_pts(mine),
             rec_pts(theirs32));
  rec_done();
  plain_barrier();
  upcr_all_free(a, AT(44));
}

/* ---- direct shared accesses ---------------------------------------------- */

static void test_access(void) {
  const size_t esz = 2 * sizeof(int);
  upcr_pshared_ptr_t xm = upcr_add_pshared1(x, esz, me);
  upcr_pshared_ptr_t xo = upcr_add_pshared1(x, esz, other);
  /* The member b, at offset 4: the events name its bytes. */
  upcr_pshared_ptr_t xm_b = xm, xo_b = xo, xo_a = xo;
  xm_b.offset += sizeof(int);
  xo_b.offset += sizeof(int);

  /* Local data, LOCAL_TOO 0 (--profile): no event. */
  UPCR_GASP_PUT_PSHARED_VALUE(int, xm, sizeof(int), 100 + me, 0, AT(50),
                              X_TYPE, "x");
  CHECK_EQ(UPCR_GASP_GET_PSHARED_VALUE(int, xm, sizeof(int), 0, AT(51),
                                       X_TYPE, "x"),
           100 + me);
  rec_done();

  /* Local data, LOCAL_TOO 1 (--profile-local): relaxed and strict. */
  UPCR_GASP_PUT_PSHARED_VALUE(int, xm, sizeof(int), 200 + me, 1, AT(52),
                              X_TYPE, "x");
  CHECK_EQ(UPCR_GASP_GET_PSHARED_VALUE_STRICT(int, xm, sizeof(int), 1,
                                              AT(53), X_TYPE, "x"),
           200 + me);
  rec_expect("GASP_UPC_PUT START ev.upc:52:7 1 %s * 4 \"" X_TYPE "\" \"x\"",
             rec_ppts(xm_b));
  rec_expect("GASP_UPC_PUT END ev.upc:52:7 1 %s * 4 \"" X_TYPE "\" \"x\"",
             rec_ppts(xm_b));
  rec_expect("GASP_UPC_GET START ev.upc:53:7 0 * %s 4 \"" X_TYPE "\" \"x\"",
             rec_ppts(xm_b));
  rec_expect("GASP_UPC_GET END ev.upc:53:7 0 * %s 4 \"" X_TYPE "\" \"x\"",
             rec_ppts(xm_b));
  rec_done();
  plain_barrier();

  /* Another thread's data, LOCAL_TOO 0: events (none with one thread,
   * where it is local). */
  CHECK_EQ(UPCR_GASP_GET_PSHARED_VALUE(int, xo, sizeof(int), 0, AT(54),
                                       X_TYPE, "x"),
           200 + other);
  plain_barrier();
  UPCR_GASP_PUT_PSHARED_VALUE_STRICT(int, xo, 0, 300 + me, 0, AT(55), X_TYPE,
                                     "x");
  /* Through a pointer with a phase: shared [2] int *p = &a[2 * other + 1]. */
  upcr_shared_ptr_t a = upcr_all_alloc((size_t)T, 2 * sizeof(int), AT(56));
  upcr_shared_ptr_t p = upcr_add_shared(a, sizeof(int), 2 * other + 1, 2);
  CHECK_EQ(p.thread, other);
  CHECK_EQ(p.phase, 1);
  UPCR_GASP_PUT_SHARED_VALUE(int, p, 0, 400 + me, 0, AT(57),
                             "shared [2] int *", "p");
  CHECK_EQ(UPCR_GASP_GET_SHARED_VALUE_STRICT(int, p, 0, 0, AT(58),
                                             "shared [2] int *", "p"),
           400 + me);
  if (T > 1) {
    rec_expect("GASP_UPC_GET START ev.upc:54:7 1 * %s 4 \"" X_TYPE "\" \"x\"",
               rec_ppts(xo_b));
    rec_expect("GASP_UPC_GET END ev.upc:54:7 1 * %s 4 \"" X_TYPE "\" \"x\"",
               rec_ppts(xo_b));
    rec_expect("GASP_UPC_PUT START ev.upc:55:7 0 %s * 4 \"" X_TYPE "\" \"x\"",
               rec_ppts(xo_a));
    rec_expect("GASP_UPC_PUT END ev.upc:55:7 0 %s * 4 \"" X_TYPE "\" \"x\"",
               rec_ppts(xo_a));
    rec_expect("GASP_UPC_PUT START ev.upc:57:7 1 %s * 4 \"shared [2] int *\" "
               "\"p\"", rec_pts(p));
    rec_expect("GASP_UPC_PUT END ev.upc:57:7 1 %s * 4 \"shared [2] int *\" "
               "\"p\"", rec_pts(p));
    rec_expect("GASP_UPC_GET START ev.upc:58:7 0 * %s 4 \"shared [2] int *\" "
               "\"p\"", rec_pts(p));
    rec_expect("GASP_UPC_GET END ev.upc:58:7 0 * %s 4 \"shared [2] int *\" "
               "\"p\"", rec_pts(p));
  }
  rec_done();
  plain_barrier();
  CHECK_EQ(UPCR_GET_PSHARED_VALUE(int, xm, 0), 300 + (me + T - 1) % T);
  upcr_all_free(a, AT(59));
}

/* ---- collectives --------------------------------------------------------- */

static void test_collectives(void) {
  const size_t nb = 8, tn = (size_t)T * nb;
  upcr_shared_ptr_t perarr = upcr_all_alloc((size_t)T, nb, AT(60));
  upcr_shared_ptr_t one = upcr_all_alloc(1, tn, AT(60));
  upcr_shared_ptr_t rows = upcr_all_alloc((size_t)T, tn, AT(60));
  upcr_shared_ptr_t rows2 = upcr_all_alloc((size_t)T, tn, AT(60));
  upcr_shared_ptr_t perarr2 = upcr_all_alloc((size_t)T, nb, AT(60));
  upcr_shared_ptr_t perm = upcr_all_alloc((size_t)T, sizeof(int), AT(60));
  *(int *)upcr_shared_to_local(upcr_add_shared(perm, sizeof(int), me, 1)) =
      (me + 1) % T;
  plain_barrier();
  const int nosync = UPC_IN_NOSYNC | UPC_OUT_MYSYNC;

  upcr_gasp_all_broadcast(perarr, one, nb, 0, AT(61));
  upcr_gasp_all_scatter(perarr, one, nb, 0, AT(62));
  upcr_gasp_all_gather(one, perarr, nb, 0, AT(63));
  upcr_gasp_all_gather_all(rows, perarr, nb, 0, AT(64));
  plain_barrier(); /* UPC_IN_NOSYNC: the program synchronizes */
  upcr_gasp_all_exchange(rows2, rows, nb, nosync, AT(65));
  upcr_gasp_all_permute(perarr2, perarr, upcr_shared_to_pshared(perm), nb, 0,
                        AT(66));
#define EXPECT_RELOC(NAME, LINE, DST, SRC, FLAGS)                              \
  rec_expect("GASP_UPC_ALL_" NAME " START ev.upc:" #LINE ":7 %s %s 8 %d",     \
             rec_pts(DST), rec_pts(SRC), FLAGS);                               \
  rec_expect("GASP_UPC_ALL_" NAME " END ev.upc:" #LINE ":7 %s %s 8 %d",       \
             rec_pts(DST), rec_pts(SRC), FLAGS)
  EXPECT_RELOC("BROADCAST", 61, perarr, one, 0);
  EXPECT_RELOC("SCATTER", 62, perarr, one, 0);
  EXPECT_RELOC("GATHER", 63, one, perarr, 0);
  EXPECT_RELOC("GATHER_ALL", 64, rows, perarr, 0);
  EXPECT_RELOC("EXCHANGE", 65, rows2, rows, 9);
#undef EXPECT_RELOC
  rec_expect("GASP_UPC_ALL_PERMUTE START ev.upc:66:7 %s %s %s 8 0",
             rec_pts(perarr2), rec_pts(perarr), rec_pts(perm));
  rec_expect("GASP_UPC_ALL_PERMUTE END ev.upc:66:7 %s %s %s 8 0",
             rec_pts(perarr2), rec_pts(perarr), rec_pts(perm));
  rec_done();
  upcr_all_free(perarr, AT(67));
  upcr_all_free(one, AT(67));
  upcr_all_free(rows, AT(67));
  upcr_all_free(rows2, AT(67));
  upcr_all_free(perarr2, AT(67));
  upcr_all_free(perm, AT(67));
}

/* ---- reductions: the element type of every suffix ------------------------ */

static int add_int(int a, int b) { return a + b; }

#define REDUCE_CASE(SUFFIX, TYPE, LINE)                                        \
  do {                                                                         \
    upcr_shared_ptr_t src = upcr_all_alloc((size_t)T, sizeof(TYPE), AT(70));   \
    upcr_shared_ptr_t dst = upcr_all_alloc(1, sizeof(TYPE), AT(70));           \
    upcr_shared_ptr_t pre = upcr_all_alloc((size_t)T, sizeof(TYPE), AT(70));   \
    *(TYPE *)upcr_shared_to_local(                                             \
        upcr_add_shared(src, sizeof(TYPE), me, 1)) = (TYPE)1;                  \
    upcr_gasp_all_reduce##SUFFIX(dst, src, UPC_ADD, (size_t)T, 1, NULL, 0,     \
                                 AT(LINE));                                    \
    upcr_gasp_all_prefix_reduce##SUFFIX(pre, src, UPC_MAX, (size_t)T, 1, NULL, \
                                        UPC_OUT_MYSYNC, AT(LINE + 1));         \
    rec_expect("GASP_UPC_ALL_REDUCE START ev.upc:%d:7 %s %s %d %d 1 %p 0 R_"   \
               #SUFFIX, LINE, rec_pts(dst), rec_pts(src), UPC_ADD, T,          \
               (void *)NULL);                                                  \
    rec_expect("GASP_UPC_ALL_REDUCE END ev.upc:%d:7 %s %s %d %d 1 %p 0 R_"     \
               #SUFFIX, LINE, rec_pts(dst), rec_pts(src), UPC_ADD, T,          \
               (void *)NULL);                                                  \
    rec_expect("GASP_UPC_ALL_PREFIX_REDUCE START ev.upc:%d:7 %s %s %d %d 1 "   \
               "%p 8 R_" #SUFFIX, LINE + 1, rec_pts(pre), rec_pts(src),        \
               UPC_MAX, T, (void *)NULL);                                      \
    rec_expect("GASP_UPC_ALL_PREFIX_REDUCE END ev.upc:%d:7 %s %s %d %d 1 %p "  \
               "8 R_" #SUFFIX, LINE + 1, rec_pts(pre), rec_pts(src), UPC_MAX, \
               T, (void *)NULL);                                               \
    rec_done();                                                                \
    if (me == 0)                                                               \
      CHECK(*(TYPE *)upcr_shared_to_local(dst) == (TYPE)T);                    \
    plain_barrier();                                                           \
    upcr_all_free(src, AT(70));                                                \
    upcr_all_free(dst, AT(70));                                                \
    upcr_all_free(pre, AT(70));                                                \
  } while (0)

static void test_reduce(void) {
  REDUCE_CASE(C, signed char, 71);
  REDUCE_CASE(UC, unsigned char, 73);
  REDUCE_CASE(S, short, 75);
  REDUCE_CASE(US, unsigned short, 77);
  REDUCE_CASE(I, int, 79);
  REDUCE_CASE(UI, unsigned int, 81);
  REDUCE_CASE(L, long, 83);
  REDUCE_CASE(UL, unsigned long, 85);
  REDUCE_CASE(F, float, 87);
  REDUCE_CASE(D, double, 89);
  REDUCE_CASE(LD, long double, 91);

  /* A user function: passed as void *. */
  upcr_shared_ptr_t src = upcr_all_alloc((size_t)T, sizeof(int), AT(93));
  upcr_shared_ptr_t dst = upcr_all_alloc(1, sizeof(int), AT(93));
  *(int *)upcr_shared_to_local(upcr_add_shared(src, sizeof(int), me, 1)) = 2;
  upcr_gasp_all_reduceI(dst, src, UPC_FUNC, (size_t)T, 1, add_int, 0,
                        AT(94));
  rec_expect("GASP_UPC_ALL_REDUCE START ev.upc:94:7 %s %s %d %d 1 %p 0 R_I",
             rec_pts(dst), rec_pts(src), UPC_FUNC, T,
             (void *)(uintptr_t)add_int);
  rec_expect("GASP_UPC_ALL_REDUCE END ev.upc:94:7 %s %s %d %d 1 %p 0 R_I",
             rec_pts(dst), rec_pts(src), UPC_FUNC, T,
             (void *)(uintptr_t)add_int);
  rec_done();
  if (me == 0)
    CHECK_EQ(*(int *)upcr_shared_to_local(dst), 2 * T);
  plain_barrier();
  upcr_all_free(src, AT(95));
  upcr_all_free(dst, AT(95));
}

/* ---- scoped events ------------------------------------------------------- */

static int scoped(int early) {
  UPCR_GASP_FUNCTION_SCOPE("int scoped(int early)", AT(100));
  {
    UPCR_GASP_FORALL_SCOPE(AT(101));
    for (int i = 0; i < 3; ++i)
      if (early && i == 1)
        return 1; /* leaves both scopes */
  }
  return 0;
}

static void test_scopes(void) {
  CHECK_EQ(scoped(0), 0);
  CHECK_EQ(scoped(1), 1);
  for (int k = 0; k < 2; ++k) {
    rec_expect("GASP_C_FUNC START ev.upc:100:7 \"int scoped(int early)\"");
    rec_expect("GASP_UPC_FORALL START ev.upc:101:7");
    rec_expect("GASP_UPC_FORALL END ev.upc:101:7");
    rec_expect("GASP_C_FUNC END ev.upc:100:7 \"int scoped(int early)\"");
  }
  rec_done();

  /* A scope begun without a context raises no END, even if a context
   * exists when it ends. */
  gasp_context_t saved = upcri_gasp_context;
  upcri_gasp_context = NULL;
  upcri_gasp_scope_t s = upcri_gasp_scope_begin(GASP_UPC_FORALL, NULL,
                                                AT(102));
  upcri_gasp_context = saved;
  CHECK(!s.active);
  upcri_gasp_scope_end(&s);
  rec_done();
}

/* ---- C memory ------------------------------------------------------------ */

static void test_cmem(void) {
  char *p = upcr_gasp_c_malloc(24, AT(110));
  CHECK(p != NULL);
  memset(p, 1, 24);
  uintptr_t old = (uintptr_t)p; /* p is indeterminate after realloc */
  char *q = upcr_gasp_c_realloc(p, 4096, AT(111));
  CHECK(q != NULL && q[23] == 1);
  upcr_gasp_c_free(q, AT(112));
  rec_expect("GASP_C_MALLOC START ev.upc:110:7 24");
  rec_expect("GASP_C_MALLOC END ev.upc:110:7 24 %p", (void *)old);
  rec_expect("GASP_C_REALLOC START ev.upc:111:7 %p 4096", (void *)old);
  rec_expect("GASP_C_REALLOC END ev.upc:111:7 %p 4096 %p", (void *)old,
             (void *)q);
  rec_expect("GASP_C_FREE START ev.upc:112:7 %p", (void *)q);
  rec_expect("GASP_C_FREE END ev.upc:112:7 %p", (void *)q);
  rec_done();
}

/* ---- user events and measurement control --------------------------------- */

static void test_user(void) {
  unsigned phase = upcr_gasp_create_event("phase", "%d");
  unsigned mark = pupc_create_event("mark", NULL);
  unsigned solo = pupc_create_event("solo"); /* PUPC proposal spelling */
  CHECK(phase >= GASP_UPC_USEREVT_START && mark >= GASP_UPC_USEREVT_START);
  CHECK(phase != mark && mark != solo);
  UPCR_GASP_USER_EVENT_ARGS(phase, GASP_START, AT(120), 42);
  UPCR_GASP_USER_EVENT_ARGS(phase, GASP_END, AT(121), 43);
  UPCR_GASP_USER_EVENT(mark, GASP_ATOMIC, AT(122));
  pupc_event_start(phase, 44);
  pupc_event_end(phase, 45);
  pupc_event_start(phase, 46);
  pupc_event_stop(phase, 47);
  pupc_event_atomic(solo);
  CHECK(pupc_control(0) != 0);
  CHECK_EQ(pupc_control(7), 0);
  CHECK_EQ(pupc_control(1), 7);
  rec_expect("create_event \"phase\" \"%%d\"");
  rec_expect("create_event \"mark\" NULL");
  rec_expect("create_event \"solo\" NULL");
  rec_expect("USER:phase START ev.upc:120:7 42");
  rec_expect("USER:phase END ev.upc:121:7 43");
  rec_expect("USER:mark ATOMIC ev.upc:122:7");
  rec_expect("va USER:phase START ?:0:0 44");
  rec_expect("va USER:phase END ?:0:0 45");
  rec_expect("va USER:phase START ?:0:0 46");
  rec_expect("va USER:phase END ?:0:0 47");
  rec_expect("va USER:solo ATOMIC ?:0:0");
  rec_expect("control 0 -> 1");
  rec_expect("control 7 -> 0");
  rec_expect("control 1 -> 7");
  rec_done();
}

/* ---- exits --------------------------------------------------------------- */

static void leave(int status) {
  UPCR_GASP_FUNCTION_SCOPE("void leave(int status)", AT(130));
  upcr_gasp_exit(status, AT(131));
}

static int user_main(int argc, char **argv) {
  UPCR_GASP_FUNCTION_SCOPE("int main(int argc, char **argv)", AT(1));
  T = THREADS;
  me = MYTHREAD;
  other = (me + 1) % T;

  /* gasp_init ran once on every thread before main; its changes to the
   * arguments are this thread's. */
  CHECK(upcri_gasp_context != NULL);
  CHECK_EQ(rec_init_calls(), T);
  char marker[32];
  snprintf(marker, sizeof marker, "tool-thread-%d", me);
  CHECK_EQ(argc, 3);
  CHECK(argv[argc] == NULL);
  CHECK(!strcmp(argv[argc - 1], marker));
  const char *mode = argv[1];
  rec_reset();

  if (!strcmp(mode, "status")) {
    rec_reset();
    if (me % 2 == 0) {
      rec_expect_at_exit("GASP_C_FUNC END ev.upc:1:7 \"int main(int argc, "
                         "char **argv)\"");
      rec_expect_at_exit("GASP_UPC_COLLECTIVE_EXIT START ev.upc:140:7 3");
      rec_expect_at_exit("GASP_UPC_COLLECTIVE_EXIT END ev.upc:140:7 3");
      return upcr_gasp_main_return(3, AT(140));
    }
    rec_expect_at_exit("GASP_C_FUNC END ev.upc:1:7 \"int main(int argc, "
                       "char **argv)\"");
    rec_expect_at_exit("GASP_UPC_COLLECTIVE_EXIT START ?:0:0 3");
    rec_expect_at_exit("GASP_UPC_COLLECTIVE_EXIT END ?:0:0 3");
    return 3;
  }
  if (!strcmp(mode, "exit")) {
    rec_expect_at_exit("GASP_C_FUNC START ev.upc:130:7 \"void leave(int "
                       "status)\"");
    rec_expect_at_exit("GASP_UPC_COLLECTIVE_EXIT START ev.upc:131:7 5");
    rec_expect_at_exit("GASP_UPC_COLLECTIVE_EXIT END ev.upc:131:7 5");
    leave(5);
  }
  if (!strcmp(mode, "global")) {
    if (me == 1 % T) {
      rec_expect_at_exit("GASP_UPC_NONCOLLECTIVE_EXIT ATOMIC ev.upc:150:7 9");
      upcr_gasp_global_exit(9, AT(150));
    }
    test_barrier(); /* never completes */
    return 1;
  }
  if (!strcmp(mode, "global-c")) {
    if (me == 1 % T) {
      rec_expect_at_exit("GASP_UPC_NONCOLLECTIVE_EXIT ATOMIC ?:0:0 9");
      upc_global_exit(9);
    }
    test_barrier(); /* never completes */
    return 1;
  }
  if (strcmp(mode, "all") != 0) {
    fprintf(stderr, "unknown mode %s\n", mode);
    return 2;
  }

  test_sync();
  test_alloc();
  test_locks();
  test_memops();
  test_access();
  test_collectives();
  test_reduce();
  test_scopes();
  test_cmem();
  test_user();
  plain_barrier();
  if (me == 0)
    printf("gasp_events: %d threads ok\n", T);
  rec_expect_at_exit("GASP_C_FUNC END ev.upc:1:7 \"int main(int argc, "
                     "char **argv)\"");
  rec_expect_at_exit("GASP_UPC_COLLECTIVE_EXIT START ev.upc:160:7 0");
  rec_expect_at_exit("GASP_UPC_COLLECTIVE_EXIT END ev.upc:160:7 0");
  return upcr_gasp_main_return(0, AT(160));
}

int main(int argc, char **argv) { return upcr_run(argc, argv, user_main); }
