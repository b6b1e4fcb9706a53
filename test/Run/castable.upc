// <upc_castable.h> (UPC 1.3, optional library, 7.7): upc_thread_info and
// upc_cast agree, true to the backend: every thread is castable on pthreads
// and on MPI with every rank on one node (across nodes, those of its node);
// with MPI's shared memory off, only
// the calling thread. A cast pointer reaches the data other threads see.
// RUN: %upcc -O2 -Wall -Werror %s -o %t
// RUN: %upcrun -n 1 %t | FileCheck %s --check-prefix=ONE
// RUN: %upcrun -n 2 %t | FileCheck %s --check-prefix=%if nodes %{TWO-NODES%} %else %{TWO%}
// RUN: %upcrun -n 4 %t | FileCheck %s --check-prefix=%if nodes %{FOUR-NODES%} %else %{FOUR%}
// ONE: castable: thread 0 casts to 1 of 1
// ONE-NEXT: castable: PASS on 1 thread
// TWO: castable: thread 0 casts to 2 of 2
// TWO-NEXT: castable: PASS on 2 threads
// FOUR: castable: thread 0 casts to 4 of 4
// FOUR-NEXT: castable: PASS on 4 threads
// On two simulated nodes (lit --param nodes=2), the threads of one node:
// TWO-NODES: castable: thread 0 casts to 1 of 2
// TWO-NODES-NEXT: castable: PASS on 2 threads
// FOUR-NODES: castable: thread 0 casts to 2 of 4
// FOUR-NODES-NEXT: castable: PASS on 4 threads
// RUN: %if backend-mpi %{ env UPC_MPI_SHARED_MEMORY=0 %upcrun -n 2 %t | FileCheck %s --check-prefix=APART %}
// APART: castable: thread 0 casts to 1 of 2
// APART-NEXT: castable: PASS on 2 threads
//
// Misuse: a thread that does not exist, at the call's position.
// RUN: not %upcrun -n 2 %t bad-thread 2>&1 | FileCheck %s --check-prefix=BAD

#include <upc_castable.h>
#include <stdio.h>
#include <string.h>
#include "Inputs/check.uph"

#if !defined(__UPC_CASTABLE__) || __UPC_CASTABLE__ != 1
#error __UPC_CASTABLE__ must be 1
#endif

shared int data[THREADS];
shared [] int *heap;

int main(int argc, char **argv) {
  int t, castable = 0;
  upc_thread_info_t mine = upc_thread_info(MYTHREAD);
  CHECK(mine.guaranteedCastable == UPC_CASTABLE_ALL);
  CHECK(mine.probablyCastable == UPC_CASTABLE_ALL);
  CHECK(upc_cast(NULL) == NULL);
  CHECK(upc_cast(&data[MYTHREAD]) == (int *)&data[MYTHREAD]);
  data[MYTHREAD] = 10 + MYTHREAD;
  heap = upc_all_alloc(1, sizeof(int)); /* on thread 0 */
  if (MYTHREAD == 0)
    *heap = 42;
  upc_barrier;
  if (argc > 1 && strcmp(argv[1], "bad-thread") == 0)
    (void)upc_thread_info(THREADS);
  // BAD: castable.upc:[[@LINE-1]]:{{[0-9]+}}: error: upc_thread_info: thread 2 does not exist (THREADS is 2)
  for (t = 0; t < THREADS; t++) {
    upc_thread_info_t info = upc_thread_info(t);
    int *p = upc_cast(&data[t]);
    CHECK(info.guaranteedCastable == info.probablyCastable);
    CHECK(info.guaranteedCastable == 0 ||
          info.guaranteedCastable == UPC_CASTABLE_ALL);
    if (info.guaranteedCastable) {
      castable++;
      CHECK(p != NULL && *p == 10 + t);
    } else {
      CHECK(p == NULL);
    }
  }
  /* Dynamically allocated data is castable like static data. */
  int *h = upc_cast(heap);
  CHECK((upc_thread_info(0).guaranteedCastable & UPC_CASTABLE_ALL_ALLOC)
            ? h != NULL && *h == 42
            : h == NULL);
  if (MYTHREAD == 0)
    printf("castable: thread 0 casts to %d of %d\n", castable, THREADS);
  return check_report("castable");
}
