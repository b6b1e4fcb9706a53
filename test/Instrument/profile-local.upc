// --profile-local also instruments accesses to shared data with affinity to
// the accessing thread (LOCAL_TOO = 1); --profile decides at run time (0).
// RUN: %upc-instrument --profile-local --no-line-directives %s -o - | grep -v '^ *//' | FileCheck %s --check-prefix=LOCAL
// RUN: %upc-instrument --profile --no-line-directives %s -o - | grep -v '^ *//' | FileCheck %s --check-prefix=REMOTE
// Both flags: --profile-local wins, in either order.
// RUN: %upc-instrument --profile-local --profile --no-line-directives %s -o - | grep -v '^ *//' | FileCheck %s --check-prefix=LOCAL

#include <upc.h>

shared int x[THREADS];
struct point { int x, y; };
shared struct point pt;

int main(void) {
  // LOCAL: UPCR_GASP_PUT_PSHARED_VALUE(int, {{.*}}, 0, 1, 1, UPCR_SRCPOS("{{.*}}profile-local.upc", [[@LINE+2]], 3), "shared int[THREADS]", "x");
  // REMOTE: UPCR_GASP_PUT_PSHARED_VALUE(int, {{.*}}, 0, 1, 0, UPCR_SRCPOS("{{.*}}profile-local.upc", [[@LINE+1]], 3), "shared int[THREADS]", "x");
  x[MYTHREAD] = 1;
  // Members: the access is the member's bytes (an offset in the element).
  // LOCAL: UPCR_GASP_GET_PSHARED_VALUE(int, pt, offsetof(struct point, y), 1, UPCR_SRCPOS("{{.*}}profile-local.upc", [[@LINE+1]], 10), "shared struct point", "pt")
  return pt.y;
}
