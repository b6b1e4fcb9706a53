#include <upc.h>
#include <stdio.h>
shared int hits[THREADS];
int main(void) {
  hits[MYTHREAD] = SUITE;
  upc_barrier;
  if (MYTHREAD == 0) {
    int sum = 0;
    for (int t = 0; t < THREADS; t++)
      sum += hits[t];
    puts(sum == THREADS ? "PASS" : "FAIL");
  }
  return 0;
}
