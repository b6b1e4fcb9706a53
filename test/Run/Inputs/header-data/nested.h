/* Includes a header of UPC code: UPC code as well. */
#include "upc-code-pragma.h"
int nested_calls;
