#include <upc.h>

int f(int x) {
  int unused_here;
  return x + MYTHREAD;
}
