// Constructs the translation cannot express are errors at their position;
// nothing is written.
// RUN: not %upc-instrument %s -o %t.c 2>&1 | FileCheck %s
// RUN: not test -e %t.c

#include <upc.h>

struct flags { unsigned ready : 1; unsigned count : 7; };
shared struct flags state;
// CHECK: errors.upc:[[@LINE+1]]:26: error: shared object 'anonymous' has an unnamed structure type; give the structure a tag or a typedef name
shared struct { int a; } anonymous;

long bad(shared int *p) {
  // CHECK: errors.upc:[[@LINE+1]]:13: error: bit-field 'ready' of a shared structure cannot be accessed
  if (state.ready)
    return 0;
  // CHECK: errors.upc:[[@LINE+1]]:10: error: a pointer-to-shared cannot be converted to an integer; use upc_threadof(), upc_phaseof() or upc_addrfield()
  return (long)p;
}
