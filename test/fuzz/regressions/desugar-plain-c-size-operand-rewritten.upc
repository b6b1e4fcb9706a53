int f(int n) { return sizeof(char[n]); }
