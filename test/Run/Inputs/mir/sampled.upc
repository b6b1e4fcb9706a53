// A hot static helper, called hundreds of millions of times a second: too
// costly to measure with a probe, upc-mir search finds its time in the
// call stacks it samples (test/Run/mir-search-sampled.test).
#include <stdio.h>
#include <stdlib.h>
#include <upc.h>

__attribute__((noinline)) static unsigned mix(unsigned x) {
  x ^= x >> 13;
  x *= 0x5bd1e995u;
  return x ^ (x >> 15);
}

unsigned step(unsigned x, int n) {
  for (int i = 0; i < n; i++)
    x = mix(x + (unsigned)i);
  return x;
}

shared unsigned out[THREADS];

int main(int argc, char **argv) {
  int steps = argc > 1 ? atoi(argv[1]) : 100;
  unsigned x = (unsigned)MYTHREAD;
  for (int s = 0; s < steps; s++) {
    x = step(x, 1000000);
    upc_barrier;
  }
  out[MYTHREAD] = x;
  upc_barrier;
  if (MYTHREAD == 0)
    printf("sampled: done\n");
  return 0;
}
