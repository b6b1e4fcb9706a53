// UPC qualifiers written by macros: a whole qualified type, a function-like layout macro, strict shared, a pointer-to-shared type, [] and [*] layouts, a declaration macro, and block sizes from nested macros.
// RUN: %upc-instrument -fsyntax-only -Wall -Wextra %s 2>&1 | count 0
// RUN: %upc-instrument --dump-upc %s | FileCheck %s --implicit-check-not=__upc

#define B 4
#define TWICE(x) (2 * (x))
#define SHARED_INT shared int
#define BLOCKED(n) shared [n]
#define STRICT_SHARED strict shared
#define SHARED shared
#define PTS(T) shared T *
#define SHARED_ARRAY(T, name, n) shared [n] T name[(n) * THREADS]
#define INDEFINITE shared []
#define STAR shared [*]

// CHECK: [[@LINE+1]]:12: shared variable 'm1': shared int; block size 1; relaxed (default); file scope
SHARED_INT m1;
// CHECK: [[@LINE+1]]:16: shared variable 'm2': shared [{{.+}}] int[4*THREADS]; block size 4; 4*THREADS elements; relaxed (default); file scope
BLOCKED(B) int m2[B*THREADS];
// CHECK: [[@LINE+1]]:26: shared variable 'm3': shared [{{.+}}] double[THREADS][8]; block size 8; 8*THREADS elements; relaxed (default); file scope
BLOCKED(TWICE(B)) double m3[THREADS][TWICE(B)];
// CHECK: [[@LINE+1]]:19: shared variable 'm4': strict shared int; block size 1; strict; file scope
STRICT_SHARED int m4;
// CHECK: [[@LINE+1]]:12: shared variable 'm5': shared int; block size 1; relaxed (default); file scope
SHARED int m5;
// CHECK: [[@LINE+1]]:17: shared variable 'm6': shared int *shared; block size 1; relaxed (default); file scope
PTS(int) shared m6;
// CHECK: [[@LINE+1]]:20: shared variable 'm7': shared [{{.+}}] long[3*THREADS]; block size 3; 3*THREADS elements; relaxed (default); file scope
SHARED_ARRAY(long, m7, 3);
// CHECK: [[@LINE+1]]:17: shared variable 'm8': shared [] char[10]; block size indefinite; 10 elements; relaxed (default); file scope
INDEFINITE char m8[10];
// CHECK: [[@LINE+1]]:10: shared variable 'm9': shared [*] int[2*THREADS]; block size [*] = 2; 2*THREADS elements; relaxed (default); file scope
STAR int m9[2*THREADS];
// A macro for strict/relaxed alone, next to a written shared.
#define RELAXED relaxed
// CHECK: [[@LINE+1]]:24: shared variable 'm10': relaxed shared [2] int[2*THREADS]; block size 2; 2*THREADS elements; relaxed; file scope
RELAXED shared [2] int m10[2*THREADS];

PTS(double) pointer_to_shared;
BLOCKED(B) int *blocked_pointer;

// Macro-written qualifiers inside a function.
int main(void) {
  // CHECK: [[@LINE+1]]:21: shared variable 'local': shared int; block size 1; relaxed (default); static local
  static SHARED_INT local;
  pointer_to_shared = (PTS(double))&m3[0][0];
  blocked_pointer = (BLOCKED(B) int *)m2;
  return m1 + m2[0] + (int)m3[0][0] + m4 + m5 + *m6 + (int)m7[0] + m8[0] + m9[0] + m10[0] + local;
}

// CHECK: 11 shared variables, 0 upc_forall, 0 synchronization statements, 0 UPC sizeof operators, 0 pragmas
