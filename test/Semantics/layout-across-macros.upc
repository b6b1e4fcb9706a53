// A layout qualifier must follow the keyword `shared` in the same text or
// macro body: split across a macro boundary, it is a clear error (not the
// C parser's "expected identifier").
// RUN: not %upc-instrument -fsyntax-only %s 2>&1 | FileCheck %s --implicit-check-not=error: --implicit-check-not=warning: --implicit-check-not=__upc_

#define SHARED shared
#define LAYOUT [4]
#define LAYOUT_OF(n) [n]

// CHECK: layout-across-macros.upc:[[@LINE+1]]:8: error: a layout qualifier must follow the keyword 'shared' itself, not the macro 'SHARED'; write 'shared [...]' there or put the layout in the macro
SHARED [4] int s3[4*THREADS];
// CHECK: layout-across-macros.upc:[[@LINE+1]]:8: error: a layout qualifier must follow the keyword 'shared' itself, not the macro 'SHARED'
SHARED [] int s4[5];
// CHECK: layout-across-macros.upc:[[@LINE+1]]:8: error: the layout qualifier of 'shared' cannot come from the macro 'LAYOUT'; write 'shared [...]' or put 'shared' in the macro
shared LAYOUT int s5[4*THREADS];
// CHECK: layout-across-macros.upc:[[@LINE+1]]:8: error: the layout qualifier of 'shared' cannot come from the macro 'LAYOUT_OF'
shared LAYOUT_OF(2) int s6[2*THREADS];

// Not errors: the macro alone, and a macro holding the whole qualifier.
#define SHARED_BLOCKED shared [4]
SHARED int ok1;
SHARED_BLOCKED int ok2[4*THREADS];
