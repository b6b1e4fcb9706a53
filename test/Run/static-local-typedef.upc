// Function-scope static shared arrays whose element type is a typedef of
// that function (Berkeley's benchmarks/atomicperf.upc declares `typedef
// shared void *svp_t;` in main and a static shared svp_t array in a macro):
// the array's allocation record, at file scope, names the type itself.
// Statics of one name in two blocks of a function are two objects.
// RUN: %upcc -Wall -Werror %s -o %t
// RUN: %upcrun -n 3 %t | FileCheck %s
// CHECK: static local typedef: PASS on 3 threads

#include <upc.h>
#include "Inputs/check.uph"

int main(void) {
  typedef shared void *generic_t;
  typedef double real;
  static shared generic_t ptrs[THREADS];
  static shared [2] real vals[2 * THREADS];
  ptrs[MYTHREAD] = &vals[2 * MYTHREAD];
  vals[2 * MYTHREAD + 1] = MYTHREAD + 0.5;
  upc_barrier;
  int t = (MYTHREAD + 1) % THREADS;
  shared [2] real *p = (shared [2] real *)ptrs[t];
  CHECK(upc_threadof(ptrs[t]) == (size_t)t && p[1] == t + 0.5);
  {
    static shared int twice[THREADS];
    twice[MYTHREAD] = 1;
    upc_barrier;
    CHECK(twice[t] == 1);
  }
  {
    static shared double twice[THREADS];
    twice[MYTHREAD] = 2.5;
    upc_barrier;
    CHECK(twice[t] == 2.5);
  }
  return check_report("static local typedef");
}
