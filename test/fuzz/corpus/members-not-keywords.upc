struct s { int shared; int THREADS; int upc_barrier; };
void f(struct s *p, struct s v) {
  p->shared = v.THREADS;
  v.upc_barrier = p->THREADS;
}
