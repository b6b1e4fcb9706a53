// The data of a plain C header, and of a header with `#pragma upc c_code`,
// is one object per process (Berkeley UPC's rule): on the pthreads backend
// every UPC thread sees what thread 0 stored. (On MPI each thread is a
// process of its own.)
// REQUIRES: backend-pthreads
// RUN: %upcc %s -o %t
// RUN: %upcrun -n 3 %t | FileCheck %s
// CHECK: thread 1 sees 42 and 7
// CHECK: thread 2 sees 42 and 7

#include <upc.h>
#include <stdio.h>
#include "Inputs/header-data/plain-c.h"
#include "Inputs/header-data/c-code-pragma.h"

shared int total;

int main(void) {
  if (MYTHREAD == 0) {
    plain_c_value = 42;
    c_pragma_value = 7;
  }
  upc_barrier;
  for (int t = 1; t < THREADS; ++t) {
    if (t == MYTHREAD)
      printf("thread %d sees %d and %d\n", MYTHREAD, plain_c_value,
             c_pragma_value);
    fflush(stdout);
    upc_barrier;
  }
  return 0;
}
