// A function cannot return a shared-qualified type (its value is no object
// in shared space), and a layout qualifier cannot apply to void ('shared
// void *' is the generic pointer-to-shared, without a block size). Both are
// errors, as in Berkeley UPC.
//
// RUN: not %upc-instrument -fsyntax-only %s 2>&1 | FileCheck %s --implicit-check-not=error: --implicit-check-not=warning: --implicit-check-not=__upc_ --implicit-check-not=__attribute__

// CHECK: shared-return-void-layout.upc:[[@LINE+1]]:12: error: function 'value' cannot return shared-qualified type 'shared int'; return a pointer-to-shared instead
shared int value(void);
// CHECK: shared-return-void-layout.upc:[[@LINE+1]]:19: error: function 'blocked' cannot return shared-qualified type 'shared [4] double'; return a pointer-to-shared instead
shared [4] double blocked(int k) { (void)k; return 0; }

// CHECK: shared-return-void-layout.upc:[[@LINE+1]]:18: error: a layout qualifier cannot apply to void ('shared [4] void'): 'shared void *' is the generic pointer-to-shared, without a block size
shared [4] void *generic4;
// CHECK: shared-return-void-layout.upc:[[@LINE+1]]:27: error: a layout qualifier cannot apply to void ('shared [] void'): 'shared void *' is the generic pointer-to-shared, without a block size
void take(shared [] void *p);

// Not errors.
shared int *pointer(void);
shared void *generic(shared [4] int *p) { return p; }
