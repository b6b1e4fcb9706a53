// '#line' renames the file and renumbers the lines in diagnostics (the
// source line shown is still the real one).
//
// RUN: not %upc-instrument -fsyntax-only %s 2>&1 | FileCheck %s --strict-whitespace --implicit-check-not=error: --implicit-check-not=warning: --implicit-check-not=__upc_ --implicit-check-not=__attribute__

shared [4] int *p4;

void before(void) {
  // CHECK: {{^}}{{.*}}rendering-line-directive.upc:[[@LINE+1]]:14: error: shared object 'x' cannot have automatic storage duration; declare it 'static' or at file scope{{$}}
  shared int x;
}

#line 100 "renamed.upc"
void after(void) {
  // 'void after' is line 100 of renamed.upc, 'shared int y' line 105.
  // CHECK: {{^}}renamed.upc:105:14: error: shared object 'y' cannot have automatic storage duration; declare it 'static' or at file scope{{$}}
  // CHECK-NEXT: {{^}}  105 |   shared int y;{{$}}
  // CHECK-NEXT: {{^}}      |              ^{{$}}
  shared int y;
  // CHECK: {{^}}renamed.upc:108:23: error: implicit conversion from 'shared [4] int *' to 'shared [8] int *' changes the block size of a pointer-to-shared; use an explicit cast{{$}}
  // CHECK-NEXT: {{^}}  108 |   shared [8] int *q = p4;{{$}}
  shared [8] int *q = p4;
  (void)q;
}
