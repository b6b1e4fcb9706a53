#include <upc.h>
typedef shared [*] int star_int;
