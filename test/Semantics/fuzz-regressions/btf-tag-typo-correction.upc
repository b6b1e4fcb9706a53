// Clang 19 cannot rebuild (TreeTransform) a type carrying a btf_type_tag,
// which is how layout qualifiers and strict/relaxed reach Clang; it crashed
// when typo correction rebuilt an expression that names such a type.
// Found by upc-frontend-fuzzer (test/fuzz/regressions/frontend-btf-tag-*.upc).
// RUN: not %upc-instrument -fsyntax-only %s 2>&1 | FileCheck %s

void f(void) {
  // CHECK: [[@LINE+1]]:11: error: use of undeclared identifier 'undeclared'
  int t = undeclared + sizeof(shared [4] int);
}

// A forgotten #include <upc.h> (for size_t).
void g(void) {
  // CHECK: [[@LINE+1]]:3: error: {{.*}}'size_t'
  size_t n = upc_blocksizeof(shared [8] int);
}

void h(void) {
  // CHECK: [[@LINE+1]]:39: error: use of undeclared identifier 'undeclared'
  int k = sizeof(strict shared int) + undeclared;
}
