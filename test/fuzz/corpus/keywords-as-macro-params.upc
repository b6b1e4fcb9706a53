#define F(shared, THREADS) shared + THREADS
#define G(x) x shared [x] int
int v = F(1, 2);
G(4) arr[4 * THREADS];
#define H shared [
H 4] int bad[THREADS];
