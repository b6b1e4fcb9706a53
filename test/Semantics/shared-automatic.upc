// A shared object cannot have automatic storage duration (UPC 1.3 6.5.1.1):
// block-scope shared variables and arrays are errors. Block-scope 'static'
// and 'extern' shared declarations, and private pointers-to-shared, are fine.
//
// RUN: not %upc-instrument -fsyntax-only %s 2>&1 | FileCheck %s --implicit-check-not=error: --implicit-check-not=warning: --implicit-check-not=__upc_ --implicit-check-not=__attribute__

shared int counter;

void f(void) {
  // CHECK: shared-automatic.upc:[[@LINE+1]]:14: error: shared object 'x' cannot have automatic storage duration; declare it 'static' or at file scope
  shared int x;
  // CHECK: shared-automatic.upc:[[@LINE+1]]:18: error: shared object 'arr' cannot have automatic storage duration; declare it 'static' or at file scope
  shared [4] int arr[4 * THREADS];
  // CHECK: shared-automatic.upc:[[@LINE+1]]:17: error: shared object 'ind' cannot have automatic storage duration; declare it 'static' or at file scope
  shared [] int ind[10];
  {
    // CHECK: shared-automatic.upc:[[@LINE+1]]:26: error: shared object 'inner' cannot have automatic storage duration; declare it 'static' or at file scope
    strict shared double inner;
  }
  for (int i = 0; i < 2; i++) {
    // CHECK: shared-automatic.upc:[[@LINE+1]]:17: error: shared object 'in_loop' cannot have automatic storage duration; declare it 'static' or at file scope
    shared long in_loop;
  }

  // Not errors.
  static shared int s;
  static shared [2] int sa[2 * THREADS];
  extern shared int e;
  extern shared [] double ea[10];
  shared int *private_pointer = &counter;
  shared int *shared_target = &s;
  (void)private_pointer;
  (void)shared_target;
}
