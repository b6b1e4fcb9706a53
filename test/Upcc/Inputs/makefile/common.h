/* Shared declarations and a helper used by both files. */
#ifndef COMMON_H
#define COMMON_H
#include <upc.h>

#define N 64

extern shared [N] double grid[N * THREADS];

/* The owner of column i, computed as the layout says. */
static inline int owner(int i) { return (i / N) % THREADS; }

void relax(int steps);
#endif
