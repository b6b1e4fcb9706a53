// A parameter cannot have shared-qualified type (its storage is automatic);
// a pointer-to-shared parameter is fine, and so is an array-of-shared
// parameter, which is adjusted to a pointer-to-shared.
//
// RUN: not %upc-instrument -fsyntax-only %s 2>&1 | FileCheck %s --implicit-check-not=error: --implicit-check-not=warning: --implicit-check-not=__upc_ --implicit-check-not=__attribute__

// CHECK: shared-parameter.upc:[[@LINE+1]]:29: error: parameter 'p' cannot have shared-qualified type 'shared int'; pass a pointer-to-shared instead
void declaration(shared int p);

// CHECK: shared-parameter.upc:[[@LINE+1]]:42: error: parameter 'd' cannot have shared-qualified type 'shared [4] double'; pass a pointer-to-shared instead
void definition(int n, shared [4] double d) { (void)n; }

// CHECK: shared-parameter.upc:[[@LINE+1]]:41: error: parameter 'q' cannot have shared-qualified type 'strict shared int'; pass a pointer-to-shared instead
void strict_parameter(strict shared int q);

// Not errors.
void pointers(shared int *p, shared [] int *q, shared void *v);
void arrays(shared int a[], shared [4] int b[][8]);
