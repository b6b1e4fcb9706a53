#if THREADS > 1
shared int a[THREADS];
#elif defined(__UPC_STATIC_THREADS__)
shared int b;
#else
int c;
#endif
#if __UPC__ && __UPC_VERSION__ >= 201311L
shared int ok;
#endif
#ifdef shared
#error shared is not a macro
#endif
#undef upc_barrier
