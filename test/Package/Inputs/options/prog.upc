#include <stdio.h>
#include <upc.h>

shared int counter[THREADS];

int main(void) {
  counter[MYTHREAD] = MYTHREAD + 1;
  upc_barrier;
  if (MYTHREAD == 0) {
    int sum = 0;
    for (int i = 0; i < THREADS; i++)
      sum += counter[i];
    printf("options: THREADS=%d sum=%d\n", THREADS, sum);
  }
  return 0;
}
