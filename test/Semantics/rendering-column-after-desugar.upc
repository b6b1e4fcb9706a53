// A diagnostic located after a rewritten UPC construct on the same line
// (whose rewriting is longer or shorter than the original) is at the right
// original column, with the caret and ranges under the right text.
//
// RUN: not %upc-instrument -fsyntax-only %s 2>&1 | FileCheck %s --strict-whitespace --implicit-check-not=error: --implicit-check-not=warning: --implicit-check-not=__upc_ --implicit-check-not=__attribute__

// Clang's error, at the declarator 'q' with the initializer 'p' underlined.
// CHECK: rendering-column-after-desugar.upc:[[@LINE+3]]:25: error: initializing 'int *' with an expression of type 'shared [4] int *'{{.*$}}
// CHECK-NEXT: {{^}}{{ +}}[[@LINE+2]] | shared [4] int *p; int *q = p;{{$}}
// CHECK-NEXT: {{^}}      |                         ^   ~{{$}}
shared [4] int *p; int *q = p;

void f(void) {
  // A UPC check's error after several rewritten constructs.
  // CHECK: rendering-column-after-desugar.upc:[[@LINE+3]]:68: error: shared object 'x' cannot have automatic storage duration; declare it 'static' or at file scope
  // CHECK-NEXT: {{^}}{{ +}}[[@LINE+2]] |   shared [] int *r = 0; strict shared [2*8] int *s = 0; shared int x; (void)r; (void)s;{{$}}
  // CHECK-NEXT: {{^}}      |                                                                    ^{{$}}
  shared [] int *r = 0; strict shared [2*8] int *s = 0; shared int x; (void)r; (void)s;
}

struct pair { int a, b; };
void g(void) {
  struct pair d = {1, 2};
  // CHECK: rendering-column-after-desugar.upc:[[@LINE+3]]:57: error: expression of 'upc_wait' must have arithmetic type, not 'struct pair'
  // CHECK-NEXT: {{^}}{{ +}}[[@LINE+2]] |   upc_barrier; upc_notify MYTHREAD; upc_fence; upc_wait d;{{$}}
  // CHECK-NEXT: {{^}}      |                                                         ^{{$}}
  upc_barrier; upc_notify MYTHREAD; upc_fence; upc_wait d;
}
