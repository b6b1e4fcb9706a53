??=define X 1
shared ??(4??) int a$b[4 * THREADS];
int $x = upc_\
barrier;
