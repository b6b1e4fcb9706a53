// <upc_atomic.h> (UPC 1.3, optional library, 7.6): every operation on every
// type the library lists, checked against the values a serial computation
// gives; contention (every thread applies UPC_INC, UPC_ADD and a UPC_CSWAP
// loop to one counter, a known number of times: the result is exact); and
// the misuses only the run can see, each an error at the call.
// RUN: %upcc -O2 -Wall -Werror %s -o %t
// RUN: %upcrun -n 1 %t | FileCheck %s --check-prefix=ONE
// RUN: %upcrun -n 2 %t | FileCheck %s --check-prefix=TWO
// RUN: %upcrun -n 4 %t | FileCheck %s --check-prefix=FOUR
// ONE: atomics: PASS on 1 thread
// TWO: atomics: PASS on 2 threads
// FOUR: atomics: PASS on 4 threads
// RUN: %if backend-mpi %{ env UPC_MPI_SHARED_MEMORY=0 %upcrun -n 2 %t | FileCheck %s --check-prefix=TWO %}
// Across two simulated nodes (test/tools/upcrun-nodes):
// RUN: %if simulated-nodes %{ %upcrun-nodes 2 1 %t | FileCheck %s --check-prefix=TWO %}
// RUN: %if simulated-nodes %{ %upcrun-nodes 2 2 %t | FileCheck %s --check-prefix=FOUR %}
// RUN: %if simulated-nodes %{ env OMPI_MCA_osc=sm,ucx %upcrun-nodes 2 2 %t | FileCheck %s --check-prefix=FOUR %}
//
// Misuses, at the call's position:
// RUN: not %upcrun -n 2 %t wrong-op 2>&1 | FileCheck %s --check-prefix=WRONG-OP
// RUN: not %upcrun -n 2 %t not-domain 2>&1 | FileCheck %s --check-prefix=NOT-DOMAIN
// RUN: not %upcrun -n 1 %t bad-type 2>&1 | FileCheck %s --check-prefix=BAD-TYPE
// RUN: not %upcrun -n 1 %t unaligned 2>&1 | FileCheck %s --check-prefix=UNALIGNED
// RUN: not %upcrun -n 1 %t freed 2>&1 | FileCheck %s --check-prefix=FREED

#include <upc_atomic.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "Inputs/check.uph"

#if !defined(__UPC_ATOMIC__) || __UPC_ATOMIC__ != 1
#error __UPC_ATOMIC__ must be 1
#endif

#define ALL_OPS                                                                \
  (UPC_GET | UPC_SET | UPC_CSWAP | UPC_AND | UPC_OR | UPC_XOR | UPC_ADD |     \
   UPC_SUB | UPC_MULT | UPC_INC | UPC_DEC | UPC_MIN | UPC_MAX)
#define NUMERIC_OPS                                                            \
  (UPC_GET | UPC_SET | UPC_CSWAP | UPC_ADD | UPC_SUB | UPC_MULT | UPC_INC |    \
   UPC_DEC | UPC_MIN | UPC_MAX)

/* One element per thread of each type, and the counters of the contention
 * test on thread 0. */
shared int v_int[THREADS];
shared unsigned int v_uint[THREADS];
shared long v_long[THREADS];
shared unsigned long v_ulong[THREADS];
shared int32_t v_int32[THREADS];
shared uint32_t v_uint32[THREADS];
shared int64_t v_int64[THREADS];
shared uint64_t v_uint64[THREADS];
shared float v_float[THREADS];
shared double v_double[THREADS];
shared int counted[THREADS];
shared long counter, cswapped;
shared double dsum;
shared int targets[THREADS];
shared void *shared pts[THREADS];

/* Values of any of the types, and the model of each operation: private C
 * (the translator does not yet translate UPC written inside macro bodies,
 * issue 13, so the UPC code below is written once for every type). */
typedef union value {
  int i;
  unsigned int ui;
  long l;
  unsigned long ul;
  int32_t i32;
  uint32_t u32;
  int64_t i64;
  uint64_t u64;
  float f;
  double d;
} value_t;

#define EACH_TYPE(X)                                                           \
  X(UPC_INT, i, 1) X(UPC_UINT, ui, 1) X(UPC_LONG, l, 1) X(UPC_ULONG, ul, 1)  \
  X(UPC_INT32, i32, 1) X(UPC_UINT32, u32, 1) X(UPC_INT64, i64, 1)            \
  X(UPC_UINT64, u64, 1) X(UPC_FLOAT, f, 0) X(UPC_DOUBLE, d, 0)

static value_t make(int type, int k) {
  value_t v;
  memset(&v, 0, sizeof v);
#define X(CODE, M, INT)                                                        \
  if (type == CODE)                                                            \
    v.M = (__typeof__(v.M))k;
  EACH_TYPE(X)
#undef X
  return v;
}

static int same(int type, value_t a, value_t b) {
#define X(CODE, M, INT)                                                        \
  if (type == CODE)                                                            \
    return a.M == b.M;
  EACH_TYPE(X)
#undef X
  return 0;
}

/* The value op gives from old and the operand (unsigned arithmetic wraps;
 * the values stay small enough for the signed types). */
static value_t model(int type, int op, value_t old, value_t a) {
  value_t r = old;
#define BITS(M, INT)                                                           \
  if (INT && op == UPC_AND) r.M = (__typeof__(r.M))((long long)old.M & (long long)a.M); \
  if (INT && op == UPC_OR) r.M = (__typeof__(r.M))((long long)old.M | (long long)a.M);  \
  if (INT && op == UPC_XOR) r.M = (__typeof__(r.M))((long long)old.M ^ (long long)a.M);
#define X(CODE, M, INT)                                                        \
  if (type == CODE) {                                                          \
    if (op == UPC_SET) r.M = a.M;                                              \
    if (op == UPC_ADD) r.M = old.M + a.M;                                      \
    if (op == UPC_SUB) r.M = old.M - a.M;                                      \
    if (op == UPC_MULT) r.M = old.M * a.M;                                     \
    if (op == UPC_INC) r.M = old.M + 1;                                        \
    if (op == UPC_DEC) r.M = old.M - 1;                                        \
    if (op == UPC_MIN) r.M = a.M < old.M ? a.M : old.M;                        \
    if (op == UPC_MAX) r.M = a.M > old.M ? a.M : old.M;                        \
    BITS(M, INT)                                                               \
  }
  EACH_TYPE(X)
#undef X
#undef BITS
  return r;
}

static int is_integer(int type) { return type != UPC_FLOAT && type != UPC_DOUBLE; }

/* One operation, checked against the model: the fetched value is the old
 * one, and the new one is the model's. */
static value_t current;
static void step(upc_atomicdomain_t *d, int type, int op, shared void *x,
                 int k) {
  value_t f, a = make(type, k);
  int needs = op != UPC_GET && op != UPC_INC && op != UPC_DEC;
  upc_atomic_relaxed(d, &f, op, x, needs ? &a : NULL, NULL);
  CHECK(same(type, f, current));
  current = model(type, op, current, a);
}

/* Every operation on the element of the next thread (a remote one when
 * there are several), one thread at a time. */
static void test_type(int type, shared void *x) {
  int ops = is_integer(type)
                ? UPC_GET | UPC_SET | UPC_CSWAP | UPC_AND | UPC_OR | UPC_XOR |
                      UPC_ADD | UPC_SUB | UPC_MULT | UPC_INC | UPC_DEC |
                      UPC_MIN | UPC_MAX
                : UPC_GET | UPC_SET | UPC_CSWAP | UPC_ADD | UPC_SUB |
                      UPC_MULT | UPC_INC | UPC_DEC | UPC_MIN | UPC_MAX;
  upc_atomicdomain_t *d = upc_all_atomicdomain_alloc(type, ops, 0);
  CHECK(d != NULL);
  CHECK(upc_atomic_isfast(type, ops, x));
  for (int t = 0; t < THREADS; t++) {
    upc_barrier;
    if (t != MYTHREAD)
      continue;
    value_t f, five = make(type, 5), zero = make(type, 0), six = make(type, 6);
    upc_atomic_strict(d, NULL, UPC_SET, x, &five, NULL);
    current = five;
    step(d, type, UPC_GET, x, 0);
    step(d, type, UPC_ADD, x, 6);
    step(d, type, UPC_SUB, x, 3);
    step(d, type, UPC_MULT, x, 3);
    step(d, type, UPC_INC, x, 0);
    step(d, type, UPC_DEC, x, 0);
    step(d, type, UPC_MIN, x, 6);
    step(d, type, UPC_MAX, x, 3);
    step(d, type, UPC_SET, x, 9);
    /* A compare that fails changes nothing; one that holds stores. */
    upc_atomic_strict(d, &f, UPC_CSWAP, x, &zero, &six);
    CHECK(same(type, f, current));
    upc_atomic_strict(d, &f, UPC_CSWAP, x, &current, &six);
    CHECK(same(type, f, current));
    current = six;
    if (is_integer(type)) {
      step(d, type, UPC_OR, x, 0x5a);
      step(d, type, UPC_AND, x, 0x5a);
      step(d, type, UPC_XOR, x, 0x5a);
    }
    step(d, type, UPC_GET, x, 0);
  }
  upc_barrier;
  upc_all_atomicdomain_free(d);
}

/* Unsigned wrap-around and negative values. */
static void test_edges(void) {
  upc_atomicdomain_t *d = upc_all_atomicdomain_alloc(UPC_UINT, ALL_OPS, 0);
  upc_atomicdomain_t *s = upc_all_atomicdomain_alloc(UPC_INT64, ALL_OPS, 0);
  upc_atomicdomain_t *f = upc_all_atomicdomain_alloc(UPC_DOUBLE,
                                                     NUMERIC_OPS, 0);
  if (MYTHREAD == 0) {
    unsigned int u = 0, one = 1, got;
    upc_atomic_relaxed(d, NULL, UPC_SET, &v_uint[0], &u, NULL);
    upc_atomic_relaxed(d, NULL, UPC_SUB, &v_uint[0], &one, NULL);
    upc_atomic_relaxed(d, &got, UPC_GET, &v_uint[0], NULL, NULL);
    CHECK(got == 0xffffffffu);
    int64_t m = -7, w, big = INT64_MAX;
    upc_atomic_relaxed(s, NULL, UPC_SET, &v_int64[0], &m, NULL);
    upc_atomic_relaxed(s, NULL, UPC_DEC, &v_int64[0], NULL, NULL);
    upc_atomic_relaxed(s, &w, UPC_MIN, &v_int64[0], &big, NULL);
    CHECK(w == -8);
    upc_atomic_relaxed(s, &w, UPC_MAX, &v_int64[0], &big, NULL);
    CHECK(w == -8 && v_int64[0] == INT64_MAX);
    /* Floating compare-and-swap compares values: -0.0 matches 0.0. */
    double pz = 0.0, nz = -0.0, two = 2.0, old;
    upc_atomic_relaxed(f, NULL, UPC_SET, &v_double[0], &nz, NULL);
    upc_atomic_relaxed(f, &old, UPC_CSWAP, &v_double[0], &pz, &two);
    CHECK(old == 0.0 && v_double[0] == 2.0);
  }
  upc_barrier;
  upc_all_atomicdomain_free(d);
  upc_all_atomicdomain_free(s);
  upc_all_atomicdomain_free(f);
}

/* UPC_PTS: pointers-to-shared under the access operations. */
static void test_pts(void) {
  upc_atomicdomain_t *d =
      upc_all_atomicdomain_alloc(UPC_PTS, UPC_GET | UPC_SET | UPC_CSWAP, 0);
  CHECK(!upc_atomic_isfast(UPC_PTS, UPC_GET, &pts[0]));
  shared void *mine = &targets[MYTHREAD], *seen, *none = NULL;
  if (MYTHREAD == 0)
    upc_atomic_strict(d, NULL, UPC_SET, &pts[0], &none, NULL);
  upc_barrier;
  /* Exactly one thread installs its pointer. */
  upc_atomic_strict(d, &seen, UPC_CSWAP, &pts[0], &none, &mine);
  upc_barrier;
  upc_atomic_relaxed(d, &seen, UPC_GET, &pts[0], NULL, NULL);
  CHECK(seen != NULL && (int)upc_threadof(seen) < THREADS &&
        seen == (shared void *)&targets[upc_threadof(seen)]);
  upc_barrier;
  upc_all_atomicdomain_free(d);
}

/* Contention on one counter of thread 0. */
static void test_contention(long iterations) {
  upc_atomicdomain_t *d = upc_all_atomicdomain_alloc(
      UPC_LONG, UPC_INC | UPC_ADD | UPC_CSWAP | UPC_GET | UPC_SET, 0);
  upc_atomicdomain_t *fd = upc_all_atomicdomain_alloc(UPC_DOUBLE, UPC_ADD, 0);
  long zero = 0, two = 2;
  double half = 0.5;
  if (MYTHREAD == 0) {
    upc_atomic_relaxed(d, NULL, UPC_SET, &counter, &zero, NULL);
    upc_atomic_relaxed(d, NULL, UPC_SET, &cswapped, &zero, NULL);
    dsum = 0;
  }
  upc_barrier;
  for (long i = 0; i < iterations; i++) {
    upc_atomic_relaxed(d, NULL, UPC_INC, &counter, NULL, NULL);
    upc_atomic_relaxed(d, NULL, UPC_ADD, &counter, &two, NULL);
    upc_atomic_relaxed(fd, NULL, UPC_ADD, &dsum, &half, NULL);
  }
  for (long i = 0; i < iterations / 10; i++) {
    long seen, next;
    upc_atomic_relaxed(d, &seen, UPC_GET, &cswapped, NULL, NULL);
    for (;;) {
      long before;
      next = seen + 1;
      upc_atomic_relaxed(d, &before, UPC_CSWAP, &cswapped, &seen, &next);
      if (before == seen)
        break;
      seen = before;
    }
  }
  upc_barrier;
  CHECK(counter == 3 * iterations * THREADS);
  CHECK(cswapped == iterations / 10 * THREADS);
  CHECK(dsum == 0.5 * (double)iterations * THREADS);
  upc_barrier;
  upc_all_atomicdomain_free(d);
  upc_all_atomicdomain_free(fd);
}

static void misuse(const char *what) {
  upc_atomicdomain_t *d = upc_all_atomicdomain_alloc(UPC_INT, UPC_ADD, 0);
  int one = 1;
  if (strcmp(what, "wrong-op") == 0)
    upc_atomic_relaxed(d, NULL, UPC_INC, &v_int[0], NULL, NULL);
  // WRONG-OP: atomics.upc:[[@LINE-1]]:{{[0-9]+}}: error: upc_atomic_relaxed: UPC_INC is not an operation of this domain (allocated for UPC_INT)
  if (strcmp(what, "not-domain") == 0)
    upc_atomic_relaxed((upc_atomicdomain_t *)&v_int[1], NULL, UPC_ADD,
                       &v_int[0], &one, NULL);
  // NOT-DOMAIN: atomics.upc:[[@LINE-2]]:{{[0-9]+}}: error: upc_atomic_relaxed: the pointer (thread 1, offset {{[0-9]+}}) is not an atomic domain (or the domain was freed)
  if (strcmp(what, "bad-type") == 0) {
    upc_type_t type = atoi("21"); /* UPC_LDOUBLE: not an atomic type */
    (void)upc_all_atomicdomain_alloc(type, UPC_ADD, 0);
  }
  // BAD-TYPE: atomics.upc:[[@LINE-2]]:{{[0-9]+}}: error: upc_all_atomicdomain_alloc: 21 is not a type of the atomic library
  if (strcmp(what, "unaligned") == 0)
    upc_atomic_relaxed(d, NULL, UPC_ADD,
                       (shared void *)((shared [] char *)&v_int[0] + 1),
                       &one, NULL);
  // UNALIGNED: atomics.upc:[[@LINE-3]]:{{[0-9]+}}: error: upc_atomic_relaxed: the target (offset {{[0-9]+}} of thread 0) is not aligned for UPC_INT
  if (strcmp(what, "freed") == 0) {
    upc_all_atomicdomain_free(d);
    upc_atomic_relaxed(d, NULL, UPC_ADD, &v_int[0], &one, NULL);
  }
  // FREED: atomics.upc:[[@LINE-2]]:{{[0-9]+}}: error: upc_atomic_relaxed: the pointer (thread 0, offset {{[0-9]+}}) is not an atomic domain (or the domain was freed)
}

int main(int argc, char **argv) {
  if (argc > 1 && (argv[1][0] < '0' || argv[1][0] > '9')) {
    misuse(argv[1]);
    return 0;
  }
  int next = (MYTHREAD + 1) % THREADS;
  test_type(UPC_INT, &v_int[next]);
  test_type(UPC_UINT, &v_uint[next]);
  test_type(UPC_LONG, &v_long[next]);
  test_type(UPC_ULONG, &v_ulong[next]);
  test_type(UPC_INT32, &v_int32[next]);
  test_type(UPC_UINT32, &v_uint32[next]);
  test_type(UPC_INT64, &v_int64[next]);
  test_type(UPC_UINT64, &v_uint64[next]);
  test_type(UPC_FLOAT, &v_float[next]);
  test_type(UPC_DOUBLE, &v_double[next]);
  /* The values are in memory, where plain reads see them. */
  upc_barrier;
  CHECK(v_int[next] == 0 && v_uint64[next] == 0 && v_float[next] == 6.0f &&
        v_double[next] == 6.0);
  test_edges();
  test_pts();
  /* Contention rounds: where every atomic is a message (MPI, nodes) or
   * checked by a sanitizer, fewer (check_workload). */
  test_contention(argc > 1 ? atol(argv[1]) : check_workload(100000, 2000));
  return check_report("atomics");
}
