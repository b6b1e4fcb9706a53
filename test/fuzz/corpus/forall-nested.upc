shared int m[THREADS][10];
void f(void) {
  upc_forall (int i = 0; i < THREADS; i++; i)
    upc_forall (int j = 0; j < 10; j++; continue)
      m[i][j] = i + j;
}
