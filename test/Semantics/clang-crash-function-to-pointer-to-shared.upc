// Clang 19 crashes diagnosing the conversion of a function to a pointer into
// an address space (also in plain C with address_space); the front end
// reports an internal error at the place instead of crashing (after the
// token the parser was looking at). The crash happens while Clang diagnoses
// the conversion, before any of our code could see it: it cannot be avoided.
// Found by upc-frontend-fuzzer.
// RUN: %upc-instrument -fsyntax-only %s 2> %t.err; test $? -eq 1
// RUN: FileCheck %s --implicit-check-not=error: < %t.err
void h(void);
// CHECK: clang-crash-function-to-pointer-to-shared.upc:[[@LINE+1]]:19: error: internal error: Clang crashed while parsing '{{.*}}clang-crash-function-to-pointer-to-shared.upc' near here; please report this file (see the known Clang 19 limits in docs/front-end.md){{$}}
shared int *p = h;
// CHECK-NEXT: 1 error generated.
