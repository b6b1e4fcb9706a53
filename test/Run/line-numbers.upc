// The compiled program reports the UPC source's lines and file names
// (__LINE__, __FILE__, assert, debuggers), also after an inlined UPC header
// and after translated code that spans several lines.
// RUN: %upcc %s -o %t
// RUN: %upcrun -n 1 %t | FileCheck %s

#include <upc.h>
#include <stdio.h>
#include "Inputs/lines.uph"

shared int a[4*THREADS];

int main(void) {
  // CHECK: header line 2
  printf("header line %d\n", header_line());
  // CHECK: line [[@LINE+1]] in {{.*}}line-numbers.upc
  printf("line %d in %s\n", __LINE__, __FILE__);
  a[0] =
      a[1] +
      a[2];
  // CHECK: line [[@LINE+1]]
  printf("line %d\n", __LINE__);
  upc_forall (int i = 0;
              i < 4*THREADS;
              i++;
              &a[i])
    a[i] =
        i;
  // CHECK: line [[@LINE+1]]
  printf("line %d\n", __LINE__);
  return 0;
}
