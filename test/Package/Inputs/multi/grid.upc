#include "grid.uph"

shared [GRID_BLOCK] int grid[GRID_BLOCK * THREADS];

void grid_fill(int base) {
  int i;
  upc_forall (i = 0; i < GRID_BLOCK * THREADS; i++; &grid[i])
    grid[i] = base + i;
  upc_barrier;
}

int grid_sum(void) {
  int s = 0;
  for (int i = 0; i < GRID_BLOCK * THREADS; i++)
    s += grid[i];
  return s;
}
