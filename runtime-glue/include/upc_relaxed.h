/*
 * upc_relaxed.h (C side) - upc.h. In C code the consistency mode is already
 * decided: the translator spelled every shared access strict or relaxed.
 */
#include <upc.h>
