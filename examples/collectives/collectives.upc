/*
 * collectives.upc - every relocalization collective, and reductions.
 *
 * Runs, in sequence, upc_all_broadcast, upc_all_scatter, upc_all_gather,
 * upc_all_gather_all, upc_all_exchange, upc_all_permute, upc_all_reduceL
 * (UPC_ADD and a user function with UPC_FUNC) and upc_all_prefix_reduceI on
 * data whose every element encodes where it came from, and checks every
 * result element on the thread that owns it.  The error counts are summed
 * with upc_all_reduceI.
 *
 * The synchronisation flags vary: UPC_IN_ALLSYNC | UPC_OUT_ALLSYNC for most
 * calls, UPC_IN_MYSYNC | UPC_OUT_MYSYNC where each thread only touches data
 * with affinity to itself around the call (the root buffer lives on thread
 * 0), and UPC_IN_NOSYNC | UPC_OUT_NOSYNC bracketed by explicit barriers.
 *
 * gather_all and exchange need THREADS blocks of THREADS*NB ints (one block
 * per thread); THREADS may not appear in a block size, so these are
 * upc_all_alloc'ed and each thread finds the start of its block through a
 * block-size-1 pointer.
 *
 * Other UPC features: upc_all_alloc / upc_all_free, an indefinite-block
 * (shared []) source array, private pointers to local blocks, upc_forall with
 * pointer affinity, upc_threadof, upc_barrier.
 */
#include <upc.h>
#include <upc_collective.h>
#include <stdio.h>

#define NB 4                          /* ints per thread and block */
#define NR 8                          /* longs per thread in the reductions */
#define ALL (UPC_IN_ALLSYNC | UPC_OUT_ALLSYNC)

shared [] int bsrc[NB];               /* broadcast source, on thread 0 */
shared [NB] int blk_a[NB*THREADS];    /* NB ints on each thread */
shared [NB] int blk_b[NB*THREADS];
shared int perm[THREADS];
shared long lsrc[NR*THREADS];
shared long lsum, lmax;
shared [NB] int psrc[NB*THREADS], pdst[NB*THREADS];
shared int nerr[THREADS];
shared int total_err;

static int val(int t, int k) { return 1000 * t + k + 1; }
static int xval(int from, int to, int k)
{
    return 100000 * from + 100 * to + k;
}
static long lval(long i) { return (i * 7919) % 10007; }
static long lmax2(long a, long b) { return a > b ? a : b; }

/* Private pointer to my block of an allocation of THREADS equal blocks:
 * stepping a block-size-1 pointer by t reaches thread t at the same local
 * address, which is where the block of thread t starts. */
static int *my_block(shared void *base)
{
    return (int *)((shared int *)base + MYTHREAD);
}

int main(void)
{
    const int me = MYTHREAD, T = THREADS, M = NR * THREADS;
    int *a = (int *)&blk_a[me * NB], *b = (int *)&blk_b[me * NB];
    shared [] int *root;              /* NB*THREADS ints on thread 0 */
    shared void *ga, *xs, *xd;        /* THREADS blocks of THREADS*NB ints */
    int *row;
    int i, k, t, errs = 0;
    long want_sum = 0, want_max = 0, run = 0;

    root = (shared [] int *)upc_all_alloc(1, NB * THREADS * sizeof(int));
    ga = upc_all_alloc(THREADS, THREADS * NB * sizeof(int));
    xs = upc_all_alloc(THREADS, THREADS * NB * sizeof(int));
    xd = upc_all_alloc(THREADS, THREADS * NB * sizeof(int));

    /* broadcast: bsrc (thread 0) to every block of blk_a */
    if (me == 0)
        for (k = 0; k < NB; k++)
            bsrc[k] = 7 * k + 3;
    upc_all_broadcast(blk_a, bsrc, NB * sizeof(int), ALL);
    for (k = 0; k < NB; k++)
        errs += a[k] != 7 * k + 3;

    /* scatter: block t of root to thread t.  MYSYNC: thread 0 fills root
     * before it enters; each thread reads only its own block afterwards. */
    if (me == 0)
        for (t = 0; t < T; t++)
            for (k = 0; k < NB; k++)
                root[t * NB + k] = val(t, k);
    upc_all_scatter(blk_b, root, NB * sizeof(int),
                    UPC_IN_MYSYNC | UPC_OUT_MYSYNC);
    for (k = 0; k < NB; k++)
        errs += b[k] != val(me, k);

    /* gather: every blk_a block back into root on thread 0 */
    for (k = 0; k < NB; k++)
        a[k] = 2 * val(me, k);
    upc_all_gather(root, blk_a, NB * sizeof(int),
                   UPC_IN_MYSYNC | UPC_OUT_MYSYNC);
    if (me == 0)
        for (t = 0; t < T; t++)
            for (k = 0; k < NB; k++)
                errs += root[t * NB + k] != 2 * val(t, k);

    /* gather_all: all blk_b blocks to every thread; NOSYNC + barriers */
    upc_barrier;
    upc_all_gather_all(ga, blk_b, NB * sizeof(int),
                       UPC_IN_NOSYNC | UPC_OUT_NOSYNC);
    upc_barrier;
    row = my_block(ga);
    for (t = 0; t < T; t++)
        for (k = 0; k < NB; k++)
            errs += row[t * NB + k] != val(t, k);

    /* exchange: block d of thread s's xs goes to block s of thread d's xd */
    row = my_block(xs);
    for (t = 0; t < T; t++)
        for (k = 0; k < NB; k++)
            row[t * NB + k] = xval(me, t, k);
    upc_all_exchange(xd, xs, NB * sizeof(int), ALL);
    row = my_block(xd);
    for (t = 0; t < T; t++)
        for (k = 0; k < NB; k++)
            errs += row[t * NB + k] != xval(t, me, k);

    /* permute: block t of blk_a to thread perm[t] = t+1 (mod THREADS) */
    perm[me] = (me + 1) % T;
    for (k = 0; k < NB; k++)
        a[k] = 3 * val(me, k);
    upc_all_permute(blk_b, blk_a, perm, NB * sizeof(int), ALL);
    for (k = 0; k < NB; k++)
        errs += b[k] != 3 * val((me + T - 1) % T, k);

    /* reduceL: a built-in operator and a user function (UPC_FUNC) */
    upc_forall (i = 0; i < M; i++; &lsrc[i])
        lsrc[i] = lval(i);
    for (i = 0; i < M; i++) {
        want_sum += lval(i);
        want_max = lmax2(want_max, lval(i));
    }
    upc_all_reduceL(&lsum, lsrc, UPC_ADD, M, 1, NULL, ALL);
    upc_all_reduceL(&lmax, lsrc, UPC_FUNC, M, 1, lmax2, ALL);
    errs += (lsum != want_sum) + (lmax != want_max);

    /* prefix_reduceI over a blocked array: pdst[i] = psrc[0] + ... + psrc[i] */
    upc_forall (i = 0; i < NB * T; i++; &psrc[i])
        psrc[i] = i % 5 + 1;
    upc_all_prefix_reduceI(pdst, psrc, UPC_ADD, NB * THREADS, NB, NULL, ALL);
    for (i = 0; i < NB * T; i++) {
        run += i % 5 + 1;
        if (upc_threadof(&pdst[i]) == (size_t)me && pdst[i] != run)
            errs++;
    }

    /* total error count, on every thread */
    nerr[me] = errs;
    upc_all_reduceI(&total_err, nerr, UPC_ADD, THREADS, 1, NULL, ALL);
    if (me == 0) {
        if (total_err == 0)
            printf("collectives: OK (THREADS=%d, 10 collective calls checked, "
                   "sum=%ld, max=%ld)\n", T, (long)lsum, (long)lmax);
        else
            printf("collectives: FAILED (%d wrong results)\n", total_err);
    }
    i = total_err;

    upc_all_free(root);
    upc_all_free(ga);
    upc_all_free(xs);
    upc_all_free(xd);
    return i ? 1 : 0;
}
