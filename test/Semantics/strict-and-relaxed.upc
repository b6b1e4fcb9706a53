// A type cannot be both 'strict' and 'relaxed', whether the qualifiers are
// written together or one comes through a typedef. Repeating the same one
// is fine.
//
// RUN: not %upc-instrument -fsyntax-only %s 2>&1 | FileCheck %s --implicit-check-not=error: --implicit-check-not=warning: --implicit-check-not=__upc_ --implicit-check-not=__attribute__

// CHECK: strict-and-relaxed.upc:[[@LINE+1]]:27: error: type 'strict relaxed shared int' is qualified both 'strict' and 'relaxed'
strict relaxed shared int a;

// CHECK: strict-and-relaxed.upc:[[@LINE+1]]:28: error: type 'relaxed strict shared int' is qualified both 'strict' and 'relaxed'
relaxed shared strict int *b;

typedef strict shared int SI;
// CHECK: strict-and-relaxed.upc:[[@LINE+1]]:12: error: type 'relaxed SI'{{( \(aka '[^']*'\))?}} is qualified both 'strict' and 'relaxed'
relaxed SI c;

// CHECK: strict-and-relaxed.upc:[[@LINE+1]]:20: error: type 'relaxed SI'{{( \(aka '[^']*'\))?}} is qualified both 'strict' and 'relaxed'
typedef relaxed SI RSI;

// Not errors.
strict SI ok1;
strict strict shared int ok2;
relaxed shared int *strict shared ok3;
