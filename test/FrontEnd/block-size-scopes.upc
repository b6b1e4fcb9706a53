// Block sizes that name identifiers of a block scope: a local enumeration constant, a local typedef or structure in sizeof, and a local name that hides a file-scope one (the block size must use the local meaning).
// RUN: %upc-instrument -fsyntax-only -Wall -Wextra %s 2>&1 | count 0
// RUN: %upc-instrument --dump-upc %s | FileCheck %s --implicit-check-not=__upc

enum { K = 2 };
typedef char T4[4];

int local_constants(void) {
  enum { L = 3 };
  struct small { char c[6]; };
  typedef short pair_t[2];
  // CHECK: [[@LINE+1]]:25: shared variable 'x': shared [L] int[3*THREADS]; block size 3; 3*THREADS elements; relaxed (default); static local
  static shared [L] int x[3*THREADS];
  // CHECK: [[@LINE+1]]:45: shared variable 'y': shared [sizeof(struct small)] char[6*THREADS]; block size 6; 6*THREADS elements; relaxed (default); static local
  static shared [sizeof(struct small)] char y[6*THREADS];
  // CHECK: [[@LINE+1]]:39: shared variable 'z': shared [sizeof(pair_t)] char[4*THREADS]; block size 4; 4*THREADS elements; relaxed (default); static local
  static shared [sizeof(pair_t)] char z[4*THREADS];
  return x[0] + y[0] + z[0];
}

int hidden_names(void) {
  enum { K = 5 };
  typedef char T4[7];
  // The local K (5), not the file-scope K (2).
  // CHECK: [[@LINE+1]]:25: shared variable 'k': shared [K] int[5*THREADS]; block size 5; 5*THREADS elements; relaxed (default); static local
  static shared [K] int k[5*THREADS];
  // The local T4 (7 bytes), not the file-scope T4 (4 bytes).
  // CHECK: [[@LINE+1]]:35: shared variable 't': shared [sizeof(T4)] char[7*THREADS]; block size 7; 7*THREADS elements; relaxed (default); static local
  static shared [sizeof(T4)] char t[7*THREADS];
  return k[0] + t[0];
}

// File scope again: K is 2 and T4 is 4 bytes.
// CHECK: [[@LINE+1]]:16: shared variable 'fk': shared [K] int[2*THREADS]; block size 2; 2*THREADS elements; relaxed (default); file scope
shared [K] int fk[2*THREADS];
// CHECK: [[@LINE+1]]:26: shared variable 'ft': shared [sizeof(T4)] char[4*THREADS]; block size 4; 4*THREADS elements; relaxed (default); file scope
shared [sizeof(T4)] char ft[4*THREADS];

int main(void) { return local_constants() + hidden_names() + fk[0] + ft[0]; }

// CHECK: 7 shared variables, 0 upc_forall, 0 synchronization statements, 0 UPC sizeof operators, 0 pragmas
