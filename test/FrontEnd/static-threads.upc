// The static THREADS environment (-T 4): THREADS is the constant 4 everywhere C needs a constant (#if, several dimensions, block sizes, private arrays, enumerators, case labels, bit-fields, static initializers), and shared arrays need no THREADS dimension.
// RUN: %upc-instrument -T 4 -fsyntax-only -Wall -Wextra %s 2>&1 | count 0
// RUN: %upc-instrument -T 4 --dump-upc %s | FileCheck %s --implicit-check-not=__upc

// CHECK: static-threads.upc: UPC translation unit, static THREADS = 4

#define N 16

#if THREADS != 4
#error THREADS is 4
#endif
_Static_assert(THREADS == 4, "THREADS");
_Static_assert(__builtin_types_compatible_p(__typeof__(THREADS), int), "THREADS is an int");

// THREADS in several dimensions and in block sizes.
// CHECK: [[@LINE+1]]:12: shared variable 'sq': shared int[4][4]; block size 1; 16 elements; relaxed (default); file scope
shared int sq[THREADS][THREADS];
// CHECK: [[@LINE+1]]:12: shared variable 'cube': shared int[4][4][2]; block size 1; 32 elements; relaxed (default); file scope
shared int cube[THREADS][THREADS][2];
// CHECK: [[@LINE+1]]:24: shared variable 'b': shared [{{.+}}] int[16]; block size 4; 16 elements; relaxed (default); file scope
shared [N/THREADS] int b[N];
// CHECK: [[@LINE+1]]:22: shared variable 'c': shared [{{.+}}] int[16]; block size 4; 16 elements; relaxed (default); file scope
shared [THREADS] int c[THREADS*THREADS];
// CHECK: [[@LINE+1]]:29: shared variable 'e': shared [{{.+}}] double[8]; block size 8; 8 elements; relaxed (default); file scope
shared [THREADS * 2] double e[THREADS + 4];
// Shared arrays without THREADS in their dimensions.
// CHECK: [[@LINE+1]]:12: shared variable 'plain': shared int[10]; block size 1; 10 elements; relaxed (default); file scope
shared int plain[10];
// CHECK: [[@LINE+1]]:16: shared variable 'blocked': shared [3] int[7][2]; block size 3; 14 elements; relaxed (default); file scope
shared [3] int blocked[7][2];
// [*] divides the elements among the 4 threads.
// CHECK: [[@LINE+1]]:16: shared variable 'star': shared [*] int[16]; block size [*] = 4; 16 elements; relaxed (default); file scope
shared [*] int star[N];
// CHECK: [[@LINE+1]]:16: shared variable 'star2': shared [*] int[10]; block size [*] = 3; 10 elements; relaxed (default); file scope
shared [*] int star2[10];
// CHECK: [[@LINE+1]]:16: shared variable 'star3': shared [*] int[4][3]; block size [*] = 3; 12 elements; relaxed (default); file scope
shared [*] int star3[THREADS][3];
// A typedef with THREADS.
typedef shared int row_t[THREADS];
// CHECK: [[@LINE+1]]:7: shared variable 'rows': shared int[2][4]; block size 1; 8 elements; relaxed (default); file scope
row_t rows[2];

// THREADS where C requires a constant.
enum { PER_THREAD = N / THREADS, TWICE = THREADS * 2 };
struct bits { unsigned value : THREADS; };
static int initialised = THREADS;
int private_array[THREADS][2];
_Static_assert(sizeof private_array == 4 * 2 * sizeof(int), "private_array");
_Static_assert(PER_THREAD == 4 && TWICE == 8, "enumerators");

int classify(int x) {
  struct bits bf = {1};
  int local[THREADS];
  local[0] = x;
  switch (x) {
  case THREADS:
    return local[0];
  case THREADS + 1:
    return initialised + (int)bf.value;
  default:
    return private_array[0][0] + PER_THREAD;
  }
}

int main(void) {
  int t = 0;
  // CHECK: [[@LINE+1]]:3: upc_forall: affinity pointer-to-shared '&sq[i][0]'
  upc_forall (int i = 0; i < THREADS; i++; &sq[i][0])
    t += sq[i][0];
  // CHECK: [[@LINE+1]]:10: upc_blocksizeof: operand 'b' of type 'shared [{{.+}}] int[16]'
  return upc_blocksizeof(b) + classify(t) + cube[0][0][0] + c[0] + (int)e[0] + plain[0] +
         blocked[0][0] + star[0] + star2[0] + star3[0][0] + rows[0][0];
}

// CHECK: 11 shared variables, 1 upc_forall, 0 synchronization statements, 1 UPC sizeof operators, 0 pragmas
