/*
 * matmul.upc - dense matrix product C = A * B with row-blocked shared matrices.
 *
 * A, B and C are N x N matrices of doubles, each allocated with upc_all_alloc
 * as N blocks of one row (shared [N] double *): row i has affinity to thread
 * i % THREADS.  Every thread copies the whole of B into private memory with
 * one upc_memget per row, then computes the rows of C it owns (upc_forall with
 * integer affinity i) through private pointers to its rows of A and C.
 *
 * With A(i,k) = i + k and B(k,j) = k - 2j (exact in double precision):
 *     C(i,j) = S2 + (i - 2j) S1 - 2N i j,   S1 = sum k,  S2 = sum k^2,
 * which is not symmetric, so a transposed operand would be caught.  Each
 * thread checks its own rows against the closed form; thread 0 also reads all
 * of C remotely and checks the total against the sum of the closed form.
 *
 * UPC features: upc_all_alloc / upc_all_free, pointers-to-shared with a
 * definite block size, upc_forall with integer affinity, upc_memget, casts of
 * local rows to private pointers, upc_threadof, upc_barrier, remote reads.
 */
#include <upc.h>
#include <stdio.h>

#define N 96                          /* matrix order */

shared [N] double *A, *B, *C;         /* one row per block */
shared int row_errors[THREADS];
shared int status;

static double Bloc[N][N];             /* private copy of B (one per thread) */

static double expected(int i, int j)
{
    const double S1 = N * (N - 1) / 2.0;
    const double S2 = (N - 1.0) * N * (2.0 * N - 1.0) / 6.0;
    return S2 + (i - 2.0 * j) * S1 - 2.0 * N * (double)i * j;
}

int main(void)
{
    int i, j, k, nerr = 0;

    A = (shared [N] double *)upc_all_alloc(N, N * sizeof(double));
    B = (shared [N] double *)upc_all_alloc(N, N * sizeof(double));
    C = (shared [N] double *)upc_all_alloc(N, N * sizeof(double));

    /* Each thread fills the rows it owns. */
    upc_forall (i = 0; i < N; i++; i) {
        double *a = (double *)&A[i * N];
        double *b = (double *)&B[i * N];
        if (upc_threadof(&A[i * N]) != (size_t)MYTHREAD ||
            upc_threadof(&C[i * N + N - 1]) != (size_t)MYTHREAD)
            nerr++;                   /* row layout is not what we assumed */
        for (j = 0; j < N; j++) {
            a[j] = i + j;             /* A(i,j) = i + j */
            b[j] = i - 2.0 * j;       /* B(i,j) = i - 2j */
        }
    }
    upc_barrier;

    /* Private copy of B: every row lies in one block, on one thread. */
    for (k = 0; k < N; k++)
        upc_memget(Bloc[k], &B[k * N], N * sizeof(double));

    /* My rows of C = A * B, in i-k-j order over private memory. */
    upc_forall (i = 0; i < N; i++; i) {
        const double *a = (const double *)&A[i * N];
        double *c = (double *)&C[i * N];
        for (j = 0; j < N; j++)
            c[j] = 0.0;
        for (k = 0; k < N; k++) {
            const double aik = a[k];
            for (j = 0; j < N; j++)
                c[j] += aik * Bloc[k][j];
        }
        for (j = 0; j < N; j++)
            if (c[j] != expected(i, j))
                nerr++;
    }
    row_errors[MYTHREAD] = nerr;
    upc_barrier;

    if (MYTHREAD == 0) {
        double total = 0.0, want = 0.0;
        int errs = 0, t;
        for (t = 0; t < THREADS; t++)
            errs += row_errors[t];
        for (i = 0; i < N; i++)
            for (j = 0; j < N; j++) {
                total += C[i * N + j];  /* remote read for most rows */
                want += expected(i, j);
            }
        status = (errs == 0 && total == want) ? 0 : 1;
        if (status == 0)
            printf("matmul: OK (N=%d, checksum=%.0f)\n", N, total);
        else
            printf("matmul: FAILED (N=%d, %d wrong entries, checksum=%.0f, "
                   "expected %.0f)\n", N, errs, total, want);
    }
    upc_barrier;                      /* thread 0 is done reading C */

    upc_all_free(A);
    upc_all_free(B);
    upc_all_free(C);
    return status;
}
