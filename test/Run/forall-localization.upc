// upc_forall loops run over the thread's own iterations with private
// pointers to its elements (ForallLocalization.cpp); the results must be
// those of the ordinary translation: the same program is built both ways and
// checked against a serial computation, for several layouts and bounds.
// RUN: %upcc -O2 -Wall -Werror %s -o %t
// RUN: %upc-instrument --no-forall-localization %cc -O2 %s -o %t.plain
// RUN: %upcrun -n 1 %t | FileCheck %s --check-prefix=ONE
// RUN: %upcrun -n 3 %t | FileCheck %s --check-prefix=THREE
// RUN: %upcrun -n 4 %t | FileCheck %s --check-prefix=FOUR
// RUN: %upcrun -n 4 %t.plain | FileCheck %s --check-prefix=FOUR
// Which loops were localized: the ones with a loop over the thread's part.
// RUN: %upc-instrument %s -o - | FileCheck %s --check-prefix=C
// ONE: forall-localization: PASS on 1 thread
// THREE: forall-localization: PASS on 3 threads
// FOUR: forall-localization: PASS on 4 threads

#include "Inputs/check.uph"

#define N 37
struct cell { int count; double weight; };
shared double x[N*THREADS], y[N*THREADS];
shared [5] long bl[N*THREADS], bm[N*THREADS];
shared [N] int whole[N*THREADS];
shared struct cell cells[N*THREADS];
strict shared int flags[N*THREADS];

static void reset(void) {
  int i;
  upc_barrier;
  if (MYTHREAD == 0)
    for (i = 0; i < N*THREADS; i++) {
      x[i] = i; y[i] = -1; bl[i] = 2*i; bm[i] = 0; whole[i] = 0;
      cells[i].count = 0; cells[i].weight = 0; flags[i] = 0;
    }
  upc_barrier;
}

static int nested_calls;
/* Called from a forall body: runs every iteration (UPC 1.3, 6.6.2). */
static void touch_all(void) {
  int k;
  upc_forall (k = 0; k < N*THREADS; k++; &y[k])
    nested_calls++;
}

int main(void) {
  int i, lo, hi;
  /* Bounds: from 0, from an offset, inclusive, empty, past the end. */
  for (lo = 0; lo < 9; lo += 4)
    for (hi = lo; hi <= N*THREADS; hi += 13) {
      reset();
      // C: { UPCR_FORALL_SCOPE; long long upcr_lo_ = (lo), upcr_hi_ = (hi); if (!upcr_forall_nested_ && upcr_lo_ >= 0) { double *__restrict__ upcr_l_y = (double *)upcr_local_part_pshared(y); double *__restrict__ upcr_l_x = (double *)upcr_local_part_pshared(x);{{.*}}
      upc_forall (i = lo; i < hi; i++; &y[i])
        y[i] = x[i] * 2 + i;
      CHECK(i == hi);
      upc_barrier;
      for (i = 0; i < N*THREADS; i++)
        CHECK(y[i] == (i >= lo && i < hi ? i * 3.0 : -1));
      /* Blocked layout, inclusive bound, compound assignment. */
      upc_forall (int j = lo; j <= hi - 1; j++; &bl[j]) {
        bl[j] += 1;
        bm[j]++;
        if (j % 2)
          continue;
        bm[j] = bl[j] * 10;
      }
      upc_barrier;
      for (i = 0; i < N*THREADS; i++) {
        long e = 2*i + (i >= lo && i < hi);
        CHECK(bl[i] == e);
        CHECK(bm[i] == (i >= lo && i < hi ? (i % 2 ? 1 : e * 10) : 0));
      }
    }
  /* Integer affinity; structures; an array of another layout (not
   * localized) and a strict array (not localized) in the same body. */
  reset();
  upc_forall (i = 0; i < N*THREADS; i++; i) {
    cells[i].count = i;
    cells[i].weight += 0.5;
    whole[i] = MYTHREAD + 1;
    flags[i] = 1;
  }
  upc_barrier;
  for (i = 0; i < N*THREADS; i++) {
    CHECK(cells[i].count == i && cells[i].weight == 0.5);
    CHECK(whole[i] == i % THREADS + 1 && flags[i] == 1);
  }
  /* The whole-array layout: one block per thread. */
  reset();
  upc_forall (i = 3; i < N*THREADS; i++; &whole[i])
    whole[i] = (int)upc_threadof(&whole[i]) + 1;
  upc_barrier;
  for (i = 3; i < N*THREADS; i++)
    CHECK(whole[i] == i / N + 1);
  /* A forall executed in another forall's body runs every iteration. */
  reset();
  nested_calls = 0;
  upc_forall (i = 0; i < THREADS; i++; i)
    touch_all();
  CHECK(nested_calls == N*THREADS);
  /* A negative lower bound (integer affinity): the ordinary translation. */
  reset();
  {
    int mine = 0;
    upc_forall (i = -5; i < N; i++; i)
      mine++;
    int e = 0;
    for (i = -5; i < N; i++)
      e += ((i % THREADS) + THREADS) % THREADS == MYTHREAD;
    CHECK(mine == e);
  }
  return check_report("forall-localization");
}
