/*
 * collective.c - the relocalization collectives of upc_collective.h
 * (broadcast, scatter, gather, gather_all, exchange, permute), written over
 * get/put so that they work on any backend.
 *
 * As UPC 1.3 7.3 describes them, dst and src point to arrays of blocks of
 * nbytes (broadcast/scatter/gather/permute) or nbytes * THREADS
 * (gather_all/exchange) bytes, one block per thread starting at the thread
 * the pointer has affinity to; "the block of thread i" is the one with
 * affinity to thread i. The phase of the pointers is not used. A pointer
 * that names a single thread's area (src of broadcast/scatter, dst of
 * gather) is a plain byte range there.
 *
 * Each thread moves the data of the blocks it owns (it pulls into its dst
 * block, or pushes its src block), so threads work in parallel and each
 * byte is written once.
 *
 * Synchronization flags: UPC_IN_NOSYNC skips the barrier at entry,
 * UPC_OUT_NOSYNC the one at exit; the MYSYNC variants are treated as
 * ALLSYNC, which UPC 1.3 allows.
 */
#include <stdlib.h>
#include <string.h>

#include "collective.h"
#include "upc_types.h"

/* Whether at most one bit of mask is set in flags. */
static int at_most_one(int flags, int mask) {
  int bits = flags & mask;
  return (bits & (bits - 1)) == 0;
}

void upcri_coll_check_flags(int flags, const char *what, upcr_srcpos_t pos) {
  const int in = UPC_IN_NOSYNC | UPC_IN_MYSYNC | UPC_IN_ALLSYNC;
  const int out = UPC_OUT_NOSYNC | UPC_OUT_MYSYNC | UPC_OUT_ALLSYNC;
  if ((flags & ~(in | out)) || !at_most_one(flags, in) ||
      !at_most_one(flags, out))
    upcri_error(pos, "%s: invalid synchronization flags %d (one UPC_IN_* and "
                     "one UPC_OUT_* flag)",
                what, flags);
}

void upcri_coll_enter(int flags, const char *what, int id,
                      upcr_srcpos_t pos) {
  upcri_coll_check_flags(flags, what, pos);
  if (!(flags & UPC_IN_NOSYNC))
    upcri_sync(what, id, pos);
}

void upcri_coll_leave(int flags, const char *what, int id,
                      upcr_srcpos_t pos) {
  upcrb_fence(); /* this thread's puts are complete */
  if (!(flags & UPC_OUT_NOSYNC))
    upcri_sync(what, id, pos);
}

/* Offset of the block with affinity to thread `thread` in an array of
 * blocks of `blockbytes` that starts at base (one block per thread). */
static upcr_offset_t block_of(upcr_shared_ptr_t base, size_t blockbytes,
                              int thread) {
  int t = upcri_threads;
  int k = (thread - (int)base.thread + t) % t; /* block index */
  return base.offset + (upcr_offset_t)(((int)base.thread + k) / t) * blockbytes;
}

static void check_ptr(upcr_shared_ptr_t p, size_t n, const char *what,
                      upcr_srcpos_t pos) {
  if (upcr_isnull_shared(p))
    upcri_error(pos, "%s: null pointer-to-shared", what);
  if ((int)p.thread >= upcri_threads)
    upcri_error(pos, "%s: pointer-to-shared with affinity to thread %u, but "
                     "THREADS is %d",
                what, (unsigned)p.thread, upcri_threads);
  (void)n;
}

/* Checks a per-thread block array: every block in range. */
static void check_blocks(upcr_shared_ptr_t base, size_t blockbytes,
                         const char *what, upcr_srcpos_t pos) {
  check_ptr(base, blockbytes, what, pos);
  for (int t = 0; t < upcri_threads; ++t)
    upcri_check_range((upcr_thread_t)t, block_of(base, blockbytes, t),
                      blockbytes, what, pos);
}

/* A copy from anywhere to anywhere, without a private buffer when either
 * side is addressable. */
static void copy(upcr_thread_t dt, upcr_offset_t doff, upcr_thread_t st,
                 upcr_offset_t soff, size_t n) {
  upcr_shared_ptr_t d = {doff, dt, 0}, s = {soff, st, 0};
  upcr_memcpy(d, s, n, UPCR_SRCPOS_UNKNOWN);
}

void upcr_all_broadcast(upcr_shared_ptr_t dst, upcr_shared_ptr_t src,
                        size_t nbytes, int flags, upcr_srcpos_t pos) {
  const char *what = "upc_all_broadcast";
  upcri_coll_enter(flags, what, UPCRI_ID_BROADCAST, pos);
  if (nbytes) {
    check_blocks(dst, nbytes, what, pos);
    check_ptr(src, nbytes, what, pos);
    upcri_check_range(src.thread, src.offset, nbytes, what, pos);
    int me = upcri_mythread;
    copy((upcr_thread_t)me, block_of(dst, nbytes, me), src.thread, src.offset,
         nbytes);
  }
  upcri_coll_leave(flags, what, UPCRI_ID_BROADCAST, pos);
}

void upcr_all_scatter(upcr_shared_ptr_t dst, upcr_shared_ptr_t src,
                      size_t nbytes, int flags, upcr_srcpos_t pos) {
  const char *what = "upc_all_scatter";
  upcri_coll_enter(flags, what, UPCRI_ID_SCATTER, pos);
  if (nbytes) {
    check_blocks(dst, nbytes, what, pos);
    check_ptr(src, nbytes, what, pos);
    upcri_check_range(src.thread, src.offset, nbytes * (size_t)upcri_threads,
                      what, pos);
    int me = upcri_mythread;
    copy((upcr_thread_t)me, block_of(dst, nbytes, me), src.thread,
         src.offset + (upcr_offset_t)me * nbytes, nbytes);
  }
  upcri_coll_leave(flags, what, UPCRI_ID_SCATTER, pos);
}

void upcr_all_gather(upcr_shared_ptr_t dst, upcr_shared_ptr_t src,
                     size_t nbytes, int flags, upcr_srcpos_t pos) {
  const char *what = "upc_all_gather";
  upcri_coll_enter(flags, what, UPCRI_ID_GATHER, pos);
  if (nbytes) {
    check_blocks(src, nbytes, what, pos);
    check_ptr(dst, nbytes, what, pos);
    upcri_check_range(dst.thread, dst.offset, nbytes * (size_t)upcri_threads,
                      what, pos);
    int me = upcri_mythread;
    copy(dst.thread, dst.offset + (upcr_offset_t)me * nbytes,
         (upcr_thread_t)me, block_of(src, nbytes, me), nbytes);
  }
  upcri_coll_leave(flags, what, UPCRI_ID_GATHER, pos);
}

void upcr_all_gather_all(upcr_shared_ptr_t dst, upcr_shared_ptr_t src,
                         size_t nbytes, int flags, upcr_srcpos_t pos) {
  const char *what = "upc_all_gather_all";
  upcri_coll_enter(flags, what, UPCRI_ID_GATHER_ALL, pos);
  if (nbytes) {
    size_t row = nbytes * (size_t)upcri_threads;
    check_blocks(dst, row, what, pos);
    check_blocks(src, nbytes, what, pos);
    int me = upcri_mythread;
    upcr_offset_t mine = block_of(dst, row, me);
    for (int i = 0; i < upcri_threads; ++i)
      copy((upcr_thread_t)me, mine + (upcr_offset_t)i * nbytes,
           (upcr_thread_t)i, block_of(src, nbytes, i), nbytes);
  }
  upcri_coll_leave(flags, what, UPCRI_ID_GATHER_ALL, pos);
}

void upcr_all_exchange(upcr_shared_ptr_t dst, upcr_shared_ptr_t src,
                       size_t nbytes, int flags, upcr_srcpos_t pos) {
  const char *what = "upc_all_exchange";
  upcri_coll_enter(flags, what, UPCRI_ID_EXCHANGE, pos);
  if (nbytes) {
    size_t row = nbytes * (size_t)upcri_threads;
    check_blocks(dst, row, what, pos);
    check_blocks(src, row, what, pos);
    /* Block i of thread j's src goes to block j of thread i's dst. */
    int me = upcri_mythread;
    upcr_offset_t mine = block_of(dst, row, me);
    for (int j = 0; j < upcri_threads; ++j)
      copy((upcr_thread_t)me, mine + (upcr_offset_t)j * nbytes,
           (upcr_thread_t)j,
           block_of(src, row, j) + (upcr_offset_t)me * nbytes, nbytes);
  }
  upcri_coll_leave(flags, what, UPCRI_ID_EXCHANGE, pos);
}

void upcr_all_permute(upcr_shared_ptr_t dst, upcr_shared_ptr_t src,
                      upcr_pshared_ptr_t perm, size_t nbytes, int flags,
                      upcr_srcpos_t pos) {
  const char *what = "upc_all_permute";
  upcri_coll_enter(flags, what, UPCRI_ID_PERMUTE, pos);
  if (nbytes) {
    check_blocks(dst, nbytes, what, pos);
    check_blocks(src, nbytes, what, pos);
    check_ptr(upcr_pshared_to_shared(perm), sizeof(int), what, pos);
    /* perm is a shared int[THREADS] (block size 1): read it all, check it
     * is a permutation, find whose block comes here. */
    int me = upcri_mythread, from = -1;
    unsigned char *seen = calloc((size_t)upcri_threads, 1);
    if (!seen)
      upcri_fatal("out of memory in %s", what);
    upcr_pshared_ptr_t pp = perm;
    for (int i = 0; i < upcri_threads; ++i) {
      upcr_pshared_ptr_t e = upcr_add_pshared1(pp, sizeof(int), i);
      int v;
      upcri_check_range(e.thread, e.offset, sizeof v, what, pos);
      upcri_get_bytes(&v, e.thread, e.offset, sizeof v);
      if (v < 0 || v >= upcri_threads || seen[v])
        upcri_error(pos, "%s: perm is not a permutation of 0..THREADS-1 "
                         "(perm[%d] is %d)",
                    what, i, v);
      seen[v] = 1;
      if (v == me)
        from = i;
    }
    free(seen);
    copy((upcr_thread_t)me, block_of(dst, nbytes, me), (upcr_thread_t)from,
         block_of(src, nbytes, from), nbytes);
  }
  upcri_coll_leave(flags, what, UPCRI_ID_PERMUTE, pos);
}
