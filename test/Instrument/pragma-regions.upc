// #pragma pupc off/on: lexically scoped like #pragma upc (a pragma governs
// the rest of its block, or of the file at file scope; the innermost and
// latest wins); default on. Constructs in an off region are not
// instrumented; user events always are (GASP 1.4, 3.1.3).
// RUN: %upc-instrument --profile --no-line-directives %s -o - | grep -v '^ *//' | FileCheck %s

#include <upc.h>
#include <pupc.h>

shared int x;

#pragma pupc off
// A function defined in an off region: no GASP_C_FUNC events.
// CHECK: int quiet(void) {
// CHECK-NEXT: return UPCR_GET_PSHARED_VALUE(int, x, 0);
int quiet(void) {
  return x;
}
#pragma pupc on

// CHECK: int loud(void) { UPCR_GASP_FUNCTION_SCOPE("int loud(void)",
int loud(void) {
  // CHECK-NEXT: UPCR_GASP_GET_PSHARED_VALUE(int, x,
  int v = x;
  {
#pragma pupc off
    // CHECK: UPCR_PUT_PSHARED_VALUE(int, x, 0, v);
    x = v;
    // User events are never affected.
    // CHECK: UPCR_GASP_USER_EVENT(3, GASP_START,
    pupc_event_start(3);
    {
      // Nested: on again for the rest of this block only.
#pragma pupc on
      // CHECK: upcr_gasp_barrier(0,
      upc_barrier;
    }
    // CHECK: upcr_barrier(0,
    upc_barrier;
    // CHECK: UPCR_GASP_USER_EVENT(3, GASP_END,
    pupc_event_end(3);
  }
  // The block's pragma has ended: on.
  // CHECK: upcr_gasp_fence(
  upc_fence;
  return v;
}

int main(void) {
  // CHECK: upcr_gasp_notify(
  upc_notify;
#pragma pupc off
  // CHECK: upcr_wait(0,
  upc_wait;
  // Off until the end of main's body.
  // CHECK: return quiet() + loud();
  return quiet() + loud();
}
