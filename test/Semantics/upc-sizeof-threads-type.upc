// upc_blocksizeof (and sizeof) of a blocked shared array type with THREADS
// in its dimension, in a function in the dynamic THREADS environment, is
// valid: no diagnostic, and no crash (Clang 19 itself crashes on sizeof of a
// variable length array type whose element type carries a type tag).
//
// RUN: %upc-instrument -fsyntax-only %s 2>&1 | count 0
// RUN: %upc-instrument -fsyntax-only -T 4 %s 2>&1 | count 0

unsigned long f(void) {
  return upc_blocksizeof(shared [8] double[8 * THREADS]) +
         sizeof(shared [8] double[8 * THREADS]);
}
