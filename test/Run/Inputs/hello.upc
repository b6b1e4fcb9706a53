#include <upc.h>
#include <stdio.h>

int main(void) {
  printf("hello from thread %d of %d\n", MYTHREAD, THREADS);
  return 0;
}
