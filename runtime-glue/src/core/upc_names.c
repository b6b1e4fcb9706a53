/*
 * upc_names.c - the library functions written by hand: those the library
 * table (library/upc_library.toml) marks "plain" or "custom", whose C
 * function is more than a call of a runtime entry (upc_affinitysize,
 * upc_poll, upc_local_alloc), and the ticks of upc_tick.h. The generated
 * library_names.c holds the others.
 */
#include <sched.h>
#include <time.h>

#include "internal.h"
#include "upc.h"
#include "upc_tick.h"

upcr_shared_ptr_t upc_local_alloc(size_t nblocks, size_t nbytes) {
  size_t n;
  if (__builtin_mul_overflow(nblocks, nbytes, &n))
    upcri_fatal("upc_local_alloc(%zu, %zu): the size overflows", nblocks,
                nbytes);
  return upcr_alloc(n, UPCR_SRCPOS_UNKNOWN);
}

/* upc_affinitysize (UPC 1.3 7.2.3): the bytes thread threadid holds of an
 * object of totalsize bytes in blocks of nbytes (0: indefinite, all on
 * thread 0), blocks dealt round-robin from thread 0. */
size_t upc_affinitysize(size_t totalsize, size_t nbytes, size_t threadid) {
  size_t threads = (size_t)upcri_threads;
  if (nbytes == 0 || totalsize == 0)
    return threadid == 0 ? totalsize : 0;
  size_t full = totalsize / nbytes, rest = totalsize % nbytes;
  size_t mine = full / threads + (threadid < full % threads ? 1 : 0);
  size_t bytes = mine * nbytes;
  if (rest && threadid == full % threads)
    bytes += rest;
  return bytes;
}

/* A polling loop on shared data must let other threads run (several UPC
 * threads may share a core) and must not keep a stale value in a register:
 * the call is opaque to the compiler and fences. */
void upc_poll(void) {
  upcrb_fence();
  upcrb_yield();
}

/* Ticks are nanoseconds of CLOCK_MONOTONIC. */
upc_tick_t upc_ticks_now(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (upc_tick_t)ts.tv_sec * 1000000000u + (upc_tick_t)ts.tv_nsec;
}

uint64_t upc_ticks_to_ns(upc_tick_t ticks) { return ticks; }
