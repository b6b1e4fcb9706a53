// Copied to b/util.upc by ids-paths.test.
void fb(int *x) {
  upc_barrier;
  *x = 0;
}
