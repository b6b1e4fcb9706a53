#include "upc_strict.h"
#include "pupc.h"
#include <unistd.h> /* the proposal's listing calls sleep() without it */

shared int a[5*THREADS];
shared int b = 0;
int c = 0;

void myfn() {
  c++;
}

int main(int argc, char** argv) {
  int i;
  int evid = pupc_create_event("Custom event");

  upc_fence;

  sleep(1);

  upc_forall(i = 0; i < 5*THREADS; i++; &a[i]) {
    a[i] = 44;
    if (MYTHREAD == 1) {
      b = i;
    }
    pupc_event_start(evid, NULL);
    c--;
    pupc_event_stop(evid, NULL);
  }

#pragma pupc off
  if (MYTHREAD == 1) {
    a[0]++;
  }
#pragma pupc on

  return 0;
}
