shared int a[THREADS];
void f(int n) {
  upc_forall (int i = 0; i < n; i++; continue) a[i] = 0;
  upc_forall (int i = 0; i < n; i++; ) a[i] = 1;
  upc_forall (;;;) break;
}
