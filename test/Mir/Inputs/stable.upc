#include <upc.h>
shared int a[THREADS];
void f(void) {
  int i;
  upc_forall (i = 0; i < THREADS; i++; i)
    a[i] = i;
  upc_barrier;
  for (i = 0; i < 3; i++)
    a[MYTHREAD] += i;
}
int main(void) {
  f();
  return 0;
}
