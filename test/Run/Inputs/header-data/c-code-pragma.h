/* UPC syntax, but declared C code by Berkeley UPC's pragma: its unshared
 * data is per process (after the pragma, UPC's words are identifiers). */
#include <upc.h>
extern shared int total;
#pragma upc c_code
int c_pragma_value;
