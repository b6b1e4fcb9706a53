shared [ int a;
shared [4 int b;
shared ] int c;
shared [[4]] int d;
shared [(4] int e;
shared [4) int f;
shared
