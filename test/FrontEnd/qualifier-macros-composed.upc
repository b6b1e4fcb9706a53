// A layout qualifier whose size comes from a macro parameter, including `*`
// and nothing: BLOCKED(*) is shared [*], BLOCKED() is shared [].
// (A layout split from its `shared` across a macro boundary is an error:
// Semantics/layout-across-macros.upc.)
// RUN: %upc-instrument -fsyntax-only -Wall -Wextra %s 2>&1 | count 0
// RUN: %upc-instrument --dump-upc %s | FileCheck %s --implicit-check-not=__upc

#define BLOCKED(n) shared [n]

// After expansion: shared [*] int s1[2*THREADS];
// CHECK: [[@LINE+1]]:16: shared variable 's1': shared [*] int[2*THREADS]; block size [*] = 2; 2*THREADS elements; relaxed (default); file scope
BLOCKED(*) int s1[2*THREADS];
// After expansion: shared [] int s2[3];
// CHECK: [[@LINE+1]]:15: shared variable 's2': shared [] int[3]; block size indefinite; 3 elements; relaxed (default); file scope
BLOCKED() int s2[3];
// CHECK: [[@LINE+1]]:18: shared variable 's3': shared [2*2] int[4*THREADS]; block size 4; 4*THREADS elements; relaxed (default); file scope
BLOCKED(2*2) int s3[4*THREADS];

int main(void) { return s1[0] + s2[0] + s3[0]; }

// CHECK: 3 shared variables, 0 upc_forall, 0 synchronization statements, 0 UPC sizeof operators, 0 pragmas
