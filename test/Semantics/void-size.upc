// void has no size: sizeof and the UPC sizeof operators of void and shared
// void, and arithmetic on pointers to void, shared or private, are errors
// (GNU C extensions that UPC compilers reject, as Berkeley UPC does; C11
// 6.5.3.4p1, 6.5.6p2); -Wno-error=pointer-arith makes the GNU ones warnings.
//
// RUN: not %upc-instrument -fsyntax-only %s 2>&1 | FileCheck %s --implicit-check-not=error: --implicit-check-not=warning:
// RUN: not %upc-instrument -fsyntax-only -Wno-error=pointer-arith %s 2>&1 | FileCheck %s --check-prefix=RELAXED

#include <upc.h>

shared void *sv;
void *pv;

int main(void) {
  // CHECK: void-size.upc:[[@LINE+2]]:11: error: invalid application of 'sizeof' to a void type [-Werror,-Wpointer-arith]
  // RELAXED: void-size.upc:[[@LINE+1]]:11: warning: invalid application of 'sizeof' to a void type [-Wpointer-arith]
  int a = sizeof(void);
  // CHECK: void-size.upc:[[@LINE+1]]:11: error: invalid application of 'sizeof' to a void type [-Werror,-Wpointer-arith]
  int b = sizeof(shared void);
  // CHECK: void-size.upc:[[@LINE+2]]:11: error: 'upc_blocksizeof' cannot be applied to 'shared void': a void type has no size
  // RELAXED: void-size.upc:[[@LINE+1]]:11: error: 'upc_blocksizeof' cannot be applied to 'shared void': a void type has no size
  int c = upc_blocksizeof(shared void);
  // CHECK: void-size.upc:[[@LINE+1]]:11: error: 'upc_elemsizeof' cannot be applied to 'shared void': a void type has no size
  int d = upc_elemsizeof(shared void);
  // CHECK: void-size.upc:[[@LINE+1]]:11: error: 'upc_localsizeof' cannot be applied to 'shared void': a void type has no size
  int e = upc_localsizeof(shared void);
  // CHECK: void-size.upc:[[@LINE+1]]:23: error: arithmetic on a pointer to void is a GNU extension [-Werror,-Wgnu-pointer-arith]
  shared void *q = sv + 1;
  // CHECK: void-size.upc:[[@LINE+1]]:16: error: arithmetic on a pointer to void is a GNU extension [-Werror,-Wgnu-pointer-arith]
  void *r = pv + 1;
  return a + b + c + d + e + (q != 0) + (r != 0);
}
