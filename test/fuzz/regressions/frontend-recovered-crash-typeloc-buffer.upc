#include <upc.h>
int f(int n) { return sizeof(cn[]rah) + _Alignof(int[n]); }
size_t g(int n) { return sizeof††††††††††††††††††††††††††††††††††††††††††††††††††††††††††††††††††††††††††††††††††††††††††††††††††††††††††††††††††††††††††(shared [8] int *[n]) + upc_blocksizeof(shared [4] int[4*THREADS]);%:%:define ROW shared [8] double
size_t h(int n) { return sizeof(ROW *[n]); }
