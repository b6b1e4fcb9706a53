/* A header with UPC syntax: UPC code, so its data is per thread. */
extern shared int total;
int upc_syntax_calls;
