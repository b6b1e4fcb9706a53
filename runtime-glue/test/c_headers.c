/*
 * c_headers.c - the C-side headers as translated code and plain C use them,
 * from the build tree's include/upc-instrument/runtime (then
 * include/upc-instrument for upc_types.h and upc_tick.h): they must not
 * pull in a C library header (so the user's feature-test macros still
 * apply), and the UPC-named functions must work.
 */
#include <upcr.h>
#include <upc.h>
#include <upc_castable.h>
#include <upc_collective.h>
#include <upc_relaxed.h>
#include <upc_strict.h>

#if defined(_FEATURES_H) || defined(__GLIBC__)
#error "the C-side UPC headers included a C library header"
#endif

#ifndef _GNU_SOURCE /* still takes effect: nothing froze the features yet */
#define _GNU_SOURCE
#endif
#include <stdio.h>
#include <string.h>
#include <upc_tick.h>

static int failures;
#define EXPECT(c)                                                              \
  do {                                                                         \
    if (!(c)) {                                                                \
      fprintf(stderr, "%s:%d: thread %d: %s\n", __FILE__, __LINE__, MYTHREAD,  \
              #c);                                                             \
      ++failures;                                                              \
    }                                                                          \
  } while (0)

static int user_main(int argc, char **argv) {
  (void)argc;
  (void)argv;
  upcr_shared_ptr_t a = upc_all_alloc((size_t)THREADS, sizeof(long));
  EXPECT(upc_threadof(a) == 0 && upc_phaseof(a) == 0);
  upcr_shared_ptr_t mine = upcr_add_shared(a, sizeof(long), MYTHREAD, 1);
  EXPECT(upc_threadof(mine) == (size_t)MYTHREAD);
  EXPECT(upc_addrfield(mine) == upc_addrfield(a));
  EXPECT(upc_phaseof(upc_resetphase(mine)) == 0);
  long v = 10 + MYTHREAD;
  upc_memput(mine, &v, sizeof v);
  upcr_shared_ptr_t sum = upc_all_alloc(1, sizeof(long));
  upc_all_reduceL(sum, a, UPC_ADD, (size_t)THREADS, 1, NULL,
                  UPC_IN_ALLSYNC | UPC_OUT_ALLSYNC);
  long total;
  upc_memget(&total, sum, sizeof total);
  long expect = 0;
  for (int t = 0; t < THREADS; ++t)
    expect += 10 + t;
  EXPECT(total == expect);
  upcr_pshared_ptr_t l = upc_all_lock_alloc();
  upc_lock(l);
  upc_unlock(l);
  upcr_barrier(0, UPCR_BARRIERFLAG_ANONYMOUS, UPCR_SRCPOS_UNKNOWN);
  upc_all_lock_free(l);
  upcr_shared_ptr_t p = upc_alloc(100);
  upc_memset(p, 1, 100);
  upc_free(p);
  upc_tick_t t0 = upc_ticks_now();
  upc_poll();
  EXPECT(upc_ticks_now() >= t0);
  /* Berkeley UPC's extensions (bupc_extensions.h, which upc.h includes):
   * the values of every thread, two longs at a time, then one by one. */
  upcr_barrier(0, UPCR_BARRIERFLAG_ANONYMOUS, UPCR_SRCPOS_UNKNOWN);
  long all[UPCR_MAX_THREADS > 64 ? 64 : UPCR_MAX_THREADS];
  int n = THREADS < 64 ? THREADS : 64;
  bupc_handle_t h = bupc_memget_fstrided_async(all, sizeof(long),
                                               sizeof(long), 1, a,
                                               sizeof(long), sizeof(long), 1);
  bupc_waitsync(h);
  EXPECT(all[0] == 10);
  bupc_smemvec_t from[64];
  bupc_pmemvec_t into = {all, (size_t)n * sizeof(long)};
  for (int t = 0; t < n; ++t) {
    from[t].addr = upcr_add_shared(a, sizeof(long), t, 1);
    from[t].len = sizeof(long);
  }
  bupc_memget_vlist(1, &into, (size_t)n, from);
  for (int t = 0; t < n; ++t)
    EXPECT(all[t] == 10 + t);
  EXPECT(bupc_thread_distance(MYTHREAD, MYTHREAD) == BUPC_THREADS_SAME);
  EXPECT(bupc_ticks_to_us(bupc_ticks_now()) >= upc_ticks_to_ns(t0) / 1000);
  long *local = upc_cast(mine);
  if (local)
    EXPECT(upc_threadof(bupc_inverse_cast(local)) == (size_t)MYTHREAD);
  upc_all_free(sum);
  upc_all_free(a);
  if (MYTHREAD == 0 && !failures)
    printf("c_headers: %d threads ok\n", THREADS);
  return failures != 0;
}

int main(int argc, char **argv) { return upcr_run(argc, argv, user_main); }
