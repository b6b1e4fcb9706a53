/*
 * upc_names.c - the UPC library under its UPC names, for C code (the C-side
 * upc.h and upc_collective.h), plus the functions that need no source
 * position: ticks, upc_affinitysize, upc_poll.
 */
#include <sched.h>
#include <time.h>

#include "internal.h"
#include "upc.h"
#include "upc_collective.h"
#include "upc_tick.h"

#define NOPOS UPCR_SRCPOS_UNKNOWN

void upc_global_exit(int status) { upcr_global_exit(status, NOPOS); }

upcr_shared_ptr_t upc_global_alloc(size_t nblocks, size_t nbytes) {
  return upcr_global_alloc(nblocks, nbytes, NOPOS);
}
upcr_shared_ptr_t upc_all_alloc(size_t nblocks, size_t nbytes) {
  return upcr_all_alloc(nblocks, nbytes, NOPOS);
}
upcr_shared_ptr_t upc_alloc(size_t nbytes) { return upcr_alloc(nbytes, NOPOS); }
upcr_shared_ptr_t upc_local_alloc(size_t nblocks, size_t nbytes) {
  size_t n;
  if (__builtin_mul_overflow(nblocks, nbytes, &n))
    upcri_fatal("upc_local_alloc(%zu, %zu): the size overflows", nblocks,
                nbytes);
  return upcr_alloc(n, NOPOS);
}
void upc_free(upcr_shared_ptr_t ptr) { upcr_free(ptr, NOPOS); }
void upc_all_free(upcr_shared_ptr_t ptr) { upcr_all_free(ptr, NOPOS); }

size_t upc_threadof(upcr_shared_ptr_t ptr) { return upcr_threadof_shared(ptr); }
size_t upc_phaseof(upcr_shared_ptr_t ptr) { return upcr_phaseof_shared(ptr); }
upcr_shared_ptr_t upc_resetphase(upcr_shared_ptr_t ptr) {
  return upcr_shared_resetphase(ptr);
}
size_t upc_addrfield(upcr_shared_ptr_t ptr) { return upcr_addrfield_shared(ptr); }

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

upcr_pshared_ptr_t upc_global_lock_alloc(void) {
  return upcr_global_lock_alloc(NOPOS);
}
upcr_pshared_ptr_t upc_all_lock_alloc(void) { return upcr_all_lock_alloc(NOPOS); }
void upc_lock_free(upcr_pshared_ptr_t ptr) { upcr_lock_free(ptr, NOPOS); }
void upc_all_lock_free(upcr_pshared_ptr_t ptr) { upcr_all_lock_free(ptr, NOPOS); }
void upc_lock(upcr_pshared_ptr_t ptr) { upcr_lock(ptr, NOPOS); }
int upc_lock_attempt(upcr_pshared_ptr_t ptr) {
  return upcr_lock_attempt(ptr, NOPOS);
}
void upc_unlock(upcr_pshared_ptr_t ptr) { upcr_unlock(ptr, NOPOS); }

void upc_memcpy(upcr_shared_ptr_t dst, upcr_shared_ptr_t src, size_t n) {
  upcr_memcpy(dst, src, n, NOPOS);
}
void upc_memget(void *dst, upcr_shared_ptr_t src, size_t n) {
  upcr_memget(dst, src, n, NOPOS);
}
void upc_memput(upcr_shared_ptr_t dst, const void *src, size_t n) {
  upcr_memput(dst, src, n, NOPOS);
}
void upc_memset(upcr_shared_ptr_t dst, int c, size_t n) {
  upcr_memset(dst, c, n, NOPOS);
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

void upc_all_broadcast(upcr_shared_ptr_t dst, upcr_shared_ptr_t src,
                       size_t nbytes, upc_flag_t flags) {
  upcr_all_broadcast(dst, src, nbytes, flags, NOPOS);
}
void upc_all_scatter(upcr_shared_ptr_t dst, upcr_shared_ptr_t src,
                     size_t nbytes, upc_flag_t flags) {
  upcr_all_scatter(dst, src, nbytes, flags, NOPOS);
}
void upc_all_gather(upcr_shared_ptr_t dst, upcr_shared_ptr_t src,
                    size_t nbytes, upc_flag_t flags) {
  upcr_all_gather(dst, src, nbytes, flags, NOPOS);
}
void upc_all_gather_all(upcr_shared_ptr_t dst, upcr_shared_ptr_t src,
                        size_t nbytes, upc_flag_t flags) {
  upcr_all_gather_all(dst, src, nbytes, flags, NOPOS);
}
void upc_all_exchange(upcr_shared_ptr_t dst, upcr_shared_ptr_t src,
                      size_t nbytes, upc_flag_t flags) {
  upcr_all_exchange(dst, src, nbytes, flags, NOPOS);
}
void upc_all_permute(upcr_shared_ptr_t dst, upcr_shared_ptr_t src,
                     upcr_pshared_ptr_t perm, size_t nbytes, upc_flag_t flags) {
  upcr_all_permute(dst, src, perm, nbytes, flags, NOPOS);
}

#define UPCRI_C_REDUCE(SUF, T)                                                 \
  void upc_all_reduce##SUF(upcr_shared_ptr_t dst, upcr_shared_ptr_t src,       \
                           upc_op_t op, size_t nelems, size_t blk_size,        \
                           T (*func)(T, T), upc_flag_t flags) {                \
    upcr_all_reduce##SUF(dst, src, op, nelems, blk_size, func, flags, NOPOS);  \
  }                                                                            \
  void upc_all_prefix_reduce##SUF(upcr_shared_ptr_t dst,                       \
                                  upcr_shared_ptr_t src, upc_op_t op,          \
                                  size_t nelems, size_t blk_size,              \
                                  T (*func)(T, T), upc_flag_t flags) {         \
    upcr_all_prefix_reduce##SUF(dst, src, op, nelems, blk_size, func, flags,   \
                                NOPOS);                                        \
  }
UPCRI_C_REDUCE(C, signed char)
UPCRI_C_REDUCE(UC, unsigned char)
UPCRI_C_REDUCE(S, short)
UPCRI_C_REDUCE(US, unsigned short)
UPCRI_C_REDUCE(I, int)
UPCRI_C_REDUCE(UI, unsigned int)
UPCRI_C_REDUCE(L, long)
UPCRI_C_REDUCE(UL, unsigned long)
UPCRI_C_REDUCE(F, float)
UPCRI_C_REDUCE(D, double)
UPCRI_C_REDUCE(LD, long double)
