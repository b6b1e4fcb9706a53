// The layout qualifier '[*]' applies to shared arrays only; a
// pointer-to-shared cannot point to a '[*]' type.
//
// RUN: not %upc-instrument -fsyntax-only %s 2>&1 | FileCheck %s --implicit-check-not=error: --implicit-check-not=warning: --implicit-check-not=__upc_ --implicit-check-not=__attribute__

// CHECK: star-layout-pointer.upc:[[@LINE+1]]:17: error: the layout qualifier '[*]' applies only to arrays; pointer-to-shared to 'shared [*] int' needs a definite or indefinite block size
shared [*] int *p;

// '[*]' in a typedef is itself an error (typedef-star-relational.upc); the
// uses of the typedef are still checked.
// CHECK: star-layout-pointer.upc:[[@LINE+1]]:27: error: the layout qualifier '[*]' cannot appear in a typedef (SD)
typedef shared [*] double SD;
// CHECK: star-layout-pointer.upc:[[@LINE+1]]:5: error: the layout qualifier '[*]' applies only to arrays; pointer-to-shared to 'SD' (aka 'shared [*] double') needs a definite or indefinite block size
SD *q;

// CHECK: star-layout-pointer.upc:[[@LINE+1]]:28: error: the layout qualifier '[*]' applies only to arrays; pointer-to-shared to 'shared [*] long' needs a definite or indefinite block size
void take(shared [*] long *r);

// Not errors.
shared [*] int a[4 * THREADS];
SD b[8 * THREADS];
