/* A .h header with UPC syntax outside the system include directories
 * (included by user-headers.upc). */
extern shared int h_counter;
typedef shared [] double h_vec_t;
static inline int h_count(void) {
  int n = 0, i;
  upc_forall (i = 0; i < THREADS; i++; i)
    n++;
  return n;
}
