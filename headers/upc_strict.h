/*
 * upc_strict.h - upc.h, with strict the default consistency for the rest of
 * the translation unit (UPC 1.3, 6.7.1).
 */
#include <upc.h>
#pragma upc strict
