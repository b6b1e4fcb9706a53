// A parameter declared as an array of shared elements is a pointer-to-shared
// (C99 6.7.5.3, UPC 1.3 6.5.1.1): the function is valid and usable.
// RUN: %upc-instrument -fsyntax-only -Wall %s 2>&1 | count 0
// RUN: %upc-instrument %s -o - | FileCheck %s

shared int A[4 * THREADS];
strict shared int B[2][10 * THREADS];
shared [4] double D[8 * THREADS];

// CHECK: void f1(upcr_pshared_ptr_t a) { UPCR_PUT_PSHARED_VALUE(int, upcr_add_pshared1(a, sizeof(int), 1), 0, 1); }
void f1(shared int a[]) { a[1] = 1; }
void f2(strict shared int ia[2][10 * THREADS]) { ia[1][MYTHREAD] = 7; }
double f3(shared [4] double d[], int n) { return d[n]; }

int main(void) {
  f1(A);
  f2(B);
  return (int)f3(D, 3);
}
