/*
 * heat.upc - explicit 1-D heat equation, Jacobi-style stencil sweeps.
 *
 * Solves u_t = u_xx on (0,1) with u = 0 at both ends and u(x,0) = sin(pi x)
 * on N = B*THREADS interior points (h = 1/(N+1)), using the explicit update
 *     u_i <- u_i + R (u_{i-1} - 2 u_i + u_{i+1}),   R = dt/h^2.
 * sin(pi x_i) is an eigenvector of this update with eigenvalue
 * lambda = 1 - 2R(1 - cos(pi h)), so after K sweeps the exact discrete answer
 * is lambda^K sin(pi x_i).  The program checks the field against it, and
 * checks the residual (2-norm of the last update) against its closed form
 * lambda^(K-1) (1 - lambda) sqrt((N+1)/2).
 *
 * UPC features: blocked shared arrays (shared [B] double u[B*THREADS]),
 * pointers-to-shared with a block size (swapped each sweep), upc_forall with
 * pointer affinity (&u[i]), ghost cells read from the neighbouring threads'
 * blocks through the shared array, casts of the local block to private
 * pointers, a named upc_barrier between sweeps, upc_threadof / upc_phaseof /
 * upc_addrfield layout checks, upc_all_reduceD (UPC_MAX and UPC_ADD).
 */
#include <upc.h>
#include <upc_collective.h>
#include <math.h>
#include <stdio.h>

#define B     64                      /* grid points per thread */
#define ITERS 100                     /* sweeps */
#define R     0.4                     /* dt / h^2; stable for R <= 0.5 */
#define PI    3.14159265358979323846

shared [B] double ua[B*THREADS];      /* the two time levels */
shared [B] double ub[B*THREADS];
shared double err_part[THREADS];      /* per-thread max |u - exact| */
shared double res_part[THREADS];      /* per-thread sum of (last update)^2 */
shared double err_max;                /* reduction results (on thread 0) */
shared double res_sum;

int main(void)
{
    const int N = B * THREADS;
    const int lo = MYTHREAD * B;      /* first global index of my block */
    const double h = 1.0 / (N + 1);
    const double lambda = 1.0 - 2.0 * R * (1.0 - cos(PI * h));
    shared [B] double *cur = ua, *nxt = ub, *tmp;
    double res_local = 0.0, emax = 0.0;
    int i, it;

    /* Layout sanity check: my block of ua is local, phases run 0..B-1, and
     * local addresses within the block are contiguous (UPC 1.3, 6.4.2). */
    if (upc_threadof(&ua[lo]) != (size_t)MYTHREAD ||
        upc_threadof(&ua[lo + B - 1]) != (size_t)MYTHREAD ||
        upc_phaseof(&ua[lo]) != 0 || upc_phaseof(&ua[lo + B - 1]) != B - 1 ||
        upc_addrfield(&ua[lo + B - 1]) - upc_addrfield(&ua[lo]) !=
            (B - 1) * sizeof(double))
        emax = 1.0;                   /* reported through the error reduction */

    upc_forall (i = 0; i < N; i++; &cur[i])
        cur[i] = sin(PI * (i + 1) * h);
    upc_barrier;

    for (it = 1; it <= ITERS; it++) {
        /* My block of both levels, through private pointers. */
        const double *c = (const double *)&cur[lo];
        double *n = (double *)&nxt[lo];
        /* Ghost cells: the edge values of the neighbouring threads' blocks. */
        const double gl = (MYTHREAD > 0) ? cur[lo - 1] : 0.0;
        const double gr = (MYTHREAD < THREADS - 1) ? cur[lo + B] : 0.0;

        upc_forall (i = 0; i < N; i++; &nxt[i]) {
            const int j = i - lo;     /* local index: &nxt[i] is mine */
            const double left = (j > 0) ? c[j - 1] : gl;
            const double right = (j < B - 1) ? c[j + 1] : gr;
            n[j] = c[j] + R * (left - 2.0 * c[j] + right);
            if (it == ITERS)
                res_local += (n[j] - c[j]) * (n[j] - c[j]);
        }
        /* Everyone has read cur (including my edges) before it is rewritten. */
        upc_barrier it;
        tmp = cur;
        cur = nxt;
        nxt = tmp;
    }

    /* Compare my points with the exact discrete solution lambda^K sin(pi x). */
    upc_forall (i = 0; i < N; i++; &cur[i]) {
        const double exact = pow(lambda, ITERS) * sin(PI * (i + 1) * h);
        const double e = fabs(cur[i] - exact);
        if (e > emax)
            emax = e;
    }
    err_part[MYTHREAD] = emax;
    res_part[MYTHREAD] = res_local;
    upc_all_reduceD(&err_max, err_part, UPC_MAX, THREADS, 1, NULL,
                    UPC_IN_ALLSYNC | UPC_OUT_ALLSYNC);
    upc_all_reduceD(&res_sum, res_part, UPC_ADD, THREADS, 1, NULL,
                    UPC_IN_ALLSYNC | UPC_OUT_ALLSYNC);

    {
        const double residual = sqrt(res_sum);
        const double expected = pow(lambda, ITERS - 1) * (1.0 - lambda) *
                                sqrt((N + 1) / 2.0);
        const int ok = err_max < 1e-10 &&
                       fabs(residual - expected) <= 1e-6 * expected;
        if (MYTHREAD == 0) {
            if (ok)
                printf("heat: OK (N=%d, iterations=%d, residual=%.6e)\n", N,
                       ITERS, residual);
            else
                printf("heat: FAILED (N=%d, iterations=%d, residual=%.6e, "
                       "expected=%.6e, max error=%.3e)\n",
                       N, ITERS, residual, expected, err_max);
        }
        return ok ? 0 : 1;
    }
}
