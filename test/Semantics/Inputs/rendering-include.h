/* A user header with UPC syntax and a UPC error (used by rendering-include.upc). */
shared [4] int header_array[4 * THREADS];
static inline void header_function(void) { shared [4] int in_header; }
