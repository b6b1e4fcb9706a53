/* UPC in a .c file, as Berkeley UPC codes are written. */
#include <upc.h>
#include <stdio.h>

shared int counts[THREADS];

int main(void) {
  counts[MYTHREAD] = MYTHREAD + 1;
  upc_barrier;
  if (MYTHREAD == 0) {
    int sum = 0;
    for (int t = 0; t < THREADS; ++t)
      sum += counts[t];
    printf("threads %d sum %d\n", THREADS, sum);
  }
  return 0;
}
