// Without --profile or --profile-local there is no instrumentation at all:
// no trace of it in the output, and pupc_event_* calls compile away without
// evaluating their arguments (GASP 1.4, 3.1.3). pupc_create_event and
// pupc_control stay calls of the runtime's functions.
// RUN: %upc-instrument --no-line-directives %s -o - | grep -v '^ *//' | FileCheck %s --implicit-check-not=gasp --implicit-check-not=GASP --implicit-check-not='side_effect();'
// --exclude-functions alone instruments nothing either.
// RUN: echo main > %t.functions
// RUN: %upc-instrument --no-line-directives --exclude-functions %t.functions %s -o - | grep -v '^ *//' | FileCheck %s --implicit-check-not=gasp --implicit-check-not=GASP --implicit-check-not='side_effect();'

#include <upc.h>
#include <pupc.h>
#include <stdlib.h>

shared int x;
int side_effect(void);

// CHECK: int upcr_user_main(void) {
int main(void) {
  // CHECK: unsigned int ev = pupc_create_event("e", NULL);
  unsigned int ev = pupc_create_event("e", NULL);
  // CHECK: int was = pupc_control(0);
  int was = pupc_control(0);
  // CHECK: ((0) ? ((void)(ev), (void)(side_effect())) : (void)0);
  pupc_event_start(ev, side_effect());
  // CHECK: UPCR_PUT_PSHARED_VALUE(int, x, 0, 1);
  x = 1;
  // CHECK: upcr_barrier(0, UPCR_BARRIERFLAG_ANONYMOUS,
  upc_barrier;
  // CHECK: ((0) ? ((void)(ev), (void)(side_effect())) : (void)0);
  pupc_event_end(ev, side_effect());
  // CHECK: ((0) ? ((void)(ev)) : (void)0);
  pupc_event_atomic(ev);
  // CHECK: free(malloc(4));
  free(malloc(4));
  pupc_control(was);
  // CHECK: return 0;
  return 0;
}
