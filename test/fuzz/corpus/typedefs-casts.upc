typedef shared int sint;
typedef shared [8] double blk8;
typedef int T;
shared [4] T tarr[4 * THREADS];
sint s1;
blk8 b8[8 * THREADS];
void g(void) {
  shared void *v = (shared void *)&s1;
  shared int *ip = (shared int *)v;
  (void)ip;
  __typeof__(s1) *tp = &s1; (void)tp;
  (void)sizeof(shared int);
}
