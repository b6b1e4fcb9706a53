shared /* c */ [ /* d */ 4 /* e */ ] /* f */ int a[4 * THREADS];
shared // line
  [8] int b[8 * THREADS];
void f(void) {
  upc_forall (int i = 0 /* x */; i < 4; i++; /* aff */ i /* y */) ;
  upc_barrier /* v */ 1 /* w */ ;
}
