// Clang's warnings in a UPC file follow the usual options: shown with their
// flag, turned into errors by -Werror (flag '[-Werror,-W...]', exit status
// 1) or -Werror=<group>, silenced by -w or -Wno-<group>.
//
// RUN: %upc-instrument -fsyntax-only %s 2>&1 | FileCheck %s --check-prefix=WARN --implicit-check-not=error: --implicit-check-not=warning:
// RUN: not %upc-instrument -fsyntax-only -Werror %s 2>&1 | FileCheck %s --check-prefix=ERROR --implicit-check-not=error: --implicit-check-not=warning:
// RUN: not %upc-instrument -fsyntax-only -Werror=unused-comparison %s 2>&1 | FileCheck %s --check-prefix=ERROR --implicit-check-not=error: --implicit-check-not=warning:
// RUN: %upc-instrument -fsyntax-only -w %s 2>&1 | count 0
// RUN: %upc-instrument -fsyntax-only -Wno-unused-comparison %s 2>&1 | count 0

shared int counter;

void f(int x) {
  upc_barrier;
  // WARN: rendering-werror.upc:[[@LINE+2]]:5: warning: equality comparison result unused [-Wunused-comparison]
  // ERROR: rendering-werror.upc:[[@LINE+1]]:5: error: equality comparison result unused [-Werror,-Wunused-comparison]
  x == MYTHREAD;
}
// WARN: 1 warning generated.
// ERROR: 1 error generated.
