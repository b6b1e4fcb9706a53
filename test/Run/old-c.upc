// C of UPC codes from the 2000s that gcc 12 accepts with warnings: calls of
// undeclared functions (and of library functions without their header),
// implicit int, K&R definitions, integer-to-pointer conversion, a return
// without a value in a function returning int. The
// translator warns as gcc does, and the C compiler (gcc or clang) compiles
// the translation. -Werror=implicit-function-declaration still makes the
// undeclared call an error, at its position.
// RUN: %upc-instrument -fsyntax-only %s 2>&1 | FileCheck %s --check-prefix=WARN --implicit-check-not=error:
// RUN: %upcc %s -o %t 2>/dev/null
// RUN: %upcrun -n 2 %t | FileCheck %s --check-prefix=RUN-OUT
// RUN: not %upc-instrument -fsyntax-only -Werror=implicit-function-declaration %s 2>&1 | FileCheck %s --check-prefix=STRICT
// RUN: not %upcc -Werror=implicit-function-declaration %s -o %t.strict 2>&1 | FileCheck %s --check-prefix=STRICT
// RUN-OUT: old C: 2 3
// RUN-OUT: old C: 2 3

shared int x;

// WARN: old-c.upc:[[@LINE+1]]:1: warning: type specifier missing, defaults to 'int'; ISO C99 and later do not support implicit int [-Wimplicit-int]
f(a) int a; { return a + 1; }

int main() {
  // WARN: old-c.upc:[[@LINE+1]]:8: warning: incompatible integer to pointer conversion initializing 'int *' with an expression of type 'int' [-Wint-conversion]
  int *p = 0x10;
  // WARN: old-c.upc:[[@LINE+2]]:7: warning: call to undeclared function 'foo'; ISO C99 and later do not support implicit function declarations [-Wimplicit-function-declaration]
  // STRICT: old-c.upc:[[@LINE+1]]:7: error: call to undeclared function 'foo'
  x = foo(1);
  upc_barrier;
  // WARN: old-c.upc:[[@LINE+1]]:3: warning: call to undeclared library function 'printf' with type 'int (const char *, ...)';
  printf("old C: %d %d\n", f(x), g(p));
  return 0;
}

int foo(int v) { return v; }
// WARN: old-c.upc:[[@LINE+1]]:28: warning: non-void function 'unused' should return a value [-Wreturn-mismatch]
int unused(int v) { if (v) return; return v; }
int g(int *q) { return q == (int *)0x10 ? 3 : 0; }
