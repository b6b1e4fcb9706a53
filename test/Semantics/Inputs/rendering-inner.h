/* A UPC error two includes deep (used by rendering-include-nested.upc). */
static inline void inner_function(void) { shared int in_inner; }
