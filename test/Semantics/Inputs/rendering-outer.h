/* Includes rendering-inner.h (used by rendering-include-nested.upc). */
#include "rendering-inner.h"
