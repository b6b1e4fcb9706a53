// Every function of upc.h, upc_collective.h and pupc.h, and the types and constants of upc_types.h, used with correctly typed arguments.
// RUN: %upc-instrument -fsyntax-only -Wall -Wextra %s 2>&1 | count 0
// RUN: %upc-instrument --dump-upc %s | FileCheck %s --implicit-check-not=__upc

#include <upc.h>
#include <upc_collective.h>
#include <upc_types.h>
#include <pupc.h>

// The headers declare what UPC 1.3 requires.
#if !defined(UPC_ADD) || !defined(UPC_MULT) || !defined(UPC_AND) ||           \
    !defined(UPC_OR) || !defined(UPC_XOR) || !defined(UPC_LOGAND) ||          \
    !defined(UPC_LOGOR) || !defined(UPC_MIN) || !defined(UPC_MAX) ||          \
    !defined(UPC_FUNC) || !defined(UPC_NONCOMM_FUNC)
#error missing upc_op_t constants
#endif
#if !defined(UPC_IN_ALLSYNC) || !defined(UPC_IN_NOSYNC) ||                    \
    !defined(UPC_IN_MYSYNC) || !defined(UPC_OUT_ALLSYNC) ||                   \
    !defined(UPC_OUT_NOSYNC) || !defined(UPC_OUT_MYSYNC)
#error missing upc_flag_t constants
#endif
#if !defined(UPC_CHAR) || !defined(UPC_INT) || !defined(UPC_DOUBLE) ||        \
    !defined(UPC_PTS)
#error missing upc_type_t constants
#endif

// CHECK: [[@LINE+1]]:12: shared variable 'src': shared int[8*THREADS]; block size 1; 8*THREADS elements; relaxed (default); file scope
shared int src[8 * THREADS];
// CHECK: [[@LINE+1]]:16: shared variable 'dst': shared [8] int[8*THREADS]; block size 8; 8*THREADS elements; relaxed (default); file scope
shared [8] int dst[8 * THREADS];
// CHECK: [[@LINE+1]]:12: shared variable 'perm': shared int[THREADS]; block size 1; THREADS elements; relaxed (default); file scope
shared int perm[THREADS];

// One reduction function per element type.
static signed char fC(signed char x, signed char y) { return x + y; }
static unsigned char fUC(unsigned char x, unsigned char y) { return x + y; }
static short fS(short x, short y) { return x + y; }
static unsigned short fUS(unsigned short x, unsigned short y) { return x + y; }
static int fI(int x, int y) { return x + y; }
static unsigned int fUI(unsigned int x, unsigned int y) { return x + y; }
static long fL(long x, long y) { return x + y; }
static unsigned long fUL(unsigned long x, unsigned long y) { return x + y; }
static float fF(float x, float y) { return x + y; }
static double fD(double x, double y) { return x + y; }
static long double fLD(long double x, long double y) { return x + y; }

static void collectives(void) {
  upc_flag_t sync = UPC_IN_ALLSYNC | UPC_OUT_ALLSYNC;
  upc_flag_t nosync = UPC_IN_NOSYNC | UPC_OUT_NOSYNC;
  upc_flag_t mysync = UPC_IN_MYSYNC | UPC_OUT_MYSYNC;
  upc_op_t op = UPC_ADD;
  size_t n = sizeof(int);

  upc_all_broadcast(dst, src, n, sync);
  upc_all_scatter(dst, src, n, nosync);
  upc_all_gather(dst, src, n, mysync);
  upc_all_gather_all(dst, src, n, sync);
  upc_all_exchange(dst, src, n, sync);
  upc_all_permute(dst, src, perm, n, sync);

  upc_all_reduceC(dst, src, op, 8, 1, fC, sync);
  upc_all_prefix_reduceC(dst, src, op, 8, 1, fC, sync);
  upc_all_reduceUC(dst, src, UPC_MULT, 8, 1, fUC, sync);
  upc_all_prefix_reduceUC(dst, src, UPC_AND, 8, 1, fUC, sync);
  upc_all_reduceS(dst, src, UPC_OR, 8, 1, fS, sync);
  upc_all_prefix_reduceS(dst, src, UPC_XOR, 8, 1, fS, sync);
  upc_all_reduceUS(dst, src, UPC_LOGAND, 8, 1, fUS, sync);
  upc_all_prefix_reduceUS(dst, src, UPC_LOGOR, 8, 1, fUS, sync);
  upc_all_reduceI(dst, src, UPC_MIN, 8, 1, fI, sync);
  upc_all_prefix_reduceI(dst, src, UPC_MAX, 8, 1, fI, sync);
  upc_all_reduceUI(dst, src, UPC_FUNC, 8, 1, fUI, sync);
  upc_all_prefix_reduceUI(dst, src, UPC_NONCOMM_FUNC, 8, 1, fUI, sync);
  upc_all_reduceL(dst, src, op, 8, 1, fL, sync);
  upc_all_prefix_reduceL(dst, src, op, 8, 1, fL, sync);
  upc_all_reduceUL(dst, src, op, 8, 1, fUL, sync);
  upc_all_prefix_reduceUL(dst, src, op, 8, 1, fUL, sync);
  upc_all_reduceF(dst, src, op, 8, 1, fF, sync);
  upc_all_prefix_reduceF(dst, src, op, 8, 1, fF, sync);
  upc_all_reduceD(dst, src, op, 8, 1, fD, sync);
  upc_all_prefix_reduceD(dst, src, op, 8, 1, fD, sync);
  upc_all_reduceLD(dst, src, op, 8, 1, fLD, sync);
  upc_all_prefix_reduceLD(dst, src, op, 8, 1, NULL, sync);
  upc_all_reduceI(dst, src, UPC_ADD, 8, 1, NULL, UPC_IN_NOSYNC);
}

static void library(void) {
  shared void *p = upc_global_alloc(THREADS, 64);
  shared void *q = upc_all_alloc(THREADS, 64);
  shared [] char *r = (shared [] char *)upc_alloc(64);
  char buf[64];

  size_t thread = upc_threadof(p);
  size_t phase = upc_phaseof(&src[1]);
  shared void *reset = upc_resetphase(q);
  size_t addr = upc_addrfield(r);
  size_t mine = upc_affinitysize(sizeof buf, 8, thread);

  upc_lock_t *l1 = upc_global_lock_alloc();
  upc_lock_t *l2 = upc_all_lock_alloc();
  upc_lock(l1);
  if (upc_lock_attempt(l2))
    upc_unlock(l2);
  upc_unlock(l1);
  upc_lock_free(l1);
  upc_all_lock_free(l2);

  upc_memcpy(p, q, sizeof buf);
  upc_memget(buf, r, sizeof buf);
  upc_memput(r, buf, sizeof buf);
  upc_memset(reset, 0, phase + addr + mine);

  upc_free(r);
  upc_free(p);
  upc_all_free(q);
}

static void performance(void) {
  int previous = pupc_control(0);
  unsigned int ev = pupc_create_event("phase", "%d %s");
  unsigned int plain = pupc_create_event("plain", NULL);
  pupc_event_start(ev, 1, "x");
  pupc_event_end(ev, 2, "y");
  pupc_event_atomic(plain);
  pupc_tick_t t0 = pupc_ticks_now();
  pupc_tick_t t1 = pupc_ticks_now();
  unsigned int us = pupc_ticks_to_us(t1 - t0);
  unsigned int g = pupc_tick_granularityus();
  pupc_control(previous + (int)(us + g));
}

int main(void) {
  upc_type_t types[] = {UPC_CHAR, UPC_INT, UPC_DOUBLE, UPC_PTS};
  collectives();
  library();
  performance();
  if (MYTHREAD == 0 && types[0] == UPC_CHAR)
    upc_global_exit(0);
  return 0;
}

// CHECK: 3 shared variables, 0 upc_forall, 0 synchronization statements, 0 UPC sizeof operators, 0 pragmas
