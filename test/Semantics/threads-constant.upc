// In the dynamic THREADS environment THREADS is not an integer constant
// expression: not in a case label, an enumerator, a bit-field width, or the
// initializer of an object with static storage duration. With -T 4 it is.
//
// RUN: not %upc-instrument -fsyntax-only %s 2>&1 | FileCheck %s --implicit-check-not=error: --implicit-check-not=warning: --implicit-check-not=__upc_ --implicit-check-not=__attribute__
// RUN: %upc-instrument -fsyntax-only -T 4 %s 2>&1 | count 0

int f(int k) {
  switch (k) {
  // CHECK: threads-constant.upc:[[@LINE+1]]:8: error: THREADS is not an integer constant expression in the dynamic THREADS environment (compile with -T N for a static THREADS value)
  case THREADS:
    return 1;
  }
  // CHECK: threads-constant.upc:[[@LINE+1]]:22: error: THREADS is not an integer constant expression in the dynamic THREADS environment
  static int local = THREADS;
  return local;
}

// CHECK: threads-constant.upc:[[@LINE+1]]:16: error: THREADS is not an integer constant expression in the dynamic THREADS environment
enum { E = 2 * THREADS };

// CHECK: threads-constant.upc:[[@LINE+1]]:27: error: THREADS is not an integer constant expression in the dynamic THREADS environment
struct bits { int field : THREADS; };

// CHECK: threads-constant.upc:[[@LINE+1]]:14: error: THREADS is not an integer constant expression in the dynamic THREADS environment
int global = THREADS;

// Not errors: THREADS as an ordinary value.
int g(void) {
  int n = THREADS;
  return n + THREADS * MYTHREAD;
}
