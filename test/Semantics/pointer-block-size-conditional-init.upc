// A conditional expression whose operands are pointers-to-shared with
// different block sizes draws one diagnostic: using its result must not add
// a second one (about a block size neither operand has).
//
// RUN: not %upc-instrument -fsyntax-only %s 2>&1 | FileCheck %s --implicit-check-not=error: --implicit-check-not=warning: --implicit-check-not=__upc_ --implicit-check-not=__attribute__

shared [4] int *p4;
shared [8] int *p8;

void f(int k) {
  // CHECK: pointer-block-size-conditional-init.upc:[[@LINE+1]]:25: error: implicit conversion from 'shared [8] int *' to 'shared [4] int *' changes the block size of a pointer-to-shared; use an explicit cast
  shared [4] int *d = k ? p4 : p8;
  (void)d;
}
