void f(void) { size_t n = upc_blocksizeof(shared [8] int); }
