// A Clang warning that is an error by default in Clang 19 but a warning in
// gcc 12 (int-conversion) is a warning here, as gcc gives it; made an error
// by -Werror=int-conversion, it shows its flag as Clang does,
// '[-Wint-conversion]'. A plain -Werror leaves it a warning: the front end's
// -Wno-error=int-conversion wins (docs/upc-support.md).
//
// RUN: %upc-instrument -fsyntax-only %s 2>&1 | FileCheck %s --check-prefix=WARN --implicit-check-not=error: --implicit-check-not=warning:
// RUN: not %upc-instrument -fsyntax-only -Werror=int-conversion %s 2>&1 | FileCheck %s --implicit-check-not=error: --implicit-check-not=warning:
// RUN: %upc-instrument -fsyntax-only -Werror %s 2>&1 | FileCheck %s --check-prefix=WARN --implicit-check-not=error: --implicit-check-not=warning:

shared int counter;

void f(void) {
  // WARN: rendering-default-error-flag.upc:[[@LINE+2]]:8: warning: incompatible integer to pointer conversion initializing 'int *' with an expression of type 'int' [-Wint-conversion]{{$}}
  // CHECK: rendering-default-error-flag.upc:[[@LINE+1]]:8: error: incompatible integer to pointer conversion initializing 'int *' with an expression of type 'int' [-Wint-conversion]{{$}}
  int *p = 5;
  (void)p;
}
