// An unterminated layout qualifier is one error at its '[', not a cascade
// of C syntax errors.
//
// RUN: not %upc-instrument -fsyntax-only %s 2>&1 | FileCheck %s --implicit-check-not=error: --implicit-check-not=warning: --implicit-check-not=note: --implicit-check-not=__upc_ --implicit-check-not=__attribute__

// CHECK: layout-unterminated.upc:[[@LINE+1]]:8: error: expected ']' to end the layout qualifier of 'shared'
shared [4 int x;

int after;
