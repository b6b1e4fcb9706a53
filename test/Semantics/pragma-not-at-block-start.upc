// '#pragma upc strict|relaxed' inside a block should precede its declarations
// and statements: a warning (it applies from there to the end of the block).
// At file scope it may come anywhere.
//
// RUN: %upc-instrument -fsyntax-only %s 2>&1 | FileCheck %s --implicit-check-not=error: --implicit-check-not=warning: --implicit-check-not=__upc_ --implicit-check-not=__attribute__

int before_the_pragma;
#pragma upc strict

void f(void) {
#pragma upc relaxed
  int x = 0;
// CHECK: pragma-not-at-block-start.upc:[[@LINE+1]]:1: warning: '#pragma upc strict' should precede all declarations and statements of its block; it applies from here to the end of the block
#pragma upc strict
  x++;
  {
    #pragma upc strict
    x++;
    // CHECK: pragma-not-at-block-start.upc:[[@LINE+1]]:5: warning: '#pragma upc relaxed' should precede all declarations and statements of its block; it applies from here to the end of the block
    #pragma upc relaxed
    x--;
  }
  {
#pragma upc relaxed
  }
}
