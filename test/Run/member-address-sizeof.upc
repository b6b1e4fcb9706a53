// The UPC sizeof operators of an object reached through the address of a
// member of a shared structure, evaluated at run time, not only in constant
// expressions (Berkeley UPC's guts_main/address_operator:
// `if (upc_blocksizeof(*(&(S->data))) != 0)`): the address has the
// indefinite block size (UPC 1.3, 6.4.4), so upc_blocksizeof is 0, and
// upc_localsizeof the object's size. Through '.', '->' of a shared pointer
// and of a private pointer-to-shared, '(*p).m', and an element of a member
// array; the structure itself keeps its block size.
// RUN: %upcc -Wall -Werror %s -o %t
// RUN: %upcrun -n 2 %t | FileCheck %s
// CHECK: member address sizeof: PASS on 2 threads

#include <upc.h>
#include "Inputs/check.uph"

typedef struct S {
  shared struct S *next;
  long data;
  int arr[4];
} S_t;

typedef shared S_t *S_p;

shared S_p S;
shared S_t S2;
shared [2] S_t blocked[2 * THREADS];

int main(void) {
  S_p p = &S2;
  size_t zero = 0;
  CHECK(upc_blocksizeof(*(&(S->data))) == zero);
  CHECK(upc_blocksizeof(*(&(S2.data))) == zero);
  CHECK(upc_blocksizeof(*&p->data) == zero);
  CHECK(upc_blocksizeof(*&(*p).data) == zero);
  CHECK(upc_blocksizeof(*&S2.arr[1]) == zero);
  CHECK(upc_blocksizeof(*&blocked[1].data) == zero);
  CHECK(upc_localsizeof(*&blocked[1].data) == sizeof(long));
  CHECK(upc_elemsizeof(*&S->data) == sizeof(long));
  CHECK(upc_blocksizeof(*p) == 1 && upc_blocksizeof(blocked[1]) == 2);
  (void)p;
  return check_report("member address sizeof");
}
