// In the dynamic THREADS environment a block size cannot use THREADS, which
// is not a constant there; with a static THREADS value (-T 4) it can.
//
// RUN: not %upc-instrument -fsyntax-only %s 2>&1 | FileCheck %s --implicit-check-not=error: --implicit-check-not=warning: --implicit-check-not=__upc_ --implicit-check-not=__attribute__
// RUN: %upc-instrument -fsyntax-only -T 4 %s 2>&1 | count 0

// CHECK: block-size-threads.upc:[[@LINE+1]]:9: error: block size of a layout qualifier cannot use THREADS in the dynamic THREADS environment (compile with -T N for a static THREADS value)
shared [THREADS] int a[4 * THREADS];
// CHECK: block-size-threads.upc:[[@LINE+1]]:9: error: block size of a layout qualifier cannot use THREADS in the dynamic THREADS environment
shared [2 * THREADS] double *p;
