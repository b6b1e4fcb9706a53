// Berkeley UPC's `#pragma upc c_code` and `#pragma upc upc_code`: from
// c_code to upc_code the file is C, and UPC's words are identifiers there
// (as Berkeley UPC and GCC UPC read them: Berkeley's bug899 tests); the
// pragmas also decide whether a header's data is per thread (see
// Run/header-data.upc). A pragma in a false #if branch is not followed.
// RUN: %upc-instrument -fsyntax-only -Wall %s 2>&1 | count 0
// RUN: %upc-instrument %s -o %t.c
// RUN: FileCheck %s < %t.c
// RUN: %cc -fsyntax-only -Wall -Werror -I%runtime_include -I%upc_headers %t.c

#ifdef __BERKELEY_UPC__
#pragma upc c_code
#endif
#include <upc.h>
#include <stdio.h>

// CHECK: {{^}}upcr_pshared_ptr_t total
shared int total;

// CHECK: {{^}}/* #pragma upc c_code (applied by upc-instrument) */
#pragma upc c_code
// CHECK: {{^}}int foo(int shared) { return shared + 1; }
int foo(int shared) { return shared + 1; }
// The file's data is per thread, C code or not.
// CHECK: {{^}}__thread struct S { int strict; int relaxed; int shared; } s;
struct S { int strict; int relaxed; int shared; } s;
extern int strict(void);
int strict(void) {
  int relaxed = 4, upc_barrier = 2, upc_forall = 1;
  return relaxed + upc_barrier + upc_forall;
}
#define MEMBER(x) x.shared
int c_code(void) {
  int shared;
  shared = foo(5);
  s.shared = shared;
  return MEMBER(s) + strict();
}
#pragma upc upc_code

// UPC again.
// CHECK: {{^}}int upcr_user_main(void) {
int main(void) {
  if (MYTHREAD == 0)
    total = c_code();
  upc_barrier;
  printf("%d\n", total);
  return 0;
}
