/* No UPC syntax of its own, but it includes <upc.h>: UPC code too. */
#include <upc.h>
int includes_upc_calls;
