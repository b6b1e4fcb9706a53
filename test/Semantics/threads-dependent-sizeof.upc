// In the dynamic THREADS environment the size of a shared array with THREADS
// in a dimension is not an integer constant expression either; with -T 2 it
// is. The size of one element, and upc_localsizeof, are constants.
//
// RUN: not %upc-instrument -fsyntax-only %s 2>&1 | FileCheck %s --implicit-check-not=error: --implicit-check-not=warning: --implicit-check-not=__upc_ --implicit-check-not=__attribute__
// RUN: %upc-instrument -fsyntax-only -T 2 %s 2>&1 | count 0

shared int big[10 * THREADS];

// CHECK: threads-dependent-sizeof.upc:[[@LINE+1]]:12: error: the size of an array that depends on THREADS is not an integer constant expression in the dynamic THREADS environment
enum { N = sizeof(big) };

// CHECK: threads-dependent-sizeof.upc:[[@LINE+1]]:9: error: the size of an array that depends on THREADS is not an integer constant expression in the dynamic THREADS environment
int m = sizeof big;

int g(int k) {
  switch (k) {
  // CHECK: threads-dependent-sizeof.upc:[[@LINE+1]]:8: error: the size of an array that depends on THREADS is not an integer constant expression in the dynamic THREADS environment
  case sizeof(big):
    return 1;
  }
  return 0;
}

// CHECK: threads-dependent-sizeof.upc:[[@LINE+1]]:28: error: the size of an array that depends on THREADS is not an integer constant expression in the dynamic THREADS environment
struct bits { unsigned f : sizeof(big) / 8; };

// CHECK: threads-dependent-sizeof.upc:[[@LINE+1]]:{{5: error: array 'private_array' with static storage duration cannot depend on THREADS|19: error: the size of an array that depends on THREADS is not an integer constant expression}} in the dynamic THREADS environment
int private_array[sizeof big];

// Not errors.
int element = sizeof big[0];
int local_size = upc_localsizeof big;
