#include <upc.h>

int good(void);

shared [-1] int neg;

int main(void) { return good() == 0; }
