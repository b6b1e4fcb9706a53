// Unknown '#pragma upc' and '#pragma pupc' arguments are warnings, located at
// the argument; the pragma is ignored. Tokens after a known argument are a
// warning naming them; the pragma applies.
//
// RUN: %upc-instrument -fsyntax-only %s 2>&1 | FileCheck %s --implicit-check-not=error: --implicit-check-not=warning: --implicit-check-not=__upc_ --implicit-check-not=__attribute__

// CHECK: pragma-unknown.upc:[[@LINE+1]]:13: warning: unknown argument 'foo' to '#pragma upc' ignored; expected 'strict', 'relaxed', 'upc_code' or 'c_code'
#pragma upc foo
// CHECK: pragma-unknown.upc:[[@LINE+1]]:14: warning: unknown argument 'maybe' to '#pragma pupc' ignored; expected 'on' or 'off'
#pragma pupc maybe

void f(void) {
  // CHECK: pragma-unknown.upc:[[@LINE+1]]:15: warning: unknown argument 'STRICT' to '#pragma upc' ignored; expected 'strict', 'relaxed', 'upc_code' or 'c_code'
  #pragma upc STRICT
  int x = 0;
  (void)x;
}

// CHECK: pragma-unknown.upc:[[@LINE+1]]:20: warning: extra tokens 'junk (1)' after '#pragma upc strict' ignored
#pragma upc strict junk (1)
// CHECK: pragma-unknown.upc:[[@LINE+1]]:18: warning: extra tokens '"x"' after '#pragma pupc off' ignored
#pragma pupc off "x"

// Not warnings.
#pragma upc strict
#pragma upc relaxed
#pragma pupc on
#pragma pupc off
