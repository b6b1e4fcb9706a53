shared int bad_local_holder;
struct s { shared int m; };
strict [4] int x;
strict relaxed shared int y;
strict int z;
typedef shared [4] int T4;
shared [8] T4 conflict;
int n;
shared [n] int dyn[THREADS];
shared int a10[10];
shared int b[THREADS + 1];
shared int c[THREADS][THREADS];
static int t[THREADS];
void f(void) {
  shared int local;
  shared [4] int *p4;
  shared [8] int *q = p4;
  int loc;
  shared int *bad = (shared int *)&loc;
  upc_forall (int i = 0; i < 4; i++; 1.5) ;
  upc_barrier 2.0;
  size_t k = upc_blocksizeof(int);
  int *pp = &bad_local_holder;
}
