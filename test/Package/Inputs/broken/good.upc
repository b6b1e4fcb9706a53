#include <upc.h>

int good(void) { return THREADS; }
