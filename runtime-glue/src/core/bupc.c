/*
 * bupc.c - Berkeley UPC's extensions other than the transfers (vis.c):
 * completion of several handles, timers, the thread distance query and the
 * pointer-to-shared helpers of bupc_extensions.h.
 */
#include <errno.h>
#include <stdio.h>
#include <time.h>

#include "bupc_extensions.h"
#include "internal.h"
#include "upc_tick.h"

/* ---- several handles ------------------------------------------------------ */

static void check_handles(upc_handle_t *ph, size_t n, const char *what,
                          upcr_srcpos_t pos) {
  if (n > 0 && !ph)
    upcri_error(pos, "%s: null array of %zu handles", what, n);
}

void upcr_bupc_waitsync_all(upc_handle_t *ph, size_t numhandles,
                            upcr_srcpos_t pos) {
  check_handles(ph, numhandles, "bupc_waitsync_all", pos);
  for (size_t i = 0; i < numhandles; ++i) {
    upcr_sync(ph[i], pos);
    ph[i] = UPC_COMPLETE_HANDLE;
  }
}

int upcr_bupc_trysync_all(upc_handle_t *ph, size_t numhandles,
                          upcr_srcpos_t pos) {
  check_handles(ph, numhandles, "bupc_trysync_all", pos);
  int all = 1;
  for (size_t i = 0; i < numhandles; ++i) {
    if (upcr_sync_attempt(ph[i], pos))
      ph[i] = UPC_COMPLETE_HANDLE;
    else
      all = 0;
  }
  return all;
}

/* Completes what has completed; 1 when that was at least one handle, or
 * none was pending. */
static int sync_some(upc_handle_t *ph, size_t n, upcr_srcpos_t pos) {
  int pending = 0, completed = 0;
  for (size_t i = 0; i < n; ++i) {
    if (ph[i] == UPC_COMPLETE_HANDLE)
      continue;
    ++pending;
    if (upcr_sync_attempt(ph[i], pos)) {
      ph[i] = UPC_COMPLETE_HANDLE;
      ++completed;
    }
  }
  return completed > 0 || pending == 0;
}

void upcr_bupc_waitsync_some(upc_handle_t *ph, size_t numhandles,
                             upcr_srcpos_t pos) {
  check_handles(ph, numhandles, "bupc_waitsync_some", pos);
  while (!sync_some(ph, numhandles, pos))
    upcrb_yield();
}

int upcr_bupc_trysync_some(upc_handle_t *ph, size_t numhandles,
                           upcr_srcpos_t pos) {
  check_handles(ph, numhandles, "bupc_trysync_some", pos);
  return sync_some(ph, numhandles, pos);
}

/* ---- timers: upc_ticks_now's clock, in nanoseconds ------------------------ */

bupc_tick_t bupc_ticks_now(void) { return upc_ticks_now(); }

uint64_t bupc_ticks_to_us(bupc_tick_t ticks) { return ticks / 1000; }

uint64_t bupc_ticks_to_ns(bupc_tick_t ticks) { return upc_ticks_to_ns(ticks); }

/* Measured once per process: the smallest step between two different
 * readings, and the mean cost of one reading, kept in picoseconds
 * (UINT64_MAX: not yet measured). The first caller measures (a few hundred
 * readings); a concurrent caller may measure too, with a similar result. */
static uint64_t granularity_ps = UINT64_MAX, overhead_ps = UINT64_MAX;

static void measure_clock(void) {
  if (__atomic_load_n(&overhead_ps, __ATOMIC_ACQUIRE) != UINT64_MAX)
    return;
  uint64_t best = UINT64_MAX;
  for (int trial = 0; trial < 100; ++trial) {
    uint64_t t0 = upc_ticks_now(), t1;
    while ((t1 = upc_ticks_now()) == t0)
      ;
    if (t1 - t0 < best)
      best = t1 - t0;
  }
  enum { READINGS = 1000 };
  uint64_t start = upc_ticks_now(), sink = 0;
  for (int i = 0; i < READINGS; ++i)
    sink += upc_ticks_now();
  uint64_t elapsed = upc_ticks_now() - start;
  __asm__ volatile("" : : "r"(sink));
  __atomic_store_n(&granularity_ps, best * 1000, __ATOMIC_RELAXED);
  __atomic_store_n(&overhead_ps, elapsed * 1000 / READINGS, __ATOMIC_RELEASE);
}

double bupc_tick_granularityus(void) {
  measure_clock();
  return (double)__atomic_load_n(&granularity_ps, __ATOMIC_RELAXED) / 1e6;
}

double bupc_tick_overheadus(void) {
  measure_clock();
  return (double)__atomic_load_n(&overhead_ps, __ATOMIC_ACQUIRE) / 1e6;
}

/* ---- the job's layout ----------------------------------------------------- */

unsigned int upcr_bupc_thread_distance(int threadx, int thready,
                                       upcr_srcpos_t pos) {
  if (threadx < 0 || threadx >= upcri_threads || thready < 0 ||
      thready >= upcri_threads)
    upcri_error(pos, "bupc_thread_distance(%d, %d): threads are 0 to %d "
                "(THREADS - 1)", threadx, thready, upcri_threads - 1);
  if (threadx == thready)
    return BUPC_THREADS_SAME;
  switch (upcrb_thread_locality((upcr_thread_t)threadx,
                                (upcr_thread_t)thready)) {
  case UPCRB_SAME_PROCESS:
    return BUPC_THREADS_VERYNEAR;
  case UPCRB_SAME_NODE:
    return BUPC_THREADS_NEAR;
  default:
    return BUPC_THREADS_VERYFAR;
  }
}

/* ---- pointers-to-shared --------------------------------------------------- */

upcr_shared_ptr_t upcr_bupc_ptradd(upcr_shared_ptr_t p, size_t blockelems,
                                   size_t elemsz, ptrdiff_t elemincr,
                                   upcr_srcpos_t pos) {
  if (elemsz == 0)
    upcri_error(pos, "bupc_ptradd: the element size is 0");
  if (blockelems == 0) {
    /* Indefinite blocks: the same thread, phase 0. */
    upcr_pshared_ptr_t q =
        upcr_add_psharedI(upcr_shared_to_pshared(p), elemsz, elemincr);
    return upcr_pshared_to_shared(q);
  }
  return upcr_add_shared(p, elemsz, elemincr, blockelems);
}

/* The segment of an addressable thread holding ptr, or -1. */
static int segment_holding(const void *ptr, int from, int to) {
  uint64_t size = upcrb_segment_size();
  uintptr_t a = (uintptr_t)ptr;
  for (int t = from; t < to; ++t) {
    uintptr_t base = (uintptr_t)upcri_segment_base[t];
    if (base && a >= base && a - base < size)
      return t;
  }
  return -1;
}

upcr_shared_ptr_t upcr_bupc_local_to_shared(void *ptr, int thread, int phase,
                                            upcr_srcpos_t pos) {
  if (thread < 0 || thread >= upcri_threads)
    upcri_error(pos, "bupc_local_to_shared: thread %d does not exist "
                "(THREADS is %d)", thread, upcri_threads);
  if (phase < 0)
    upcri_error(pos, "bupc_local_to_shared: negative phase %d", phase);
  /* The calling thread's shared memory, as Berkeley UPC asks; any other
   * segment it addresses gives the offset in that one. */
  int me = upcri_mythread, t = segment_holding(ptr, me, me + 1);
  if (t < 0)
    t = segment_holding(ptr, 0, upcri_threads);
  if (t < 0)
    upcri_error(pos, "bupc_local_to_shared: %p is not in the shared memory "
                "of the calling thread %d", ptr, me);
  upcr_shared_ptr_t r = {
      (upcr_offset_t)((char *)ptr - upcri_segment_base[t]),
      (upcr_thread_t)thread, (upcr_phase_t)phase};
  return r;
}

upcr_shared_ptr_t upcr_bupc_inverse_cast(void *ptr, upcr_srcpos_t pos) {
  (void)pos;
  if (!ptr)
    return UPCR_NULL_SHARED;
  /* The calling thread's own segment first: the usual case. */
  int t = segment_holding(ptr, upcri_mythread, upcri_mythread + 1);
  if (t < 0)
    t = segment_holding(ptr, 0, upcri_threads);
  if (t < 0)
    return UPCR_NULL_SHARED;
  upcr_shared_ptr_t r = {
      (upcr_offset_t)((char *)ptr - upcri_segment_base[t]),
      (upcr_thread_t)t, 0};
  return r;
}

int upcr_bupc_dump_shared(upcr_shared_ptr_t ptr, char *buf, int maxlen,
                          upcr_srcpos_t pos) {
  (void)pos;
  if (!buf || maxlen < BUPC_DUMP_MIN_LENGTH) {
    errno = EINVAL;
    return -1;
  }
  if (upcr_isnull_shared(ptr))
    snprintf(buf, (size_t)maxlen, "<null pointer-to-shared>");
  else
    snprintf(buf, (size_t)maxlen,
             "<thread=%u, addrfield=0x%llx, phase=%u>",
             (unsigned)ptr.thread, (unsigned long long)ptr.offset,
             (unsigned)ptr.phase);
  return 0;
}
