/*
 * sort.upc - parallel bucket sort of pseudo-random integer keys.
 *
 * Every thread generates NLOC keys in [0, 2^KEYBITS) with its own linear
 * congruential generator into its block of a shared array and sorts them
 * locally.  Bucket d receives the keys of the d-th of THREADS equal key
 * ranges, so after the local sort the keys for each destination are one
 * contiguous run.  The threads exchange their send counts through a shared
 * THREADS x THREADS matrix (upc_global_alloc'ed by thread 0), allocate their
 * buckets with upc_alloc and publish them in a shared directory of
 * pointers-to-shared; every thread then writes each run straight into its
 * place in the destination bucket with upc_memput.  Each bucket is finally a
 * concatenation of THREADS sorted runs, which its owner merges.
 *
 * Thread 0 waits on strict per-thread "ready" flags (no barrier), gathers the
 * buckets into one array with upc_memcpy, and checks that the result is
 * globally sorted and equal to a sequential sort of all threads' keys
 * (regenerated from the same generators).
 *
 * UPC features: blocked shared array, private pointer to the local block,
 * upc_global_alloc / upc_alloc / upc_free, shared array of pointers-to-shared
 * (shared [] int *shared bucket[THREADS]), upc_memput, upc_memcpy, named
 * barriers, split-phase upc_notify / upc_wait with work in between, strict
 * shared flags, upc_fence, upc_threadof / upc_phaseof / upc_addrfield.
 */
#include <upc.h>
#include <stdio.h>
#include <stdlib.h>

#define NLOC    5000                  /* keys per thread */
#define KEYBITS 24                    /* keys are in [0, 2^KEYBITS) */

shared [NLOC] int keys[NLOC*THREADS]; /* input keys, block t made by thread t */
shared [] int *shared bucket[THREADS];/* directory: bucket of each thread */
shared int bucket_len[THREADS];
shared int errors[THREADS];
shared int *shared counts_dir;        /* counts[s*THREADS + d]: s sends to d */
strict shared int ready[THREADS];     /* bucket t is sorted and published */
shared int status;

static unsigned long long lcg_next(unsigned long long *s)
{
    *s = *s * 6364136223846793005ULL + 1442695040888963407ULL;
    return *s;
}

static void gen_keys(int thread, int *out)   /* the keys of one thread */
{
    unsigned long long s = 0x2545F4914F6CDD1DULL ^ (unsigned long long)thread;
    int i;
    for (i = 0; i < NLOC; i++)
        out[i] = (int)(lcg_next(&s) >> (64 - KEYBITS));
}

static int dest_of(int key)           /* bucket of a key: equal key ranges */
{
    return (int)(((long long)key * THREADS) >> KEYBITS);
}

static int cmp_int(const void *a, const void *b)
{
    const int x = *(const int *)a, y = *(const int *)b;
    return (x > y) - (x < y);
}

int main(void)
{
    int *mine = (int *)&keys[MYTHREAD * NLOC];    /* my block, private view */
    int *first = malloc((THREADS + 1) * sizeof(int));
    int *off = malloc(THREADS * sizeof(int));
    int *pos = malloc(THREADS * sizeof(int));
    int *end = malloc(THREADS * sizeof(int));
    shared int *counts;
    shared [] int *mybucket;
    int *local, *merged;
    int d, s, i, nin = 0, nerr = 0;

    /* 1. Generate and sort locally; find the run for each destination. */
    gen_keys(MYTHREAD, mine);
    qsort(mine, NLOC, sizeof(int), cmp_int);
    for (d = 0, i = 0; d < THREADS; d++) {
        first[d] = i;
        while (i < NLOC && dest_of(mine[i]) == d)
            i++;
    }
    first[THREADS] = NLOC;

    /* 2. Send counts; counts[s*THREADS + d] has affinity to thread d. */
    if (MYTHREAD == 0)
        counts_dir = upc_global_alloc(THREADS * THREADS, sizeof(int));
    upc_barrier 1;
    counts = counts_dir;
    for (d = 0; d < THREADS; d++)
        counts[MYTHREAD * THREADS + d] = first[d + 1] - first[d];
    upc_barrier 2;

    /* 3. Allocate my bucket (+1: never zero bytes) and publish it. */
    for (s = 0; s < THREADS; s++)
        nin += counts[s * THREADS + MYTHREAD];
    mybucket = upc_alloc((nin + 1) * sizeof(int));
    bucket[MYTHREAD] = mybucket;
    bucket_len[MYTHREAD] = nin;
    upc_notify 3;
    /* Overlapped with the barrier: where my runs go in each bucket. */
    for (d = 0; d < THREADS; d++)
        for (off[d] = 0, s = 0; s < MYTHREAD; s++)
            off[d] += counts[s * THREADS + d];
    upc_wait 3;

    /* 4. Exchange: one upc_memput per destination bucket. */
    for (d = 0; d < THREADS; d++)
        if (first[d + 1] > first[d])
            upc_memput(bucket[d] + off[d], mine + first[d],
                       (first[d + 1] - first[d]) * sizeof(int));
    upc_barrier 4;

    /* The directory entry must be the pointer I allocated. */
    if (upc_threadof(bucket[MYTHREAD]) != (size_t)MYTHREAD ||
        upc_phaseof(bucket[MYTHREAD]) != 0 ||
        upc_addrfield(bucket[MYTHREAD]) != upc_addrfield(mybucket))
        nerr++;

    /* 5. Merge the THREADS sorted runs of my bucket (run s came from s). */
    local = (int *)mybucket;
    merged = malloc((nin + 1) * sizeof(int));
    for (s = 0, i = 0; s < THREADS; s++) {
        pos[s] = i;                   /* run s is local[pos[s] .. end[s]) */
        i += counts[s * THREADS + MYTHREAD];
        end[s] = i;
    }
    for (i = 0; i < nin; i++) {
        int best = -1;
        for (s = 0; s < THREADS; s++)
            if (pos[s] < end[s] &&
                (best < 0 || local[pos[s]] < local[pos[best]]))
                best = s;
        merged[i] = local[pos[best]++];
    }
    for (i = 0; i < nin; i++)
        local[i] = merged[i];
    errors[MYTHREAD] = nerr;
    upc_fence;                        /* bucket and errors complete ... */
    ready[MYTHREAD] = 1;              /* ... before the strict flag is set */

    /* 6. Thread 0 collects the buckets as they become ready and checks. */
    if (MYTHREAD == 0) {
        const int total = NLOC * THREADS;
        shared [] int *out = upc_alloc(total * sizeof(int));
        int *res = (int *)out, *ref = malloc(total * sizeof(int));
        int n = 0, bad = 0, lo = total, hi = 0, t;
        for (t = 0; t < THREADS; t++) {
            while (!ready[t])
                ;                     /* strict read: spin until published */
            bad += errors[t];
            if (n + bucket_len[t] <= total && bucket_len[t] > 0)
                upc_memcpy(out + n, bucket[t], bucket_len[t] * sizeof(int));
            n += bucket_len[t];
            lo = bucket_len[t] < lo ? bucket_len[t] : lo;
            hi = bucket_len[t] > hi ? bucket_len[t] : hi;
        }
        for (t = 0; t < THREADS; t++)
            gen_keys(t, ref + t * NLOC);
        qsort(ref, total, sizeof(int), cmp_int);
        if (n != total)
            bad++;
        for (i = 0; i < total && n == total; i++)
            if (res[i] != ref[i] || (i > 0 && res[i - 1] > res[i]))
                bad++;
        status = bad ? 1 : 0;
        if (bad == 0)
            printf("sort: OK (keys=%d, buckets=%d, smallest=%d, largest=%d)\n",
                   total, THREADS, lo, hi);
        else
            printf("sort: FAILED (%d errors, %d of %d keys collected)\n", bad,
                   n, total);
        upc_free(out);
        free(ref);
    }
    upc_barrier 5;                    /* thread 0 has read every bucket */

    upc_free(mybucket);
    if (MYTHREAD == 0)
        upc_free(counts_dir);
    free(merged);
    free(end);
    free(pos);
    free(off);
    free(first);
    return status;
}
