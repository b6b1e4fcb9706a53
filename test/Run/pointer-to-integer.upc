// A pointer-to-shared converted to an integer (implementation-defined in
// UPC; Berkeley UPC converts, UPC specification issue 11): by cast in
// initializers, arguments, returns and comparisons, and implicitly as the
// value of a barrier (issue 64). The value is thread << 40 | offset, 0 for
// the null pointer (docs/upc-support.md), so equal pointers give equal
// integers, whatever their phase, and elements of different threads differ.
// RUN: %upcc -Wall %s -o %t 2>&1 | FileCheck %s --check-prefix=WARN --implicit-check-not=warning:
// RUN: %upcrun -n 1 %t | FileCheck %s --check-prefix=ONE
// RUN: %upcrun -n 3 %t | FileCheck %s --check-prefix=THREE
// ONE: pointer to integer: PASS on 1 thread
// THREE: pointer to integer: PASS on 3 threads

#include <upc.h>
#include <stdint.h>
#include "Inputs/check.uph"

shared int x[THREADS];
shared [3] long y[3 * THREADS];

static long long as_integer(shared void *p) { return (long long)p; }

int main(void) {
  shared int *mine = &x[MYTHREAD];
  shared void *generic = mine;
  long long v = (long long)mine;
  CHECK(v == as_integer(mine) && v == (long long)generic);
  CHECK((uintptr_t)(shared int *)0 == 0);
  CHECK((long long)&x[0] != 0);
  CHECK(((unsigned long long)mine >> 40) == (unsigned long long)MYTHREAD);
  CHECK(((unsigned long long)mine & ((1ull << 40) - 1)) == upc_addrfield(mine));
  if (THREADS > 1)
    CHECK((long long)&x[0] != (long long)&x[1]);
  /* The same element through pointers of different block sizes. */
  shared [3] long *p3 = &y[3 * MYTHREAD + 2];
  shared [] long *pi = (shared [] long *)p3;
  CHECK((long long)p3 == (long long)pi);
  /* A barrier value that is a pointer-to-shared: every thread passes the
   * same one, so the barrier matches (with a warning when translating). */
  upc_barrier (int)(long long)&x[0];
  // WARN: pointer-to-integer.upc:[[@LINE+1]]:15: warning: expression of 'upc_barrier' is a pointer ('shared int *'), converted to an integer; convert it explicitly
  upc_barrier &x[0];
  return check_report("pointer to integer");
}
