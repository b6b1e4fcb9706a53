// Clang 19 cannot rebuild (TreeTransform) a type carrying a btf_type_tag,
// which is how layout qualifiers and strict/relaxed reach Clang; it crashed
// on sizeof of a variably modified type naming such a type (Sema rebuilds
// the operand as potentially evaluated). This is valid UPC.
// Found by upc-frontend-fuzzer (test/fuzz/regressions/frontend-btf-tag-sizeof-vla.upc).
// RUN: %upc-instrument -fsyntax-only %s 2>&1 | count 0

#include <upc.h>

size_t f(int n) {
  size_t s = sizeof(strict shared int *[n]);
  s += sizeof(shared [4] double *[n][2]);
  s += sizeof(shared [] char (*)[n]);
  return s;
}
