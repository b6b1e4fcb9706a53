// A macro whose body names the member `THREADS` (after '->', of a structure
// from a C header) does not write UPC: a size operand using it is plain C,
// and its variable length array type must stay variable (see
// sizeof-vla-stays-variable.upc), not become a constant one.
// Found with upc-desugar-fuzzer, next to member-macro-ending-with-shared.upc.
// RUN: not %upc-instrument -fsyntax-only -isystem %S/Inputs/system %s 2>&1 | FileCheck %s

#include <c_names.h>

#define COUNT ->THREADS

void g(struct c_names *p) {
  // CHECK: [[@LINE+1]]:14: error: variable length array declaration cannot have 'static' storage duration
  static int t[sizeof(char[p COUNT])];
  (void)t;
}
