#include <upc.h>
shared [4] int a[4 * THREADS];
shared [] double *p;
void f(void) {
  size_t b = upc_blocksizeof a;
  size_t l = upc_localsizeof(a);
  size_t e = upc_elemsizeof a;
  size_t t = upc_blocksizeof(shared [8] int);
  size_t q = upc_localsizeof(*p) + upc_elemsizeof(shared int);
  (void)b; (void)l; (void)e; (void)t; (void)q;
}
