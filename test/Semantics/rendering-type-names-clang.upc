// Types in Clang's own messages about UPC types are spelled in UPC too:
// 'shared [4] int *', 'strict shared int *', 'shared [] double *', never
// '__attribute__((address_space(16)))', btf_type_tag or '__upc_' names.
//
// RUN: not %upc-instrument -fsyntax-only %s 2>&1 | FileCheck %s --implicit-check-not=error: --implicit-check-not=warning: --implicit-check-not=__upc_ --implicit-check-not=__attribute__ --implicit-check-not=btf_type_tag --implicit-check-not=address_space

shared [4] int *p4;
strict shared int sx;
shared [] double *pi;
typedef shared [2] double D2;
D2 *pd2;
struct point { int x, y; };
shared [3] struct point *ppt;

void f(void) {
  // CHECK: rendering-type-names-clang.upc:[[@LINE+1]]:8: error: initializing 'int *' with an expression of type 'shared [4] int *'{{.*$}}
  int *a = p4;
  // CHECK: rendering-type-names-clang.upc:[[@LINE+1]]:8: error: initializing 'int *' with an expression of type 'strict shared int *'{{.*$}}
  int *b = &sx;
  // CHECK: rendering-type-names-clang.upc:[[@LINE+1]]:11: error: initializing 'double *' with an expression of type 'shared [] double *'{{.*$}}
  double *c = pi;
  // CHECK: rendering-type-names-clang.upc:[[@LINE+1]]:11: error: initializing 'double *' with an expression of type 'D2 *' (aka 'shared [2] double *'){{.*$}}
  double *d = pd2;
  // CHECK: rendering-type-names-clang.upc:[[@LINE+1]]:17: error: initializing 'struct point *' with an expression of type 'shared [3] struct point *'{{.*$}}
  struct point *e = ppt;
  // CHECK: rendering-type-names-clang.upc:[[@LINE+1]]:8: warning: incompatible pointer to integer conversion initializing 'long' with an expression of type 'shared [4] int *'{{.*$}}
  long g = p4;
  // CHECK: rendering-type-names-clang.upc:[[@LINE+1]]:11: error: member reference base type 'shared [4] int' is not a structure or union
  (void)p4->x;
  (void)a; (void)b; (void)c; (void)d; (void)e; (void)g;
}
