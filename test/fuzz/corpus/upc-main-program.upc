#include <upc_relaxed.h>
#include <stdio.h>
#define N 64
shared [N] double v[N * THREADS];
shared double sum[THREADS];
int main(void) {
  double local = 0;
  upc_forall (int i = 0; i < N * THREADS; i++; &v[i]) {
    v[i] = i;
    local += v[i];
  }
  sum[MYTHREAD] = local;
  upc_barrier;
  if (MYTHREAD == 0) {
    double t = 0;
    for (int i = 0; i < THREADS; i++) t += sum[i];
    printf("%f\n", t);
  }
  return 0;
}
