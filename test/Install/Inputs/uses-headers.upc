/* Needs Clang's builtin headers (stddef.h, stdarg.h), the C library's, and
 * the UPC headers installed with upc-instrument. */
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <upc_relaxed.h>
#include <upc_collective.h>

shared [4] double data[4 * THREADS];

double sum(int n, ...) {
  va_list ap;
  double s = 0;
  va_start(ap, n);
  for (int i = 0; i < n; i++)
    s += va_arg(ap, double);
  va_end(ap);
  return s;
}

int main(void) {
  size_t offset = offsetof(struct { int a; double b; }, b);
  upc_all_reduceD(&data[0], data, UPC_ADD, 4 * THREADS, 4, NULL, 0);
  printf("%zu %f\n", offset, sum(2, 1.0, 2.0));
  return 0;
}
