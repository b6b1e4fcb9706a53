/* A UPC file named .c (translated only when --upc-sources= names it). */
#include <upc.h>
#include <stdio.h>
shared int seen[THREADS];
int main(void) {
  seen[MYTHREAD] = 1;
  upc_barrier;
  if (MYTHREAD == 0)
    printf("upc-as-c: %d threads\n", THREADS);
  return 0;
}
