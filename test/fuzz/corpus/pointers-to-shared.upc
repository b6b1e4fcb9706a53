#include <upc.h>
shared int arr[4 * THREADS];
shared int *p = 0;
shared int *shared sps;
shared [4] int *shared [4] q;
int *priv;
void f(shared int *a, shared [] char *b) {
  p = &arr[MYTHREAD];
  p++;
  priv = (int *)&arr[MYTHREAD];
  size_t t = upc_threadof(p), ph = upc_phaseof(p), af = upc_addrfield(p);
  (void)t; (void)ph; (void)af; (void)a; (void)b;
}
