/*
 * reduce.c - upc_all_reduceT and upc_all_prefix_reduceT for every type
 * suffix and every operation, block sizes 0 (indefinite), 1, 3, 64 and
 * 1024, src and dst starting at thread 0 / phase 0 and elsewhere (nonzero
 * thread and phase), lengths from 1 (fewer elements than threads) to 2100
 * (several blocks per thread, not a multiple of the block size; large
 * enough for the split reduction of the built-in operations, where with
 * 1024-element blocks some threads have no element), against a serial left
 * fold: exact for integers and for UPC_FUNC / UPC_NONCOMM_FUNC, within
 * rounding for floating UPC_ADD / UPC_MULT. UPC_NONCOMM_FUNC uses a
 * function that is neither commutative nor associative, so any combination
 * out of index order shows.
 *
 * With UPC_TEST_WORKLOAD=small (MPI and sanitizer runs, where every
 * collective is slow), each type and operation runs one in five of the
 * (block, start, length) combinations, a different fifth for each: every
 * combination still runs for some type and operation.
 *
 * With an argument, one expected failure: float-and, bad-op.
 */
#include <float.h>

#include "upcr.h"

#include "testlib.h"
#include "upc_types.h"

static __thread int T, me;
static __thread long long combos;
static __thread int small;   /* UPC_TEST_WORKLOAD=small */
static __thread int rotation; /* which fifth runs, when small */

static const int blks[] = {0, 1, 3, 64, 1024};
static const int lengths[] = {1, 3, 10, 37, 2100};
#define NBLKS (int)(sizeof blks / sizeof blks[0])
#define NLENGTHS (int)(sizeof lengths / sizeof lengths[0])
#define MAXLEN 2100
#define MAXE 3100 /* elements per thread in the test arrays */

/* got equals expected, or for floating types (eps: the type's epsilon) is
 * within the rounding of n operations done in another order. */
static int close_enough(long double got, long double expected, int n,
                        long double eps) {
  if (got == expected)
    return 1;
  if (eps == 0)
    return 0;
  long double diff = got > expected ? got - expected : expected - got;
  long double mag = expected < 0 ? -expected : expected;
  return diff <= 4 * n * eps * mag;
}

/* Position of element i of a blocked array from p (blk 0: indefinite). */
static upcr_shared_ptr_t at(upcr_shared_ptr_t p, size_t e, int i, int blk) {
  if (blk == 0) {
    p.offset += (upcr_offset_t)i * e;
    return p;
  }
  return upcr_add_shared(p, e, i, (size_t)blk);
}

/* A start pointer for variant v: thread 0 phase 0, or another thread and,
 * when blocks allow, phase 1. */
static upcr_shared_ptr_t start(upcr_shared_ptr_t base, size_t e, int blk,
                               int v, int shift) {
  upcr_shared_ptr_t p = base;
  if (v == 0)
    return p;
  p.thread = (upcr_thread_t)((1 + shift) % T);
  if (blk > 1) {
    p.phase = 1;
    p.offset += e;
  }
  return p;
}

#define DEFINE_TYPE_TEST(SUF, TYPE, ISFLOAT)                                   \
  static TYPE comm_##SUF(TYPE a, TYPE b) {                                     \
    return ISFLOAT ? (TYPE)(a + b)                                             \
                   : (TYPE)((unsigned long long)a + (unsigned long long)b);    \
  }                                                                            \
  static TYPE noncomm_##SUF(TYPE a, TYPE b) {                                  \
    return ISFLOAT ? (TYPE)(a * (TYPE)0.5 + b)                                 \
                   : (TYPE)((unsigned long long)a * 2u +                       \
                            (unsigned long long)b);                            \
  }                                                                            \
  static TYPE value_##SUF(int i) {                                             \
    if (ISFLOAT)                                                               \
      return (TYPE)((i % 5) * 0.5 + 0.25);                                     \
    return (TYPE)((i * 7 + 3) % 11 - 3);                                       \
  }                                                                            \
  static TYPE ref_step_##SUF(TYPE a, TYPE x, int op) {                         \
    switch (op) {                                                              \
    case UPC_ADD:                                                              \
      return comm_##SUF(a, x);                                                 \
    case UPC_MULT:                                                             \
      return ISFLOAT ? (TYPE)(a * x)                                           \
                     : (TYPE)((unsigned long long)a *                          \
                              (unsigned long long)x);                          \
    case UPC_AND:                                                              \
      return (TYPE)((unsigned long long)a & (unsigned long long)x);            \
    case UPC_OR:                                                               \
      return (TYPE)((unsigned long long)a | (unsigned long long)x);            \
    case UPC_XOR:                                                              \
      return (TYPE)((unsigned long long)a ^ (unsigned long long)x);            \
    case UPC_LOGAND:                                                           \
      return (TYPE)(a != 0 && x != 0);                                         \
    case UPC_LOGOR:                                                            \
      return (TYPE)(a != 0 || x != 0);                                         \
    case UPC_MIN:                                                              \
      return x < a ? x : a;                                                    \
    case UPC_MAX:                                                              \
      return x > a ? x : a;                                                    \
    case UPC_FUNC:                                                             \
      return comm_##SUF(a, x);                                                 \
    default:                                                                   \
      return noncomm_##SUF(a, x);                                              \
    }                                                                          \
  }                                                                            \
  static void test_##SUF(void) {                                               \
    const size_t e = sizeof(TYPE);                                             \
    upcr_shared_ptr_t sbase = upcr_all_alloc((size_t)T, MAXE * e, HERE);       \
    upcr_shared_ptr_t dbase = upcr_all_alloc((size_t)T, MAXE * e, HERE);       \
    const long double eps = !ISFLOAT                   ? 0                     \
                            : sizeof(TYPE) == sizeof(float) ? FLT_EPSILON      \
                            : sizeof(TYPE) == sizeof(double) ? DBL_EPSILON     \
                                                             : LDBL_EPSILON;   \
    static __thread TYPE ref[MAXLEN];                                          \
    for (int op = UPC_ADD; op <= UPC_NONCOMM_FUNC; op <<= 1) {                  \
      if (ISFLOAT && (op == UPC_AND || op == UPC_OR || op == UPC_XOR))         \
        continue;                                                              \
      TYPE (*func)(TYPE, TYPE) = op == UPC_FUNC           ? comm_##SUF         \
                                 : op == UPC_NONCOMM_FUNC ? noncomm_##SUF      \
                                                          : 0;                 \
      ++rotation;                                                              \
      for (int bi = 0; bi < NBLKS; ++bi)                                       \
        for (int v = 0; v < 2; ++v)                                            \
          for (int li = 0; li < NLENGTHS; ++li) {                              \
            if (small && (bi * 2 * NLENGTHS + v * NLENGTHS + li) % 5 !=        \
                             rotation % 5)                                     \
              continue;                                                        \
            int blk = blks[bi], n = lengths[li];                               \
            upcr_shared_ptr_t src = start(sbase, e, blk, v, 0);                \
            upcr_shared_ptr_t dst = start(dbase, e, blk, v, T - 1);            \
            TYPE acc = 0;                                                      \
            for (int i = 0; i < n; ++i) {                                      \
              TYPE x = value_##SUF(i + op);                                    \
              upcr_shared_ptr_t p = at(src, e, i, blk);                        \
              if ((int)p.thread == me)                                         \
                UPCR_PUT_SHARED_VALUE(TYPE, p, 0, x);                          \
              if (i == 0)                                                      \
                acc = (op == UPC_LOGAND || op == UPC_LOGOR) ? (TYPE)(x != 0)   \
                                                            : x;               \
              else                                                             \
                acc = ref_step_##SUF(acc, x, op);                              \
              ref[i] = acc;                                                    \
            }                                                                  \
            /* reduce: the result goes to one element, on thread T-1. */       \
            upcr_shared_ptr_t one = at(dbase, e, T - 1, 1);                    \
            upcr_all_reduce##SUF(one, src, op, (size_t)n, (size_t)blk, func,   \
                                 UPC_IN_ALLSYNC | UPC_OUT_ALLSYNC, HERE);      \
            TYPE got = UPCR_GET_SHARED_VALUE(TYPE, one, 0);                    \
            if (!close_enough(got, ref[n - 1], n, eps)) {                      \
              fprintf(stderr,                                                  \
                      "reduce" #SUF " op %d blk %d variant %d n %d: got "      \
                      "%Lg, expected %Lg\n",                                   \
                      op, blk, v, n, (long double)got,                         \
                      (long double)ref[n - 1]);                                \
              CHECK(close_enough(got, ref[n - 1], n, eps));                    \
            }                                                                  \
            test_barrier(); /* everyone read the result */                     \
            upcr_all_prefix_reduce##SUF(dst, src, op, (size_t)n, (size_t)blk,  \
                                        func, 0, HERE);                        \
            for (int i = 0; i < n; ++i) {                                      \
              TYPE g = UPCR_GET_SHARED_VALUE(TYPE, at(dst, e, i, blk), 0);     \
              if (!close_enough(g, ref[i], i + 1, eps)) {                      \
                fprintf(stderr,                                                \
                        "prefix_reduce" #SUF " op %d blk %d variant %d n %d "  \
                        "element %d: got %Lg, expected %Lg\n",                 \
                        op, blk, v, n, i, (long double)g,                      \
                        (long double)ref[i]);                                  \
                CHECK(close_enough(g, ref[i], i + 1, eps));                    \
              }                                                                \
            }                                                                  \
            test_barrier(); /* before src and dst are rewritten */             \
            ++combos;                                                          \
          }                                                                    \
    }                                                                          \
    upcr_all_free(sbase, HERE);                                                \
    upcr_all_free(dbase, HERE);                                                \
  }

DEFINE_TYPE_TEST(C, signed char, 0)
DEFINE_TYPE_TEST(UC, unsigned char, 0)
DEFINE_TYPE_TEST(S, short, 0)
DEFINE_TYPE_TEST(US, unsigned short, 0)
DEFINE_TYPE_TEST(I, int, 0)
DEFINE_TYPE_TEST(UI, unsigned int, 0)
DEFINE_TYPE_TEST(L, long, 0)
DEFINE_TYPE_TEST(UL, unsigned long, 0)
DEFINE_TYPE_TEST(F, float, 1)
DEFINE_TYPE_TEST(D, double, 1)
DEFINE_TYPE_TEST(LD, long double, 1)

static int user_main(int argc, char **argv) {
  T = THREADS;
  me = MYTHREAD;
  const char *workload = getenv("UPC_TEST_WORKLOAD");
  small = workload && strcmp(workload, "small") == 0;
  if (argc > 1) {
    upcr_shared_ptr_t a = upcr_all_alloc((size_t)T, 64, HERE);
    upcr_srcpos_t pos = UPCR_SRCPOS("sum.upc", 9, 1);
    if (!strcmp(argv[1], "float-and"))
      upcr_all_reduceD(a, a, UPC_AND, 4, 1, 0, 0, pos);
    else if (!strcmp(argv[1], "bad-op"))
      upcr_all_reduceI(a, a, 42, 4, 1, 0, 0, pos);
    fprintf(stderr, "the expected failure did not happen\n");
    return 1;
  }
  test_C();
  test_UC();
  test_S();
  test_US();
  test_I();
  test_UI();
  test_L();
  test_UL();
  test_F();
  test_D();
  test_LD();
  if (me == 0)
    printf("reduce: %d threads ok, %lld combinations\n", T, combos);
  return 0;
}

int main(int argc, char **argv) { return upcr_run(argc, argv, user_main); }
