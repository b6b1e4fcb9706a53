#include <upc.h>
shared int a[THREADS];
shared int b[10 * THREADS];
shared int c[THREADS * 4][8];
shared [4] double m[4 * THREADS];
