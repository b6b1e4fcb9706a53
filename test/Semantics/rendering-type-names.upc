// Types in the UPC checks' messages are spelled in UPC: 'shared [4] int *',
// 'strict shared int', 'shared [] double *', typedef names with their
// meaning, never attributes or the translator's internal names.
//
// RUN: not %upc-instrument -fsyntax-only %s 2>&1 | FileCheck %s --implicit-check-not=error: --implicit-check-not=warning: --implicit-check-not=__upc_ --implicit-check-not=__attribute__ --implicit-check-not=btf_type_tag --implicit-check-not=address_space

// CHECK: rendering-type-names.upc:[[@LINE+1]]:41: error: parameter 'p' cannot have shared-qualified type 'strict shared int'; pass a pointer-to-shared instead
void strict_parameter(strict shared int p);
// CHECK: rendering-type-names.upc:[[@LINE+1]]:50: error: parameter 'q' cannot have shared-qualified type 'relaxed shared [4] double'; pass a pointer-to-shared instead
void relaxed_parameter(relaxed shared [4] double q);
// CHECK: rendering-type-names.upc:[[@LINE+1]]:43: error: parameter 'r' cannot have shared-qualified type 'shared [] int *shared'; pass a pointer-to-shared instead
void shared_pointer(shared [] int *shared r);

shared [4] int *p4;
shared [] double *pi;
typedef shared [2] double D2;

void f(void) {
  // CHECK: rendering-type-names.upc:[[@LINE+1]]:26: error: implicit conversion from 'shared [] double *' to 'shared [2] double *' changes the block size of a pointer-to-shared; use an explicit cast
  shared [2] double *a = pi;
  // CHECK: rendering-type-names.upc:[[@LINE+1]]:11: error: implicit conversion from 'shared [] double *' to 'D2 *' (aka 'shared [2] double *') changes the block size of a pointer-to-shared; use an explicit cast
  D2 *b = pi;
  // CHECK: rendering-type-names.upc:[[@LINE+1]]:15: warning: expression of 'upc_barrier' is a pointer ('shared [4] int *'), converted to an integer; convert it explicitly
  upc_barrier p4;
  // CHECK: rendering-type-names.upc:[[@LINE+1]]:19: error: cannot convert 'double *' to pointer-to-shared 'strict shared [8] double *': a private address has no affinity
  double d; (void)(strict shared [8] double *)&d;
  (void)a; (void)b;
}
