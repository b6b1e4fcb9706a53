shared int x;
int f(void) { return 1 + ; }
