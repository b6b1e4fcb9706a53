#include <upc.h>
void f(int id) {
  upc_barrier;
  upc_barrier 3;
  upc_barrier (id + 1) * 2;
  upc_notify;
  upc_notify id;
  upc_wait;
  upc_wait id;
  upc_fence;
}
