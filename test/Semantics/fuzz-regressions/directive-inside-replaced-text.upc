// A preprocessor directive between the brackets of `shared [ ]` or
// `shared [*]`, or in an empty or `continue` affinity clause of upc_forall,
// was part of the text that the desugarer replaced: it silently disappeared
// (a #define was lost, an #ifdef was ignored).
// Found by upc-desugar-fuzzer
// (test/fuzz/regressions/desugar-directive-inside-*.upc).
// RUN: %upc-instrument -fsyntax-only %s 2>&1 | count 0
// RUN: %upc-instrument --dump-upc %s | FileCheck %s

shared [
#define N 4
] int a[10];
int b[N];

// FOO is not defined: the block size is indefinite, not [*].
// CHECK: [[@LINE+5]]:7: shared variable 'c': shared [] int[10]; block size indefinite;
shared [
#ifdef FOO
*
#endif
] int c[10];

void f(void) {
  upc_forall (int i = 0; i < 4; i++;
#define M 2
              ) ;
  upc_forall (int i = 0; i < 4; i++; continue
#define K 3
              ) ;
  int m = M + K;
  (void)m;
}
