#include <upc.h>
shared int counter;
int main(void) {
  if (MYTHREAD == 0)
    counter = THREADS;
  upc_barrier;
  return 0;
}
