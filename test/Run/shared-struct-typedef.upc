// A typedef of a shared structure defines the structure (Berkeley UPC's
// guts_main/shared_pointers: `typedef shared struct { int a; shared int *b;
// } foo1;`): the C output keeps the definition, under the tag it gives an
// unnamed structure, so that objects of the type, sizeof and member
// accesses compile. Also at function scope (a static shared object of the
// type), and a structure defined by the declaration of a private
// pointer-to-shared.
// RUN: %upcc -Wall -Werror %s -o %t
// RUN: %upcrun -n 1 %t | FileCheck %s --check-prefix=ONE
// RUN: %upcrun -n 3 %t | FileCheck %s --check-prefix=THREE
// ONE: shared struct typedef: PASS on 1 thread
// THREE: shared struct typedef: PASS on 3 threads

#include <upc.h>
#include "Inputs/check.uph"

typedef shared struct {
  int a;
  shared int *b;
} foo1;

foo1 local_foo;
foo1 per_thread[THREADS];
shared int target[THREADS];

typedef shared [] struct named { long v[2]; } named_t, *named_p;
named_t one_named;

shared struct point { int x, y; } *pp;
shared struct point points[THREADS];

static int in_function(void) {
  typedef shared struct { double x; int n; } cell;
  static cell cells[THREADS];
  cells[MYTHREAD].x = MYTHREAD + 0.5;
  cells[MYTHREAD].n = MYTHREAD;
  upc_barrier;
  int t = (MYTHREAD + 1) % THREADS;
  return cells[t].x == t + 0.5 && cells[t].n == t && sizeof(cell) > 0;
}

int main(void) {
  int t = (MYTHREAD + 1) % THREADS;
  target[MYTHREAD] = 10 + MYTHREAD;
  per_thread[MYTHREAD].a = MYTHREAD;
  per_thread[MYTHREAD].b = &target[MYTHREAD];
  points[MYTHREAD].x = MYTHREAD;
  points[MYTHREAD].y = -MYTHREAD;
  if (MYTHREAD == 0) {
    local_foo.a = 42;
    local_foo.b = &target[THREADS - 1];
    one_named.v[1] = 7;
  }
  upc_barrier;
  CHECK(local_foo.a == 42 && *local_foo.b == 10 + THREADS - 1);
  CHECK(per_thread[t].a == t && *per_thread[t].b == 10 + t);
  CHECK(upc_elemsizeof(local_foo) == sizeof(foo1));
  CHECK(sizeof(foo1) >= sizeof(int));
  foo1 *p = &per_thread[t];
  CHECK(p->a == t && upc_threadof(p) == (size_t)t);
  named_p np = &one_named;
  CHECK(np->v[1] == 7 && sizeof(struct named) == 2 * sizeof(long));
  pp = &points[t];
  CHECK(pp->x == t && pp->y == -t);
  CHECK(in_function());
  return check_report("shared struct typedef");
}
