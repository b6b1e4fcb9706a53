// Berkeley UPC's non-contiguous transfers (VIS, <bupc_extensions.h>) as
// programs written for Berkeley UPC use them, checked on their results:
//  - a matrix product whose threads prefetch the whole cyclically
//    distributed B, each thread's elements with one
//    bupc_memget_fstrided_async into the columns of a private copy, then
//    bupc_waitsync_all (the prefetch of public UPC matrix-multiply codes);
//  - a transpose that writes a column spread over the threads with
//    upc_memput_ilist, the upc_ names of BUPC_USE_UPC_NAMESPACE (as a public
//    transpose code spells it);
//  - every form (vlist, ilist, fstrided, strided) in each direction (put,
//    get, shared to shared), blocking and _async, with regions of different
//    sizes on the two sides;
//  - the errors: sides of different sizes, a region outside the segment.
// RUN: %upcc -O2 -Wall -Werror %s -o %t
// RUN: %upcrun -n 1 %t | FileCheck %s --check-prefix=ONE
// RUN: %upcrun -n 2 %t | FileCheck %s --check-prefix=TWO
// RUN: %upcrun -n 3 %t | FileCheck %s --check-prefix=THREE
// RUN: %upcrun -n 4 %t | FileCheck %s --check-prefix=FOUR
// ONE: bupc-vis: PASS on 1 thread
// TWO: bupc-vis: PASS on 2 threads
// THREE: bupc-vis: PASS on 3 threads
// FOUR: bupc-vis: PASS on 4 threads
// Remote segments (every piece a get or put of the backend):
// RUN: %if backend-mpi %{ env UPC_MPI_SHARED_MEMORY=0 %upcrun -n 3 %t | FileCheck %s --check-prefix=THREE %}
// RUN: %if simulated-nodes %{ %upcrun-nodes 2 2 %t | FileCheck %s --check-prefix=FOUR %}
//
// RUN: not %upcrun -n 2 %t sizes 2>&1 | FileCheck %s --check-prefix=SIZES
// RUN: not %upcrun -n 2 %t range 2>&1 | FileCheck %s --check-prefix=RANGE

#define BUPC_USE_UPC_NAMESPACE
#include <upc.h>
#include <bupc_extensions.h>
#include <stdlib.h>
#include "Inputs/check.uph"

#if !BUPC_SG_DESIGN_A || !BUPC_SG_DESIGN_B || !BUPC_STRIDED_DESIGN_A ||       \
    !BUPC_STRIDED_DESIGN_B
#error the four VIS designs are provided
#endif

/* ---- matrix product with a prefetched B --------------------------------- */

#define P 5 /* columns of A, rows of B */
#define MC 3 /* columns of B per thread */

shared [P] double a[THREADS][P];      /* row t on thread t */
shared double b[P][MC * THREADS];     /* cyclic: column j on thread j % T */

static double a_value(int i, int l) { return i * 3 + l + 1; }
static double b_value(int l, int j) { return l * 7 - j + 2; }

static void matrix_product(void) {
  int m = MC * THREADS;
  for (int l = 0; l < P; l++)
    a[MYTHREAD][l] = a_value(MYTHREAD, l);
  upc_forall (int j = 0; j < m; j++; &b[0][j])
    for (int l = 0; l < P; l++)
      b[l][j] = b_value(l, j);
  upc_barrier;

  /* blocal[l][j] = b[l][j]: thread th holds the columns j = th (mod T), one
   * contiguous run of its shared memory, which goes to chunks of one element
   * THREADS elements apart. */
  double *blocal = calloc((size_t)P * m, sizeof(double));
  bupc_handle_t *h = malloc(THREADS * sizeof *h);
  for (int i = 0; i < THREADS; i++) {
    int th = (MYTHREAD + i) % THREADS;
    size_t thsz =
        upc_affinitysize(P * m * sizeof(double), sizeof(double), th);
    h[i] = bupc_memget_fstrided_async(&blocal[th], sizeof(double),
                                      THREADS * sizeof(double),
                                      thsz / sizeof(double), &b[0][th], thsz,
                                      thsz, 1);
  }
  bupc_waitsync_all(h, THREADS);
  for (int i = 0; i < THREADS; i++)
    CHECK(h[i] == BUPC_COMPLETE_HANDLE);
  for (int l = 0; l < P; l++)
    for (int j = 0; j < m; j++)
      CHECK(blocal[l * m + j] == b_value(l, j));

  /* Row i of C = A B on the thread of row i of A. */
  upc_forall (int i = 0; i < THREADS; i++; &a[i][0])
    for (int j = 0; j < m; j++) {
      double sum = 0, expected = 0;
      for (int l = 0; l < P; l++) {
        sum += a[i][l] * blocal[l * m + j];
        expected += a_value(i, l) * b_value(l, j);
      }
      CHECK(sum == expected);
    }
  free(h);
  free(blocal);
  upc_barrier;
}

/* ---- a column spread over the threads, with upc_memput_ilist ------------ */

#define R 8
shared int column[R][THREADS]; /* column[r][t] is on thread t */

static void transpose_column(void) {
  int next = (MYTHREAD + 1) % THREADS;
  int mine[R];
  for (int r = 0; r < R; r++)
    mine[r] = MYTHREAD * 1000 + r;
  /* R destinations of one int each; 2 sources of R/2 ints. */
  shared void *dst[R];
  const void *src[2] = {&mine[0], &mine[R / 2]};
  for (int r = 0; r < R; r++)
    dst[r] = &column[r][next];
  upc_memput_ilist(R, dst, sizeof(int), 2, src, R / 2 * sizeof(int));
  upc_barrier;
  int prev = (MYTHREAD + THREADS - 1) % THREADS;
  for (int r = 0; r < R; r++)
    CHECK(column[r][MYTHREAD] == prev * 1000 + r);

  /* Back with bupc_memget_ilist: 4 destinations of 2 ints from R sources. */
  int back[R] = {0};
  void *into[4] = {&back[0], &back[2], &back[4], &back[6]};
  shared const void *from[R];
  for (int r = 0; r < R; r++)
    from[r] = &column[r][next];
  bupc_waitsync(bupc_memget_ilist_async(4, into, 2 * sizeof(int), R, from,
                                        sizeof(int)));
  for (int r = 0; r < R; r++)
    CHECK(back[r] == MYTHREAD * 1000 + r);
  upc_barrier;
}

/* ---- every form, between this thread and the next ----------------------- */

#define BLK 256
shared [BLK] int area[BLK * THREADS];  /* BLK ints on each thread */
shared [BLK] int other[BLK * THREADS];

static int pattern(int thread, int i) { return thread * 100000 + i * 3 + 1; }

/* area on thread t: its BLK ints as written by thread (t - 1). */
static void expect_area(shared [BLK] int *arr, int t, int writer, int n,
                        int base) {
  for (int i = 0; i < n; i++)
    CHECK(arr[t * BLK + base + i] == pattern(writer, i));
}

static void vlists(int next) {
  int mine[BLK], got[BLK];
  for (int i = 0; i < BLK; i++)
    mine[i] = pattern(MYTHREAD, i), got[i] = -1;
  /* 100 ints in shared regions of 10, 0, 50, 40 ints; private ones of 30
   * and 70. */
  bupc_smemvec_t s[4] = {{&area[next * BLK], 10 * sizeof(int)},
                         {&area[next * BLK + 10], 0},
                         {&area[next * BLK + 10], 50 * sizeof(int)},
                         {&area[next * BLK + 60], 40 * sizeof(int)}};
  bupc_pmemvec_t p[2] = {{&mine[0], 30 * sizeof(int)},
                         {&mine[30], 70 * sizeof(int)}};
  bupc_memput_vlist(4, s, 2, p);
  upc_barrier;
  int prev = (MYTHREAD + THREADS - 1) % THREADS;
  expect_area(area, MYTHREAD, prev, 100, 0);
  upc_barrier;
  /* Get them back in one private region. */
  bupc_pmemvec_t whole = {got, 100 * sizeof(int)};
  bupc_memget_vlist(1, &whole, 4, s);
  for (int i = 0; i < 100; i++)
    CHECK(got[i] == pattern(MYTHREAD, i));
  /* Shared to shared: area on next -> other on next, regions swapped. */
  bupc_smemvec_t o[2] = {{&other[next * BLK], 64 * sizeof(int)},
                         {&other[next * BLK + 64], 36 * sizeof(int)}};
  bupc_handle_t h = bupc_memcpy_vlist_async(2, o, 4, s);
  bupc_waitsync(h);
  upc_barrier;
  expect_area(other, MYTHREAD, prev, 100, 0);
  upc_barrier;
}

static void fstrided(int next) {
  int prev = (MYTHREAD + THREADS - 1) % THREADS;
  /* Every other int of a private array into 60 contiguous shared ints. */
  int spread[120];
  for (int i = 0; i < 120; i++)
    spread[i] = i % 2 ? -1 : pattern(MYTHREAD, i / 2);
  upc_memput_fstrided(&area[next * BLK], 60 * sizeof(int), 0, 1, spread,
                      sizeof(int), 2 * sizeof(int), 60);
  upc_barrier;
  expect_area(area, MYTHREAD, prev, 60, 0);
  /* Shared to shared: chunks of 3 ints 5 apart, into chunks of 2 ints 4
   * apart (both on the next thread). */
  bupc_memcpy_fstrided(&other[next * BLK], 2 * sizeof(int), 4 * sizeof(int),
                       30, &area[next * BLK], 3 * sizeof(int),
                       5 * sizeof(int), 20);
  upc_barrier;
  /* other on this thread: 30 chunks of 2 from area's 20 chunks of 3. */
  int k = 0;
  for (int ch = 0; ch < 20; ch++)
    for (int e = 0; e < 3; e++, k++) {
      int src_index = ch * 5 + e;
      int dst_index = (k / 2) * 4 + k % 2;
      CHECK(other[MYTHREAD * BLK + dst_index] == pattern(prev, src_index));
    }
  upc_barrier;
}

static void strideds(int next) {
  int prev = (MYTHREAD + THREADS - 1) % THREADS;
  /* A 2 x 3 x 4 sub-block of a private 4 x 5 x 6 cube, at [1][1][1], into
   * 24 dense shared ints. */
  int cube[4][5][6], back[4][5][6];
  for (int i = 0; i < 4; i++)
    for (int j = 0; j < 5; j++)
      for (int k = 0; k < 6; k++)
        cube[i][j][k] = pattern(MYTHREAD, i * 30 + j * 6 + k),
        back[i][j][k] = -7;
  size_t count[3] = {4 * sizeof(int), 3, 2};
  size_t cube_strides[2] = {6 * sizeof(int), 30 * sizeof(int)};
  size_t dense_strides[2] = {4 * sizeof(int), 12 * sizeof(int)};
  bupc_handle_t h = upc_memput_strided_async(&area[next * BLK + 100],
                                             dense_strides, &cube[1][1][1],
                                             cube_strides, count, 2);
  upc_waitsync(h);
  upc_barrier;
  for (int i = 0; i < 2; i++)
    for (int j = 0; j < 3; j++)
      for (int k = 0; k < 4; k++)
        CHECK(area[MYTHREAD * BLK + 100 + i * 12 + j * 4 + k] ==
              pattern(prev, (i + 1) * 30 + (j + 1) * 6 + k + 1));
  upc_barrier;
  /* Back into the same place of another cube. */
  bupc_memget_strided(&back[1][1][1], cube_strides, &area[next * BLK + 100],
                      dense_strides, count, 2);
  for (int i = 0; i < 4; i++)
    for (int j = 0; j < 5; j++)
      for (int k = 0; k < 6; k++) {
        int inside = i >= 1 && i < 3 && j >= 1 && j < 4 && k >= 1 && k < 5;
        CHECK(back[i][j][k] == (inside ? cube[i][j][k] : -7));
      }
  /* Shared to shared with no levels: one contiguous run. */
  size_t run[1] = {24 * sizeof(int)};
  bupc_memcpy_strided(&other[next * BLK + 200], NULL, &area[next * BLK + 100],
                      NULL, run, 0);
  upc_barrier;
  for (int i = 0; i < 24; i++)
    CHECK(other[MYTHREAD * BLK + 200 + i] == area[MYTHREAD * BLK + 100 + i]);
  /* Nothing to move: no access at all, even through null addresses. */
  size_t none[2] = {sizeof(int), 0};
  bupc_memget_strided(NULL, dense_strides, NULL, dense_strides, none, 1);
  bupc_memput_vlist(0, NULL, 0, NULL);
  upc_barrier;
}

int main(int argc, char **argv) {
  int next = (MYTHREAD + 1) % THREADS;
  if (argc > 1 && strcmp(argv[1], "sizes") == 0) {
    int x[4];
    bupc_memget_fstrided(x, sizeof(int), sizeof(int), 4, &area[next * BLK],
                         sizeof(int), 2 * sizeof(int), 3);
    // SIZES: bupc-vis.upc:[[@LINE-2]]:{{[0-9]+}}: error: bupc_memget_fstrided: the destination holds 16 bytes but the source 12: both sides must hold the same number
  }
  if (argc > 1 && strcmp(argv[1], "range") == 0) {
    int x[4];
    bupc_smemvec_t far = {&area[next * BLK], 1u << 30};
    bupc_pmemvec_t near = {x, 1u << 30};
    bupc_memget_vlist(1, &near, 1, &far);
    // RANGE: bupc-vis.upc:[[@LINE-1]]:{{[0-9]+}}: error: bupc_memget_vlist (source region 0): {{[0-9]+}} bytes at offset {{[0-9]+}} of thread {{[0-9]}} lie outside its shared memory
  }
  matrix_product();
  transpose_column();
  vlists(next);
  fstrided(next);
  strideds(next);
  return check_report("bupc-vis");
}
