/* A NAS-style common header: main, shared data and UPC code defined in a
 * header that the program's UPC .c file includes. */
#include <stdio.h>

shared int counts[THREADS];
shared [2] double pairs[2 * THREADS];

static int twice(int x) { return 2 * x; }

int main(int argc, char **argv) {
  int i, sum = 0;
  counts[MYTHREAD] = twice(MYTHREAD) + argc;
  upc_forall (i = 0; i < 2 * THREADS; i++; &pairs[i])
    pairs[i] = i;
  upc_barrier;
  for (i = 0; i < THREADS; i++)
    sum += counts[i];
  if (MYTHREAD == 0)
    printf("main in a header: sum %d, pairs[%d] = %g, argv[0] %s\n", sum,
           2 * THREADS - 1, pairs[2 * THREADS - 1],
           argv[0] ? "set" : "missing");
  return kernel(sum);
}
