#ifdef __UPC_STATIC_THREADS__
shared int a[THREADS * THREADS];
static int t[THREADS];
shared [THREADS] int bt[THREADS];
#endif
int q = THREADS;
