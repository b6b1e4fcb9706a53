// The translated C compiles cleanly with -Wshadow, with and without
// instrumentation: shared accesses nested in the values of others, and
// read-modify-writes nested in each other, and nested upc_forall loops,
// declare no locals that shadow each other.
// RUN: %upcc -Wall -Wextra -Wshadow -Werror %s -o %t.plain
// RUN: %upcrun -n 2 %t.plain | FileCheck %s
// RUN: %upc-instrument --profile-local %cc -Wall -Wextra -Wshadow -Werror %s -o %t.profiled
// RUN: %upcrun -n 2 %t.profiled | FileCheck %s
// CHECK: shadow-warnings: sum 22

#include <upc.h>
#include <stdio.h>

shared int a[THREADS], b[THREADS], c[THREADS];
shared int m[THREADS][4];

int main(void) {
  int i, j;
  b[MYTHREAD] = 1;
  upc_barrier;
  a[MYTHREAD] = b[(MYTHREAD + 1) % THREADS] + b[0] + (c[MYTHREAD] = 2);
  upc_barrier;
  // Read-modify-writes nested in each other.
  c[MYTHREAD] += (b[MYTHREAD] += 1);
  c[MYTHREAD]++;
  upc_forall (i = 0; i < THREADS; i++; i)
    upc_forall (j = 0; j < 4; j++; continue)
      m[i][j] = a[i] + j;
  upc_barrier;
  if (MYTHREAD == 0) {
    int sum = 0;
    for (j = 0; j < 4; j++)
      sum += m[THREADS - 1][j];
    printf("shadow-warnings: sum %d\n", sum);
  }
  return 0;
}
