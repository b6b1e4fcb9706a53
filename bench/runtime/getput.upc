/*
 * getput.upc - cost of single shared reads and writes and of upc_memget /
 * upc_memput, on data of the last thread ("remote" when THREADS > 1), on
 * thread 0's own data, and on private data (bench/runtime/run.py).
 *
 *   UPC_THREADS=N ./getput [rounds]
 *
 * Thread 0 measures while the others wait in a barrier. On the pthreads
 * runtime every segment is mapped in the process, so a remote access is the
 * translated address computation plus an ordinary load or store; the data
 * stays in thread 0's cache (its owner does not touch it).
 *
 * - get: a dependent chain (each read gives the next index, a random cycle
 *   over CH elements), ns per read;
 * - put: a loop of relaxed writes to consecutive elements, ns per write;
 * - strict put: the same to a strict array (a fence around each write);
 * - memget / memput: one CH-element block per call, ns per call.
 *
 * Output (thread 0): "getput threads <T> rounds <r> iters <k> remote <t>",
 * then "sample <what> <ns>...". Exit status 1 if a result is wrong.
 */
#include <upc.h>

#include <stdio.h>
#include <stdlib.h>
#include <time.h>

#define CH 4096 /* elements per thread: 32 KiB of long */

shared [CH] long chain[CH * THREADS];
shared [CH] long sink[CH * THREADS];
strict shared [CH] long strict_sink[CH * THREADS];
long private_chain[CH], private_sink[CH], buffer[CH];

static double now_ns(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (double)ts.tv_sec * 1e9 + (double)ts.tv_nsec;
}

static void print_samples(const char *what, const double *ns, int rounds) {
  printf("sample %s", what);
  for (int r = 0; r < rounds; r++)
    printf(" %.2f", ns[r]);
  printf("\n");
}

/* Each returns the time per operation; `start` varies the inputs. */
typedef double (*op_t)(int t, long iters, long start);

__attribute__((__noinline__)) static double get_private(int t, long iters,
                                                        long start) {
  (void)t;
  long idx = start & (CH - 1);
  double t0 = now_ns();
  for (long i = 0; i < iters; i++)
    idx = private_chain[idx];
  double t1 = now_ns();
  buffer[0] += idx;
  return (t1 - t0) / iters;
}

__attribute__((__noinline__)) static double get_shared(int t, long iters,
                                                       long start) {
  long idx = start & (CH - 1);
  double t0 = now_ns();
  for (long i = 0; i < iters; i++)
    idx = chain[t * CH + idx];
  double t1 = now_ns();
  buffer[0] += idx;
  return (t1 - t0) / iters;
}

__attribute__((__noinline__)) static double put_private(int t, long iters,
                                                        long start) {
  (void)t;
  double t0 = now_ns();
  for (long i = 0; i < iters; i++)
    private_sink[i & (CH - 1)] = start + i;
  return (now_ns() - t0) / iters;
}

__attribute__((__noinline__)) static double put_shared(int t, long iters,
                                                       long start) {
  double t0 = now_ns();
  for (long i = 0; i < iters; i++)
    sink[t * CH + (i & (CH - 1))] = start + i;
  return (now_ns() - t0) / iters;
}

__attribute__((__noinline__)) static double put_strict(int t, long iters,
                                                       long start) {
  double t0 = now_ns();
  for (long i = 0; i < iters; i++)
    strict_sink[t * CH + (i & (CH - 1))] = start + i;
  return (now_ns() - t0) / iters;
}

__attribute__((__noinline__)) static double memget_shared(int t, long iters,
                                                          long start) {
  (void)start;
  double t0 = now_ns();
  for (long i = 0; i < iters; i++)
    upc_memget(buffer, &sink[t * CH], CH * sizeof(long));
  return (now_ns() - t0) / iters;
}

__attribute__((__noinline__)) static double memput_shared(int t, long iters,
                                                          long start) {
  double t0 = now_ns();
  for (long i = 0; i < iters; i++) {
    buffer[i & (CH - 1)] = start + i;
    upc_memput(&sink[t * CH], buffer, CH * sizeof(long));
  }
  return (now_ns() - t0) / iters;
}

struct measure {
  const char *name;
  op_t op;
  int remote; /* on the last thread's data, else on thread 0's */
  long iters;
  double *ns;
};

static struct measure measures[] = {
    {"get_private", get_private, 0, 0, 0},
    {"get_shared_local", get_shared, 0, 0, 0},
    {"get_shared_remote", get_shared, 1, 0, 0},
    {"put_private", put_private, 0, 0, 0},
    {"put_shared_local", put_shared, 0, 0, 0},
    {"put_shared_remote", put_shared, 1, 0, 0},
    {"put_strict_local", put_strict, 0, 0, 0},
    {"put_strict_remote", put_strict, 1, 0, 0},
    {"memget_32KiB_local", memget_shared, 0, 0, 0},
    {"memget_32KiB_remote", memget_shared, 1, 0, 0},
    {"memput_32KiB_local", memput_shared, 0, 0, 0},
    {"memput_32KiB_remote", memput_shared, 1, 0, 0},
};
#define NMEASURES ((int)(sizeof measures / sizeof measures[0]))

int main(int argc, char **argv) {
  int rounds = argc > 1 ? atoi(argv[1]) : 15;
  if (rounds < 1) {
    if (MYTHREAD == 0)
      fprintf(stderr, "usage: getput [rounds]\n");
    return 2;
  }
  int remote = THREADS - 1;

  /* A random cycle over CH elements (Sattolo's algorithm), the same in the
   * private array and in every thread's block of the shared one. */
  if (MYTHREAD == 0) {
    long *perm = malloc(CH * sizeof(long));
    if (!perm)
      return 2;
    for (long i = 0; i < CH; i++)
      perm[i] = i;
    unsigned long long x = 88172645463325252ULL;
    for (long i = CH - 1; i > 0; i--) {
      x ^= x << 13, x ^= x >> 7, x ^= x << 17;
      long j = (long)(x % (unsigned long long)i);
      long tmp = perm[i];
      perm[i] = perm[j];
      perm[j] = tmp;
    }
    for (long i = 0; i < CH; i++)
      private_chain[perm[i]] = perm[(i + 1) % CH];
    for (int t = 0; t < THREADS; t++)
      upc_memput(&chain[t * CH], private_chain, CH * sizeof(long));
    free(perm);
  }
  upc_barrier;

  int bad = 0;
  if (MYTHREAD == 0) {
    for (int m = 0; m < NMEASURES; m++) {
      struct measure *ms = &measures[m];
      int t = ms->remote ? remote : 0;
      /* Calibration: about 5 ms per sample. */
      double per = ms->op(t, 1000, 0);
      double iters = 5e6 / (per > 0.01 ? per : 0.01);
      ms->iters = iters < 10 ? 10 : iters > 1e8 ? 100000000 : (long)iters;
      ms->ns = malloc(rounds * sizeof(double));
      if (!ms->ns)
        return 2;
    }
    /* Round 0 is a warm-up. */
    for (int r = 0; r <= rounds; r++)
      for (int m = 0; m < NMEASURES; m++) {
        struct measure *ms = &measures[m];
        double ns = ms->op(ms->remote ? remote : 0, ms->iters, r);
        if (r > 0)
          ms->ns[r - 1] = ns;
      }

    /* The chains end where they should, the writes landed. */
    long want = 0, idx = 0;
    for (int i = 0; i < 777; i++)
      want = private_chain[want];
    for (int i = 0; i < 777; i++)
      idx = chain[remote * CH + idx];
    if (idx != want) {
      fprintf(stderr, "getput: chain gives %ld, want %ld\n", idx, want);
      bad = 1;
    }
    put_shared(remote, CH, 12345);
    put_strict(remote, CH, 12345);
    for (long i = 0; i < CH; i++)
      if (sink[remote * CH + i] != 12345 + i ||
          strict_sink[remote * CH + i] != 12345 + i) {
        fprintf(stderr, "getput: element %ld not written\n", i);
        bad = 1;
        break;
      }

    printf("getput threads %d rounds %d remote %d\n", THREADS, rounds, remote);
    for (int m = 0; m < NMEASURES; m++)
      print_samples(measures[m].name, measures[m].ns, rounds);
    printf("check %ld\n", buffer[0] + buffer[CH - 1]);
  }
  upc_barrier;
  return bad;
}
