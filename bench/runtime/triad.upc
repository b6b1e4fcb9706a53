/*
 * triad.upc - STREAM-style triad a[i] = b[i] + s*c[i] over shared arrays,
 * against the same loop over private C arrays (bench/runtime/run.py).
 *
 * Built by upc-instrument with -DN=<elements> and run on 1 UPC thread. Every
 * variant is a noinline function doing one triad over N elements; a sample
 * times `reps` calls of one variant, after one untimed call. The selected
 * variants (default: all) run interleaved, one sample each per round, in a
 * new random order each round, after a warm-up round; the baseline
 * "private" always runs. The scalar s changes from call to call and the
 * results are checked afterwards, so the compiler can neither drop nor merge
 * the work.
 *
 *   UPC_THREADS=1 ./triad [rounds [reps [variant...]]]     (reps 0: automatic)
 *
 * Output, for the driver: "triad N <n> rounds <r> reps <k>", then one line per
 * variant, "sample <variant> <wall ns per call>... / <cpu ns per call>...",
 * then "check <checksum>". Exit status 1 if a result is wrong.
 */
#include <upc.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#ifndef N
#define N 8192
#endif

/* Default layout (block size 1) and blocked layout (one block per thread). */
shared double a[N * THREADS], b[N * THREADS], c[N * THREADS];
shared [N] double ab[N * THREADS], bb[N * THREADS], cb[N * THREADS];

/* The baseline: private arrays at file scope, as in STREAM (each UPC thread
 * has its own copy; the pthreads translation makes them __thread). */
double pa[N], pb[N], pc[N];

/* Informational: private arrays on the heap (not thread-local). */
double *ha, *hb, *hc;

#define NOINLINE __attribute__((__noinline__))

/* Baseline: plain C loop over private arrays. */
NOINLINE void triad_private(double s) {
  for (int i = 0; i < N; i++)
    pa[i] = pb[i] + s * pc[i];
}

NOINLINE void triad_private_heap(double s) {
  for (int i = 0; i < N; i++)
    ha[i] = hb[i] + s * hc[i];
}

/* upc_forall with pointer affinity, default layout. */
NOINLINE void triad_shared_cyclic_forall(double s) {
  upc_forall (int i = 0; i < N * THREADS; i++; &a[i])
    a[i] = b[i] + s * c[i];
}

/* upc_forall with pointer affinity, blocked layout. */
NOINLINE void triad_shared_blocked_forall(double s) {
  upc_forall (int i = 0; i < N * THREADS; i++; &ab[i])
    ab[i] = bb[i] + s * cb[i];
}

/* Informational: a plain for loop over the shared array (no affinity test),
 * which separates the cost of the accesses from that of upc_forall. */
NOINLINE void triad_shared_cyclic_for(double s) {
  for (int i = 0; i < N; i++)
    a[i] = b[i] + s * c[i];
}

/* Informational: upc_forall with integer affinity. */
NOINLINE void triad_shared_cyclic_intaff(double s) {
  upc_forall (int i = 0; i < N * THREADS; i++; i)
    a[i] = b[i] + s * c[i];
}

/* Cast to private pointers over the calling thread's elements. */
NOINLINE void triad_cast_cyclic(double s) {
  double *la = (double *)&a[MYTHREAD];
  double *lb = (double *)&b[MYTHREAD];
  double *lc = (double *)&c[MYTHREAD];
  for (int i = 0; i < N; i++)
    la[i] = lb[i] + s * lc[i];
}

/* Informational: the same with restrict-qualified pointers, which tells the
 * C compiler that the arrays do not overlap, as it knows of the private
 * arrays (it need not check at run time before vectorizing). */
NOINLINE void triad_cast_cyclic_restrict(double s) {
  double *restrict la = (double *)&a[MYTHREAD];
  double *restrict lb = (double *)&b[MYTHREAD];
  double *restrict lc = (double *)&c[MYTHREAD];
  for (int i = 0; i < N; i++)
    la[i] = lb[i] + s * lc[i];
}

NOINLINE void triad_cast_blocked(double s) {
  double *la = (double *)&ab[MYTHREAD * N];
  double *lb = (double *)&bb[MYTHREAD * N];
  double *lc = (double *)&cb[MYTHREAD * N];
  for (int i = 0; i < N; i++)
    la[i] = lb[i] + s * lc[i];
}

/* What each variant writes, and reads it back for the check. */
enum { TARGET_PRIVATE, TARGET_HEAP, TARGET_CYCLIC, TARGET_BLOCKED };

struct variant {
  const char *name;
  void (*fn)(double);
  int target;
  int selected;
  double last_s; /* s of the variant's last call */
  double *wall, *cpu;
};

#define VARIANT(NAME, TARGET)                                                  \
  { .name = #NAME, .fn = triad_##NAME, .target = TARGET }
static struct variant variants[] = {
    VARIANT(private, TARGET_PRIVATE),
    VARIANT(private_heap, TARGET_HEAP),
    VARIANT(shared_cyclic_forall, TARGET_CYCLIC),
    VARIANT(shared_blocked_forall, TARGET_BLOCKED),
    VARIANT(cast_cyclic, TARGET_CYCLIC),
    VARIANT(cast_blocked, TARGET_BLOCKED),
    VARIANT(cast_cyclic_restrict, TARGET_CYCLIC),
    VARIANT(shared_cyclic_for, TARGET_CYCLIC),
    VARIANT(shared_cyclic_intaff, TARGET_CYCLIC),
};
#define NVARIANTS ((int)(sizeof variants / sizeof variants[0]))

static double input_b(int i) { return 1.0 + (double)(i % 1000) * 0.001; }
static double input_c(int i) { return 2.0 - (double)(i % 777) * 0.002; }

static double now_ns(clockid_t clock) {
  struct timespec ts;
  clock_gettime(clock, &ts);
  return (double)ts.tv_sec * 1e9 + (double)ts.tv_nsec;
}

/* The element i of a variant's result array (all local on 1 thread). */
static double result(int target, int i) {
  switch (target) {
  case TARGET_PRIVATE:
    return pa[i];
  case TARGET_HEAP:
    return ha[i];
  case TARGET_CYCLIC:
    return a[i];
  default:
    return ab[i];
  }
}

int main(int argc, char **argv) {
  int rounds = argc > 1 ? atoi(argv[1]) : 15;
  /* By default, enough calls per sample for about 2^25 elements (some
   * milliseconds). */
  int reps = argc > 2 ? atoi(argv[2]) : 0;
  if (reps == 0)
    reps = N >= (1 << 25) ? 1 : (1 << 25) / N;
  if (THREADS != 1) {
    if (MYTHREAD == 0)
      fprintf(stderr, "triad: run on 1 UPC thread (UPC_THREADS=1)\n");
    return 2;
  }
  if (rounds < 1 || reps < 1) {
    fprintf(stderr, "usage: triad [rounds [reps [variant...]]]\n");
    return 2;
  }
  variants[0].selected = 1; /* the baseline */
  for (int arg = 3; arg < argc; arg++) {
    int v = 0;
    while (v < NVARIANTS && strcmp(argv[arg], variants[v].name) != 0)
      v++;
    if (v == NVARIANTS) {
      fprintf(stderr, "triad: unknown variant '%s'\n", argv[arg]);
      return 2;
    }
    variants[v].selected = 1;
  }
  if (argc <= 3)
    for (int v = 0; v < NVARIANTS; v++)
      variants[v].selected = 1;

  ha = malloc(N * sizeof(double));
  hb = malloc(N * sizeof(double));
  hc = malloc(N * sizeof(double));
  for (int v = 0; v < NVARIANTS; v++) {
    variants[v].wall = malloc(rounds * sizeof(double));
    variants[v].cpu = malloc(rounds * sizeof(double));
    if (!variants[v].wall || !variants[v].cpu)
      ha = 0;
  }
  if (!ha || !hb || !hc) {
    fprintf(stderr, "triad: out of memory\n");
    return 2;
  }
  for (int i = 0; i < N; i++) {
    pb[i] = hb[i] = b[i] = bb[i] = input_b(i);
    pc[i] = hc[i] = c[i] = cb[i] = input_c(i);
    pa[i] = ha[i] = a[i] = ab[i] = 0.0;
  }

  /* Round 0 is the warm-up; its times are dropped. Each round runs the
   * variants in a new random order: a variant's speed can depend on the
   * variants run before it (bench/README.md), and a fixed order would charge
   * that to the same variant every time. */
  unsigned call = 0;
  unsigned long long seed = 0x9E3779B97F4A7C15ULL;
  int order[NVARIANTS];
  for (int v = 0; v < NVARIANTS; v++)
    order[v] = v;
  for (int r = 0; r <= rounds; r++) {
    for (int v = NVARIANTS - 1; v > 0; v--) {
      seed ^= seed << 13, seed ^= seed >> 7, seed ^= seed << 17;
      int j = (int)(seed % (unsigned long long)(v + 1)), tmp = order[v];
      order[v] = order[j];
      order[j] = tmp;
    }
    for (int o = 0; o < NVARIANTS; o++) {
      struct variant *var = &variants[order[o]];
      if (!var->selected)
        continue;
      /* An untimed call first, so that the sample does not pay for the
       * cache contents the previous variant left. */
      double s = 0.5 + (double)(++call % 64) * 0.03125;
      var->fn(s);
      double w0 = now_ns(CLOCK_MONOTONIC);
      double c0 = now_ns(CLOCK_THREAD_CPUTIME_ID);
      for (int k = 0; k < reps; k++) {
        s = 0.5 + (double)(++call % 64) * 0.03125;
        var->fn(s);
      }
      double c1 = now_ns(CLOCK_THREAD_CPUTIME_ID);
      double w1 = now_ns(CLOCK_MONOTONIC);
      var->last_s = s;
      if (r > 0) {
        var->wall[r - 1] = (w1 - w0) / reps;
        var->cpu[r - 1] = (c1 - c0) / reps;
      }
    }
  }

  /* Each variant runs once more with its last s (several variants write the
   * same array) and its result must be b + s*c. */
  int bad = 0;
  double checksum = 0;
  for (int v = 0; v < NVARIANTS; v++) {
    struct variant *var = &variants[v];
    if (!var->selected)
      continue;
    var->fn(var->last_s);
    for (int i = 0; i < N; i += (i % 97) + 1) {
      double want = input_b(i) + var->last_s * input_c(i);
      double got = result(var->target, i);
      checksum += got;
      /* Not ==: with -march=native the loops may contract to an FMA. */
      if (!(got - want <= 1e-12 * want && want - got <= 1e-12 * want)) {
        if (!bad)
          fprintf(stderr, "triad: %s: element %d is %.17g, want %.17g\n",
                  var->name, i, got, want);
        bad = 1;
      }
    }
  }

  printf("triad N %d rounds %d reps %d\n", N, rounds, reps);
  for (int v = 0; v < NVARIANTS; v++) {
    if (!variants[v].selected)
      continue;
    printf("sample %s", variants[v].name);
    for (int r = 0; r < rounds; r++)
      printf(" %.1f", variants[v].wall[r]);
    printf(" /");
    for (int r = 0; r < rounds; r++)
      printf(" %.1f", variants[v].cpu[r]);
    printf("\n");
  }
  printf("check %.17g\n", checksum);
  return bad;
}
