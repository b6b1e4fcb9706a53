// --no-function-events: no GASP_C_FUNC events (what Berkeley upcc's -inst
// does without -inst-functions); the other events stay.
// RUN: %upc-instrument --profile --no-function-events --no-line-directives %s -o - | grep -v '^ *//' | FileCheck %s --implicit-check-not=UPCR_GASP_FUNCTION_SCOPE
// RUN: %upc-instrument --profile-local --no-function-events --no-line-directives %s -o - | grep -v '^ *//' | FileCheck %s --implicit-check-not=UPCR_GASP_FUNCTION_SCOPE
// With --profile-only, the function events named there go too.
// RUN: %upc-instrument --profile-only=%S/Inputs/only-sync.events --no-function-events --no-line-directives %s -o - | grep -v '^ *//' | FileCheck %s --check-prefix=ONLY --implicit-check-not=UPCR_GASP_FUNCTION_SCOPE
// Without it, functions have their events.
// RUN: %upc-instrument --profile --no-line-directives %s -o - | FileCheck %s --check-prefix=FUNC

#include <upc.h>

shared int total;

// CHECK-LABEL: void add(void) {
// FUNC: void add(void) { UPCR_GASP_FUNCTION_SCOPE("void add(void)",
void add(void) {
  // CHECK-NEXT: UPCR_GASP_GET_PSHARED_VALUE
  total += 1;
}

// CHECK-LABEL: int upcr_user_main(void) {
// ONLY-LABEL: int upcr_user_main(void) {
int main(void) {
  add();
  // CHECK: upcr_gasp_barrier
  // ONLY: upcr_gasp_barrier
  upc_barrier;
  return 0;
}
