/*
 * ptrarith.c - upcr.h's pointer-to-shared arithmetic and subtraction, for
 * block sizes 1, N and indefinite, THREADS 1..5, positive and negative
 * increments, against a brute-force model of UPC's layout: element i of an
 * array of blocks of B elements is on thread (i / B) % THREADS, at element
 * offset (i / B / THREADS) * B + i % B there, with phase i % B.
 *
 * Pure arithmetic: it sets THREADS itself and does not start threads.
 */
#include "upcr.h"

#include "testlib.h"

typedef struct model {
  long long thread, offset, phase; /* offset in elements */
} model_t;

/* Element `index` of an array with block size b (0: indefinite) starting
 * at thread 0, offset base (elements). */
static model_t model(long long index, long long b, long long threads,
                     long long base) {
  model_t m;
  if (b == 0) {
    m.thread = 0;
    m.offset = base + index;
    m.phase = 0;
    return m;
  }
  long long block = index / b;
  m.thread = block % threads;
  m.offset = base + (block / threads) * b + index % b;
  m.phase = index % b;
  return m;
}

static void check_model(const char *what, long long thread, long long offset,
                        long long phase, model_t m, long long elemsz,
                        long long from, long long inc, long long b,
                        int threads) {
  if (thread != m.thread || offset != m.offset * elemsz || phase != m.phase) {
    fprintf(stderr,
            "%s: THREADS=%d block=%lld elemsz=%lld: element %lld + %lld gave "
            "(thread %lld, offset %lld, phase %lld), expected (%lld, %lld, "
            "%lld)\n",
            what, threads, b, elemsz, from, inc, thread, offset, phase,
            m.thread, m.offset * elemsz, m.phase);
    exit(1);
  }
}

int main(void) {
  static const long long blocks[] = {1, 2, 3, 5, 7};
  static const long long sizes[] = {1, 4, 8, 24};
  const long long base = 1; /* elements: offset 0 would be null */
  const long long n = 60;
  long long checks = 0;
  for (int threads = 1; threads <= 5; ++threads) {
    upcri_threads = threads;
    for (size_t si = 0; si < sizeof sizes / sizeof *sizes; ++si) {
      long long e = sizes[si];
      /* Blocked (upcr_add_shared / upcr_sub_shared). */
      for (size_t bi = 0; bi < sizeof blocks / sizeof *blocks; ++bi) {
        long long b = blocks[bi];
        for (long long i = 0; i < n; ++i) {
          model_t mi = model(i, b, threads, base);
          upcr_shared_ptr_t p = {(upcr_offset_t)(mi.offset * e),
                                 (upcr_thread_t)mi.thread,
                                 (upcr_phase_t)mi.phase};
          for (long long j = 0; j < n; ++j) {
            model_t mj = model(j, b, threads, base);
            upcr_shared_ptr_t q =
                upcr_add_shared(p, (size_t)e, (ptrdiff_t)(j - i), (size_t)b);
            check_model("upcr_add_shared", q.thread, (long long)q.offset,
                        q.phase, mj, e, i, j - i, b, threads);
            CHECK_EQ(upcr_sub_shared(q, p, (size_t)e, (size_t)b), j - i);
            CHECK_EQ(upcr_sub_shared(p, q, (size_t)e, (size_t)b), i - j);
            ++checks;
          }
        }
      }
      /* Block size 1, phaseless (upcr_add_pshared1 / upcr_sub_pshared1). */
      for (long long i = 0; i < n; ++i) {
        model_t mi = model(i, 1, threads, base);
        upcr_pshared_ptr_t p = {(upcr_offset_t)(mi.offset * e),
                                (upcr_thread_t)mi.thread, 0};
        for (long long j = 0; j < n; ++j) {
          model_t mj = model(j, 1, threads, base);
          upcr_pshared_ptr_t q =
              upcr_add_pshared1(p, (size_t)e, (ptrdiff_t)(j - i));
          check_model("upcr_add_pshared1", q.thread, (long long)q.offset, 0,
                      mj, e, i, j - i, 1, threads);
          CHECK_EQ(upcr_sub_pshared1(q, p, (size_t)e), j - i);
          ++checks;
        }
      }
      /* Indefinite (upcr_add_psharedI / upcr_sub_psharedI), on a thread
       * other than 0 too. */
      for (long long t = 0; t < threads; ++t)
        for (long long i = 0; i < n; ++i) {
          upcr_pshared_ptr_t p = {(upcr_offset_t)((base + i) * e),
                                  (upcr_thread_t)t, 0};
          for (long long j = 0; j < n; ++j) {
            upcr_pshared_ptr_t q =
                upcr_add_psharedI(p, (size_t)e, (ptrdiff_t)(j - i));
            model_t mj = model(j, 0, threads, base);
            mj.thread = t;
            check_model("upcr_add_psharedI", q.thread, (long long)q.offset, 0,
                        mj, e, i, j - i, 0, threads);
            CHECK_EQ(upcr_sub_psharedI(q, p, (size_t)e), j - i);
            ++checks;
          }
        }
    }
  }
  /* Conversions keep what they should. */
  upcr_shared_ptr_t s = {48, 2, 3};
  CHECK_EQ(upcr_shared_resetphase(s).phase, 0);
  CHECK_EQ(upcr_shared_reblock(s, 4, 4).phase, 3);
  CHECK_EQ(upcr_shared_reblock(s, 4, 8).phase, 0);
  CHECK_EQ(upcr_shared_to_pshared(s).offset, 48);
  CHECK(upcr_isnull_shared(UPCR_NULL_SHARED));
  CHECK(!upcr_isnull_shared(s));
  CHECK(upcr_isequal_shared_shared(s, upcr_shared_resetphase(s)));
  printf("ptrarith: %lld checks passed\n", checks);
  return 0;
}
