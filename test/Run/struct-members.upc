// Members of shared structures, every member kind through every base form,
// read and written from a remote thread: a scalar, an array and its
// elements, a named nested structure and an unnamed one (whose type the
// C output must be able to name), a pointer-to-shared member, and a
// bit-field within whole-structure copies (a bit-field of a shared
// structure alone is refused: test/Semantics); shared objects whose
// declaration defines their structure, named or unnamed;
// bases: an element of a shared array of structures, a shared scalar
// structure, a pointer-to-shared to a structure. Whole structures and
// members of structure type are copied both ways with private ones.
// RUN: %upcc -Wall -Werror %s -o %t
// RUN: %upcrun -n 1 %t | FileCheck %s --check-prefix=ONE
// RUN: %upcrun -n 2 %t | FileCheck %s --check-prefix=TWO
// RUN: %upcrun -n 4 %t | FileCheck %s --check-prefix=FOUR
// ONE: struct members: PASS on 1 thread
// TWO: struct members: PASS on 2 threads
// FOUR: struct members: PASS on 4 threads

#include <stdio.h>
#include <upc.h>
#include "Inputs/check.uph"

struct inner { short s; char tag[3]; };
struct A {
  int a;
  int b[4];
  struct inner in;
  struct { double x, y; } pt;
  unsigned flag : 3;
  shared int *link;
};

shared struct A data[THREADS];
shared struct A one;
shared struct { int a; double d; } unnamed[THREADS];
shared struct defined_here { int v; char c; } here;
shared int target[THREADS];

static void fill(struct A *q, int k) {
  q->a = k;
  for (int i = 0; i < 4; i++)
    q->b[i] = k * 10 + i;
  q->in.s = (short)(k + 1);
  q->in.tag[0] = 'a' + k % 26;
  q->in.tag[1] = 'z';
  q->in.tag[2] = 0;
  q->pt.x = k + 0.5;
  q->pt.y = -k;
  q->flag = k % 8;
  q->link = &target[k % THREADS];
}

/* Member by member through a pointer-to-shared, from a private one. */
static void put_members(shared struct A *p, struct A *q) {
  p->a = q->a;
  for (int i = 0; i < 4; i++)
    p->b[i] = q->b[i];
  p->in = q->in;
  p->pt = q->pt;
  p->pt.y = q->pt.y;
  p->link = q->link;
}

static int check_same(const struct A *x, const struct A *y) {
  int same = x->a == y->a && x->in.s == y->in.s &&
             x->in.tag[0] == y->in.tag[0] && x->in.tag[1] == y->in.tag[1] &&
             x->pt.x == y->pt.x && x->pt.y == y->pt.y &&
             x->flag == y->flag && x->link == y->link;
  for (int i = 0; i < 4; i++)
    same = same && x->b[i] == y->b[i];
  return same;
}

int main(void) {
  int next = (MYTHREAD + 1) % THREADS;
  struct A mine, back;
  fill(&mine, MYTHREAD + 3);
  target[MYTHREAD] = 100 + MYTHREAD;
  /* Write the next thread's element member by member. */
  put_members(&data[next], &mine);
  struct A whole = data[next];
  whole.flag = mine.flag; /* the one member put_members leaves */
  data[next] = whole;
  upc_barrier;
  /* Read mine back, written by the previous thread, in every form. */
  int prev = (MYTHREAD + THREADS - 1) % THREADS;
  struct A expect;
  fill(&expect, prev + 3);
  back = data[MYTHREAD];
  CHECK(check_same(&back, &expect));
  CHECK(data[MYTHREAD].b[2] == expect.b[2]);
  CHECK(data[MYTHREAD].in.tag[0] == expect.in.tag[0]);
  CHECK(data[MYTHREAD].pt.x == expect.pt.x);
  CHECK(*data[MYTHREAD].link == 100 + (prev + 3) % THREADS);
  shared struct A *p = &data[MYTHREAD];
  struct inner in = p->in;
  CHECK(in.s == expect.in.s);
  mine.pt = p->pt;
  CHECK(mine.pt.y == expect.pt.y);
  upc_barrier;
  /* A shared scalar structure, written by the last thread. */
  if (MYTHREAD == THREADS - 1) {
    one = expect;
    one.b[3] = 77;
    one.pt.y = 2.25;
  }
  upc_barrier;
  struct A o = one;
  CHECK(o.b[3] == 77 && one.b[3] == 77);
  CHECK(one.pt.y == 2.25 && o.pt.x == one.pt.x);
  CHECK(one.in.s == o.in.s);
  upc_barrier;
  unnamed[next].a = MYTHREAD;
  unnamed[next].d = MYTHREAD + 0.25;
  if (MYTHREAD == 0) {
    struct defined_here h = {42, 'h'};
    here = h;
  }
  upc_barrier;
  CHECK(unnamed[MYTHREAD].a == prev && unnamed[MYTHREAD].d == prev + 0.25);
  CHECK(here.v == 42 && here.c == 'h');
  upc_barrier;
  return check_report("struct members");
}
