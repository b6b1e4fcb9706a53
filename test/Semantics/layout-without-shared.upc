// A layout qualifier belongs to 'shared' ('shared [N]'); after 'strict' or
// 'relaxed' alone it is an error, located at its '['. `strict [4] int x;`
// breaks a second, independent constraint: 'strict' on a non-shared type.
//
// RUN: not %upc-instrument -fsyntax-only %s 2>&1 | FileCheck %s --implicit-check-not=error: --implicit-check-not=warning: --implicit-check-not=__upc_ --implicit-check-not=__attribute__

// CHECK: layout-without-shared.upc:[[@LINE+2]]:8: error: a layout qualifier requires 'shared'; write 'shared [...]'
// CHECK: layout-without-shared.upc:[[@LINE+1]]:16: error: 'strict' applies only to shared-qualified types, not 'strict int'
strict [4] int x;

// CHECK: layout-without-shared.upc:[[@LINE+2]]:9: error: a layout qualifier requires 'shared'; write 'shared [...]'
// CHECK: layout-without-shared.upc:[[@LINE+1]]:17: error: 'relaxed' applies only to shared-qualified types, not 'relaxed int'
relaxed [2] int y;

// Only the layout qualifier is misplaced here: the type is shared.
// CHECK: layout-without-shared.upc:[[@LINE+1]]:9: error: a layout qualifier requires 'shared'; write 'shared [...]'
relaxed [2] shared int z;

// Not errors.
strict shared [4] int ok1[4 * THREADS];
relaxed shared [] int ok2[10];
