// Tabs: the column in file:line:col counts a tab as one byte (as Clang's
// does); the source line is shown with tabs expanded to 8-column tab stops,
// and the caret and ranges are under the right characters.
//
// RUN: not %upc-instrument -fsyntax-only %s 2>&1 | FileCheck %s --strict-whitespace --implicit-check-not=error: --implicit-check-not=warning: --implicit-check-not=__upc_ --implicit-check-not=__attribute__

shared [4] int a[4 * THREADS];

void f(void) {
	int i;
	// CHECK: rendering-tabs.upc:[[@LINE+3]]:37: error: affinity of 'upc_forall' must be an integer or a pointer-to-shared, not 'double'
	// CHECK-NEXT: {{^}}{{ +}}[[@LINE+2]] |         upc_forall (i = 0; i < 4; i++;  1.5 * i)        a[i] = 0;{{$}}
	// CHECK-NEXT: {{^}}      |                                         ~~~~^~~{{$}}
	upc_forall (i = 0; i < 4; i++;	1.5 * i)	a[i] = 0;
	// CHECK: rendering-tabs.upc:[[@LINE+3]]:17: error: shared object 'x' cannot have automatic storage duration; declare it 'static' or at file scope
	// CHECK-NEXT: {{^}}{{ +}}[[@LINE+2]] |         shared  [4]     int     x;{{$}}
	// CHECK-NEXT: {{^}}      |                                 ^{{$}}
	shared	[4]	int	x;
}
