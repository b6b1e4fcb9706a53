// Clang 19's parser loops forever, in C, on a `::` that starts a
// parenthesized expression or type, or the operand of sizeof or _Alignof:
// `(::x)`. A layout qualifier `shared [::4]` becomes such a parenthesized
// argument. The front end gives the parser such a `::` as a `:` (it is never
// valid C), wherever it comes from.
// Found by upc-frontend-fuzzer: a timeout
// (test/fuzz/regressions/frontend-clang-hang-scope-operator.upc).
// RUN: not timeout 60 %upc-instrument -fsyntax-only %s 2>&1 | FileCheck %s --implicit-check-not=error:

// CHECK: [[@LINE+1]]:9: error: expected expression
shared [::4] int a[4];

int y;
// CHECK: [[@LINE+1]]:10: error: expected expression
int b = (::y);
// CHECK: [[@LINE+1]]:16: error: expected expression
int c = sizeof ::y;
// CHECK: [[@LINE+1]]:18: error: expected expression
int d = _Alignof(::y);

// Through macros too.
#define SCOPE ::
#define PASTE(a, b) a##b
// CHECK: [[@LINE+1]]:10: error: expected expression
int e = (SCOPE y);
// CHECK: [[@LINE+1]]:10: error: expected expression
int f = (PASTE(:, :) y);

// Attributes keep theirs.
[[gnu::unused]] static int g;
// CHECK: 6 errors generated.
