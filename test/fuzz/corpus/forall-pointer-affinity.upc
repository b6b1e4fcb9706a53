shared [4] int a[4 * THREADS];
void f(void) {
  upc_forall (int i = 0; i < 4 * THREADS; ++i; &a[i])
    a[i] = MYTHREAD;
}
