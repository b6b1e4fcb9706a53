#include <upc.h>
shared int x;
int f(void) { return x; }
