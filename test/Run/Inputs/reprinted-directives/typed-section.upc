/* One section per type T (named by TM), included once per type as Berkeley
 * UPC's atomics tester includes its helper: W is defined inside the
 * section's body by the first inclusion only. */
int CONCAT(section_, TM)(const char *sections) {
  int ok = 1;
  IFSEC() {
    SRAND();
    #ifndef W
    #define W 3
    #endif
    static shared [W] T vals[W * THREADS];
    int *check = calloc(W * THREADS, sizeof(int));
#if W == 3
    int width = W;
#else
    int width = -1;
#endif
    vals[W * MYTHREAD + 1] = (T)(MYTHREAD + seed);
    upc_barrier;
    int t = (MYTHREAD + 1) % THREADS;
    ok = check != NULL && width == 3 && upc_blocksizeof(vals) == W &&
         vals[W * t + 1] == (T)(t + seed) && upc_threadof(&vals[W * t]) == t;
    free(check);
  }
  return ok;
}
