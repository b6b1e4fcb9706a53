shared [4] int a[4 * THREADS];
void f(void) { upc_barrier; /* never closed
upc_forall (int i = 0; i < 4; i++; i) ;
