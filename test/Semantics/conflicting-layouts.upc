// A type cannot have two different layout qualifiers: here one comes
// through a typedef. The same layout again, or plain 'shared', is fine, and
// neither is worth a warning.
//
// RUN: not %upc-instrument -fsyntax-only %s 2>&1 | FileCheck %s --implicit-check-not=error: --implicit-check-not=warning: --implicit-check-not=__upc_ --implicit-check-not=__attribute__

typedef shared [4] int T;

// CHECK: conflicting-layouts.upc:[[@LINE+1]]:14: error: type 'shared [8] T'{{( \(aka '[^']*'\))?}} has conflicting layout qualifiers
shared [8] T x;

// CHECK: conflicting-layouts.upc:[[@LINE+1]]:13: error: type 'shared [] T'{{( \(aka '[^']*'\))?}} has conflicting layout qualifiers
shared [] T y;

// CHECK: conflicting-layouts.upc:[[@LINE+1]]:15: error: type 'shared [8] T'{{( \(aka '[^']*'\))?}} has conflicting layout qualifiers
shared [8] T *p;

// Not errors.
shared [4] T same;
shared T plain;
typedef T T2;
shared [4] T2 through_two_typedefs;
