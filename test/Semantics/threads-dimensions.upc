// In the dynamic THREADS environment, THREADS may appear in one dimension of
// a shared array, alone or multiplied by an integer constant; not in an
// indefinitely blocked shared array; not in a private array with static
// storage duration. With -T 4 THREADS is a constant and all of these are
// fine.
//
// RUN: not %upc-instrument -fsyntax-only %s 2>&1 | FileCheck %s --implicit-check-not=error: --implicit-check-not=warning: --implicit-check-not=__upc_ --implicit-check-not=__attribute__
// RUN: %upc-instrument -fsyntax-only -T 4 %s 2>&1 | count 0

// CHECK: threads-dimensions.upc:[[@LINE+1]]:12: error: THREADS appears 2 times in the dimensions of 'two'; in the dynamic THREADS environment it may appear once
shared int two[THREADS][THREADS];

// Through a typedef (UPC 1.3, 6.5.2.1: "including through typedefs").
typedef shared int row_t[THREADS];
// CHECK: threads-dimensions.upc:[[@LINE+1]]:7: error: THREADS appears 2 times in the dimensions of 'rows'; in the dynamic THREADS environment it may appear once
row_t rows[THREADS];
// CHECK: threads-dimensions.upc:[[@LINE+1]]:16: error: THREADS appears 2 times in the dimensions of 'star_two'; in the dynamic THREADS environment it may appear once
shared [*] int star_two[THREADS][2 * THREADS];

// CHECK: threads-dimensions.upc:[[@LINE+1]]:25: error: THREADS in an array dimension must appear alone or multiplied by an integer constant expression
shared int plus[THREADS + 1];
// CHECK: threads-dimensions.upc:[[@LINE+1]]:28: error: THREADS in an array dimension must appear alone or multiplied by an integer constant expression
shared int divided[THREADS / 2];
// CHECK: threads-dimensions.upc:[[@LINE+1]]:38: error: THREADS in an array dimension must appear alone or multiplied by an integer constant expression
shared int multiple_plus[2 * THREADS + 1];

// CHECK: threads-dimensions.upc:[[@LINE+1]]:15: error: shared array 'indefinite' has an indefinite block size and cannot have THREADS in its dimensions
shared [] int indefinite[10 * THREADS];

// CHECK: threads-dimensions.upc:[[@LINE+1]]:5: error: array 'private_array' with static storage duration cannot depend on THREADS in the dynamic THREADS environment
int private_array[THREADS];

void f(void) {
  // CHECK: threads-dimensions.upc:[[@LINE+1]]:14: error: array 'static_local' with static storage duration cannot depend on THREADS in the dynamic THREADS environment
  static int static_local[THREADS];
  // Not an error: an automatic private array is a variable length array.
  int automatic[THREADS];
  (void)static_local;
  (void)automatic;
}

// Not errors.
shared int alone[THREADS];
shared int first[THREADS][4];
shared int second[4][3 * THREADS];
shared int times_constant[THREADS * 5];
shared int parenthesised[(2 * THREADS)];
shared [4] int blocked[4][THREADS];
shared [] int indefinite_constant[10];
