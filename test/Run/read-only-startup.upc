// Read-only objects whose initial value is the address of per-thread data
// (csmith writes `static int32_t ** const volatile g = &h;`): the value
// differs by thread, so they are per-thread data too, declared without the
// const and assigned at start-up; reads see the calling thread's object.
// Every qualifier combination, arrays, a typedef, a structure, a volatile
// array (copied without a warning).
// RUN: %upcc -Wall -Werror %s -o %t
// RUN: %upcrun -n 3 %t | FileCheck %s
// CHECK: thread 0: 0 0 0 0 0 0 0 0
// CHECK: thread 1: 10 10 10 10 10 10 10 10
// CHECK: thread 2: 20 20 20 20 20 20 20 20
// CHECK: read-only start-up values: PASS

#include <upc.h>
#include <stdio.h>

static int h;
static int *g1 = &h;
static int **const volatile g2 = &g1;
static int *const g3 = &h;
static int *const arr[2] = {&h, &h};
typedef int *const ConstPointer;
static ConstPointer g4 = &h;
struct S {
  int *p;
  int *const q;
};
static const struct S s = {&h, &h};
static volatile int *const volatile varr[2][1] = {{&h}, {&h}};
const int *const cp = &h;

shared int failures;
// What each thread read, printed by thread 0 (processes' output would
// interleave on MPI).
shared [8] int seen[8 * THREADS];

int main(void) {
  h = MYTHREAD * 10;
  upc_barrier;
  int values[8] = {**g2, *g3, *arr[1], *g4, *s.p, *s.q, *varr[1][0], *cp};
  for (int i = 0; i < 8; ++i) {
    seen[8 * MYTHREAD + i] = values[i];
    if (values[i] != h)
      failures = 1;
  }
  upc_barrier;
  if (MYTHREAD == 0) {
    for (int t = 0; t < THREADS; ++t) {
      printf("thread %d:", t);
      for (int i = 0; i < 8; ++i)
        printf(" %d", seen[8 * t + i]);
      printf("\n");
    }
    printf("read-only start-up values: %s\n", failures ? "FAIL" : "PASS");
  }
  return 0;
}
