// Constructs the translation cannot express are errors at their position;
// nothing is written.
// RUN: not %upc-instrument %s -o %t.c 2>&1 | FileCheck %s
// RUN: not test -e %t.c

#include <upc.h>

struct flags { int kind; struct { unsigned ready : 1; unsigned count : 7; }; };
shared struct flags state;

long bad(shared int *p) {
  // CHECK: errors.upc:[[@LINE+1]]:13: error: bit-field 'ready' of an anonymous member of a shared structure cannot be accessed; name the member
  if (state.ready)
    return 0;
  return upc_threadof(p);
}

// A function whose body, written inside a macro's definition, holds UPC: its
// translation has no place in the file. Alone, the use would be translated
// as its expansion (macro-uses.upc); beside other errors it is one more.
#define DEFINE_STEP(NAME)                                                      \
  void NAME(void) { upc_barrier; }
// CHECK: errors.upc:[[@LINE+1]]:1: error: cannot translate UPC code written inside the definition of macro 'DEFINE_STEP' (function 'step_one'); write the function outside the macro, or let the macro call a function written outside it
DEFINE_STEP(step_one)

// A macro use that declares shared data (printed again from the AST) and
// defines a function: the function's body has no text to print, so the use
// is refused (beside other errors; alone it would be expanded) rather than
// left as a bare prototype (a link error later).
#define DEFINE_COUNTER(NAME)                                                   \
  static shared int NAME##_count;                                              \
  int NAME(void) { return 1; }
// CHECK: errors.upc:[[@LINE+1]]:1: error: cannot translate a use of macro 'DEFINE_COUNTER' that defines function 'counter' beside declarations of shared data; declare the data outside the macro
DEFINE_COUNTER(counter)

// A function-scope static shared object of a type declared in its function:
// the INIT function, at file scope, cannot name the type of its initializer
// (its allocation record stays in the function: static-local-struct.upc).
void counted(void) {
  struct tally { int n; };
  // CHECK: errors.upc:[[@LINE+1]]:30: error: cannot initialize function-scope static shared object 'tallies', whose type is declared in its function; declare the type at file scope
  static shared struct tally tallies[THREADS] = {{1}};
  tallies[MYTHREAD].n++;
}
