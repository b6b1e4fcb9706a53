// void has no size: sizeof and the UPC sizeof operators of void and shared
// void, and arithmetic on pointers to void, shared or private, are errors
// (GNU C extensions that UPC compilers reject, as Berkeley UPC does; C11
// 6.5.3.4p1, 6.5.6p2); -Wno-error=pointer-arith makes the GNU ones warnings.
// -w, which silences even warnings made errors, leaves them errors
// (Berkeley UPC's upc-semantic-checks invalid-sizeof-void,
// invalid-local-ptr-to-void-arith and invalid-sizeof-shared-void, built
// with -w): through a typedef, of `*p` for a `shared void *p`, in a return
// statement.
//
// RUN: not %upc-instrument -fsyntax-only %s 2>&1 | FileCheck %s --implicit-check-not=error: --implicit-check-not=warning:
// RUN: not %upc-instrument -fsyntax-only -Wno-error=pointer-arith %s 2>&1 | FileCheck %s --check-prefix=RELAXED
// RUN: not %upc-instrument -fsyntax-only -w %s 2>&1 | FileCheck %s --check-prefix=NOWARN --implicit-check-not=error: --implicit-check-not=warning:
// RUN: not %upc-instrument -fsyntax-only -w -Wno-error=pointer-arith %s 2>&1 | FileCheck %s --check-prefix=NOWARN-RELAXED --implicit-check-not=error: --implicit-check-not=warning:

#include <upc.h>

shared void *sv;
void *pv;
typedef void nothing;

int main(void) {
  // CHECK: void-size.upc:[[@LINE+3]]:11: error: invalid application of 'sizeof' to a void type [-Werror,-Wpointer-arith]
  // RELAXED: void-size.upc:[[@LINE+2]]:11: warning: invalid application of 'sizeof' to a void type [-Wpointer-arith]
  // NOWARN: void-size.upc:[[@LINE+1]]:11: error: invalid application of 'sizeof' to a void type: void has no size in UPC code (-Wno-error=pointer-arith makes it a warning)
  int a = sizeof(void);
  // CHECK: void-size.upc:[[@LINE+2]]:11: error: invalid application of 'sizeof' to a void type [-Werror,-Wpointer-arith]
  // NOWARN: void-size.upc:[[@LINE+1]]:11: error: invalid application of 'sizeof' to a void type: void has no size
  int b = sizeof(shared void);
  // CHECK: void-size.upc:[[@LINE+4]]:11: error: 'upc_blocksizeof' cannot be applied to 'shared void': a void type has no size
  // RELAXED: void-size.upc:[[@LINE+3]]:11: error: 'upc_blocksizeof' cannot be applied to 'shared void': a void type has no size
  // NOWARN: void-size.upc:[[@LINE+2]]:11: error: 'upc_blocksizeof' cannot be applied to 'shared void': a void type has no size
  // NOWARN-RELAXED: void-size.upc:[[@LINE+1]]:11: error: 'upc_blocksizeof' cannot be applied to 'shared void': a void type has no size
  int c = upc_blocksizeof(shared void);
  // CHECK: void-size.upc:[[@LINE+3]]:11: error: 'upc_elemsizeof' cannot be applied to 'shared void': a void type has no size
  // NOWARN: void-size.upc:[[@LINE+2]]:11: error: 'upc_elemsizeof' cannot be applied
  // NOWARN-RELAXED: void-size.upc:[[@LINE+1]]:11: error: 'upc_elemsizeof' cannot be applied
  int d = upc_elemsizeof(shared void);
  // CHECK: void-size.upc:[[@LINE+3]]:11: error: 'upc_localsizeof' cannot be applied to 'shared void': a void type has no size
  // NOWARN: void-size.upc:[[@LINE+2]]:11: error: 'upc_localsizeof' cannot be applied
  // NOWARN-RELAXED: void-size.upc:[[@LINE+1]]:11: error: 'upc_localsizeof' cannot be applied
  int e = upc_localsizeof(shared void);
  // CHECK: void-size.upc:[[@LINE+2]]:23: error: arithmetic on a pointer to void is a GNU extension [-Werror,-Wgnu-pointer-arith]
  // NOWARN: void-size.upc:[[@LINE+1]]:23: error: arithmetic on a pointer to void: void has no size in UPC code
  shared void *q = sv + 1;
  // CHECK: void-size.upc:[[@LINE+2]]:16: error: arithmetic on a pointer to void is a GNU extension [-Werror,-Wgnu-pointer-arith]
  // NOWARN: void-size.upc:[[@LINE+1]]:16: error: arithmetic on a pointer to void: void has no size
  void *r = pv + 1;
  // CHECK: void-size.upc:[[@LINE+2]]:17: error: invalid application of 'sizeof' to a void type [-Werror,-Wpointer-arith]
  // NOWARN: void-size.upc:[[@LINE+1]]:17: error: invalid application of 'sizeof' to a void type: void has no size
  int f = sizeof(*sv);
  // CHECK: void-size.upc:[[@LINE+2]]:11: error: invalid application of 'alignof' to a void type [-Werror,-Wpointer-arith]
  // NOWARN: void-size.upc:[[@LINE+1]]:11: error: invalid application of 'alignof' to a void type: void has no size
  int g = _Alignof(nothing);
  // CHECK: void-size.upc:[[@LINE+2]]:5: error: arithmetic on a pointer to void is a GNU extension [-Werror,-Wgnu-pointer-arith]
  // NOWARN: void-size.upc:[[@LINE+1]]:5: error: arithmetic on a pointer to void: void has no size
  pv++;
  // CHECK: void-size.upc:[[@LINE+2]]:6: error: arithmetic on a pointer to void is a GNU extension [-Werror,-Wgnu-pointer-arith]
  // NOWARN: void-size.upc:[[@LINE+1]]:6: error: arithmetic on a pointer to void: void has no size
  sv -= 2;
  if (a + b + c + d + e + f + g + (q != 0) + (r != 0))
    // CHECK: void-size.upc:[[@LINE+2]]:12: error: invalid application of 'sizeof' to a void type [-Werror,-Wpointer-arith]
    // NOWARN: void-size.upc:[[@LINE+1]]:12: error: invalid application of 'sizeof' to a void type: void has no size
    return sizeof (nothing);
  return 0;
}
