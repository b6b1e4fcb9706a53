#include <upc.h>
#include <stdio.h>
#include "counters.h"

int per_thread;           /* UPC file data: one per UPC thread */
static int also_per_thread = 5;
shared int done[THREADS];

int main(void) {
  int t, sum = 0;
  per_thread += MYTHREAD + 1;
  also_per_thread += MYTHREAD;
  add_process_wide(1);
  upc_barrier;
  done[MYTHREAD] = per_thread == MYTHREAD + 1 && also_per_thread == 5 + MYTHREAD;
  upc_barrier;
  for (t = 0; t < THREADS; t++)
    sum += done[t];
  if (MYTHREAD == 0)
    printf("per-thread ok on %d of %d threads; process-wide count %d\n", sum,
           THREADS, process_wide);
  return 0;
}
