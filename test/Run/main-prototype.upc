// A prototype of main before its definition (as some codes write it, to
// call main recursively or to declare it in a header): both are renamed,
// so the C output has one main, the runtime's.
// RUN: %upc-instrument %cc -Wall -Werror %s -o %t
// RUN: %upcrun -n 2 %t | sort | FileCheck %s
// CHECK: main 0 of 2
// CHECK: main 1 of 2
#include <stdio.h>
#include <upc.h>

int main(void);

int main(void) {
  printf("main %d of %d\n", MYTHREAD, THREADS);
  return 0;
}
