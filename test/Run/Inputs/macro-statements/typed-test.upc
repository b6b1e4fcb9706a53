/* One test per type T (named by TM), included once per type as Berkeley
 * UPC's atomics tester includes its helper: the macros of the including
 * file write declarations among the statements of these functions. */
int CONCAT(test_, TM)(int iters) {
  SRAND();
  T sum = 0;
  TALLY(count);
  GET_OWN(mine);
  FIRST_POINTER(p);
  for (int i = 0; i < iters; i++) {
    sum += (T)(rand() % 7);
    count++;
  }
  CHECK(mine == MYTHREAD + 1 && *p == 1 && count == iters);
  CHECK(seed == 1234u + (unsigned)MYTHREAD);
  return (int)sum >= 0;
}
