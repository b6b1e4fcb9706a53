// An error two includes deep shows the include chain as Clang does: one
// "In file included from" line per level, outermost first.
//
// RUN: not %upc-instrument -fsyntax-only %s 2>&1 | FileCheck %s --strict-whitespace --implicit-check-not=error: --implicit-check-not=warning: --implicit-check-not=__upc_ --implicit-check-not=__attribute__

// CHECK: {{^}}In file included from {{.*}}rendering-include-nested.upc:[[@LINE+5]]:{{$}}
// CHECK-NEXT: {{^}}In file included from {{.*}}Inputs{{/|\\}}rendering-outer.h:2:{{$}}
// CHECK-NEXT: {{^}}{{.*}}Inputs{{/|\\}}rendering-inner.h:2:54: error: shared object 'in_inner' cannot have automatic storage duration; declare it 'static' or at file scope{{$}}
// CHECK-NEXT: {{^}}    2 | static inline void inner_function(void) { shared int in_inner; }{{$}}
// CHECK-NEXT: {{^}}      |                                                      ^{{$}}
#include "Inputs/rendering-outer.h"
