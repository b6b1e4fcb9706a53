/* The example of Berkeley UPC's static-data design
 * (../shared/specs/berkeley-upc-static-data.txt), completed into a program. */
#include <upc.h>
#include <assert.h>
#include <stdio.h>
#include "foobar.uph"

shared int foo = 3; /* explicit definition overrides the tentative one */
shared int *shared pbar = &bar;

int quux;

double gethandynumber() {
  static double suspects[] = { 3.14159, 2.71828 };
  assert(quux == 0 || quux == 1);
  return suspects[quux];
}

extern double do_sum();
extern int *pquux;
extern shared int *pfoo;

int main(int argc, char **argv) {
  double n = gethandynumber();
  double s = do_sum();
  if (MYTHREAD == 0)
    bar = 11;
  quux = MYTHREAD % 2;
  upc_barrier;
  printf("thread %d: handy %.5f sum %.1f foo %d bar %d *pbar %d *pfoo %d "
         "pquux is &quux: %d *pquux %d\n",
         MYTHREAD, n, s, foo, bar, *pbar, *pfoo, pquux == &quux, *pquux);
  return 0;
}
