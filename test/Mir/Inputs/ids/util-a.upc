// Copied to a/util.upc by ids-paths.test: the same name as b/util.upc.
void fa(int *x) {
  int i;
  for (i = 0; i < 3; i++)
    *x += i;
}
