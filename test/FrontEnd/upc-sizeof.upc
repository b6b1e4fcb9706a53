// upc_blocksizeof, upc_localsizeof and upc_elemsizeof on type names and on expressions, with and without parentheses, on typedef names, and inside larger expressions.
// RUN: %upc-instrument -fsyntax-only -Wall -Wextra %s 2>&1 | count 0
// RUN: %upc-instrument --dump-upc %s | FileCheck %s --implicit-check-not=__upc

#include <stddef.h>

shared [] int ind[10];
shared [4] long blk[4*THREADS];
shared int scalar;
strict shared [2] double pair[2*THREADS];
typedef shared [3] long sl;
sl tl[3*THREADS];

size_t sizes(shared [4] long *p) {
  size_t s = 0;
  // Type names.
  // CHECK: [[@LINE+1]]:8: upc_blocksizeof: operand 'shared [5] int'
  s += upc_blocksizeof(shared [5] int);
  // CHECK: [[@LINE+1]]:8: upc_localsizeof: operand 'shared [] int[10]'
  s += upc_localsizeof(shared [] int[10]);
  // CHECK: [[@LINE+1]]:8: upc_elemsizeof: operand 'strict shared char'
  s += upc_elemsizeof(strict shared char);
  // CHECK: [[@LINE+1]]:8: upc_blocksizeof: operand 'shared [3] long'
  s += upc_blocksizeof(sl);
  // CHECK: [[@LINE+1]]:8: upc_blocksizeof: operand 'shared [{{.+}}] char'
  s += upc_blocksizeof(shared [UPC_MAX_BLOCK_SIZE] char);
  // CHECK: [[@LINE+1]]:8: upc_blocksizeof: operand 'shared [*] int[6]'
  s += upc_blocksizeof(shared [*] int[6]);

  // Expressions, parenthesized or not.
  // CHECK: [[@LINE+1]]:8: upc_localsizeof: operand 'ind' of type 'shared [] int[10]'
  s += upc_localsizeof(ind);
  // CHECK: [[@LINE+1]]:8: upc_localsizeof: operand 'ind' of type 'shared [] int[10]'
  s += upc_localsizeof ind;
  // CHECK: [[@LINE+1]]:8: upc_localsizeof: operand 'ind[0]' of type 'shared [] int'
  s += upc_localsizeof ind[0];
  // CHECK: [[@LINE+1]]:8: upc_blocksizeof: operand 'scalar' of type 'shared int'
  s += upc_blocksizeof scalar;
  // CHECK: [[@LINE+1]]:8: upc_elemsizeof: operand 'scalar' of type 'shared int'
  s += upc_elemsizeof(scalar);
  // CHECK: [[@LINE+1]]:8: upc_blocksizeof: operand '*p' of type 'shared [4] long'
  s += upc_blocksizeof *p;
  // CHECK: [[@LINE+1]]:8: upc_elemsizeof: operand 'p[1]' of type 'shared [4] long'
  s += upc_elemsizeof(p[1]);
  // CHECK: [[@LINE+1]]:8: upc_blocksizeof: operand 'pair[1]' of type 'strict shared [2] double'
  s += upc_blocksizeof pair[1];
  // CHECK: [[@LINE+1]]:8: upc_elemsizeof: operand 'tl[0]' of type 'shared [3] long'
  s += upc_elemsizeof tl[0];
  // CHECK: [[@LINE+1]]:8: upc_blocksizeof: operand '*ind' of type 'shared [] int'
  s += upc_blocksizeof(*ind);

  // All three on one line, and as operands of other operators.
  // CHECK: [[@LINE+3]]:8: upc_blocksizeof: operand 'scalar' of type 'shared int'
  // CHECK: [[@LINE+2]]:34: upc_localsizeof: operand 'scalar' of type 'shared int'
  // CHECK: [[@LINE+1]]:60: upc_elemsizeof: operand 'scalar' of type 'shared int'
  s += upc_blocksizeof(scalar) + upc_localsizeof(scalar) + upc_elemsizeof(scalar);
  // CHECK: [[@LINE+1]]:8: upc_blocksizeof: operand 'scalar' of type 'shared int'
  s += upc_blocksizeof scalar * 2 + 1;
  // CHECK: [[@LINE+1]]:14: upc_elemsizeof: operand 'ind[1]' of type 'shared [] int'
  s += -(1 + upc_elemsizeof ind[1]);
  // CHECK: [[@LINE+1]]:12: upc_blocksizeof: operand 'ind[2]' of type 'shared [] int'
  s += s ? upc_blocksizeof(ind[2]) : 0;
  // CHECK: [[@LINE+1]]:16: upc_localsizeof: operand 'ind' of type 'shared [] int[10]'
  s += (size_t)upc_localsizeof(ind) / sizeof(int);
  return s;
}

int main(void) { return (int)sizes(blk) + (int)blk[0] + (int)pair[0] + (int)tl[0]; }

// CHECK: 5 shared variables, 0 upc_forall, 0 synchronization statements, 23 UPC sizeof operators, 0 pragmas
