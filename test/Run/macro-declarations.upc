// File-scope declarations written by macros, as UPC codes write them: one
// macro use that writes several declarations (shared, private, a structure
// and a shared array of it, an initialized shared scalar), with and without
// a ';' after the use, next to macros that write one declaration or part of
// one. Each macro use is translated as a whole.
// RUN: %upcc -Wall -Werror %s -o %t
// RUN: %upcrun -n 1 %t | FileCheck %s --check-prefix=ONE
// RUN: %upcrun -n 3 %t | FileCheck %s --check-prefix=THREE
// ONE: macro declarations: PASS on 1 thread
// THREE: macro declarations: PASS on 3 threads

#include <upc.h>
#include "Inputs/check.uph"

#define GLOBALS shared int a[THREADS]; shared int b;
GLOBALS
#define MIXED int private_count; shared long total; static int helper = 7;
MIXED
#define POINTS struct point { int x, y; }; shared struct point pts[THREADS]
POINTS;
#define INITIALIZED shared int start = 5; shared [2] double pairs[2 * THREADS];
INITIALIZED
#define SHARED_INT shared int
SHARED_INT single[THREADS];
#define ARRAY(type, name, n) shared type name[(n) * THREADS]
ARRAY(int, c, 2);
static ARRAY(long, d, 3);

int main(void) {
  a[MYTHREAD] = MYTHREAD;
  pts[MYTHREAD].x = MYTHREAD;
  pts[MYTHREAD].y = -MYTHREAD;
  pairs[2 * MYTHREAD + 1] = MYTHREAD + 0.5;
  single[MYTHREAD] = 1;
  c[2 * MYTHREAD] = 2;
  d[3 * MYTHREAD] = 3;
  private_count = MYTHREAD + helper;
  if (MYTHREAD == 0) {
    b = 4;
    total = 0;
  }
  upc_barrier;
  int last = THREADS - 1;
  CHECK(a[last] == last && b == 4 && start == 5);
  CHECK(pts[last].x == last && pts[last].y == -last);
  CHECK(pairs[2 * last + 1] == last + 0.5);
  CHECK(single[last] == 1 && c[2 * last] == 2 && d[3 * last] == 3);
  CHECK(private_count == MYTHREAD + 7);
  return check_report("macro declarations");
}
