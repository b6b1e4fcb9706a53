// A pointer-to-shared does not convert implicitly to a private pointer. C
// reports these conversions; the types in its messages are spelled in UPC
// ('shared int *'), never with the translator's internal names or
// attributes. An explicit cast is allowed.
//
// RUN: not %upc-instrument -fsyntax-only %s 2>&1 | FileCheck %s --implicit-check-not=error: --implicit-check-not=warning: --implicit-check-not=__upc_ --implicit-check-not=__attribute__

shared int x;
shared int *ps;
shared [4] double *pd;

void take(int *q);

// CHECK: shared-to-private.upc:[[@LINE+1]]:25: error: returning 'shared int *' from a function with result type 'int *'{{.*$}}
int *ret(void) { return ps; }

void f(void) {
  // CHECK: shared-to-private.upc:[[@LINE+1]]:8: error: initializing 'int *' with an expression of type 'shared int *'{{.*$}}
  int *q = ps;
  // CHECK: shared-to-private.upc:[[@LINE+1]]:5: error: assigning 'shared int *' to 'int *'{{.*$}}
  q = ps;
  // CHECK: shared-to-private.upc:[[@LINE+1]]:8: error: passing 'shared int *' to parameter of type 'int *'{{.*$}}
  take(ps);
  // CHECK: shared-to-private.upc:[[@LINE+1]]:8: error: initializing 'int *' with an expression of type 'shared int *'{{.*$}}
  int *r = &x;
  // CHECK: shared-to-private.upc:[[@LINE+1]]:11: error: initializing 'double *' with an expression of type 'shared [4] double *'{{.*$}}
  double *s = pd;

  // Not errors: explicit casts.
  int *ok1 = (int *)ps;
  double *ok2 = (double *)pd;
  (void)q; (void)r; (void)s; (void)ok1; (void)ok2;
}
