void f(void) {
  shared int *p = &(shared int){0};
  int g = _Generic(MYTHREAD, int: 1, default: 0);
  (void)p; (void)g;
}
