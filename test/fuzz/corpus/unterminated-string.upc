shared int x;
const char *s = "shared [4
int y = 'upc_barrier
upc_barrier "
