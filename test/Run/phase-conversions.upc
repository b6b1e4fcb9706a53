// The address of an element and the conversions between pointers-to-shared
// compute what UPC 1.3 says (6.4.2, 6.4.3; 7.2.3's upc_threadof,
// upc_phaseof, upc_addrfield): element i of a [B] array lies on thread
// (i / B) mod THREADS at phase i mod B, B elements further per course of
// THREADS blocks; [] keeps everything on thread 0 at phase 0. A conversion
// keeps the thread and the address; it keeps the phase only to a
// pointer-to-shared of the same block size and element size, or through
// shared void *; otherwise the phase starts again at 0.
// RUN: %upcc -Wall -Werror %s -o %t
// RUN: %upcrun -n 1 %t | FileCheck %s --check-prefix=ONE
// RUN: %upcrun -n 3 %t | FileCheck %s --check-prefix=THREE
// RUN: %upcrun -n 4 %t | FileCheck %s --check-prefix=FOUR
// ONE: phase conversions: PASS on 1 thread
// THREE: phase conversions: PASS on 3 threads
// FOUR: phase conversions: PASS on 4 threads

#include <upc.h>
#include "Inputs/check.uph"

#define N 24
shared [] int indefinite[N];
shared int cyclic[N * THREADS];
shared [3] int three[N * THREADS];
shared [4] int four[N * THREADS];
struct opaque;

/* Where element i of a [b] array is, relative to element 0. */
static void expect(size_t b, size_t i, size_t *thread, size_t *phase,
                   size_t *offset) {
  if (b == 0) {
    *thread = 0;
    *phase = 0;
    *offset = i * sizeof(int);
    return;
  }
  *thread = (i / b) % THREADS;
  *phase = i % b;
  *offset = ((i / (b * THREADS)) * b + i % b) * sizeof(int);
}

#define CHECK_AT(p, base, b, i)                                                \
  do {                                                                         \
    size_t t, ph, off;                                                         \
    expect((b), (i), &t, &ph, &off);                                           \
    CHECK(upc_threadof(p) == t);                                               \
    CHECK(upc_phaseof(p) == ph);                                               \
    CHECK(upc_addrfield(p) - upc_addrfield(base) == off);                      \
  } while (0)

int main(void) {
  if (MYTHREAD == THREADS - 1) {
    for (size_t i = 0; i < N; i++) {
      CHECK_AT(&indefinite[i], &indefinite[0], 0, i);
      CHECK_AT(&cyclic[i], &cyclic[0], 1, i);
      CHECK_AT(&three[i], &three[0], 3, i);
      CHECK_AT(&four[i], &four[0], 4, i);
      /* Arithmetic on the pointer agrees with the subscript. */
      shared [3] int *p3 = three;
      CHECK(p3 + i == &three[i]);
      shared [4] int *p4 = &four[i];
      /* Another block size: same thread and address, phase 0. */
      shared [3] int *q3 = (shared [3] int *)p4;
      CHECK(upc_threadof(q3) == upc_threadof(p4));
      CHECK(upc_addrfield(q3) == upc_addrfield(p4));
      CHECK(upc_phaseof(q3) == 0);
      shared int *q1 = (shared int *)p4;
      CHECK(upc_threadof(q1) == upc_threadof(p4) && upc_phaseof(q1) == 0);
      shared [] int *q0 = (shared [] int *)p4;
      CHECK(upc_addrfield(q0) == upc_addrfield(p4) && upc_phaseof(q0) == 0);
      /* Same block size: the phase stays for elements of the same size,
       * and starts again for another size or an incomplete type. */
      shared [4] unsigned *same = (shared [4] unsigned *)p4;
      CHECK(upc_phaseof(same) == i % 4);
      shared [4] char *bytes = (shared [4] char *)p4;
      CHECK(upc_phaseof(bytes) == 0 && upc_addrfield(bytes) == upc_addrfield(p4));
      shared [4] short *halves = (shared [4] short *)p4;
      CHECK(upc_phaseof(halves) == 0);
      shared [4] struct opaque *o = (shared [4] struct opaque *)p4;
      CHECK(upc_phaseof(o) == 0 && upc_threadof(o) == upc_threadof(p4));
      /* Through shared void *, and back: the same pointer. */
      shared void *v = p4;
      CHECK(upc_phaseof(v) == i % 4);
      shared [4] int *back = (shared [4] int *)v;
      CHECK(back == p4 && upc_phaseof(back) == i % 4);
    }
  }
  return check_report("phase conversions");
}
