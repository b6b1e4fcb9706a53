// The desugarer keeps the dimensions inside a size operand constant when the
// operand has UPC qualifiers (Clang 19 crashes transforming a variably
// modified type with a layout or strict/relaxed tag, see
// btf-tag-sizeof-vla.upc), but only when the operand's ')' is there: with it
// missing, `[THREADS]` (not a constant in the dynamic environment) or `[n]`
// reached Clang, which crashed (reported as an internal error).
// Found by upc-frontend-fuzzer
// (test/fuzz/regressions/frontend-btf-tag-unclosed-size-operand*.upc).
// RUN: not %upc-instrument -fsyntax-only %s 2>&1 | FileCheck %s --implicit-check-not="internal error"

void f(void) {
  // CHECK: [[@LINE+1]]:52: error: expected ')'
  unsigned long t = sizeof(shared [4] int [THREADS];
  (void)t;
}

void g(int n) {
  // CHECK: [[@LINE+1]]:45: error: expected ')'
  unsigned long u = sizeof(shared [] int [n];
  (void)u;
}

// Without the ']' of a dimension, or with brackets that do not match: Clang
// still reads a type, whose dimensions must be constant too.
void h(int n) {
  // CHECK: [[@LINE+1]]:48: error: expected ']'
  unsigned long v = sizeof(strict shared int [n);
  // CHECK: [[@LINE+1]]:46: error: expected ')'
  unsigned long w = sizeof(shared [4] int [(n]);
  // CHECK: [[@LINE+1]]:48: error: expected ')'
  unsigned long x = sizeof(relaxed shared int [sizeof(strict shared int [n]]);
  (void)v, (void)w, (void)x;
}

void k(int n) {
  // CHECK: [[@LINE+1]]:50: error: expected ')'
  unsigned long y = sizeof(strict shared int [n] }
