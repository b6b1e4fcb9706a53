/* Known communication for upc-prof's views (THREADS >= 3): thread i puts
 * PUTS ints into the block of thread i+1, and gets GETS doubles from the
 * block of thread i+2 (mod THREADS), each a remote access of known size;
 * the accesses to its own blocks go through local pointers (no events). */
#include <upc.h>
#include <pupc.h>

#define PUTS 6
#define GETS 5

shared[PUTS] int inbox[PUTS * THREADS];
shared[GETS] double outbox[GETS * THREADS];

static void send_puts(int to) {
  for (int k = 0; k < PUTS; k++)
    inbox[to * PUTS + k] = MYTHREAD * 100 + k;
}

static double fetch(int from) {
  double sum = 0;
  for (int k = 0; k < GETS; k++)
    sum += outbox[from * GETS + k];
  return sum;
}

int main(void) {
  /* A name that the HTML report must show as text, not read as markup. */
  unsigned int marked = pupc_create_event("<b>&\"marked\"</b>", NULL);
  double *mine = (double *)&outbox[MYTHREAD * GETS];
  for (int k = 0; k < GETS; k++)
    mine[k] = MYTHREAD + k;
  upc_barrier;
  pupc_event_start(marked);
  send_puts((MYTHREAD + 1) % THREADS);
  double got = fetch((MYTHREAD + 2) % THREADS);
  pupc_event_end(marked);
  upc_barrier;
  int *box = (int *)&inbox[MYTHREAD * PUTS];
  int from = (MYTHREAD + THREADS - 1) % THREADS;
  int ok = got == GETS * ((MYTHREAD + 2) % THREADS) + GETS * (GETS - 1) / 2;
  for (int k = 0; k < PUTS; k++)
    ok = ok && box[k] == from * 100 + k;
  return ok ? 0 : 1;
}
