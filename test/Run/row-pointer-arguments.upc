// A pointer to a row of a blocked array whose rows have a THREADS-dependent
// length keeps its phase when it is passed to a function (the same block
// size and element type: UPC 1.3, 6.4.3), so the address of an element
// reached through it (6.4.4) is the element's own: thread (n / B) % THREADS,
// phase n % B for element n. Clang converts such an argument to the
// parameter's canonical type, a pointer to an array of unspecified size
// `[*]` (C11 6.7.6.2p4), whose element count the translation took for
// another one: it reset the phase, and the checks of the rows that start
// inside a block failed (on 4 threads, those of threads 1 and 2).
// RUN: %upcc -Wall -Werror %s -o %t
// RUN: %upc-instrument -T 4 %cc -Wall -Werror %s -o %t.static
// RUN: %upcrun -n 1 %t | FileCheck %s --check-prefix=ONE
// RUN: %upcrun -n 3 %t | FileCheck %s --check-prefix=THREE
// RUN: %upcrun -n 4 %t | FileCheck %s --check-prefix=FOUR
// RUN: %upcrun -n 4 %t.static | FileCheck %s --check-prefix=FOUR
// RUN: %upc-instrument %s -o - | FileCheck %s --check-prefix=C
// ONE: row pointer arguments: PASS on 1 thread
// THREE: row pointer arguments: PASS on 3 threads
// FOUR: row pointer arguments: PASS on 4 threads

#include "Inputs/check.uph"

#define B 3
#define R 8
shared [B] int A[R][THREADS];
shared [B] int W[R][2 * THREADS];

static size_t thread_of(size_t n) { return (n / B) % THREADS; }

/* Row r of A, through a pointer to it. */
static void check_row(shared [B] int (*row)[THREADS], size_t r) {
  CHECK(upc_phaseof(row) == (r * THREADS) % B);
  for (size_t c = 0; c < THREADS; c++) {
    size_t n = r * THREADS + c;
    CHECK(upc_threadof(&row[0][c]) == thread_of(n));
    CHECK(upc_phaseof(&row[0][c]) == n % B);
    CHECK(upc_threadof(&(*row)[c]) == thread_of(n));
    CHECK(&(*row)[c] == &A[r][c]);
    CHECK((*row)[c] == (int)n);
  }
}

/* Rows r0... of A, through an array parameter. */
static void check_rows(shared [B] int rows[][THREADS], size_t r0) {
  for (size_t r = 0; r0 + r < R; r++)
    for (size_t c = 0; c < THREADS; c++) {
      size_t n = (r0 + r) * THREADS + c;
      CHECK(upc_threadof(&rows[r][c]) == thread_of(n));
      CHECK(upc_phaseof(&rows[r][c]) == n % B);
      CHECK(rows[r][c] == (int)n);
    }
}

/* Row r of W (2*THREADS elements a row). */
static void check_wide(shared [B] int (*row)[2 * THREADS], size_t r) {
  for (size_t c = 0; c < 2 * THREADS; c++) {
    size_t n = r * 2 * THREADS + c;
    CHECK(upc_threadof(&row[0][c]) == thread_of(n));
    CHECK(upc_phaseof(&row[0][c]) == n % B);
  }
}

int main(void) {
  size_t r, c;
  if (MYTHREAD == 0)
    for (r = 0; r < R; r++)
      for (c = 0; c < THREADS; c++)
        A[r][c] = (int)(r * THREADS + c);
  upc_barrier;
  /* Each thread starts from its own row, then checks all of them. */
  // C: {{^ *}}check_row(upcr_add_shared(A, sizeof(int), (MYTHREAD % R) * ((THREADS)), 3), MYTHREAD % R);
  check_row(&A[MYTHREAD % R], MYTHREAD % R);
  for (r = 0; r < R; r++) {
    shared [B] int (*p)[THREADS] = &A[r];
    // C: {{^ *}}check_row(p, r);
    check_row(p, r);
    check_row(A + r, r);
    check_rows(&A[r], r);
    check_wide(&W[r], r);
  }
  void (*through)(shared [B] int (*)[THREADS], size_t) = check_row;
  through(&A[R - 1], R - 1);
  return check_report("row pointer arguments");
}
