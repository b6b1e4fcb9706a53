#include <upc.h>
shared int a[100 * THREADS];
void f(void) {
  int i;
  upc_forall (i = 0; i < 100 * THREADS; i++; i)
    a[i] = i;
  upc_forall (int j = 0; j < 10; j++; j % THREADS) { a[j] += 1; }
}
