shared [
#define N 4
] int a[10];
shared [
#ifdef FOO
*
#endif
] int b[THREADS];
void f(void) {
  upc_forall (int i = 0; i < N; i++;
#pragma upc relaxed
  ) ;
  upc_forall (int i = 0; i < N; i++; continue
#define K 1
  ) ;
}
