/* A macro that writes a UPC qualifier, used in another file. */
#define STRICT_SHARED_INT strict shared int
