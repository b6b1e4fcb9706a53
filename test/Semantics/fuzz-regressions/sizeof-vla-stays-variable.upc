// The desugarer wraps every array dimension inside sizeof/_Alignof/
// upc_*sizeof operands in __upc_array_dimension(e), which is 1 unless e is a
// constant (a workaround for the Clang 19 crash on variably modified types
// with layout qualifiers, see btf-tag-sizeof-vla.upc). It did so in plain C
// operands too, so that a variable length array type in a size operand became
// a constant one and invalid C was accepted.
// Found by upc-desugar-fuzzer: a file without UPC constructs was rewritten
// (test/fuzz/regressions/desugar-plain-c-size-operand-rewritten.upc).
// RUN: not %upc-instrument -fsyntax-only %s 2>&1 | FileCheck %s

void f(int n) {
  // CHECK: [[@LINE+1]]:14: error: variable length array declaration cannot have 'static' storage duration
  static int t[sizeof(char[n])];
  // CHECK: [[@LINE+1]]:18: error: static assertion expression is not an integral constant expression
  _Static_assert(sizeof(char[n]) == 1, "not a constant");
  (void)t;
}

int g(int n) {
  switch (n) {
  // CHECK: [[@LINE+1]]:8: error: expression is not an integer constant expression
  case sizeof(char[n]):
    return 1;
  }
  return 0;
}
