sha\
red int x;
shared [\
4] int a[4 * \
THREADS];
void f(void) {
  upc_\
barrier\
 1;
  upc_forall (int i = 0; \
 i < 4; i++; \
 i) ;
}
