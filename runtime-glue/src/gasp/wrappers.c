/*
 * wrappers.c - the instrumented entry points of upcr_gasp.h: upcr_gasp_NAME
 * raises the START event of gasp_upc.h, calls upcr_NAME and raises the END
 * event, both at the call's source position; with no context (GASP not
 * initialised on the calling thread) it only calls upcr_NAME.
 *
 * Varargs are cast to the exact types of gasp_upc.h: a tool reads them with
 * va_arg of those types, and a mismatch (int for size_t, say) is undefined
 * behaviour that works by accident on some ABIs only. Pointers-to-shared
 * and locks are passed as the address of a upcr_shared_ptr_t (phaseless
 * pointers converted), which the gasp_upc_pts_* helpers read.
 */
#include <stdint.h>
#include <stdlib.h>

#include "core/internal.h"
#include "gasp/gasp_internal.h"

#define EVENT(TAG, TYPE, POS, ...) UPCRI_GASP_NOTIFY(TAG, TYPE, POS, __VA_ARGS__)
#define EVENT0(TAG, TYPE, POS) UPCRI_GASP_NOTIFY0(TAG, TYPE, POS)

#define PTS(p) ((gasp_upc_PTS_t *)&(p))
#define LOCK(p) ((gasp_upc_lock_t *)&(p))
/* A function pointer as the void * vararg of the reductions (through an
 * integer: ISO C has no direct conversion). */
#define FUNC(f) ((void *)(uintptr_t)(f))

/* ------------------------------------------------------------------------
 * Synchronization: named = the statement has an expression, expr = its
 * value (0 when anonymous, where GASP leaves it undefined).
 * ------------------------------------------------------------------------ */

static void sync_events(unsigned int tag, void (*op)(int, int, upcr_srcpos_t),
                        int value, int flags, upcr_srcpos_t pos) {
  if (!UPCR_GASP_ACTIVE()) {
    op(value, flags, pos);
    return;
  }
  int named = !(flags & UPCR_BARRIERFLAG_ANONYMOUS);
  int expr = named ? value : 0;
  EVENT(tag, GASP_START, pos, named, expr);
  op(value, flags, pos);
  EVENT(tag, GASP_END, pos, named, expr);
}

void upcr_gasp_notify(int value, int flags, upcr_srcpos_t pos) {
  sync_events(GASP_UPC_NOTIFY, upcr_notify, value, flags, pos);
}
void upcr_gasp_wait(int value, int flags, upcr_srcpos_t pos) {
  sync_events(GASP_UPC_WAIT, upcr_wait, value, flags, pos);
}
void upcr_gasp_barrier(int value, int flags, upcr_srcpos_t pos) {
  sync_events(GASP_UPC_BARRIER, upcr_barrier, value, flags, pos);
}

void upcr_gasp_fence(upcr_srcpos_t pos) {
  if (!UPCR_GASP_ACTIVE()) {
    upcr_fence();
    return;
  }
  EVENT0(GASP_UPC_FENCE, GASP_START, pos);
  upcr_fence();
  EVENT0(GASP_UPC_FENCE, GASP_END, pos);
}

/* ------------------------------------------------------------------------
 * Allocation: END carries the new pointer.
 * ------------------------------------------------------------------------ */

static upcr_shared_ptr_t
symmetric_alloc(unsigned int tag,
                upcr_shared_ptr_t (*op)(size_t, size_t, upcr_srcpos_t),
                size_t nblocks, size_t nbytes, upcr_srcpos_t pos) {
  if (!UPCR_GASP_ACTIVE())
    return op(nblocks, nbytes, pos);
  EVENT(tag, GASP_START, pos, (size_t)nblocks, (size_t)nbytes);
  upcr_shared_ptr_t r = op(nblocks, nbytes, pos);
  EVENT(tag, GASP_END, pos, (size_t)nblocks, (size_t)nbytes, PTS(r));
  return r;
}

upcr_shared_ptr_t upcr_gasp_global_alloc(size_t nblocks, size_t nbytes,
                                         upcr_srcpos_t pos) {
  return symmetric_alloc(GASP_UPC_GLOBAL_ALLOC, upcr_global_alloc, nblocks,
                         nbytes, pos);
}
upcr_shared_ptr_t upcr_gasp_all_alloc(size_t nblocks, size_t nbytes,
                                      upcr_srcpos_t pos) {
  return symmetric_alloc(GASP_UPC_ALL_ALLOC, upcr_all_alloc, nblocks, nbytes,
                         pos);
}

upcr_shared_ptr_t upcr_gasp_alloc(size_t nbytes, upcr_srcpos_t pos) {
  if (!UPCR_GASP_ACTIVE())
    return upcr_alloc(nbytes, pos);
  EVENT(GASP_UPC_ALLOC, GASP_START, pos, (size_t)nbytes);
  upcr_shared_ptr_t r = upcr_alloc(nbytes, pos);
  EVENT(GASP_UPC_ALLOC, GASP_END, pos, (size_t)nbytes, PTS(r));
  return r;
}

static void free_events(unsigned int tag,
                        void (*op)(upcr_shared_ptr_t, upcr_srcpos_t),
                        upcr_shared_ptr_t ptr, upcr_srcpos_t pos) {
  if (!UPCR_GASP_ACTIVE()) {
    op(ptr, pos);
    return;
  }
  EVENT(tag, GASP_START, pos, PTS(ptr));
  op(ptr, pos);
  EVENT(tag, GASP_END, pos, PTS(ptr));
}

void upcr_gasp_free(upcr_shared_ptr_t ptr, upcr_srcpos_t pos) {
  free_events(GASP_UPC_FREE, upcr_free, ptr, pos);
}
void upcr_gasp_all_free(upcr_shared_ptr_t ptr, upcr_srcpos_t pos) {
  free_events(GASP_UPCI_ALL_FREE, upcr_all_free, ptr, pos);
}

/* ------------------------------------------------------------------------
 * Locks: gasp_upc_lock_t * is the address of the lock's pointer-to-shared.
 * ------------------------------------------------------------------------ */

static upcr_pshared_ptr_t lock_alloc(unsigned int tag,
                                     upcr_pshared_ptr_t (*op)(upcr_srcpos_t),
                                     upcr_srcpos_t pos) {
  if (!UPCR_GASP_ACTIVE())
    return op(pos);
  EVENT0(tag, GASP_START, pos);
  upcr_pshared_ptr_t r = op(pos);
  upcr_shared_ptr_t lck = upcr_pshared_to_shared(r);
  EVENT(tag, GASP_END, pos, LOCK(lck));
  return r;
}

upcr_pshared_ptr_t upcr_gasp_global_lock_alloc(upcr_srcpos_t pos) {
  return lock_alloc(GASP_UPC_GLOBAL_LOCK_ALLOC, upcr_global_lock_alloc, pos);
}
upcr_pshared_ptr_t upcr_gasp_all_lock_alloc(upcr_srcpos_t pos) {
  return lock_alloc(GASP_UPC_ALL_LOCK_ALLOC, upcr_all_lock_alloc, pos);
}

static void lock_events(unsigned int tag,
                        void (*op)(upcr_pshared_ptr_t, upcr_srcpos_t),
                        upcr_pshared_ptr_t lock, upcr_srcpos_t pos) {
  if (!UPCR_GASP_ACTIVE()) {
    op(lock, pos);
    return;
  }
  upcr_shared_ptr_t lck = upcr_pshared_to_shared(lock);
  EVENT(tag, GASP_START, pos, LOCK(lck));
  op(lock, pos);
  EVENT(tag, GASP_END, pos, LOCK(lck));
}

void upcr_gasp_lock_free(upcr_pshared_ptr_t lock, upcr_srcpos_t pos) {
  lock_events(GASP_UPC_LOCK_FREE, upcr_lock_free, lock, pos);
}
void upcr_gasp_all_lock_free(upcr_pshared_ptr_t lock, upcr_srcpos_t pos) {
  lock_events(GASP_UPCI_ALL_LOCK_FREE, upcr_all_lock_free, lock, pos);
}
void upcr_gasp_lock(upcr_pshared_ptr_t lock, upcr_srcpos_t pos) {
  lock_events(GASP_UPC_LOCK, upcr_lock, lock, pos);
}
void upcr_gasp_unlock(upcr_pshared_ptr_t lock, upcr_srcpos_t pos) {
  lock_events(GASP_UPC_UNLOCK, upcr_unlock, lock, pos);
}

int upcr_gasp_lock_attempt(upcr_pshared_ptr_t lock, upcr_srcpos_t pos) {
  if (!UPCR_GASP_ACTIVE())
    return upcr_lock_attempt(lock, pos);
  upcr_shared_ptr_t lck = upcr_pshared_to_shared(lock);
  EVENT(GASP_UPC_LOCK_ATTEMPT, GASP_START, pos, LOCK(lck));
  int result = upcr_lock_attempt(lock, pos);
  EVENT(GASP_UPC_LOCK_ATTEMPT, GASP_END, pos, LOCK(lck), (int)result);
  return result;
}

/* ------------------------------------------------------------------------
 * Copies
 * ------------------------------------------------------------------------ */

void upcr_gasp_memcpy(upcr_shared_ptr_t dst, upcr_shared_ptr_t src, size_t n,
                      upcr_srcpos_t pos) {
  if (!UPCR_GASP_ACTIVE()) {
    upcr_memcpy(dst, src, n, pos);
    return;
  }
  EVENT(GASP_UPC_MEMCPY, GASP_START, pos, PTS(dst), PTS(src), (size_t)n);
  upcr_memcpy(dst, src, n, pos);
  EVENT(GASP_UPC_MEMCPY, GASP_END, pos, PTS(dst), PTS(src), (size_t)n);
}

void upcr_gasp_memget(void *dst, upcr_shared_ptr_t src, size_t n,
                      upcr_srcpos_t pos) {
  if (!UPCR_GASP_ACTIVE()) {
    upcr_memget(dst, src, n, pos);
    return;
  }
  EVENT(GASP_UPC_MEMGET, GASP_START, pos, (void *)dst, PTS(src), (size_t)n);
  upcr_memget(dst, src, n, pos);
  EVENT(GASP_UPC_MEMGET, GASP_END, pos, (void *)dst, PTS(src), (size_t)n);
}

void upcr_gasp_memput(upcr_shared_ptr_t dst, const void *src, size_t n,
                      upcr_srcpos_t pos) {
  if (!UPCR_GASP_ACTIVE()) {
    upcr_memput(dst, src, n, pos);
    return;
  }
  /* GASP's vararg is void * (the tool must not write through it); through
   * an integer, as -Wcast-qual wants. */
  void *s = (void *)(uintptr_t)src;
  EVENT(GASP_UPC_MEMPUT, GASP_START, pos, PTS(dst), (void *)s, (size_t)n);
  upcr_memput(dst, src, n, pos);
  EVENT(GASP_UPC_MEMPUT, GASP_END, pos, PTS(dst), (void *)s, (size_t)n);
}

void upcr_gasp_memset(upcr_shared_ptr_t dst, int c, size_t n,
                      upcr_srcpos_t pos) {
  if (!UPCR_GASP_ACTIVE()) {
    upcr_memset(dst, c, n, pos);
    return;
  }
  EVENT(GASP_UPC_MEMSET, GASP_START, pos, PTS(dst), (int)c, (size_t)n);
  upcr_memset(dst, c, n, pos);
  EVENT(GASP_UPC_MEMSET, GASP_END, pos, PTS(dst), (int)c, (size_t)n);
}

/* ------------------------------------------------------------------------
 * Collectives
 * ------------------------------------------------------------------------ */

typedef void (*relocalize_fn)(upcr_shared_ptr_t, upcr_shared_ptr_t, size_t,
                              int, upcr_srcpos_t);

static void relocalize(unsigned int tag, relocalize_fn op,
                       upcr_shared_ptr_t dst, upcr_shared_ptr_t src,
                       size_t nbytes, int flags, upcr_srcpos_t pos) {
  if (!UPCR_GASP_ACTIVE()) {
    op(dst, src, nbytes, flags, pos);
    return;
  }
  EVENT(tag, GASP_START, pos, PTS(dst), PTS(src), (size_t)nbytes,
        (int)flags);
  op(dst, src, nbytes, flags, pos);
  EVENT(tag, GASP_END, pos, PTS(dst), PTS(src), (size_t)nbytes, (int)flags);
}

#define RELOCALIZE(NAME, TAG)                                                  \
  void upcr_gasp_##NAME(upcr_shared_ptr_t dst, upcr_shared_ptr_t src,          \
                        size_t nbytes, int flags, upcr_srcpos_t pos) {         \
    relocalize(TAG, upcr_##NAME, dst, src, nbytes, flags, pos);                \
  }
RELOCALIZE(all_broadcast, GASP_UPC_ALL_BROADCAST)
RELOCALIZE(all_scatter, GASP_UPC_ALL_SCATTER)
RELOCALIZE(all_gather, GASP_UPC_ALL_GATHER)
RELOCALIZE(all_gather_all, GASP_UPC_ALL_GATHER_ALL)
RELOCALIZE(all_exchange, GASP_UPC_ALL_EXCHANGE)
#undef RELOCALIZE

void upcr_gasp_all_permute(upcr_shared_ptr_t dst, upcr_shared_ptr_t src,
                           upcr_pshared_ptr_t perm, size_t nbytes, int flags,
                           upcr_srcpos_t pos) {
  if (!UPCR_GASP_ACTIVE()) {
    upcr_all_permute(dst, src, perm, nbytes, flags, pos);
    return;
  }
  upcr_shared_ptr_t p = upcr_pshared_to_shared(perm);
  EVENT(GASP_UPC_ALL_PERMUTE, GASP_START, pos, PTS(dst), PTS(src), PTS(p),
        (size_t)nbytes, (int)flags);
  upcr_all_permute(dst, src, perm, nbytes, flags, pos);
  EVENT(GASP_UPC_ALL_PERMUTE, GASP_END, pos, PTS(dst), PTS(src), PTS(p),
        (size_t)nbytes, (int)flags);
}

/* Reductions: the element type becomes the gasp_upc_reduction_t of the
 * function's suffix. */
static void reduce_event(unsigned int tag, gasp_evttype_t type,
                         upcr_shared_ptr_t dst, upcr_shared_ptr_t src, int op,
                         size_t nelems, size_t blk_size, void *func, int flags,
                         gasp_upc_reduction_t rtype, upcr_srcpos_t pos) {
  EVENT(tag, type, pos, PTS(dst), PTS(src), (int)op, (size_t)nelems,
        (size_t)blk_size, (void *)func, (int)flags,
        (gasp_upc_reduction_t)rtype);
}

/* The wrapper NAME around the reduction CALL (TAG, RTYPE: its event and
 * element type), written once for both upc_all_reduceT and
 * upc_all_prefix_reduceT. REDUCTIONS pastes the names itself: passed on
 * alone, a suffix would be macro-expanded first (I is complex.h's). */
#define REDUCE(NAME, CALL, TAG, RTYPE, TYPE)                                   \
  void NAME(upcr_shared_ptr_t dst, upcr_shared_ptr_t src, int op,              \
            size_t nelems, size_t blk_size, TYPE (*func)(TYPE, TYPE),          \
            int flags, upcr_srcpos_t pos) {                                    \
    if (!UPCR_GASP_ACTIVE()) {                                                 \
      CALL(dst, src, op, nelems, blk_size, func, flags, pos);                  \
      return;                                                                  \
    }                                                                          \
    reduce_event(TAG, GASP_START, dst, src, op, nelems, blk_size, FUNC(func),  \
                 flags, RTYPE, pos);                                           \
    CALL(dst, src, op, nelems, blk_size, func, flags, pos);                    \
    reduce_event(TAG, GASP_END, dst, src, op, nelems, blk_size, FUNC(func),    \
                 flags, RTYPE, pos);                                           \
  }
#define REDUCTIONS(T, TYPE)                                                    \
  REDUCE(upcr_gasp_all_reduce##T, upcr_all_reduce##T, GASP_UPC_ALL_REDUCE,     \
         GASP_UPC_REDUCTION_##T, TYPE)                                         \
  REDUCE(upcr_gasp_all_prefix_reduce##T, upcr_all_prefix_reduce##T,            \
         GASP_UPC_ALL_PREFIX_REDUCE, GASP_UPC_REDUCTION_##T, TYPE)
REDUCTIONS(C, signed char)
REDUCTIONS(UC, unsigned char)
REDUCTIONS(S, short)
REDUCTIONS(US, unsigned short)
REDUCTIONS(I, int)
REDUCTIONS(UI, unsigned int)
REDUCTIONS(L, long)
REDUCTIONS(UL, unsigned long)
REDUCTIONS(F, float)
REDUCTIONS(D, double)
REDUCTIONS(LD, long double)
#undef REDUCTIONS
#undef REDUCE

/* ------------------------------------------------------------------------
 * Scoped events (GASP_C_FUNC, GASP_UPC_FORALL): the cleanup of a
 * block-scope variable raises END, and only if begin raised START, so that
 * a tool never sees an END without its START (a scope entered before
 * gasp_init, during static-data initialisation, stays silent).
 * ------------------------------------------------------------------------ */

upcri_gasp_scope_t upcri_gasp_scope_begin(unsigned int tag,
                                          const char *funcsig,
                                          upcr_srcpos_t pos) {
  upcri_gasp_scope_t s = {tag, funcsig, pos, 0};
  if (!UPCR_GASP_ACTIVE())
    return s;
  if (tag == GASP_C_FUNC)
    EVENT(tag, GASP_START, pos, (const char *)funcsig);
  else
    EVENT0(tag, GASP_START, pos);
  s.active = 1;
  return s;
}

void upcri_gasp_scope_end(upcri_gasp_scope_t *s) {
  if (!s->active || !UPCR_GASP_ACTIVE())
    return;
  if (s->tag == GASP_C_FUNC)
    EVENT(s->tag, GASP_END, s->pos, (const char *)s->funcsig);
  else
    EVENT0(s->tag, GASP_END, s->pos);
}

/* ------------------------------------------------------------------------
 * C memory allocation
 * ------------------------------------------------------------------------ */

void *upcr_gasp_c_malloc(size_t nbytes, upcr_srcpos_t pos) {
  if (!UPCR_GASP_ACTIVE())
    return malloc(nbytes);
  EVENT(GASP_C_MALLOC, GASP_START, pos, (size_t)nbytes);
  void *r = malloc(nbytes);
  EVENT(GASP_C_MALLOC, GASP_END, pos, (size_t)nbytes, (void *)r);
  return r;
}

void *upcr_gasp_c_realloc(void *ptr, size_t size, upcr_srcpos_t pos) {
  if (!UPCR_GASP_ACTIVE())
    return realloc(ptr, size);
  EVENT(GASP_C_REALLOC, GASP_START, pos, (void *)ptr, (size_t)size);
  /* END passes the old pointer's value, for the tool to match with earlier
   * events; it is kept as a number (the pointer itself is indeterminate
   * once freed), volatile so that the compiler does not see through it and
   * warn of a use after free. */
  volatile uintptr_t old = (uintptr_t)ptr;
  void *r = realloc(ptr, size);
  EVENT(GASP_C_REALLOC, GASP_END, pos, (void *)old, (size_t)size, (void *)r);
  return r;
}

void upcr_gasp_c_free(void *ptr, upcr_srcpos_t pos) {
  if (!UPCR_GASP_ACTIVE()) {
    free(ptr);
    return;
  }
  EVENT(GASP_C_FREE, GASP_START, pos, (void *)ptr);
  volatile uintptr_t old = (uintptr_t)ptr; /* as in upcr_gasp_c_realloc */
  free(ptr);
  EVENT(GASP_C_FREE, GASP_END, pos, (void *)old);
}
