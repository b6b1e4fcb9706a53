/*
 * Collectives through the UPC runtime, the same program on both backends
 * (bench/mpi/run.py): upc_all_broadcast of 8 bytes and 64 KiB from thread
 * 0's affinity into a block per thread, and upc_all_reduceD (UPC_ADD) of
 * 8 bytes (one double) and of 64 KiB of doubles per thread, each thread's
 * in one block; with UPC_IN_ALLSYNC | UPC_OUT_ALLSYNC (what programs write)
 * and with UPC_IN_NOSYNC | UPC_OUT_NOSYNC (the data movement alone).
 *
 * Built with -DCOLL_RAW_MPI (MPI backend only) it also times what a mapping
 * onto MPI collectives can do on the same data: MPI_Bcast of the bytes and,
 * for the reduction, each rank's sum of its own block then MPI_Allreduce of
 * 8 bytes ("raw"); and the same between two upc_barriers ("mapped"): the
 * barriers that UPC_IN_ALLSYNC / UPC_OUT_ALLSYNC still need around an MPI
 * collective (it neither waits for other threads' earlier writes to the
 * source nor keeps the root from reading a destination not yet written).
 *
 * Thread 0 prints ns per call: "bcast-8 X bcast-64k X bcast-nosync-8 X ...
 * reduce-8 X reduce-64k X ...".
 */
#include <upc.h>
#include <upc_collective.h>
#ifdef COLL_RAW_MPI
#include <mpi.h>
#endif

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#define BIG 65536
#define BIG_ELEMS (BIG / 8)

shared[] char bsrc[BIG];           /* on thread 0 */
shared[BIG] char bdst[BIG * THREADS]; /* a block per thread */
shared double rsmall[THREADS];     /* one double per thread */
shared[BIG_ELEMS] double rbig[BIG_ELEMS * THREADS]; /* a block per thread */
shared double rdst;

static double now_ns(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return ts.tv_sec * 1e9 + ts.tv_nsec;
}

static int reps(size_t bytes) { return bytes > 8 ? 2000 : 20000; }

static void out(const char *key, double ns) {
  if (MYTHREAD == 0)
    printf("%s %.1f ", key, ns);
}

int main(void) {
  const int ALL = UPC_IN_ALLSYNC | UPC_OUT_ALLSYNC;
  const int NONE = UPC_IN_NOSYNC | UPC_OUT_NOSYNC;
  const size_t blk = BIG_ELEMS;
  if (MYTHREAD == 0)
    for (int i = 0; i < BIG; ++i)
      bsrc[i] = (char)i;
  rsmall[MYTHREAD] = MYTHREAD + 1;
  for (size_t i = 0; i < blk; ++i)
    rbig[MYTHREAD * blk + i] = 1.0;
  upc_barrier;

  static const size_t sizes[2] = {8, BIG};
  static const char *const names[2] = {"8", "64k"};
  char key[64];
  for (int sync = 0; sync < 2; ++sync) {
    int flags = sync ? NONE : ALL;
    const char *suffix = sync ? "-nosync" : "";
    for (int s = 0; s < 2; ++s) {
      int n = reps(sizes[s]);
      upc_all_broadcast(bdst, bsrc, sizes[s], ALL);
      upc_barrier;
      double t = now_ns();
      for (int i = 0; i < n; ++i)
        upc_all_broadcast(bdst, bsrc, sizes[s], flags);
      upc_barrier;
      snprintf(key, sizeof key, "bcast%s-%s", suffix, names[s]);
      out(key, (now_ns() - t) / n);
    }
    for (int s = 0; s < 2; ++s) {
      int n = reps(sizes[s]);
      shared void *src = s ? (shared void *)rbig : (shared void *)rsmall;
      size_t nelems = s ? blk * THREADS : THREADS, b = s ? blk : 1;
      upc_all_reduceD(&rdst, src, UPC_ADD, nelems, b, NULL, ALL);
      upc_barrier;
      double t = now_ns();
      for (int i = 0; i < n; ++i)
        upc_all_reduceD(&rdst, src, UPC_ADD, nelems, b, NULL, flags);
      upc_barrier;
      snprintf(key, sizeof key, "reduce%s-%s", suffix, names[s]);
      out(key, (now_ns() - t) / n);
      if (rdst != (s ? (double)nelems : THREADS * (THREADS + 1) / 2.0)) {
        fprintf(stderr, "wrong reduction %g\n", rdst);
        return 1;
      }
    }
  }

#ifdef COLL_RAW_MPI
  char *buf = malloc(BIG);
  for (int mapped = 0; mapped < 2; ++mapped) {
    const char *prefix = mapped ? "mapped" : "mpi";
    for (int s = 0; s < 2; ++s) {
      int n = reps(sizes[s]);
      MPI_Barrier(MPI_COMM_WORLD);
      double t = now_ns();
      for (int i = 0; i < n; ++i) {
        if (mapped)
          upc_barrier;
        MPI_Bcast(MYTHREAD == 0 ? (void *)bsrc : (void *)buf, (int)sizes[s],
                  MPI_BYTE, 0, MPI_COMM_WORLD);
        if (mapped)
          upc_barrier;
      }
      MPI_Barrier(MPI_COMM_WORLD);
      snprintf(key, sizeof key, "%s-bcast-%s", prefix, names[s]);
      out(key, (now_ns() - t) / n);
    }
    for (int s = 0; s < 2; ++s) {
      int n = reps(sizes[s]);
      const double *mine = s ? (const double *)&rbig[MYTHREAD * blk]
                             : (const double *)&rsmall[MYTHREAD];
      size_t count = s ? blk : 1;
      double result = 0;
      MPI_Barrier(MPI_COMM_WORLD);
      double t = now_ns();
      for (int i = 0; i < n; ++i) {
        if (mapped)
          upc_barrier;
        double local = 0;
        for (size_t k = 0; k < count; ++k)
          local += mine[k];
        MPI_Allreduce(&local, &result, 1, MPI_DOUBLE, MPI_SUM,
                      MPI_COMM_WORLD);
        if (mapped) {
          if (MYTHREAD == 0)
            rdst = result;
          upc_barrier;
        }
      }
      MPI_Barrier(MPI_COMM_WORLD);
      snprintf(key, sizeof key, "%s-reduce-%s", prefix, names[s]);
      out(key, (now_ns() - t) / n);
    }
  }
  free(buf);
#endif
  if (MYTHREAD == 0)
    printf("\n");
  return 0;
}
