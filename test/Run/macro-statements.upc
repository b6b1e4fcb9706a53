// Declarations written by macros among the statements of a function body,
// as Berkeley UPC's atomics tester writes them (`SRAND()`: a barrier, a
// function-scope static shared object, statements), in the file and in a
// .upc file it includes once per type: each declaration is translated where
// the macro writes it (the statement around it is printed again), the
// static shared object moving to file scope. With them, declarations of the
// same body written in the file (per-thread statics, pointers-to-shared,
// initializers reading shared data) keep their translation.
// RUN: %upcc -Wall -Werror %s -o %t
// RUN: %upcrun -n 1 %t | FileCheck %s --check-prefix=ONE
// RUN: %upcrun -n 3 %t | FileCheck %s --check-prefix=THREE
// ONE: macro statements: PASS on 1 thread
// THREE: macro statements: PASS on 3 threads

#include <upc.h>
#include <stdlib.h>
#include "Inputs/check.uph"

#define CONCAT_(a, b) a##b
#define CONCAT(a, b) CONCAT_(a, b)

shared int owned[THREADS];
unsigned seed;

/* A seed each thread derives from the one thread 0 chose. */
#define SRAND()                                                                \
  upc_barrier;                                                                 \
  static shared unsigned int shared_seed;                                      \
  if (!MYTHREAD)                                                               \
    shared_seed = 1234u;                                                       \
  upc_barrier;                                                                 \
  seed = shared_seed + MYTHREAD;                                               \
  srand(seed)
/* A per-thread static counter, reset by each call. */
#define TALLY(name)                                                            \
  static int name;                                                             \
  name = 0
/* A private copy of this thread's element, read from shared data. */
#define GET_OWN(name)                                                          \
  owned[MYTHREAD] = MYTHREAD + 1;                                              \
  int name = owned[MYTHREAD]
/* A pointer-to-shared to thread 0's element. */
#define FIRST_POINTER(name)                                                    \
  upc_barrier;                                                                 \
  shared int *name = &owned[0]

#define T int
#define TM INT
#include "Inputs/macro-statements/typed-test.upc"
#undef T
#undef TM
#define T double
#define TM DOUBLE
#include "Inputs/macro-statements/typed-test.upc"

/* The same uses in the file itself, beside declarations written there. */
int in_file(void) {
  static int calls;
  shared int *mine = &owned[MYTHREAD];
  int before = owned[MYTHREAD];
  SRAND();
  TALLY(count);
  calls++;
  count++;
  return calls == 1 && count == 1 && *mine == before &&
         seed == 1234u + (unsigned)MYTHREAD;
}

int main(void) {
  CHECK(test_INT(10));
  CHECK(test_DOUBLE(5));
  CHECK(in_file());
  return check_report("macro statements");
}
