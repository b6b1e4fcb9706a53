/* A program whose GASP events are known in advance, per thread. */
#include <upc.h>
#include <pupc.h>

shared int cells[THREADS];
upc_lock_t *lock;

static int next(int i) { return (i + 1) % THREADS; }

int main(void) {
  unsigned int phase = pupc_create_event("phase", NULL);
  lock = upc_all_lock_alloc();
  pupc_event_start(phase);
  for (int k = 0; k < 3; k++) {
    upc_lock(lock);
    cells[next(MYTHREAD)] += 1; /* remote with 2+ threads */
    upc_unlock(lock);
  }
  pupc_event_end(phase);
  upc_barrier 1;
  return cells[MYTHREAD] == 3 ? 0 : 1;
}
