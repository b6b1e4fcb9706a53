/*
 * alloc.c - the shared heap: upc_all_alloc, upc_global_alloc, upc_alloc,
 * upc_free (also of another thread's memory), upc_all_free, reuse of freed
 * space, zero-size requests, upc_affinitysize. Run with a small heap
 * (UPC_SHARED_HEAP_SIZE=1MB from CMake) so that symmetric and per-thread
 * allocations meet.
 *
 * With an argument, one expected failure: exhaust-all, exhaust-global,
 * exhaust-local, bad-free, double-free, free-lock.
 */
#include "upcr.h"

#include "testlib.h"
#include "upc.h"

/* shared upcr_shared_ptr_t results[THREADS]; (block size 1) */
upcr_pshared_ptr_t results;

static void UPCRI_ALLOC_alloc_77(void) {
  upcr_startup_pshalloc_t pinfos[] = {
      {&results, sizeof(upcr_shared_ptr_t), 1, 1, sizeof(upcr_shared_ptr_t),
       "results", "shared void *shared[THREADS]"},
  };
  upcr_startup_pshalloc(pinfos, 1);
}
UPCR_REGISTER_FILE(upcri_file_alloc, "alloc.upc", 0, UPCRI_ALLOC_alloc_77, 0);

static upcr_pshared_ptr_t result_of(int t) {
  return upcr_add_pshared1(results, sizeof(upcr_shared_ptr_t), t);
}
static void publish(upcr_shared_ptr_t p) {
  UPCR_PUT_PSHARED_VALUE(upcr_shared_ptr_t, result_of(MYTHREAD), 0, p);
}
static upcr_shared_ptr_t published(int t) {
  return UPCR_GET_PSHARED_VALUE(upcr_shared_ptr_t, result_of(t), 0);
}

static unsigned char pattern(long long index, int salt) {
  return (unsigned char)(index * 31 + salt * 7 + 1);
}

/* Fills (or checks) the bytes of a blocked allocation that have affinity to
 * the calling thread. */
static void touch_blocked(upcr_shared_ptr_t p, size_t nblocks, size_t nbytes,
                          int salt, int check) {
  for (long long i = 0; i < (long long)(nblocks * nbytes); ++i) {
    upcr_shared_ptr_t e = upcr_add_shared(p, 1, (ptrdiff_t)i, nbytes);
    if ((int)e.thread != MYTHREAD && !check)
      continue;
    if (check)
      CHECK_EQ(UPCR_GET_SHARED_VALUE(unsigned char, e, 0), pattern(i, salt));
    else
      UPCR_PUT_SHARED_VALUE(unsigned char, e, 0, pattern(i, salt));
  }
}

static UPCR_NORETURN void expected_failure(const char *mode) {
  upcr_srcpos_t pos = UPCR_SRCPOS("heap.upc", 12, 5);
  if (!strcmp(mode, "exhaust-all")) {
    upcr_all_alloc(100 * (size_t)THREADS, 1 << 20, pos);
  } else if (!strcmp(mode, "exhaust-global")) {
    if (MYTHREAD == THREADS - 1)
      upcr_global_alloc(3 * (size_t)THREADS, 400 << 10, pos);
    test_barrier();
  } else if (!strcmp(mode, "exhaust-local")) {
    /* Fill the heap with symmetric data, then ask for a little more
     * locally. */
    upcr_all_alloc((size_t)THREADS, 900 << 10, HERE);
    if (MYTHREAD == THREADS - 1)
      for (;;)
        upcr_alloc(50 << 10, pos);
    test_barrier();
  } else if (!strcmp(mode, "bad-free")) {
    if (MYTHREAD == 0)
      upcr_free(upcr_pshared_to_shared(results), pos);
    test_barrier();
  } else if (!strcmp(mode, "double-free")) {
    if (MYTHREAD == 0) {
      upcr_shared_ptr_t p = upcr_alloc(100, HERE);
      upcr_free(p, HERE);
      upcr_free(p, pos);
    }
    test_barrier();
  } else if (!strcmp(mode, "free-lock")) {
    if (MYTHREAD == 0)
      upcr_free(upcr_pshared_to_shared(upcr_global_lock_alloc(HERE)), pos);
    test_barrier();
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

  /* upc_all_alloc: the same pointer everywhere, first block on thread 0. */
  size_t nblocks = 2 * (size_t)T + 1, nbytes = 24;
  upcr_shared_ptr_t a = upcr_all_alloc(nblocks, nbytes, HERE);
  CHECK(!upcr_isnull_shared(a));
  CHECK_EQ(a.thread, 0);
  CHECK_EQ(a.phase, 0);
  publish(a);
  test_barrier();
  for (int t = 0; t < T; ++t)
    CHECK(upcr_isequal_shared_shared(published(t), a));
  touch_blocked(a, nblocks, nbytes, 1, 0);
  test_barrier();
  touch_blocked(a, nblocks, nbytes, 1, 1);

  /* upc_global_alloc by one thread: the same layout; others use it. */
  if (me == T - 1) {
    upcr_shared_ptr_t g = upcr_global_alloc(3 * (size_t)T, 40, HERE);
    CHECK_EQ(g.thread, 0);
    CHECK(g.offset != a.offset);
    publish(g);
  }
  test_barrier();
  upcr_shared_ptr_t g = published(T - 1);
  touch_blocked(g, 3 * (size_t)T, 40, 2, 0);
  test_barrier();
  touch_blocked(g, 3 * (size_t)T, 40, 2, 1);
  touch_blocked(a, nblocks, nbytes, 1, 1); /* untouched by g */
  test_barrier();

  /* upc_alloc: the caller's own memory; another thread frees it. */
  upcr_shared_ptr_t mine = upcr_alloc(1000, HERE);
  CHECK_EQ(mine.thread, me);
  memset(upcr_shared_to_local(mine), me + 1, 1000);
  publish(mine);
  test_barrier();
  upcr_shared_ptr_t left = published((me + 1) % T);
  unsigned char buf[1000];
  upcr_memget(buf, left, sizeof buf, HERE);
  for (size_t i = 0; i < sizeof buf; ++i)
    CHECK_EQ(buf[i], (me + 1) % T + 1);
  test_barrier();
  upcr_free(left, HERE); /* another thread's upc_alloc memory */
  test_barrier();
  /* Freed space is reused (first fit): the same size lands at the same
   * place again. */
  upcr_shared_ptr_t again = upcr_alloc(1000, HERE);
  CHECK_EQ(again.thread, me);
  CHECK_EQ(again.offset, mine.offset);
  upcr_free(again, HERE);

  /* Zero bytes: the null pointer (UPC 1.3 allows it); freeing null is a
   * no-op. */
  CHECK(upcr_isnull_shared(upcr_alloc(0, HERE)));
  CHECK(upcr_isnull_shared(upcr_global_alloc(0, 10, HERE)));
  CHECK(upcr_isnull_shared(upcr_all_alloc(5, 0, HERE)));
  upcr_free(UPCR_NULL_SHARED, HERE);
  upcr_all_free(UPCR_NULL_SHARED, HERE);

  /* Symmetric and local allocations share the 1 MB heap: 300 KB locally,
   * 300 KB symmetric, 300 KB locally again all fit. */
  upcr_shared_ptr_t l1 = upcr_alloc(300 << 10, HERE);
  upcr_shared_ptr_t s1 = upcr_all_alloc((size_t)T, 300 << 10, HERE);
  upcr_shared_ptr_t l2 = upcr_alloc(300 << 10, HERE);
  CHECK(s1.offset + (300 << 10) <= l2.offset);
  CHECK(l2.offset + (300 << 10) <= l1.offset);
  upcr_free(l2, HERE);
  upcr_free(l1, HERE);
  upcr_all_free(s1, HERE);

  /* Churn: many local allocations of varied sizes, written, checked and
   * freed in a scrambled order while thread 0 also allocates globally. */
  enum { N = 64 };
  upcr_shared_ptr_t ps[N];
  size_t sizes[N];
  for (int round = 0; round < 4; ++round) {
    for (int i = 0; i < N; ++i) {
      sizes[i] = (size_t)(1 + (i * 97 + round * 13 + me * 7) % 3000);
      ps[i] = upcr_alloc(sizes[i], HERE);
      memset(upcr_shared_to_local(ps[i]), (i + me) & 0xff, sizes[i]);
    }
    upcr_shared_ptr_t gg = UPCR_NULL_SHARED;
    if (me == 0)
      gg = upcr_global_alloc((size_t)T, 5000, HERE);
    for (int k = 0; k < N; ++k) {
      int i = (k * 37 + round) % N;
      unsigned char *b = upcr_shared_to_local(ps[i]);
      for (size_t j = 0; j < sizes[i]; ++j)
        CHECK_EQ(b[j], (i + me) & 0xff);
      upcr_free(ps[i], HERE);
    }
    if (me == 0)
      upcr_free(gg, HERE);
  }
  test_barrier();

  /* Everything was given back: the whole heap is available again. */
  upcr_shared_ptr_t big = upcr_all_alloc((size_t)T, 1000 << 10, HERE);
  upcr_all_free(big, HERE);
  upcr_all_free(a, HERE);
  if (me == 0)
    upcr_free(g, HERE);
  test_barrier();

  /* upc_affinitysize, against a count of the layout. */
  for (size_t total = 0; total < 200; total += 7)
    for (size_t nb = 1; nb < 20; nb += 3)
      for (int t = 0; t < T; ++t) {
        size_t count = 0;
        for (size_t i = 0; i < total; ++i)
          if ((int)((i / nb) % (size_t)T) == t)
            ++count;
        CHECK_EQ(upc_affinitysize(total, nb, (size_t)t), count);
      }
  if (me == 0)
    printf("alloc: %d threads ok\n", T);
  return 0;
}

int main(int argc, char **argv) { return upcr_run(argc, argv, user_main); }
