// Uses of macros that write UPC the translation cannot place are translated
// as their expansions when they are in the main file; in a header they stay
// errors (the header's text is not rewritten), and nothing is written.
// RUN: %upc-instrument %s -o %t.c
// RUN: FileCheck %s --check-prefix=EXPANDED < %t.c
// RUN: not %upc-instrument -DWITH_HEADER %s -o %t2.c 2>&1 | FileCheck %s --check-prefix=HEADER
// RUN: not test -e %t2.c

#include <upc.h>

#define DEFINE_STEP(NAME)                                                      \
  void NAME(void) { upc_barrier; }
// The expansion replaces the use, on the use's line.
// EXPANDED: {{^}}void step_one ( void ) { upcr_barrier(
DEFINE_STEP(step_one)

#ifdef WITH_HEADER
// HEADER: macro-step.uph:3:1: error: cannot translate UPC code written inside the definition of macro 'DEFINE_WAIT' (function 'wait_in_header')
#include "Inputs/macro-step.uph"
#endif

int main(void) {
  step_one();
  return 0;
}
