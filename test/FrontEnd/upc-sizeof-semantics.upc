// The values of upc_blocksizeof and upc_elemsizeof as integer constant expressions (static assertions, array sizes), upc_*sizeof as the operand of sizeof, THREADS-dependent type names with a layout or strict qualifier, and the operand types of THREADS-dependent arrays in the dump.
// RUN: %upc-instrument -fsyntax-only -Wall -Wextra %s 2>&1 | count 0
// RUN: %upc-instrument -T 4 -fsyntax-only -Wall -Wextra %s 2>&1 | count 0
// RUN: %upc-instrument --dump-upc %s | FileCheck %s --implicit-check-not=__upc --check-prefixes=CHECK,DYNAMIC
// RUN: %upc-instrument -T 4 --dump-upc %s | FileCheck %s --implicit-check-not=__upc --check-prefixes=CHECK,STATIC

#include <stddef.h>

shared [8] char a[8*THREADS];
shared double d[THREADS][3];
shared [] int ind[10];
shared [*] int star[5*THREADS];

// upc_blocksizeof: the block size (0 when indefinite); upc_elemsizeof: the
// size of the element type. Both are integer constant expressions.
_Static_assert(upc_blocksizeof(shared int) == 1, "default block size");
_Static_assert(upc_blocksizeof(shared [8] char) == 8, "shared [8] char");
_Static_assert(upc_blocksizeof(shared [] int) == 0, "indefinite");
_Static_assert(upc_blocksizeof(shared [0] int) == 0, "[0] is indefinite");
_Static_assert(upc_blocksizeof a == 8, "a");
_Static_assert(upc_blocksizeof(d) == 1, "d");
_Static_assert(upc_blocksizeof(ind) == 0, "ind");
_Static_assert(upc_blocksizeof(star) == 5, "[*] over 5*THREADS elements");
_Static_assert(upc_blocksizeof(shared [*] int[5*THREADS]) == 5, "[*] type");
_Static_assert(upc_elemsizeof(a) == 1, "char elements");
_Static_assert(upc_elemsizeof d == sizeof(double), "double elements");
_Static_assert(upc_elemsizeof(shared [4] long[4*THREADS][2]) == sizeof(long), "long elements");
// upc_localsizeof is an upper bound of the local part.
_Static_assert(upc_localsizeof(ind) >= 10 * sizeof(int), "all of ind is on one thread");

// As array sizes.
char block_buffer[upc_blocksizeof(a)];
_Static_assert(sizeof block_buffer == 8, "block_buffer");

// As the operand of sizeof: the operators have the precedence of sizeof.
_Static_assert(sizeof upc_blocksizeof(a) == sizeof(size_t), "sizeof upc_blocksizeof");
_Static_assert(sizeof(upc_elemsizeof a) == sizeof(size_t), "sizeof (upc_elemsizeof a)");

size_t run(void) {
  // The operand type of a THREADS-dependent array keeps its THREADS dimension.
  // DYNAMIC: [[@LINE+2]]:10: upc_blocksizeof: operand 'a' of type 'shared [8] char[8*THREADS]'
  // STATIC: [[@LINE+1]]:10: upc_blocksizeof: operand 'a' of type 'shared [8] char[32]'
  return upc_blocksizeof(a) +
  // DYNAMIC: [[@LINE+2]]:10: upc_elemsizeof: operand 'd' of type 'shared double[THREADS][3]'
  // STATIC: [[@LINE+1]]:10: upc_elemsizeof: operand 'd' of type 'shared double[4][3]'
         upc_elemsizeof d +
  // DYNAMIC: [[@LINE+2]]:10: upc_localsizeof: operand 'shared int[10*THREADS]'
  // STATIC: [[@LINE+1]]:10: upc_localsizeof: operand 'shared int[40]'
         upc_localsizeof(shared int[10*THREADS]) +
  // A THREADS-dependent type name with a layout or strict/relaxed qualifier.
  // DYNAMIC: [[@LINE+2]]:10: upc_localsizeof: operand 'shared [4] int[4*THREADS]'
  // STATIC: [[@LINE+1]]:10: upc_localsizeof: operand 'shared [4] int[16]'
         upc_localsizeof(shared [4] int[4*THREADS]) +
         sizeof(strict shared int[2*THREADS]) +
  // CHECK: [[@LINE+1]]:10: upc_localsizeof: operand 'ind' of type 'shared [] int[10]'
         upc_localsizeof ind + (size_t)block_buffer[0] + (size_t)star[0];
}

int main(void) { return (int)run(); }
