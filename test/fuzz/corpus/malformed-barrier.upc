void f(void) {
  upc_barrier
}
void g(void) { upc_notify 1 }
void h(void) { upc_wait (1; }
int k = upc_barrier;
upc_barrier
