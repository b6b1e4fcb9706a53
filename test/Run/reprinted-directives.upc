// Preprocessor directives inside a statement that the translation prints
// again from the AST (Berkeley UPC's spec1.3/atomic_test_help.upc: an `if`
// written by a macro whose body holds a statement macro with a static
// shared object, and `#ifndef W / #define W 3 / #endif` before statements
// that use W): the macro definitions and conditionals are kept before the
// printed statement, so that the text copied as written (a declaration
// using W) and the text after it still find their macros. The including
// file includes the section twice, so the second W is the first's.
// RUN: %upcc -Wall -Werror %s -o %t
// RUN: %upcrun -n 1 %t | FileCheck %s --check-prefix=ONE
// RUN: %upcrun -n 3 %t | FileCheck %s --check-prefix=THREE
// ONE: reprinted directives: PASS on 1 thread
// THREE: reprinted directives: PASS on 3 threads
// RUN: %upc-instrument %s -o - | FileCheck %s --check-prefix=C
// The directives before the statement printed again, then its line:
// C: {{^#ifndef W$}}
// C-NEXT: {{^#define W 3$}}
// C-NEXT: {{^#endif$}}
// C-NEXT: {{^#if W == 3$}}
// C-NEXT: {{^#else$}}
// C-NEXT: {{^#endif$}}
// C-NEXT: {{^#line 6 ".*typed-section.upc"$}}

#include <upc.h>
#include <stdlib.h>
#include "Inputs/check.uph"

#define CONCAT_(a, b) a##b
#define CONCAT(a, b) CONCAT_(a, b)

unsigned seed;

#define IFSEC() if (strchr_(sections, 's'))
#define SRAND()                                                                \
  upc_barrier;                                                                 \
  static shared unsigned int shared_seed;                                      \
  if (!MYTHREAD)                                                               \
    shared_seed = 7u;                                                          \
  upc_barrier;                                                                 \
  seed = shared_seed

static int strchr_(const char *s, char c) {
  for (; *s; s++)
    if (*s == c)
      return 1;
  return 0;
}

#define T int
#define TM INT
#include "Inputs/reprinted-directives/typed-section.upc"
#undef T
#undef TM
#define T double
#define TM DOUBLE
#include "Inputs/reprinted-directives/typed-section.upc"

int main(void) {
  CHECK(section_INT("s"));
  CHECK(section_DOUBLE("s"));
  CHECK(W == 3);
  return check_report("reprinted directives");
}
