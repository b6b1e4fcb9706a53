// The block size of a layout qualifier must be a non-negative integer
// constant expression no larger than UPC_MAX_BLOCK_SIZE. The error points at
// the block size expression, at each use.
//
// RUN: not %upc-instrument -fsyntax-only %s 2>&1 | FileCheck %s --implicit-check-not=error: --implicit-check-not=warning: --implicit-check-not=__upc_ --implicit-check-not=__attribute__

// CHECK: block-size.upc:[[@LINE+1]]:9: error: block size of a layout qualifier is negative (-1)
shared [-1] int negative[4 * THREADS];
// CHECK: block-size.upc:[[@LINE+1]]:9: error: block size of a layout qualifier is negative (-6)
shared [2 - 8] int *negative_pointer;

// CHECK: block-size.upc:[[@LINE+1]]:9: error: block size of a layout qualifier is 2147483648, more than UPC_MAX_BLOCK_SIZE (2147483647)
shared [2147483648] int too_large[4 * THREADS];
// CHECK: block-size.upc:[[@LINE+1]]:9: error: block size of a layout qualifier is 2147483648, more than UPC_MAX_BLOCK_SIZE (2147483647)
shared [UPC_MAX_BLOCK_SIZE + 1L] int *too_large_pointer;
// UPC_MAX_BLOCK_SIZE is an unsigned long: one more is too large, not a
// negative int.
// CHECK: block-size.upc:[[@LINE+1]]:9: error: block size of a layout qualifier is 2147483648, more than UPC_MAX_BLOCK_SIZE (2147483647)
shared [UPC_MAX_BLOCK_SIZE + 1] int *one_more;

int n = 4;
// CHECK: block-size.upc:[[@LINE+1]]:9: error: block size of a layout qualifier must be an integer constant expression
shared [n] int not_constant[4 * THREADS];

void f(void) {
  // CHECK: block-size.upc:[[@LINE+1]]:24: error: block size of a layout qualifier is negative (-2)
  (void)sizeof(shared [-2] int *);
}

// Not errors.
enum { BLOCK = 16 };
shared [UPC_MAX_BLOCK_SIZE] int max_block[4 * THREADS];
shared [0] int zero_is_indefinite[10];
shared [BLOCK] int enumerator[BLOCK * THREADS];
shared [sizeof(double)] char from_sizeof[8 * THREADS];
shared [(3 + 1) * 2] long arithmetic[8 * THREADS];
