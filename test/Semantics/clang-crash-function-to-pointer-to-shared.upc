// Clang 19 crashes diagnosing the conversion of a function to a pointer into
// an address space (also in plain C with address_space); the front end
// reports an internal error at the place instead of crashing.
// Found by upc-frontend-fuzzer.
// RUN: %upc-instrument -fsyntax-only %s 2> %t.err; test $? -eq 1
// RUN: FileCheck %s < %t.err
void h(void);
// CHECK: clang-crash-function-to-pointer-to-shared.upc:[[@LINE+1]]:19: error: internal error: Clang crashed while parsing
shared int *p = h;
