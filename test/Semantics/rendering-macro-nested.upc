// An error inside nested user macros gets one "expanded from macro" note per
// macro, outermost first, as Clang orders them.
//
// RUN: not %upc-instrument -fsyntax-only %s 2>&1 | FileCheck %s --strict-whitespace --implicit-check-not=error: --implicit-check-not=warning: --implicit-check-not=note: --implicit-check-not=__upc_ --implicit-check-not=__attribute__

#define INNER shared int local
#define OUTER INNER

void f(void) {
  // CHECK: {{^}}{{.*}}rendering-macro-nested.upc:[[@LINE+9]]:3: error: shared object 'local' cannot have automatic storage duration; declare it 'static' or at file scope{{$}}
  // CHECK-NEXT: {{^}}{{ +}}[[@LINE+8]] |   OUTER;{{$}}
  // CHECK-NEXT: {{^}}      |   ^{{~*$}}
  // CHECK-NEXT: {{^}}{{.*}}rendering-macro-nested.upc:7:15: note: expanded from macro 'OUTER'{{$}}
  // CHECK-NEXT: {{^}}    7 | #define OUTER INNER{{$}}
  // CHECK-NEXT: {{^}}      |               ^{{~*$}}
  // CHECK-NEXT: {{^}}{{.*}}rendering-macro-nested.upc:6:26: note: expanded from macro 'INNER'{{$}}
  // CHECK-NEXT: {{^}}    6 | #define INNER shared int local{{$}}
  // CHECK-NEXT: {{^}}      |                          ^{{~*$}}
  OUTER;
}
