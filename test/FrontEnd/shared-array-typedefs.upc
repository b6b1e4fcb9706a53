// Typedefs of array types: a shared array type with THREADS in a typedef, strict/relaxed added to it, and shared (with a layout) added to a typedef of a private array type.
// RUN: %upc-instrument -fsyntax-only -Wall -Wextra %s 2>&1 | count 0
// RUN: %upc-instrument --dump-upc %s | FileCheck %s --implicit-check-not=__upc

// THREADS in a typedef's declarator (UPC counts the dimensions of typedefs
// with those of the declaration): no warning about folding the dimension.
typedef shared int TA[THREADS];
typedef TA TA2;
typedef shared [2] double TB[2*THREADS][3];
typedef int Row[4];

// CHECK: [[@LINE+1]]:4: shared variable 'ta': shared int[THREADS]; block size 1; THREADS elements; relaxed (default); file scope
TA ta;
// CHECK: [[@LINE+1]]:4: shared variable 'tb': shared [2] double[2*THREADS][3]; block size 2; 6*THREADS elements; relaxed (default); file scope
TB tb;
// The qualifier added to the typedef name is part of the element type.
// CHECK: [[@LINE+1]]:13: shared variable 'ta2': relaxed {{.+}}; block size 1; THREADS elements; relaxed; file scope
relaxed TA2 ta2;
// CHECK: [[@LINE+1]]:11: shared variable 'tas': strict {{.+}}; block size 1; THREADS elements; strict; file scope
strict TA tas;
// shared added to a typedef of a private array type qualifies its elements.
// CHECK: [[@LINE+1]]:12: shared variable 'rows': shared {{(int\[THREADS\]\[4\]|Row\[THREADS\])}}; block size 1; 4*THREADS elements; relaxed (default); file scope
shared Row rows[THREADS];
// CHECK: [[@LINE+1]]:16: shared variable 'rr': shared [4] {{(int\[THREADS\]\[4\]|Row\[THREADS\])}}; block size 4; 4*THREADS elements; relaxed (default); file scope
shared [4] Row rr[THREADS];
// CHECK: [[@LINE+1]]:15: shared variable 'ri': shared [] {{(int\[3\]\[4\]|Row\[3\])}}; block size indefinite; 12 elements; relaxed (default); file scope
shared [] Row ri[3];

int main(void) {
  return ta[0] + (int)tb[0][0] + ta2[0] + tas[0] + rows[0][0] + rr[0][0] + ri[0][0];
}

// CHECK: 7 shared variables, 0 upc_forall, 0 synchronization statements, 0 UPC sizeof operators, 0 pragmas
