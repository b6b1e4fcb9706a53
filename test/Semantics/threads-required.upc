// In the dynamic THREADS environment a shared array with a definite block
// size must have THREADS in one dimension. Indefinitely blocked arrays and
// shared scalars need not, and with -T 4 nothing needs THREADS.
//
// RUN: not %upc-instrument -fsyntax-only %s 2>&1 | FileCheck %s --implicit-check-not=error: --implicit-check-not=warning: --implicit-check-not=__upc_ --implicit-check-not=__attribute__
// RUN: %upc-instrument -fsyntax-only -T 4 %s 2>&1 | count 0

// CHECK: threads-required.upc:[[@LINE+1]]:12: error: in the dynamic THREADS environment, shared array 'a' with a definite block size must have THREADS in exactly one dimension (as in '[N*THREADS]')
shared int a[10];
// CHECK: threads-required.upc:[[@LINE+1]]:16: error: in the dynamic THREADS environment, shared array 'b' with a definite block size must have THREADS in exactly one dimension (as in '[N*THREADS]')
shared [4] int b[10][20];

// Not errors.
shared [] int indefinite[10];
shared [0] int zero_block[10];
shared int scalar;
shared int with_threads[10 * THREADS];
