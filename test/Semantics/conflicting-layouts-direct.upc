// Two different layout qualifiers written directly on one type.
//
// RUN: not %upc-instrument -fsyntax-only %s 2>&1 | FileCheck %s --implicit-check-not=error: --implicit-check-not=warning: --implicit-check-not=__upc_ --implicit-check-not=__attribute__

// CHECK: conflicting-layouts-direct.upc:[[@LINE+1]]:28: error: type 'shared [{{4|8}}]{{[^']*}}' has conflicting layout qualifiers
shared [4] shared [8] int *p;
