// Diagnostics show the ORIGINAL source line (upc_forall, shared [4], &a[i]
// as written, never the translator's rewriting) with the caret, and the
// '~' range, at the original columns.
//
// RUN: not %upc-instrument -fsyntax-only %s 2>&1 | FileCheck %s --strict-whitespace --implicit-check-not=error: --implicit-check-not=warning: --implicit-check-not=__upc_ --implicit-check-not=__attribute__ --implicit-check-not="for ("

shared [4] int a[4 * THREADS];

void f(void) {
  int i;
  // CHECK: rendering-original-line.upc:[[@LINE+3]]:38: error: affinity of 'upc_forall' must be an integer or a pointer-to-shared, not 'double'
  // CHECK-NEXT: {{^}}{{ +}}[[@LINE+2]] |   upc_forall (i = 0; i < 4; i++; 1.5 * i) { shared [4] int *p = &a[i]; (void)p; }{{$}}
  // CHECK-NEXT: {{^}}      |                                  ~~~~^~~{{$}}
  upc_forall (i = 0; i < 4; i++; 1.5 * i) { shared [4] int *p = &a[i]; (void)p; }

  // CHECK: rendering-original-line.upc:[[@LINE+3]]:71: error: shared object 'local' cannot have automatic storage duration; declare it 'static' or at file scope
  // CHECK-NEXT: {{^}}{{ +}}[[@LINE+2]] |   upc_forall (i = 0; i < 4; i++; &a[i]) { upc_barrier; shared [4] int local; }{{$}}
  // CHECK-NEXT: {{^}}      |                                                                       ^{{$}}
  upc_forall (i = 0; i < 4; i++; &a[i]) { upc_barrier; shared [4] int local; }

  // CHECK: rendering-original-line.upc:[[@LINE+3]]:50: warning: expression of 'upc_notify' is a pointer ('shared [4] int *'), converted to an integer; convert it explicitly
  // CHECK-NEXT: {{^}}{{ +}}[[@LINE+2]] |   upc_forall (i = 0; i < 4; i++; i) { upc_notify &a[i]; upc_wait; }{{$}}
  // CHECK-NEXT: {{^}}      |                                                  ^~~~~{{$}}
  upc_forall (i = 0; i < 4; i++; i) { upc_notify &a[i]; upc_wait; }
}
