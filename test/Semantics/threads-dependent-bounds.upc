// In the dynamic THREADS environment Clang checks array bounds and
// initializers with THREADS = 1; for arrays whose size depends on THREADS
// those warnings are not about the program (the translation checks an
// initializer against the true size at start-up).
// RUN: %upc-instrument -fsyntax-only -Wall %s 2>&1 | count 0
// With a static THREADS they are real.
// RUN: %upc-instrument -fsyntax-only -T 1 %s 2>&1 | FileCheck %s --check-prefix=STATIC
// STATIC-DAG: threads-dependent-bounds.upc:14:18: warning: array index 3 is past the end of the array
// STATIC-DAG: threads-dependent-bounds.upc:12:53: warning: excess elements in array initializer

shared int a[THREADS];
shared [3] double m[2][4*THREADS] = { { 1, 2, 3, 4, 5 } };

shared int *p = &a[3];
