// A program with a known bottleneck, for upc-mir search
// (mir-search.test): every thread computes in work(), step after step,
// long enough that the barrier between steps and the lock taken once a
// step hold little of the time however busy the machine is (a loaded
// machine that runs the threads one after the other makes each wait at
// the barrier for the others' steps when steps are short). With an
// argument that is a number, it runs that many steps; with another, until
// the file it names exists (thread 0 looks, between steps).
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>
#include <upc.h>

shared int stop;
shared double total;
upc_lock_t *lock;

double work(long n) {
  double x = 0;
  for (long i = 1; i <= n; i++)
    x += 1.0 / ((double)i * i);
  return x;
}

int main(int argc, char **argv) {
  long steps = argc > 1 ? atol(argv[1]) : 10;
  double mine = 0;
  lock = upc_all_lock_alloc();
  for (long s = 0; steps == 0 || s < steps; s++) {
    mine += work(10000000);
    upc_lock(lock);
    total += 1;
    upc_unlock(lock);
    if (steps == 0 && MYTHREAD == 0)
      stop = access(argv[1], F_OK) == 0;
    upc_barrier;
    if (stop)
      break;
  }
  if (MYTHREAD == 0)
    printf("hotspot: done\n");
  return mine < 0;
}
