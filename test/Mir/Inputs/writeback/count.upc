// A program whose SIR request writes it back instrumented
// (test/Mir/write-back.test): a loop of ten steps per thread.
#include <stdio.h>
#include <upc.h>

shared int total[THREADS];

int main(void) {
  int i;
  for (i = 0; i < 10; i++)
    total[MYTHREAD] += i;
  upc_barrier;
  if (MYTHREAD == 0)
    printf("count: total[0]=%d\n", total[0]);
  return 0;
}
