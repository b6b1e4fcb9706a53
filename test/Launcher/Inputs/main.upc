#include <upc.h>
#include <stdio.h>
#include "grid.uph"
#include "plain.h"

shared int grid[N * THREADS];

int main(void) {
  grid[MYTHREAD] = MYTHREAD + PLAIN;
  upc_barrier;
  if (MYTHREAD == 0)
    printf("main: THREADS=%d grid[0]=%d\n", THREADS, grid[0]);
  return 0;
}
