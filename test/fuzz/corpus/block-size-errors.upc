shared [-1] int neg[THREADS];
shared [2147483648] int big[THREADS];
shared [THREADS] int thr[THREADS];
shared [1.5] int flt[THREADS];
shared ["x"] int str[THREADS];
shared [undeclared] int und[THREADS];
shared [4][4] int two[4 * THREADS];
