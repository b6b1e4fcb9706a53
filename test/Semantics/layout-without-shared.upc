// A layout qualifier belongs to 'shared' ('shared [N]'); after 'strict' or
// 'relaxed' alone it is an error, located at its '['. What follows from the
// same mistake on that line ('strict' on a type that is not shared) is not
// reported again.
//
// RUN: not %upc-instrument -fsyntax-only %s 2>&1 | FileCheck %s --implicit-check-not=error: --implicit-check-not=warning: --implicit-check-not=__upc_ --implicit-check-not=__attribute__

// CHECK: layout-without-shared.upc:[[@LINE+1]]:8: error: a layout qualifier requires 'shared'; write 'shared [...]'
strict [4] int x;

// CHECK: layout-without-shared.upc:[[@LINE+1]]:9: error: a layout qualifier requires 'shared'; write 'shared [...]'
relaxed [2] int y;

// Only the layout qualifier is misplaced here: the type is shared.
// CHECK: layout-without-shared.upc:[[@LINE+1]]:9: error: a layout qualifier requires 'shared'; write 'shared [...]'
relaxed [2] shared int z;

// Not errors.
strict shared [4] int ok1[4 * THREADS];
relaxed shared [] int ok2[10];
