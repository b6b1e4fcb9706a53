// THREADS in the dimension of a typedef counts towards the dimensions of the
// arrays declared with it. The typedef itself is fine: no warning about how
// the dynamic THREADS value is implemented.
//
// RUN: not %upc-instrument -fsyntax-only %s 2>&1 | FileCheck %s --implicit-check-not=error: --implicit-check-not=warning: --implicit-check-not=__upc_ --implicit-check-not=__attribute__
// RUN: %upc-instrument -fsyntax-only -T 4 %s 2>&1 | count 0

typedef shared int Row[THREADS];

// CHECK: threads-typedef.upc:[[@LINE+1]]:5: error: THREADS appears 2 times in the dimensions of 'twice'; in the dynamic THREADS environment it may appear once
Row twice[THREADS];

// Not an error: THREADS once, through the typedef.
Row once[4];
