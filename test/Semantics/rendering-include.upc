// An error in a user header says where the header was included from, then
// gives the header's path, line and column, with the header's original line.
// An error back in the main file has no include line.
//
// RUN: not %upc-instrument -fsyntax-only %s 2>&1 | FileCheck %s --strict-whitespace --implicit-check-not=error: --implicit-check-not=warning: --implicit-check-not=__upc_ --implicit-check-not=__attribute__ --implicit-check-not="In file included"

// CHECK: {{^}}In file included from {{.*}}rendering-include.upc:[[@LINE+4]]:{{$}}
// CHECK-NEXT: {{^}}{{.*}}Inputs{{/|\\}}rendering-include.h:3:59: error: shared object 'in_header' cannot have automatic storage duration; declare it 'static' or at file scope{{$}}
// CHECK-NEXT: {{^}}    3 | static inline void header_function(void) { shared [4] int in_header; }{{$}}
// CHECK-NEXT: {{^}}      |                                                           ^{{$}}
#include "Inputs/rendering-include.h"

void f(void) {
  // CHECK: {{^}}{{.*}}rendering-include.upc:[[@LINE+1]]:14: error: shared object 'in_main' cannot have automatic storage duration; declare it 'static' or at file scope{{$}}
  shared int in_main;
}
