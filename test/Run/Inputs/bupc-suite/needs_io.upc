#include <upc_io.h>
int main(void) { return 0; }
