/* What a configure script or CMake compiles to check the compiler. */
int main(void) { return 0; }
