// Uses of macros that write UPC the translation cannot place are translated
// as their expansions when they are in the main file; in a header they stay
// errors (the header's text is not rewritten), and nothing is written.
// RUN: %upc-instrument %s -o %t.c
// RUN: FileCheck %s --check-prefix=EXPANDED < %t.c
// RUN: %upc-instrument -Wunused-function %s -o %t3.c 2>&1 | FileCheck %s --check-prefix=WARN --implicit-check-not=warning:
// RUN: not %upc-instrument -DWITH_HEADER %s -o %t2.c 2>&1 | FileCheck %s --check-prefix=HEADER
// RUN: not test -e %t2.c

#include <upc.h>

#define DEFINE_STEP(NAME)                                                      \
  void NAME(void) { upc_barrier; }
// The expansion replaces the use, on the use's line; positions inside it
// are the use's, positions after it those of the user's text.
// EXPANDED: {{^}}void step_one ( void ) { upcr_barrier(0, UPCR_BARRIERFLAG_ANONYMOUS, UPCR_SRCPOS("{{.*}}macro-uses.upc", [[@LINE+1]], 1)) ; }
DEFINE_STEP(step_one)
// WARN: macro-uses.upc:[[@LINE+1]]:35: warning: unused function 'after_one'
DEFINE_STEP(step_two) static void after_one(void) {}
// WARN: macro-uses.upc:[[@LINE+2]]:29: warning: unused function 'after_two'
DEFINE_STEP(
    step_three) static void after_two(void) {}

#ifdef WITH_HEADER
// HEADER: macro-step.uph:3:1: error: cannot translate UPC code written inside the definition of macro 'DEFINE_WAIT' (function 'wait_in_header')
#include "Inputs/macro-step.uph"
#endif

int main(void) {
  step_one();
  step_two();
  step_three();
  return 0;
}
