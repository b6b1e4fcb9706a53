/*
 * static_data.c + static_data2.c - static shared data as two translated
 * files would lay it out (Berkeley's design): proxies allocated by the ALLOC
 * functions, initializers applied by the INIT functions.
 *
 * Checked on every thread after start-up: every proxy is {offset, thread 0,
 * phase 0} with a 16-byte aligned offset; objects do not overlap; the proxy
 * both files list (`foo`, a tentative definition in a shared header) is
 * allocated once; data is zero except where initialized; initarray and
 * initparray place 1-D and 2-D initializers (THREADS-scaled dimensions,
 * block sizes 1, N and indefinite) where UPC's layout puts them.
 */
#include "upcr.h"

#include "static_data.h"
#include "testlib.h"

/* shared int foo = 42;            (also listed by static_data2.c)
 * shared int arr1[10*THREADS];
 * shared [3] int m[4][6*THREADS];
 * shared [] int ind[20];
 * shared [2] int grid[3][4*THREADS] = {{1, 2, 3}, {4, 5}};
 * shared int v[7*THREADS] = {1, 2, 3, 4, 5, 6, 7};
 * shared [] int w[8] = {9, 8, 7};
 * shared [5] double d2[2*THREADS][3] = {{0.5}, {1.5, 2.5}};  */
upcr_pshared_ptr_t foo = UPCR_INITIALIZED_PSHARED;
upcr_pshared_ptr_t arr1;
upcr_shared_ptr_t m;
upcr_pshared_ptr_t ind;
upcr_shared_ptr_t grid = UPCR_INITIALIZED_SHARED;
upcr_pshared_ptr_t v = UPCR_INITIALIZED_PSHARED;
upcr_pshared_ptr_t w = UPCR_INITIALIZED_PSHARED;
upcr_shared_ptr_t d2 = UPCR_INITIALIZED_SHARED;
upcr_pshared_ptr_t after_foo_1; /* shared int after_foo_1; */

static void UPCRI_ALLOC_static_data_1a2b(void) {
  upcr_startup_pshalloc_t pinfos[] = {
      {&foo, sizeof(int), 1, 0, sizeof(int), "foo", "shared int"},
      {&after_foo_1, sizeof(int), 1, 0, sizeof(int), "after_foo_1",
       "shared int"},
      {&arr1, sizeof(int), 10, 1, sizeof(int), "arr1", "shared int[]"},
      {&ind, 20 * sizeof(int), 1, 0, sizeof(int), "ind", "shared [] int[20]"},
      {&v, sizeof(int), 7, 1, sizeof(int), "v", "shared int[]"},
      {&w, 8 * sizeof(int), 1, 0, sizeof(int), "w", "shared [] int[8]"},
  };
  upcr_startup_shalloc_t infos[] = {
      /* 4 * 6T elements in blocks of 3: 8T blocks. */
      {&m, 3 * sizeof(int), 8, 1, sizeof(int), "m", "shared [3] int[4][]"},
      /* 3 * 4T elements in blocks of 2: 6T blocks. */
      {&grid, 2 * sizeof(int), 6, 1, sizeof(int), "grid",
       "shared [2] int[3][]"},
      /* 2T * 3 elements in blocks of 5: ceil(6T / 5) blocks, which is not a
       * multiple of THREADS: the translator passes the exact count. */
      {&d2, 5 * sizeof(double), 0, 0, sizeof(double), "d2",
       "shared [5] double[][3]"},
  };
  infos[2].numblocks = (size_t)(6 * THREADS + 4) / 5;
  upcr_startup_pshalloc(pinfos, sizeof pinfos / sizeof *pinfos);
  upcr_startup_shalloc(infos, sizeof infos / sizeof *infos);
}

static void UPCRI_INIT_static_data_1a2b(void) {
  if (MYTHREAD == 0)
    *(int *)upcr_pshared_to_local(foo) = 42;
  {
    int init[2][3] = {{1, 2, 3}, {4, 5, 0}};
    upcr_startup_arrayinit_diminfo_t dims[] = {{2, 3, 0}, {3, 4, 1}};
    upcr_startup_initarray(grid, init, dims, 2, sizeof(int), 2);
  }
  {
    int init[7] = {1, 2, 3, 4, 5, 6, 7};
    upcr_startup_arrayinit_diminfo_t dims[] = {{7, 7, 1}};
    upcr_startup_initparray(v, init, dims, 1, sizeof(int), 1);
  }
  {
    int init[3] = {9, 8, 7};
    upcr_startup_arrayinit_diminfo_t dims[] = {{3, 8, 0}};
    upcr_startup_initparray(w, init, dims, 1, sizeof(int), 0);
  }
  {
    double init[2][2] = {{0.5, 0}, {1.5, 2.5}};
    upcr_startup_arrayinit_diminfo_t dims[] = {{2, 2, 1}, {2, 3, 0}};
    upcr_startup_initarray(d2, init, dims, 2, sizeof(double), 5);
  }
}

UPCR_REGISTER_FILE(upcri_file_static_data, "static_data.upc", 0,
                   UPCRI_ALLOC_static_data_1a2b, UPCRI_INIT_static_data_1a2b);

/* ---- checks ------------------------------------------------------------ */

typedef struct object {
  const char *name;
  upcr_offset_t offset;
  size_t bytes_per_thread;
} object_t;

static void check_proxy(upcr_shared_ptr_t p, const char *name) {
  if (p.thread != 0 || p.phase != 0 || p.offset == 0 || p.offset % 16 != 0) {
    fprintf(stderr, "proxy %s = {%llu, %u, %u}\n", name,
            (unsigned long long)p.offset, p.thread, p.phase);
    test_failed(__FILE__, __LINE__,
                "proxy of a static object is {16-aligned offset, 0, 0}");
  }
}

/* Element `index` of a blocked array (block b, 0 = indefinite). */
static upcr_shared_ptr_t elem(upcr_shared_ptr_t base, size_t esz,
                              long long index, size_t b) {
  if (b == 0) {
    base.offset += (upcr_offset_t)index * esz;
    return base;
  }
  return upcr_add_shared(base, esz, (ptrdiff_t)index, b);
}

static int geti(upcr_shared_ptr_t base, long long index, size_t b) {
  return UPCR_GET_SHARED_VALUE(int, elem(base, sizeof(int), index, b), 0);
}

static int user_main(int argc, char **argv) {
  (void)argc;
  (void)argv;
  long long T = THREADS;
  object_t objs[] = {
      {"foo", foo.offset, 4},
      {"after_foo_1", after_foo_1.offset, 4},
      {"after_foo_2", after_foo_2.offset, 4},
      {"bar", bar.offset, 8},
      {"arr1", arr1.offset, (size_t)(10 * T + T - 1) / (size_t)T * 4},
      {"ind", ind.offset, 80},
      {"v", v.offset, 7 * 4},
      {"w", w.offset, 8 * 4},
      {"m", m.offset, 8 * 3 * 4},
      {"grid", grid.offset, 6 * 2 * 4},
      {"d2", d2.offset,
       (size_t)(((6 * T + 4) / 5 + T - 1) / T) * 5 * sizeof(double)},
  };
  size_t nobj = sizeof objs / sizeof *objs;
  check_proxy(upcr_pshared_to_shared(foo), "foo");
  check_proxy(upcr_pshared_to_shared(after_foo_1), "after_foo_1");
  check_proxy(upcr_pshared_to_shared(after_foo_2), "after_foo_2");
  check_proxy(upcr_pshared_to_shared(bar), "bar");
  check_proxy(upcr_pshared_to_shared(arr1), "arr1");
  check_proxy(upcr_pshared_to_shared(ind), "ind");
  check_proxy(upcr_pshared_to_shared(v), "v");
  check_proxy(upcr_pshared_to_shared(w), "w");
  check_proxy(m, "m");
  check_proxy(grid, "grid");
  check_proxy(d2, "d2");
  for (size_t i = 0; i < nobj; ++i)
    for (size_t j = i + 1; j < nobj; ++j) {
      int disjoint =
          objs[i].offset + objs[i].bytes_per_thread <= objs[j].offset ||
          objs[j].offset + objs[j].bytes_per_thread <= objs[i].offset;
      if (!disjoint)
        fprintf(stderr, "%s and %s overlap\n", objs[i].name, objs[j].name);
      CHECK(disjoint);
    }
  /* foo, listed by both files, took space once: sorted by offset, every
   * object starts where the previous one ends (16-byte aligned). */
  for (size_t i = 0; i < nobj; ++i)
    for (size_t j = i + 1; j < nobj; ++j)
      if (objs[j].offset < objs[i].offset) {
        object_t t = objs[i];
        objs[i] = objs[j];
        objs[j] = t;
      }
  for (size_t i = 1; i < nobj; ++i) {
    upcr_offset_t end = objs[i - 1].offset + objs[i - 1].bytes_per_thread;
    if (objs[i].offset != (end + 15) / 16 * 16)
      fprintf(stderr, "gap between %s and %s\n", objs[i - 1].name,
              objs[i].name);
    CHECK(objs[i].offset == (end + 15) / 16 * 16);
  }

  CHECK_EQ(UPCR_GET_PSHARED_VALUE(int, foo, 0), 42);
  CHECK_EQ(UPCR_GET_PSHARED_VALUE(int, bar, 0), 0);
  /* Zero-filled data. */
  for (long long i = 0; i < 10 * T; ++i)
    CHECK_EQ(geti(upcr_pshared_to_shared(arr1), i, 1), 0);
  for (long long i = 0; i < 24 * T; ++i)
    CHECK_EQ(geti(m, i, 3), 0);
  for (long long i = 0; i < 20; ++i)
    CHECK_EQ(geti(upcr_pshared_to_shared(ind), i, 0), 0);
  /* grid[3][4T], blocks of 2: rows {1,2,3,0...}, {4,5,0...}, {0...}. */
  for (long long r = 0; r < 3; ++r)
    for (long long c = 0; c < 4 * T; ++c) {
      int expect = 0;
      if (r == 0 && c < 3)
        expect = (int)c + 1;
      if (r == 1 && c < 2)
        expect = (int)c + 4;
      CHECK_EQ(geti(grid, r * 4 * T + c, 2), expect);
    }
  /* Element 1 of grid lives on thread 0 (block 0), element 2 on thread
   * 1 % THREADS: the initializer was split across threads. */
  CHECK_EQ(elem(grid, 4, 2, 2).thread, 1 % T);
  for (long long i = 0; i < 7 * T; ++i)
    CHECK_EQ(geti(upcr_pshared_to_shared(v), i, 1), i < 7 ? (int)i + 1 : 0);
  CHECK_EQ(upcr_add_pshared1(v, 4, 3).thread, 3 % T);
  for (long long i = 0; i < 8; ++i)
    CHECK_EQ(geti(upcr_pshared_to_shared(w), i, 0),
             i < 3 ? 9 - (int)i : 0);
  /* d2[2T][3], blocks of 5: (0,0) = 0.5, (1,0) = 1.5, (1,1) = 2.5. */
  for (long long r = 0; r < 2 * T; ++r)
    for (long long c = 0; c < 3; ++c) {
      double expect = 0;
      if (r == 0 && c == 0)
        expect = 0.5;
      if (r == 1 && c < 2)
        expect = 1.5 + (double)c;
      double got =
          UPCR_GET_SHARED_VALUE(double, elem(d2, 8, r * 3 + c, 5), 0);
      CHECK(got == expect);
    }
  /* Every thread's part is writable and private to the object. */
  test_barrier(); /* everyone has checked the zeros */
  upcr_shared_ptr_t mine = elem(m, 4, 3 * MYTHREAD, 3);
  CHECK_EQ(mine.thread, MYTHREAD);
  UPCR_PUT_SHARED_VALUE(int, mine, 0, 100 + MYTHREAD);
  test_barrier();
  for (long long t = 0; t < T; ++t)
    CHECK_EQ(geti(m, 3 * t, 3), 100 + (int)t);
  if (MYTHREAD == 0)
    printf("static_data: %d threads ok\n", THREADS);
  return 0;
}

int main(int argc, char **argv) { return upcr_run(argc, argv, user_main); }
