// Two constraints of UPC 1.3 that Berkeley UPC enforces: the '[*]' layout
// qualifier cannot appear in a typedef (6.5.1.1, spec issue 71: the block
// size it stands for depends on the array it qualifies), and the ordered
// comparison of pointers-to-shared needs compatible pointee types, as C11
// 6.5.8 requires of private pointers (spec issue 104): 'shared void *'
// against 'shared int *' is an error for <, >, <= and >=, not for == and !=.
//
// RUN: not %upc-instrument -fsyntax-only -Wno-compare-distinct-pointer-types %s 2>&1 | FileCheck %s --implicit-check-not=error: --implicit-check-not=warning:

#include <upc.h>

// CHECK: typedef-star-relational.upc:[[@LINE+1]]:24: error: the layout qualifier '[*]' cannot appear in a typedef (star_int); write it in the declaration of the array
typedef shared [*] int star_int;
// CHECK: typedef-star-relational.upc:[[@LINE+1]]:24: error: the layout qualifier '[*]' cannot appear in a typedef (star_row)
typedef shared [*] int star_row[4];
typedef shared [4] int four_int; /* a definite layout is fine */
shared [*] int spread[8 * THREADS]; /* and [*] in a declaration */

shared int x;
shared long y;

int compare(shared int *p, shared void *q, shared [4] int *r) {
  int n = 0;
  // CHECK: typedef-star-relational.upc:[[@LINE+1]]:10: error: ordered comparison of pointers-to-shared to incompatible types ('shared int *' and 'shared void *'); cast one of them
  n += p < q;
  // CHECK: typedef-star-relational.upc:[[@LINE+1]]:39: error: ordered comparison of pointers-to-shared to incompatible types ('shared long *' and 'shared int *'); cast one of them
  n += (&y >= (shared long *)0) + (&y >= p);
  n += p == q;                       /* equality with shared void: allowed */
  n += (shared void *)p <= q;        /* both shared void */
  n += p > (shared int *)r;          /* same type after the cast */
  return n;
}
