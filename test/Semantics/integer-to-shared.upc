// Only a null pointer constant converts to a pointer-to-shared without a
// cast (C11 6.3.2.3p3, 6.5.16.1p1; UPC 1.3, 6.4.3): any other integer is an
// error, in initialization, assignment, argument passing, return, comparison
// and the conditional operator, where C compilers only warn (-Wint-conversion
// and friends, whose warning is not shown beside the error). A private
// pointer keeps C's warning.
//
// RUN: not %upc-instrument -fsyntax-only %s 2>&1 | FileCheck %s --implicit-check-not=error: --implicit-check-not=warning: --implicit-check-not=__upc_ --implicit-check-not=__attribute__
// -w leaves the errors.
// RUN: not %upc-instrument -fsyntax-only -w %s 2>&1 | FileCheck %s --check-prefix=QUIET

#include <stddef.h>
#include <upc.h>

enum { SEVEN = 7 };

// QUIET: integer-to-shared.upc:[[@LINE+2]]:17: error: incompatible integer to pointer-to-shared conversion
// CHECK: integer-to-shared.upc:[[@LINE+1]]:17: error: incompatible integer to pointer-to-shared conversion from 'int' to 'shared int *': only a null pointer constant converts to a pointer-to-shared
shared int *p = 5;
// CHECK: integer-to-shared.upc:[[@LINE+1]]:22: error: incompatible integer to pointer-to-shared conversion from 'int' to 'shared [4] int *'
shared [4] int *p4 = (SEVEN);
// CHECK: integer-to-shared.upc:[[@LINE+1]]:18: error: incompatible integer to pointer-to-shared conversion from 'int' to 'shared void *'
shared void *v = 1;

struct holder { shared int *member; int n; };
// CHECK: integer-to-shared.upc:[[@LINE+1]]:22: error: incompatible integer to pointer-to-shared conversion from 'int' to 'shared int *'
struct holder h1 = { 42, 1 };
// CHECK: integer-to-shared.upc:[[@LINE+1]]:40: error: incompatible integer to pointer-to-shared conversion from 'int' to 'shared int *'
struct holder h2 = { .n = 1, .member = 3 };

void take(shared int *q);

// CHECK: integer-to-shared.upc:[[@LINE+1]]:33: error: incompatible integer to pointer-to-shared conversion from 'int' to 'shared int *'
shared int *give(void) { return 1; }

int f(int i, long l, char c) {
  shared int *r = 0;
  // CHECK: integer-to-shared.upc:[[@LINE+1]]:8: error: incompatible integer to pointer-to-shared conversion from 'int' to 'shared int *'
  take(7);
  // CHECK: integer-to-shared.upc:[[@LINE+1]]:7: error: incompatible integer to pointer-to-shared conversion from 'int' to 'shared int *'
  r = i;
  // CHECK: integer-to-shared.upc:[[@LINE+1]]:7: error: incompatible integer to pointer-to-shared conversion from 'long' to 'shared int *'
  r = l + 1;
  // CHECK: integer-to-shared.upc:[[@LINE+1]]:7: error: incompatible integer to pointer-to-shared conversion from 'char' to 'shared int *'
  r = c;
  // CHECK: integer-to-shared.upc:[[@LINE+1]]:17: error: incompatible integer to pointer-to-shared conversion from 'int' to 'shared int *'
  int k = (r == 5);
  // CHECK: integer-to-shared.upc:[[@LINE+1]]:15: error: incompatible integer to pointer-to-shared conversion from 'int' to 'shared int *'
  r = i ? r : 3;
  // CHECK: integer-to-shared.upc:[[@LINE+1]]:15: error: incompatible integer to pointer-to-shared conversion from 'int' to 'shared int *'
  h1.member = MYTHREAD;

  // Not errors: null pointer constants, integers converted to private
  // pointers (C's warning), pointers-to-shared.
  r = 0;
  r = 0L;
  r = (void *)0;
  r = NULL;
  take(0);
  k += (r == 0) + (r != (void *)0);
  r = i ? r : 0;
  // The result of a call of an undeclared function (C before C99, UPC's
  // allocation functions called without their header): Clang's warnings.
  // CHECK: integer-to-shared.upc:[[@LINE+2]]:5: warning: incompatible integer to pointer conversion assigning to 'shared int *' from 'int' [-Wint-conversion]
  // CHECK: integer-to-shared.upc:[[@LINE+1]]:7: warning: call to undeclared function 'old_alloc'
  r = old_alloc(4);
  // CHECK: integer-to-shared.upc:[[@LINE+1]]:8: warning: incompatible integer to pointer conversion initializing 'int *' with an expression of type 'int'; take the address with & [-Wint-conversion]
  int *ip = i;
  (void)ip;
  return k;
}
