// upc_blocksizeof, upc_localsizeof and upc_elemsizeof apply to shared types
// and expressions only.
//
// RUN: not %upc-instrument -fsyntax-only %s 2>&1 | FileCheck %s --implicit-check-not=error: --implicit-check-not=warning: --implicit-check-not=__upc_ --implicit-check-not=__attribute__

int x;
int *private_pointer;
shared int sx;
shared [4] int sa[4 * THREADS];
shared int *pointer_to_shared;
typedef shared int SI;

void f(void) {
  // CHECK: upc-sizeof.upc:[[@LINE+1]]:21: error: 'upc_blocksizeof' requires a shared-qualified type or expression, not 'int'
  unsigned long a = upc_blocksizeof(int);
  // CHECK: upc-sizeof.upc:[[@LINE+1]]:21: error: 'upc_localsizeof' requires a shared-qualified type or expression, not 'int'
  unsigned long b = upc_localsizeof x;
  // CHECK: upc-sizeof.upc:[[@LINE+1]]:21: error: 'upc_elemsizeof' requires a shared-qualified type or expression, not 'int'
  unsigned long c = upc_elemsizeof(x);
  // CHECK: upc-sizeof.upc:[[@LINE+1]]:21: error: 'upc_blocksizeof' requires a shared-qualified type or expression, not 'double[3]'
  unsigned long d = upc_blocksizeof(double[3]);
  // CHECK: upc-sizeof.upc:[[@LINE+1]]:21: error: 'upc_elemsizeof' requires a shared-qualified type or expression, not 'int'
  unsigned long e = upc_elemsizeof *private_pointer;
  // A pointer-to-shared is itself a private object.
  // CHECK: upc-sizeof.upc:[[@LINE+1]]:21: error: 'upc_localsizeof' requires a shared-qualified type or expression, not 'shared int *'
  unsigned long g = upc_localsizeof(pointer_to_shared);

  // Not errors.
  unsigned long ok = upc_blocksizeof sa + upc_localsizeof(sa) +
                     upc_elemsizeof(shared int) + upc_blocksizeof(SI) +
                     upc_localsizeof sx + upc_elemsizeof *pointer_to_shared;
  (void)a; (void)b; (void)c; (void)d; (void)e; (void)g; (void)ok;
}
