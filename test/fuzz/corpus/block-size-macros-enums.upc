#define B 16
#define LAYOUT shared [B]
enum { E = 4, F = E * 2 };
LAYOUT int a[B * THREADS];
shared [E] int b[E * THREADS];
shared [F + 1] int c[THREADS];
#define SH(n) shared [n]
SH(8) int d[8 * THREADS];
