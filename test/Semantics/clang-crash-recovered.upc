// Clang 19 crashes on sizeof of a variably modified type that carries a
// strict/relaxed/layout tag. The desugarer keeps such operands constant when
// it can see the UPC qualifier (in the operand or in a macro of the same
// file); through a macro of another file it cannot, and the front end turns
// Clang's crash into an error instead of crashing. (The operand is not valid
// UPC anyway: a shared array of variable length.) The position is the
// lexer's when Clang crashed: after the token the parser was looking at.
// RUN: %upc-instrument -fsyntax-only %s 2> %t.err; test $? -eq 1
// RUN: FileCheck %s --implicit-check-not=error: < %t.err
#include "Inputs/upc-type-macro.h"

void f(int n) {
  // CHECK: clang-crash-recovered.upc:[[@LINE+1]]:50: error: internal error: Clang crashed while parsing '{{.*}}clang-crash-recovered.upc' near here; please report this file (see the known Clang 19 limits in docs/front-end.md){{$}}
  unsigned long s = sizeof(STRICT_SHARED_INT[n]);
  (void)s;
}
