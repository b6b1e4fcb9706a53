#include <upc_strict.h>
shared int counter;
int main(void) { counter++; upc_barrier; return 0; }
