// The UPC front end's own warnings follow the usual options too: -Werror
// turns them into errors (exit status 1) and -w silences them.
//
// RUN: %upc-instrument -fsyntax-only %s 2>&1 | FileCheck %s --check-prefix=WARN --implicit-check-not=error: --implicit-check-not=warning:
// RUN: not %upc-instrument -fsyntax-only -Werror %s 2>&1 | FileCheck %s --check-prefix=ERROR --implicit-check-not=error: --implicit-check-not=warning:
// RUN: %upc-instrument -fsyntax-only -w %s 2>&1 | count 0

// WARN: rendering-werror-upc.upc:[[@LINE+2]]:13: warning: unknown argument 'foo' to '#pragma upc' ignored; expected 'strict' or 'relaxed'
// ERROR: rendering-werror-upc.upc:[[@LINE+1]]:13: error: unknown argument 'foo' to '#pragma upc' ignored; expected 'strict' or 'relaxed'
#pragma upc foo

shared [4] int *p4;

void f(void) {
  int x = 0;
  // WARN: rendering-werror-upc.upc:[[@LINE+2]]:1: warning: '#pragma upc strict' should precede all declarations and statements of its block
  // ERROR: rendering-werror-upc.upc:[[@LINE+1]]:1: error: '#pragma upc strict' should precede all declarations and statements of its block
#pragma upc strict
  // WARN: rendering-werror-upc.upc:[[@LINE+2]]:23: warning: implicit conversion from 'shared [4] int *' to 'shared [8] int *' changes the block size of a pointer-to-shared; use an explicit cast
  // ERROR: rendering-werror-upc.upc:[[@LINE+1]]:23: error: implicit conversion from 'shared [4] int *' to 'shared [8] int *' changes the block size of a pointer-to-shared; use an explicit cast
  shared [8] int *q = p4;
  (void)q; (void)x;
}
// WARN: 3 warnings generated.
// ERROR: 3 errors generated.
