// A function-scope static shared array moves to file scope, before its
// function; the function's declaration may start inside a macro use: a
// layout qualifier whose block size is a macro (`shared [B]`), or a return
// type written by a macro. The array goes before the use.
// RUN: %upcc -Wall -Werror %s -o %t
// RUN: %upcrun -n 3 %t | FileCheck %s
// CHECK: function statics: PASS on 3 threads

#include <upc.h>
#include "Inputs/check.uph"

#define B 4
#define BLOCKED_POINTER shared [B] int *

shared [B] int *last_block(void) {
  static shared [B] int a[B * THREADS];
  return &a[B * (THREADS - 1)];
}

BLOCKED_POINTER second_element(void) {
  static shared [B] int b[B * THREADS];
  return &b[1];
}

int main(void) {
  CHECK(upc_threadof(last_block()) == (size_t)(THREADS - 1));
  CHECK(upc_phaseof(second_element()) == 1);
  return check_report("function statics");
}
