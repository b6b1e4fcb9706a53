#include <math.h>
#include <stdio.h>
#include "common.h"

int main(void) {
  int i;
  upc_forall(i = 0; i < N * THREADS; ++i; &grid[i])
    grid[i] = (i == N * THREADS / 2) ? 1000.0 : 0.0;
  upc_barrier;
  relax(10);
  if (MYTHREAD == 0) {
    double norm = 0;
    int wrong = 0;
    for (i = 0; i < N * THREADS; ++i) {
      norm += grid[i] * grid[i];
      wrong += upc_threadof(&grid[i]) != owner(i);
    }
    printf("THREADS %d norm %.6f misplaced %d\n", THREADS, sqrt(norm), wrong);
  }
  return 0;
}
