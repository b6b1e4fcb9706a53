void f(int n) { (void)sizeof(strict shared int *[n]); }
