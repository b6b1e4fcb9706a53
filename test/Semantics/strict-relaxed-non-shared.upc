// 'strict' and 'relaxed' qualify only shared types (UPC 1.3 6.5.1.1).
//
// RUN: not %upc-instrument -fsyntax-only %s 2>&1 | FileCheck %s --implicit-check-not=error: --implicit-check-not=warning: --implicit-check-not=__upc_ --implicit-check-not=__attribute__

// CHECK: strict-relaxed-non-shared.upc:[[@LINE+1]]:12: error: 'strict' applies only to shared-qualified types, not 'strict int'
strict int a;

// CHECK: strict-relaxed-non-shared.upc:[[@LINE+1]]:17: error: 'relaxed' applies only to shared-qualified types, not 'relaxed double'
relaxed double *b;

// The pointer itself is strict but not shared.
// CHECK: strict-relaxed-non-shared.upc:[[@LINE+1]]:20: error: 'strict' applies only to shared-qualified types, not 'shared int *strict'
shared int *strict c;

// CHECK: strict-relaxed-non-shared.upc:[[@LINE+1]]:21: error: 'relaxed' applies only to shared-qualified types, not 'relaxed int'
typedef relaxed int RI;

void f(void) {
  // CHECK: strict-relaxed-non-shared.upc:[[@LINE+1]]:14: error: 'strict' applies only to shared-qualified types, not 'strict int'
  strict int local;
  (void)local;
}

// Not errors.
strict shared int ok1;
relaxed shared int *ok2;
shared int *strict shared ok3;
