// A Clang warning that is an error by default shows its flag as Clang does,
// '[-Wint-conversion]': '-Werror,' only when -Werror made it an error.
//
// RUN: not %upc-instrument -fsyntax-only %s 2>&1 | FileCheck %s --implicit-check-not=error: --implicit-check-not=warning:
// RUN: not %upc-instrument -fsyntax-only -Werror %s 2>&1 | FileCheck %s --implicit-check-not=error: --implicit-check-not=warning:

shared int counter;

void f(void) {
  // CHECK: rendering-default-error-flag.upc:[[@LINE+1]]:8: error: incompatible integer to pointer conversion initializing 'int *' with an expression of type 'int' [-Wint-conversion]{{$}}
  int *p = 5;
  (void)p;
}
