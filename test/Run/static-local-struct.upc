// Function-scope static shared objects whose element type is a structure,
// union or enumeration declared in that function: only the function can
// name the type, so the allocation record is a static object of the
// function (in the file's section of such records, which its ALLOC function
// allocates), where sizeof names the complete type. Before, the record was
// in the ALLOC function at file scope, where `struct loc` is another,
// incomplete, type (gcc: "invalid application of 'sizeof' to incomplete
// type"). Cyclic, blocked and indefinite layouts, scalars, a typedef of an
// unnamed local structure, statics of two functions with one tag, a
// structure defined in the static's own declaration.
// RUN: %upcc -Wall -Werror %s -o %t
// RUN: %upcrun -n 1 %t | FileCheck %s --check-prefix=ONE
// RUN: %upcrun -n 4 %t | FileCheck %s --check-prefix=FOUR
// RUN: %upc-instrument %s -o - | FileCheck %s --check-prefix=C
// ONE: static local struct: PASS on 1 thread
// FOUR: static local struct: PASS on 4 threads

#include <upc.h>
#include "Inputs/check.uph"

struct loc { char c; }; /* another type of the same tag, at file scope */

static int first(void) {
  struct loc { int a; double d[3]; };
  enum color { red, green, blue };
  // C: {{^ *}}static upcr_startup_pshalloc_t upcri_first_x_alloc UPCR_STARTUP_RECORD(UPCRI_PSHALLOC_SECTION) = { &upcri_first_x, sizeof(struct loc), 1, 1, sizeof(struct loc), "x", "shared struct loc[THREADS]" };
  static shared struct loc x[THREADS];
  static shared [2] struct loc b[2 * THREADS];
  static shared [] struct loc whole[3];
  static shared struct loc one;
  static shared enum color colors[THREADS];
  int t = (MYTHREAD + 1) % THREADS;
  x[MYTHREAD].a = MYTHREAD;
  x[MYTHREAD].d[2] = MYTHREAD + 0.5;
  b[2 * MYTHREAD + 1].d[1] = 2.0 * MYTHREAD;
  colors[MYTHREAD] = MYTHREAD % 2 ? blue : green;
  if (MYTHREAD == 0) {
    whole[2].a = 7;
    one.d[0] = 1.5;
  }
  upc_barrier;
  CHECK(x[t].a == t && x[t].d[2] == t + 0.5);
  CHECK(upc_threadof(&x[t]) == (size_t)t);
  CHECK(b[2 * t + 1].d[1] == 2.0 * t);
  CHECK(upc_threadof(&b[2 * t + 1]) == (size_t)t);
  CHECK(upc_phaseof(&b[2 * t + 1]) == 1);
  CHECK(whole[2].a == 7 && upc_threadof(&whole[2]) == 0);
  CHECK(one.d[0] == 1.5);
  CHECK(colors[t] == (t % 2 ? blue : green));
  CHECK(upc_localsizeof(x) == sizeof(struct loc));
  return x[MYTHREAD].a;
}

static void second(void) {
  typedef struct { long v; short s; } pair;
  static shared pair pairs[THREADS];
  static shared struct loc { float f[2]; } defined_here[THREADS];
  pairs[MYTHREAD].v = 10L * MYTHREAD;
  defined_here[MYTHREAD].f[1] = (float)MYTHREAD;
  upc_barrier;
  int t = (MYTHREAD + 1) % THREADS;
  CHECK(pairs[t].v == 10L * t && defined_here[t].f[1] == (float)t);
}

static void other(void) {
  static shared struct loc g; /* the file-scope structure */
  if (MYTHREAD == 0)
    g.c = 'g';
  upc_barrier;
  CHECK(g.c == 'g');
}

int main(void) {
  CHECK(first() == MYTHREAD);
  second();
  other();
  return check_report("static local struct");
}

// The record of an object of a file-scope type stays in the ALLOC function;
// the ALLOC function allocates the sections.
// C: {{^}}void UPCRI_ALLOC_static_local_struct_{{[0-9a-f]+}}(void) {
// C: {{^ *}}{ &upcri_other_g, sizeof(struct loc), 1, 0, sizeof(struct loc), "g", "shared struct loc" },
// C: {{^ *}}upcr_startup_pshalloc(__start_upcri_pshalloc_static_local_struct_[[SUFFIX:[0-9a-f]+]], (size_t)(__stop_upcri_pshalloc_static_local_struct_[[SUFFIX]] - __start_upcri_pshalloc_static_local_struct_[[SUFFIX]]));
// C: {{^ *}}upcr_startup_shalloc(__start_upcri_shalloc_static_local_struct_[[SUFFIX]], (size_t)(__stop_upcri_shalloc_static_local_struct_[[SUFFIX]] - __start_upcri_shalloc_static_local_struct_[[SUFFIX]]));
