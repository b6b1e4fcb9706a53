// A fixed amount of work per step, for the probes of mir-exit.test and
// mir-control.test: each step writes one int to the next thread's element
// (remote with more than one thread), reads what the previous thread wrote
// after a barrier, runs two iterations of a upc_forall that the translator
// localizes and two of one that tests the affinity of every iteration, and
// meets the others at a barrier. With an argument, steps run until the
// file it names exists (thread 0 looks, between steps), so that a test can
// send control requests meanwhile.
#include <stdio.h>
#include <unistd.h>

shared int data[THREADS];
shared int stop;

int step(int i) {
  int seen, k;
  data[(MYTHREAD + 1) % THREADS] = i;
  upc_barrier; /* the writes before the reads (ThreadSanitizer runs) */
  seen = data[(MYTHREAD + THREADS - 1) % THREADS];
  upc_forall (k = 0; k < 2 * THREADS; k++; k)
    seen += k;
  upc_forall (k = 0; k < 2 * THREADS; k++; &data[k % THREADS])
    seen -= k;
  upc_barrier;
  return seen;
}

int main(int argc, char **argv) {
  int i, total = 0;
  for (i = 0; i < 10; i++) {
    total += step(i);
    upc_barrier;
  }
  while (argc > 1) {
    total += step(i++);
    if (MYTHREAD == 0)
      stop = access(argv[1], F_OK) == 0;
    upc_barrier;
    if (stop)
      break;
    usleep(2000);
  }
  if (MYTHREAD == 0)
    printf("steps: done\n");
  return total < 0;
}
