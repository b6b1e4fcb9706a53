// --profile-only FILE instruments only the events FILE names; names of
// GASP events this implementation never raises are ignored silently, any
// other name is a warning at FILE:LINE:COLUMN.
// RUN: %upc-instrument --profile-only %S/Inputs/only-sync.events --no-line-directives %s -o %t.c 2> %t.err
// RUN: grep -v '^ *//' %t.c | FileCheck %s --implicit-check-not=upcr_gasp_ --implicit-check-not=UPCR_GASP_GET --implicit-check-not=UPCR_GASP_FORALL --implicit-check-not=UPCR_GASP_FUNCTION --implicit-check-not=UPCR_GASP_USER
// RUN: FileCheck %s --check-prefix=WARN --implicit-check-not=warning < %t.err
// The same with --profile-only=FILE.
// RUN: %upc-instrument --profile-only=%S/Inputs/only-sync.events --no-line-directives %s -o - 2>/dev/null | grep -v '^ *//' | FileCheck %s --implicit-check-not=upcr_gasp_ --implicit-check-not=UPCR_GASP_GET
// A file that cannot be read is an error, and nothing is written.
// RUN: rm -f %t.missing.c
// RUN: not %upc-instrument --profile-only %t.nonexistent %s -o %t.missing.c 2>&1 | FileCheck %s --check-prefix=MISSING
// RUN: not test -e %t.missing.c

// WARN: only-sync.events:6:1: warning: unknown GASP event 'GASP_UPC_BARIER'; ignored
// WARN: only-sync.events:7:1: warning: unknown GASP event 'PUPC_FORALL' (GASP 1.4 names events GASP_UPC_* and GASP_C_*); ignored
// MISSING: upc-instrument: error: cannot read '{{.*}}.nonexistent': {{.*}}

#include <upc.h>
#include <pupc.h>

shared int x[THREADS];

int main(void) {
  int i;
  // User events are not affected by --profile-only (GASP 1.4, 3.1.3).
  // CHECK: UPCR_GASP_USER_EVENT(1, GASP_ATOMIC,
  pupc_event_atomic(1);
  upc_forall (i = 0; i < THREADS; i++; i)
    // CHECK: UPCR_GASP_PUT_PSHARED_VALUE(int, {{.*}}, 0, UPCR_GET_PSHARED_VALUE(int, {{.*}}, 0) + 1, 0, UPCR_SRCPOS("{{.*}}profile-only.upc", [[@LINE+1]], 5)
    x[(i + 1) % THREADS] = x[0] + 1;
  // CHECK: upcr_gasp_barrier(0, UPCR_BARRIERFLAG_ANONYMOUS, UPCR_SRCPOS("{{.*}}profile-only.upc", [[@LINE+1]], 3));
  upc_barrier;
  // CHECK: upcr_notify(0,
  upc_notify;
  // CHECK: upcr_wait(0,
  upc_wait;
  return 0;
}
