#define X shared [
#define Y(a) upc_barrier a
#if THREADS >
#endif
#include "