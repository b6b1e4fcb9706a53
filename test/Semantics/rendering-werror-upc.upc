// The UPC front end's own warnings follow the usual options too: -Werror
// turns them into errors (exit status 1) and -w silences them.
//
// RUN: %upc-instrument -fsyntax-only %s 2>&1 | FileCheck %s --check-prefix=WARN --implicit-check-not=error: --implicit-check-not=warning:
// RUN: not %upc-instrument -fsyntax-only -Werror %s 2>&1 | FileCheck %s --check-prefix=ERROR --implicit-check-not=error: --implicit-check-not=warning:
// RUN: %upc-instrument -fsyntax-only -w %s 2>&1 | count 0

// WARN: rendering-werror-upc.upc:[[@LINE+2]]:13: warning: unknown argument 'foo' to '#pragma upc' ignored; expected 'strict', 'relaxed', 'upc_code' or 'c_code'
// ERROR: rendering-werror-upc.upc:[[@LINE+1]]:13: error: unknown argument 'foo' to '#pragma upc' ignored; expected 'strict', 'relaxed', 'upc_code' or 'c_code'
#pragma upc foo

shared [4] int *p4;

void f(void) {
  int x = 0;
  // WARN: rendering-werror-upc.upc:[[@LINE+2]]:1: warning: '#pragma upc strict' should precede all declarations and statements of its block
  // ERROR: rendering-werror-upc.upc:[[@LINE+1]]:1: error: '#pragma upc strict' should precede all declarations and statements of its block
#pragma upc strict
  // WARN: rendering-werror-upc.upc:[[@LINE+4]]:1: warning: '#pragma upc relaxed' should precede all declarations and statements of its block
  // ERROR: rendering-werror-upc.upc:[[@LINE+3]]:1: error: '#pragma upc relaxed' should precede all declarations and statements of its block
  // WARN: rendering-werror-upc.upc:[[@LINE+2]]:21: warning: extra tokens 'now' after '#pragma upc relaxed' ignored
  // ERROR: rendering-werror-upc.upc:[[@LINE+1]]:21: error: extra tokens 'now' after '#pragma upc relaxed' ignored
#pragma upc relaxed now
  shared [8] int *q = (shared [8] int *)p4;
  (void)q; (void)x;
}
// WARN: 4 warnings generated.
// ERROR: 4 errors generated.
