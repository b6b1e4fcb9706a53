/* UPC syntax, but declared C code by Berkeley UPC's pragma: its unshared
 * data is per process. */
#pragma upc c_code
#include <upc.h>
extern shared int total;
int c_pragma_value;
