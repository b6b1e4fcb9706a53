// Shared objects by storage class (file scope, extern at file and block scope, static locals, tentative and incomplete arrays) and through typedefs, with qualifiers added to typedef names.
// RUN: %upc-instrument -fsyntax-only -Wall -Wextra %s 2>&1 | count 0
// RUN: %upc-instrument --dump-upc %s | FileCheck %s --implicit-check-not=__upc

// --- Storage classes.
// CHECK: [[@LINE+1]]:19: shared variable 'ext': shared int; block size 1; relaxed (default); extern
extern shared int ext;
// CHECK: [[@LINE+1]]:12: shared variable 'ext': shared int; block size 1; relaxed (default); file scope
shared int ext;
// CHECK: [[@LINE+1]]:23: shared variable 'exta': shared [4] int[4*THREADS]; block size 4; 4*THREADS elements; relaxed (default); extern
extern shared [4] int exta[4*THREADS];
// CHECK: [[@LINE+1]]:19: shared variable 'earr': shared int[]; block size 1; unknown elements; relaxed (default); extern
extern shared int earr[];
// CHECK: [[@LINE+1]]:19: shared variable 'internal': shared int; block size 1; relaxed (default); file scope
static shared int internal;
// CHECK: [[@LINE+1]]:12: shared variable 'init': shared int; block size 1; relaxed (default); file scope
shared int init = 42;
// CHECK: [[@LINE+1]]:15: shared variable 'inita': shared [] int[3]; block size indefinite; 3 elements; relaxed (default); file scope
shared [] int inita[3] = {1, 2, 3};

int use_storage(void) {
  // CHECK: [[@LINE+1]]:21: shared variable 'ext': shared int; block size 1; relaxed (default); extern
  extern shared int ext;
  // CHECK: [[@LINE+1]]:25: shared variable 'exta': shared [4] int[4*THREADS]; block size 4; 4*THREADS elements; relaxed (default); extern
  extern shared [4] int exta[4*THREADS];
  // CHECK: [[@LINE+1]]:21: shared variable 'counter': shared int; block size 1; relaxed (default); static local
  static shared int counter;
  // CHECK: [[@LINE+1]]:28: shared variable 'grid': shared [2] double[THREADS][2]; block size 2; 2*THREADS elements; relaxed (default); static local
  static shared [2] double grid[THREADS][2];
  // CHECK: [[@LINE+1]]:29: shared variable 'sp': shared int *shared; block size 1; relaxed (default); static local
  static shared int *shared sp;
  // CHECK: [[@LINE+1]]:32: shared variable 'buf': strict shared [] char[64]; block size indefinite; 64 elements; strict; static local
  static strict shared [] char buf[64];
  if (ext) {
    // CHECK: [[@LINE+1]]:27: shared variable 'nested': shared [*] int[THREADS]; block size [*] = 1; THREADS elements; relaxed (default); static local
    static shared [*] int nested[THREADS];
    return nested[0];
  }
  return ext + exta[0] + counter + (int)grid[0][0] + *sp + buf[0] + earr[0] +
         internal + init + inita[0];
}

// --- Typedefs of shared types, and shared added to typedef names (typedefs of
// array types: shared-array-typedefs.upc).
typedef int myint;
typedef shared int sint;
typedef shared [4] int sblk;
typedef shared [] int sind;
typedef shared int *pts;
typedef struct { int x; double y; } pair;

// CHECK: [[@LINE+1]]:14: shared variable 'm': shared int; block size 1; relaxed (default); file scope
shared myint m;
// CHECK: [[@LINE+1]]:18: shared variable 'mb': shared [8] int[8*THREADS]; block size 8; 8*THREADS elements; relaxed (default); file scope
shared [8] myint mb[8*THREADS];
// CHECK: [[@LINE+1]]:6: shared variable 'si': shared int; block size 1; relaxed (default); file scope
sint si;
// CHECK: [[@LINE+1]]:13: shared variable 'ssi': strict shared int; block size 1; strict; file scope
strict sint ssi;
// CHECK: [[@LINE+1]]:6: shared variable 'sarr': shared int[THREADS]; block size 1; THREADS elements; relaxed (default); file scope
sint sarr[THREADS];
// CHECK: [[@LINE+1]]:6: shared variable 'sb': shared [4] int[4*THREADS]; block size 4; 4*THREADS elements; relaxed (default); file scope
sblk sb[4*THREADS];
// CHECK: [[@LINE+1]]:13: shared variable 'tc': strict shared [4] int[2][4*THREADS]; block size 4; 8*THREADS elements; strict; file scope
strict sblk tc[2][4*THREADS];
// CHECK: [[@LINE+1]]:6: shared variable 'ti': shared [] int[5]; block size indefinite; 5 elements; relaxed (default); file scope
sind ti[5];
// CHECK: [[@LINE+1]]:12: shared variable 'spt': shared int *shared; block size 1; relaxed (default); file scope
shared pts spt;
// CHECK: [[@LINE+1]]:13: shared variable 'sp2': shared pair; block size 1; relaxed (default); file scope
shared pair sp2;

int main(void) {
  pts p = &sarr[0];
  return use_storage() + m + mb[0] + si + ssi + sarr[0] + sb[0] + tc[0][0] +
         ti[0] + *spt + sp2.x + *p;
}

// CHECK: 24 shared variables, 0 upc_forall, 0 synchronization statements, 0 UPC sizeof operators, 0 pragmas
