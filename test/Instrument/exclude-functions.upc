// --exclude-functions FILE (PUPC proposal 1.1, 3.4.1): the functions listed
// get no GASP_C_FUNC events; what their bodies do is still instrumented.
// RUN: %upc-instrument --profile --exclude-functions %S/Inputs/light.functions --no-line-directives %s -o - 2> %t.err | grep -v '^ *//' | FileCheck %s
// RUN: FileCheck %s --check-prefix=WARN < %t.err
// WARN: light.functions:5:1: warning: 'not a name' is not a function name; ignored

#include <upc.h>

shared int total;

// CHECK: int square(int v) { return v * v; }
int square(int v) { return v * v; }

// CHECK-LABEL: void tiny(void) {
void tiny(void) {
  // CHECK-NEXT: {{.*}}UPCR_GASP_GET_PSHARED_VALUE(int, upcr_p_[[N:[0-9]+]], {{.*}}UPCR_GASP_PUT_PSHARED_VALUE(int, upcr_p_[[N]],
  total += 1;
}

// CHECK: int upcr_user_main(void) { UPCR_GASP_FUNCTION_SCOPE("int main(void)",
int main(void) {
  tiny();
  return square(2);
}
