#include <upc.h>
#include <stdio.h>
#include <stdlib.h>

/* Thread 0 allocates argv[1] MiB of shared memory. */
int main(int argc, char **argv) {
  size_t mib = argc > 1 ? (size_t)atol(argv[1]) : 1;
  if (MYTHREAD == 0) {
    shared char *p = upc_alloc(mib << 20);
    printf("allocated %zu MiB: %s\n", mib, p ? "yes" : "no");
  }
  upc_barrier;
  return 0;
}
