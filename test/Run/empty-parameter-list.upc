// Functions declared and defined without a prototype (an empty parameter
// list, a K&R definition; C99 6.7.5.3p14) that return a typedef'd
// pointer-to-shared, as UTS's shared-queue variant writes them: the
// declarator is printed again with its identifier list, and a K&R
// parameter's declaration after the ')' is translated in its place.
// RUN: %upcc -Wall -Werror %s -o %t
// RUN: %upcrun -n 1 %t | FileCheck %s --check-prefix=ONE
// RUN: %upcrun -n 3 %t | FileCheck %s --check-prefix=THREE
// ONE: empty parameter lists: PASS on 1 thread
// THREE: empty parameter lists: PASS on 3 threads

#include <upc.h>
#include "Inputs/check.uph"

struct q_t {
  int head, tail;
};
typedef shared struct q_t *q;
shared struct q_t queues[THREADS];

q my_queue();
static q other_queue();

q my_queue() { return &queues[MYTHREAD]; }
static q other_queue() { return &queues[(MYTHREAD + 1) % THREADS]; }
shared struct q_t *first_queue() { return &queues[0]; }

/* A K&R definition: the parameter's type is declared after the ')'. */
q advance(Q, n)
q Q;
int n;
{
  Q->tail += n;
  return Q;
}

int main() {
  q mine = my_queue();
  mine->head = MYTHREAD;
  mine->tail = 0;
  CHECK(advance(mine, 3) == mine);
  upc_barrier;
  q next = other_queue();
  CHECK(next->head == (MYTHREAD + 1) % THREADS && next->tail == 3);
  CHECK(first_queue()->head == 0);
  return check_report("empty parameter lists");
}
