/* Declared UPC code by Berkeley UPC's pragma. */
#pragma upc upc_code
int pragma_calls;
