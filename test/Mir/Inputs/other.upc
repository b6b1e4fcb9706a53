#include "shared.uph"
int other(void) { return bump(); }
