/*
 * histogram.upc - shared histogram of pseudo-random samples, guarded by locks.
 *
 * Every thread draws SAMPLES values from its own 64-bit linear congruential
 * generator (seeded from MYTHREAD, so the run is reproducible), each value
 * the sum of two uniform draws (a triangular distribution), and counts
 * them into NBINS bins.  The private counts are then added into a shared
 * histogram whose bins are guarded by NGROUPS locks, one per group of
 * adjacent bins.  A thread merges whichever groups it can lock immediately
 * (upc_lock_attempt) and only blocks (upc_lock) when every remaining group is
 * busy.  Thread 0 checks that the bins and a lock-protected global counter
 * both total THREADS * SAMPLES, and replays every thread's generator to check
 * each bin exactly.
 *
 * UPC features: upc_all_alloc'ed shared array (bins), upc_forall with pointer
 * affinity, collective locks (upc_all_lock_alloc / upc_all_lock_free), a
 * global lock allocated by one thread and published through a shared
 * pointer (upc_global_lock_alloc / upc_lock_free), upc_lock, upc_unlock,
 * upc_lock_attempt, upc_all_free, upc_barrier.
 */
#include <upc.h>
#include <stdio.h>

#define NBINS   64
#define NGROUPS 8                     /* lock groups of NBINS/NGROUPS bins */
#define GSIZE   (NBINS / NGROUPS)
#define SAMPLES 100000                /* per thread */

upc_lock_t *shared total_lock;        /* allocated by thread 0 */
shared long total;                    /* samples merged, under total_lock */
shared int status;

static unsigned long long lcg_next(unsigned long long *s)
{
    *s = *s * 6364136223846793005ULL + 1442695040888963407ULL;
    return *s >> 33;                  /* 31 good bits */
}

/* Bin of the next sample of a stream: the sum of two 31-bit draws. */
static int next_bin(unsigned long long *s)
{
    const unsigned long long v = lcg_next(s) + lcg_next(s);
    return (int)((v * NBINS) >> 32);  /* v < 2^32 */
}

static unsigned long long seed_of(int thread)
{
    return 0x9E3779B97F4A7C15ULL * (unsigned long long)(thread + 1);
}

static void add_group(shared long *bins, const long *mine, int g)
{
    int b;
    for (b = g * GSIZE; b < (g + 1) * GSIZE; b++)
        bins[b] += mine[b];
}

int main(void)
{
    shared long *bins;                /* bin b has affinity to b % THREADS */
    upc_lock_t *group_lock[NGROUPS];
    long mine[NBINS] = {0};
    int done[NGROUPS] = {0};
    unsigned long long s = seed_of(MYTHREAD);
    int b, g, k, left = NGROUPS;
    long n;

    bins = (shared long *)upc_all_alloc(NBINS, sizeof(long));
    for (g = 0; g < NGROUPS; g++)
        group_lock[g] = upc_all_lock_alloc();   /* same lock on all threads */
    if (MYTHREAD == 0)
        total_lock = upc_global_lock_alloc();
    upc_forall (b = 0; b < NBINS; b++; &bins[b])
        bins[b] = 0;
    upc_barrier;

    for (n = 0; n < SAMPLES; n++)
        mine[next_bin(&s)]++;

    /* Merge, starting at a different group on each thread. */
    while (left > 0) {
        int progress = 0;
        for (k = 0; k < NGROUPS; k++) {
            g = (MYTHREAD + k) % NGROUPS;
            if (done[g] || !upc_lock_attempt(group_lock[g]))
                continue;             /* merged already, or busy: later */
            add_group(bins, mine, g);
            upc_unlock(group_lock[g]);
            done[g] = 1;
            left--;
            progress = 1;
        }
        if (!progress) {              /* all remaining groups busy: wait */
            for (g = 0; done[g]; g++)
                ;
            upc_lock(group_lock[g]);
            add_group(bins, mine, g);
            upc_unlock(group_lock[g]);
            done[g] = 1;
            left--;
        }
    }
    upc_lock(total_lock);
    total += SAMPLES;
    upc_unlock(total_lock);
    upc_barrier;

    if (MYTHREAD == 0) {
        long want[NBINS] = {0}, sum = 0, lo = -1, hi = -1;
        int bad = 0, t;
        for (t = 0; t < THREADS; t++) {   /* replay every thread's stream */
            unsigned long long r = seed_of(t);
            for (n = 0; n < SAMPLES; n++)
                want[next_bin(&r)]++;
        }
        for (b = 0; b < NBINS; b++) {
            const long got = bins[b];
            sum += got;
            if (got != want[b])
                bad++;
            if (lo < 0 || got < lo)
                lo = got;
            if (got > hi)
                hi = got;
        }
        status = (bad == 0 && sum == (long)THREADS * SAMPLES &&
                  total == (long)THREADS * SAMPLES) ? 0 : 1;
        if (status == 0)
            printf("histogram: OK (bins=%d, samples=%ld, min bin=%ld, "
                   "max bin=%ld)\n", NBINS, sum, lo, hi);
        else
            printf("histogram: FAILED (%d wrong bins, total in bins=%ld, "
                   "counter=%ld, expected %ld)\n", bad, sum, (long)total,
                   (long)THREADS * SAMPLES);
        upc_lock_free(total_lock);
    }
    upc_barrier;

    for (g = 0; g < NGROUPS; g++)
        upc_all_lock_free(group_lock[g]);
    upc_all_free(bins);
    return status;
}
