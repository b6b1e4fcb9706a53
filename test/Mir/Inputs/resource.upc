#include <upc.h>
shared int x;
int main(void) {
  if (MYTHREAD == 0)
    x = 1;
  upc_barrier;
  return x;
}
