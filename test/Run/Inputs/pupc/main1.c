#include "upc_strict.h"

shared int a;

int main() {
    a = 33 / 3;
    return 1 + 1;
}
