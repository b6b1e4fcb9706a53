#include "grid.uph"
#include "report.h"

int main(void) {
  grid_fill(GRID_BASE);
  int n = GRID_BLOCK * THREADS;
  int sum = grid_sum();
  int expected = n * GRID_BASE + n * (n - 1) / 2;
  upc_barrier;
  if (MYTHREAD == 0)
    report(THREADS, sum, expected);
  return sum != expected;
}
