// Regions of each kind for the probes of test/Mir/probes*.test.
#include <upc.h>

shared int a[THREADS];
upc_lock_t *lock;

int f(int x) { return x + 1; }

void work(int n) {
  int i, s = 0;
  for (i = 0; i < n; i++)
    a[MYTHREAD] = f(i);
  upc_barrier;
  s = a[MYTHREAD] + f(s);
  upc_lock(lock);
  a[0] += 1;
  upc_unlock(lock);
  {
    int t = s;
    a[MYTHREAD] = t;
  }
  upc_barrier;
}

int main(void) {
  upc_barrier;
  int r = MYTHREAD;
  upc_barrier;
  lock = upc_all_lock_alloc();
  work(r + 3);
  return 0;
}
