// A compound literal in a block has automatic storage duration, so it cannot
// have shared-qualified type. Clang rejects it before the AST has it; the
// message is put in UPC terms (no "address space" wording).
//
// RUN: not %upc-instrument -fsyntax-only %s 2>&1 | FileCheck %s --implicit-check-not=error: --implicit-check-not=warning: --implicit-check-not=__upc_ --implicit-check-not=__attribute__

void f(void) {
  // CHECK: shared-compound-literal.upc:[[@LINE+1]]:20: error: a compound literal cannot have a shared-qualified type (it has automatic storage duration)
  shared int *p = &(shared int){1};
  // CHECK: shared-compound-literal.upc:[[@LINE+1]]:9: error: a compound literal cannot have a shared-qualified type (it has automatic storage duration)
  (void)(shared int[2]){1, 2};
  // Not an error: a private compound literal.
  int *q = &(int){1};
  (void)p;
  (void)q;
}
