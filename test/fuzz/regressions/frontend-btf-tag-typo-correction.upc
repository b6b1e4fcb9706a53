void f(void) { int t = undeclared + sizeof(shared [4] int); }
