// An error inside the expansion of a user macro is reported at the macro's
// use, followed by "note: expanded from macro" at the offending text in the
// macro's definition, showing the definition's original line. The
// translator's own macros for UPC keywords are never mentioned.
//
// RUN: not %upc-instrument -fsyntax-only %s 2>&1 | FileCheck %s --strict-whitespace --implicit-check-not=error: --implicit-check-not=warning: --implicit-check-not=note: --implicit-check-not=__upc_ --implicit-check-not=__attribute__

#define LOCAL_SHARED shared [4] int local
#define FORALL_DOUBLE(i, n) upc_forall (i = 0; i < (n); i++; 1.5)

void f(void) {
  // CHECK: {{^}}{{.*}}rendering-macro.upc:[[@LINE+6]]:3: error: shared object 'local' cannot have automatic storage duration; declare it 'static' or at file scope{{$}}
  // CHECK-NEXT: {{^}}{{ +}}[[@LINE+5]] |   LOCAL_SHARED;{{$}}
  // CHECK-NEXT: {{^}}      |   ^{{$}}
  // CHECK-NEXT: {{^}}{{.*}}rendering-macro.upc:8:37: note: expanded from macro 'LOCAL_SHARED'{{$}}
  // CHECK-NEXT: {{^}}    8 | #define LOCAL_SHARED shared [4] int local{{$}}
  // CHECK-NEXT: {{^}}      |                                     ^{{$}}
  LOCAL_SHARED;
  int i;
  // CHECK: {{^}}{{.*}}rendering-macro.upc:[[@LINE+6]]:3: error: affinity of 'upc_forall' must be an integer or a pointer-to-shared, not 'double'{{$}}
  // CHECK-NEXT: {{^}}{{ +}}[[@LINE+5]] |   FORALL_DOUBLE(i, 10) ;{{$}}
  // CHECK-NEXT: {{^}}      |   ^~~~~~~~~~~~~~~~~~~~{{$}}
  // CHECK-NEXT: {{^}}{{.*}}rendering-macro.upc:9:62: note: expanded from macro 'FORALL_DOUBLE'{{$}}
  // CHECK-NEXT: {{^}}    9 | #define FORALL_DOUBLE(i, n) upc_forall (i = 0; i < (n); i++; 1.5){{$}}
  // CHECK-NEXT: {{^}}      |                                                              ^{{~*$}}
  FORALL_DOUBLE(i, 10) ;
}
