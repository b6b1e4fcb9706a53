// Functions written by macros with UPC in their bodies, as test suites and
// typed libraries write them (one function per element type): the uses are
// translated as their expansions (docs/translation.md, "Macro uses"). Shared
// data declared by the same use, a function-scope static shared array, a
// use split over lines, THREADS and MYTHREAD inside the macro and in its
// arguments, upc_forall and barriers in the body.
// RUN: %upcc -Wall -Werror %s -o %t
// RUN: %upcrun -n 1 %t | FileCheck %s --check-prefix=ONE
// RUN: %upcrun -n 3 %t | FileCheck %s --check-prefix=THREE
// RUN: %upc-instrument -T 4 %cc %s -o %t.static
// RUN: %upcrun -n 4 %t.static | FileCheck %s --check-prefix=FOUR
// Lines of the code after the uses keep their numbers; a warning is shown
// once although the file is translated twice.
// RUN: %upc-instrument -DWITH_UNUSED -Wunused-variable %s -o %t.c 2>&1 | FileCheck %s --check-prefix=WARN
// WARN: macro-functions.upc:[[@LINE+36]]:7: warning: unused variable 'unused'
// WARN-NOT: warning
// WARN: 1 warning generated.
// ONE: macro functions: PASS on 1 thread
// THREE: macro functions: PASS on 3 threads
// FOUR: macro functions: PASS on 4 threads

#include <upc.h>
#include "Inputs/check.uph"

/* MYTHREAD in the argument of a macro used inside the defining macro. */
#define EXPECT(cond) CHECK(cond)

#define SUM_TEST(TYPE, NAME)                                                   \
  static shared TYPE NAME##_data[THREADS];                                     \
  static TYPE NAME##_sum(void) {                                               \
    static shared [] TYPE partial[1];                                          \
    int i;                                                                     \
    upc_forall(i = 0; i < THREADS; i++; &NAME##_data[i])                       \
      NAME##_data[i] = (TYPE)(i + 1);                                          \
    upc_barrier;                                                               \
    if (MYTHREAD == 0) {                                                       \
      partial[0] = 0;                                                          \
      for (i = 0; i < THREADS; i++)                                            \
        partial[0] += NAME##_data[i];                                          \
    }                                                                          \
    upc_barrier;                                                               \
    EXPECT(MYTHREAD < THREADS && NAME##_data[MYTHREAD] == MYTHREAD + 1);       \
    return partial[0];                                                         \
  }
SUM_TEST(int, ints)
SUM_TEST(double,
         doubles)

int main(void) {
#ifdef WITH_UNUSED
  int unused;
#endif
  CHECK(ints_sum() == THREADS * (THREADS + 1) / 2);
  CHECK(doubles_sum() == THREADS * (THREADS + 1) / 2.0);
  CHECK(__LINE__ == 55);
  return check_report("macro functions");
}
