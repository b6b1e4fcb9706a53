/* A C header of a UPC file: kept as an #include in the translated C. */
#define PLAIN 1
