/* A UPC program in a .c file, made by Makefile with upcc -T$(NP). */
#include <upc.h>
#include <math.h>
#include <stdio.h>

#ifndef FROM_HARNESS
#error the harness's CC was not used
#endif

shared [SCALE] int cells[SCALE * THREADS];

int main(void) {
  int i;
  upc_forall(i = 0; i < SCALE * THREADS; ++i; &cells[i])
    cells[i] = i;
  upc_barrier;
  if (MYTHREAD == 0) {
    long sum = 0;
    for (i = 0; i < SCALE * THREADS; ++i)
      sum += cells[i];
    long n = SCALE * THREADS;
    printf("made: %s (THREADS %d, scale %d, sqrt %.0f)\n",
           sum == n * (n - 1) / 2 ? "PASS" : "FAIL", THREADS, SCALE,
           sqrt((double)(n * n)));
  }
  return 0;
}
