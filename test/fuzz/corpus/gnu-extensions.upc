shared int x __attribute__((aligned(8)));
void f(void) {
  __auto_type p = &x;
  int y = ({ int t = MYTHREAD; t * 2; });
  asm volatile("" ::: "memory");
  (void)p; (void)y;
}
