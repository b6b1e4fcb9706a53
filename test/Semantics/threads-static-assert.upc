// A static assertion needs an integer constant expression, which THREADS is
// not in the dynamic THREADS environment.
//
// RUN: not %upc-instrument -fsyntax-only %s 2>&1 | FileCheck %s --implicit-check-not=error: --implicit-check-not=warning: --implicit-check-not=__upc_ --implicit-check-not=__attribute__
// RUN: %upc-instrument -fsyntax-only -T 4 %s 2>&1 | count 0

// CHECK: threads-static-assert.upc:[[@LINE+1]]:16: error: THREADS is not an integer constant expression in the dynamic THREADS environment
_Static_assert(THREADS > 0, "at least one thread");
