/*
 * heap.c - the shared heap: upc_all_alloc, upc_global_alloc, upc_alloc,
 * upc_free, upc_all_free, and the memory of locks.
 *
 * Every segment holds, after the static data, a heap of UPC_SHARED_HEAP_SIZE
 * bytes: [heap_base, heap_end). Two kinds of allocation share it:
 *   symmetric (upc_all_alloc, upc_global_alloc): the same offset range on
 *     every thread, because a pointer-to-shared moves between threads
 *     without changing its offset row; taken from the bottom, up to sym_top;
 *   local (upc_alloc, locks): one thread's memory only; taken from the top
 *     of that thread's heap, down to local_bottom[t].
 * The two meet in the middle: a symmetric allocation may grow sym_top up to
 * the lowest local_bottom of all threads, a local one may grow down to
 * sym_top. Freed space is reused first-fit and coalesced with free
 * neighbours; freeing the extent at a region's edge gives it back to the
 * middle.
 *
 * The bookkeeping lives in process memory, outside the segments, so that no
 * stray store into shared data corrupts it and upc_free can tell exactly
 * which pointers an allocator returned. When several processes share the
 * heap (the MPI backend), each keeps a copy: under the heap lock a process
 * loads the newest packed image if another one changed it, and publishes
 * its own image after a change (backend.h).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "internal.h"

#define UPCRI_HEAP_ALIGN 16

typedef struct extent {
  uint64_t offset, size;
  unsigned char used;
  unsigned char lock; /* a lock object (upc_*lock_alloc) */
} extent_t;

/* Extents sorted by offset, covering one contiguous range without gaps. */
typedef struct region {
  extent_t *v;
  size_t n, cap;
} region_t;

static uint64_t heap_base, heap_end, sym_top;
static region_t sym;
static region_t *local;        /* by thread */
static uint64_t *local_bottom; /* by thread */

void upcri_heap_init(uint64_t base, uint64_t size) {
  heap_base = base;
  heap_end = base + size;
  sym_top = base;
  local = calloc((size_t)upcri_threads, sizeof *local);
  local_bottom = malloc((size_t)upcri_threads * sizeof *local_bottom);
  if (!local || !local_bottom)
    upcri_fatal("out of memory setting up the shared heap");
  for (int t = 0; t < upcri_threads; ++t)
    local_bottom[t] = heap_end;
}

static void region_reserve(region_t *r, size_t n) {
  if (n <= r->cap)
    return;
  size_t cap = r->cap ? r->cap : 16;
  while (cap < n)
    cap *= 2;
  extent_t *v = realloc(r->v, cap * sizeof *v);
  if (!v)
    upcri_fatal("out of memory in the shared heap's bookkeeping");
  r->v = v;
  r->cap = cap;
}

static void region_insert(region_t *r, size_t at, extent_t e) {
  region_reserve(r, r->n + 1);
  memmove(&r->v[at + 1], &r->v[at], (r->n - at) * sizeof *r->v);
  r->v[at] = e;
  ++r->n;
}

static void region_erase(region_t *r, size_t at) {
  memmove(&r->v[at], &r->v[at + 1], (r->n - at - 1) * sizeof *r->v);
  --r->n;
}

/* Index of the extent starting exactly at offset, or -1. */
static long region_find(const region_t *r, uint64_t offset) {
  size_t lo = 0, hi = r->n;
  while (lo < hi) {
    size_t mid = lo + (hi - lo) / 2;
    if (r->v[mid].offset < offset)
      lo = mid + 1;
    else
      hi = mid;
  }
  return lo < r->n && r->v[lo].offset == offset ? (long)lo : -1;
}

/* First free extent of at least size; splits off the rest. */
static int region_take_free(region_t *r, uint64_t size, int lock,
                            uint64_t *offset) {
  for (size_t i = 0; i < r->n; ++i) {
    extent_t *e = &r->v[i];
    if (e->used || e->size < size)
      continue;
    if (e->size > size) {
      extent_t rest = {e->offset + size, e->size - size, 0, 0};
      e->size = size;
      region_insert(r, i + 1, rest);
      e = &r->v[i];
    }
    e->used = 1;
    e->lock = (unsigned char)lock;
    *offset = e->offset;
    return 1;
  }
  return 0;
}

static uint64_t region_largest_free(const region_t *r) {
  uint64_t best = 0;
  for (size_t i = 0; i < r->n; ++i)
    if (!r->v[i].used && r->v[i].size > best)
      best = r->v[i].size;
  return best;
}

/* Marks extent i free and merges it with free neighbours. Returns the index
 * of the merged extent. */
static size_t region_release(region_t *r, size_t i) {
  r->v[i].used = 0;
  r->v[i].lock = 0;
  if (i + 1 < r->n && !r->v[i + 1].used) {
    r->v[i].size += r->v[i + 1].size;
    region_erase(r, i + 1);
  }
  if (i > 0 && !r->v[i - 1].used) {
    r->v[i - 1].size += r->v[i].size;
    region_erase(r, i);
    --i;
  }
  return i;
}

static uint64_t lowest_local_bottom(void) {
  uint64_t low = heap_end;
  for (int t = 0; t < upcri_threads; ++t)
    if (local_bottom[t] < low)
      low = local_bottom[t];
  return low;
}

/* Caller holds the heap lock. Returns 0 when the heap is exhausted. */
static uint64_t sym_alloc(uint64_t size) {
  uint64_t off;
  if (region_take_free(&sym, size, 0, &off))
    return off;
  if (lowest_local_bottom() - sym_top < size)
    return 0;
  extent_t e = {sym_top, size, 1, 0};
  region_insert(&sym, sym.n, e);
  sym_top += size;
  return e.offset;
}

static uint64_t sym_available(void) {
  uint64_t gap = lowest_local_bottom() - sym_top;
  uint64_t f = region_largest_free(&sym);
  return f > gap ? f : gap;
}

static uint64_t local_alloc(int t, uint64_t size, int lock) {
  uint64_t off;
  region_t *r = &local[t];
  if (region_take_free(r, size, lock, &off))
    return off;
  if (local_bottom[t] - sym_top < size)
    return 0;
  local_bottom[t] -= size;
  extent_t e = {local_bottom[t], size, 1, (unsigned char)lock};
  region_insert(r, 0, e);
  return e.offset;
}

static uint64_t local_available(int t) {
  uint64_t gap = local_bottom[t] - sym_top;
  uint64_t f = region_largest_free(&local[t]);
  return f > gap ? f : gap;
}

/* ------------------------------------------------------------------------
 * The packed image of the bookkeeping (processes that share the heap):
 * sym_top, the symmetric region, then each thread's local_bottom and
 * region; a region is its extent count, then (offset, size, flags) per
 * extent; all 64-bit words.
 * ------------------------------------------------------------------------ */

static uint64_t *image;
static size_t image_cap; /* in words */

static size_t pack_region(uint64_t *w, const region_t *r) {
  size_t k = 0;
  w[k++] = r->n;
  for (size_t i = 0; i < r->n; ++i) {
    w[k++] = r->v[i].offset;
    w[k++] = r->v[i].size;
    w[k++] = (uint64_t)r->v[i].used | (uint64_t)r->v[i].lock << 1;
  }
  return k;
}

/* Returns the image's size in bytes. */
static size_t pack_image(void) {
  size_t words = 1 + 1 + 3 * sym.n;
  for (int t = 0; t < upcri_threads; ++t)
    words += 2 + 3 * local[t].n;
  if (words > image_cap) {
    uint64_t *p = realloc(image, words * sizeof *image);
    if (!p)
      upcri_fatal("out of memory in the shared heap's bookkeeping");
    image = p;
    image_cap = words;
  }
  size_t k = 0;
  image[k++] = sym_top;
  k += pack_region(&image[k], &sym);
  for (int t = 0; t < upcri_threads; ++t) {
    image[k++] = local_bottom[t];
    k += pack_region(&image[k], &local[t]);
  }
  return k * sizeof *image;
}

static size_t unpack_region(const uint64_t *w, region_t *r) {
  size_t k = 0, n = (size_t)w[k++];
  region_reserve(r, n);
  r->n = n;
  for (size_t i = 0; i < n; ++i) {
    r->v[i].offset = w[k++];
    r->v[i].size = w[k++];
    r->v[i].used = (unsigned char)(w[k] & 1);
    r->v[i].lock = (unsigned char)(w[k++] >> 1 & 1);
  }
  return k;
}

static void unpack_image(const void *bytes) {
  const uint64_t *w = bytes;
  size_t k = 0;
  sym_top = w[k++];
  k += unpack_region(&w[k], &sym);
  for (int t = 0; t < upcri_threads; ++t) {
    local_bottom[t] = w[k++];
    k += unpack_region(&w[k], &local[t]);
  }
}

/* Takes the heap lock with a current copy of the bookkeeping. */
static void heap_enter(void) {
  size_t size;
  const void *newest = upcrb_heap_lock(&size);
  if (newest)
    unpack_image(newest);
}

/* Releases it; changed: the bookkeeping was modified. Fails (with the lock
 * released) when the image is too large for the backend. */
static void heap_leave(int changed, const char *call, upcr_srcpos_t pos) {
  if (!changed || !upcrb_heap_distributed()) {
    upcrb_heap_unlock(NULL, 0);
    return;
  }
  size_t size = pack_image();
  if (upcrb_heap_unlock(image, size) != 0) {
    char need[64], cap[64];
    upcri_format_size(need, sizeof need, size);
    upcri_format_size(cap, sizeof cap, upcrb_heap_capacity());
    upcri_error(pos, "%s: too many shared heap allocations: their "
                     "bookkeeping needs %s, more than the %s "
                     "UPC_MPI_HEAP_BOOKKEEPING allows",
                call, need, cap);
  }
}

static uint64_t round_size(uint64_t n) {
  return (n + UPCRI_HEAP_ALIGN - 1) / UPCRI_HEAP_ALIGN * UPCRI_HEAP_ALIGN;
}

static UPCR_NORETURN void exhausted(upcr_srcpos_t pos, const char *call,
                                    const char *where, uint64_t need,
                                    uint64_t avail) {
  char n[64], a[64], h[64];
  upcri_format_size(n, sizeof n, need);
  upcri_format_size(a, sizeof a, avail);
  upcri_format_size(h, sizeof h, heap_end - heap_base);
  if (!strcmp(n, a)) {
    /* Rounded alike: say it in bytes. */
    snprintf(n, sizeof n, "%llu bytes", (unsigned long long)need);
    snprintf(a, sizeof a, "%llu bytes", (unsigned long long)avail);
  }
  upcri_error(pos, "%s: shared heap exhausted: needs %s %s, the largest free "
                   "block is %s (the heap of each thread is %s; raise it with "
                   "UPC_SHARED_HEAP_SIZE or upcrun -shared-heap)",
              call, n, where, a, h);
}

/* upc_global_alloc's layout, shared by upc_all_alloc: blocks round-robin
 * from thread 0, ceil(nblocks / THREADS) of them on every thread. */
static upcr_shared_ptr_t symmetric_alloc(size_t nblocks, size_t nbytes,
                                         const char *name,
                                         upcr_srcpos_t pos) {
  char call[96];
  snprintf(call, sizeof call, "%s(%zu, %zu)", name, nblocks, nbytes);
  if (nblocks == 0 || nbytes == 0)
    return UPCR_NULL_SHARED;
  uint64_t t = (uint64_t)upcri_threads, per_thread;
  /* ceil(nblocks / t), without overflowing for huge nblocks */
  uint64_t blocks = (uint64_t)nblocks / t + ((uint64_t)nblocks % t != 0);
  if (__builtin_mul_overflow(blocks, (uint64_t)nbytes, &per_thread) ||
      per_thread > UINT64_MAX - UPCRI_HEAP_ALIGN)
    upcri_error(pos, "%s: the requested size overflows", call);
  uint64_t size = round_size(per_thread);
  heap_enter();
  uint64_t off = sym_alloc(size);
  uint64_t avail = off ? 0 : sym_available();
  heap_leave(off != 0, call, pos);
  if (!off)
    exhausted(pos, call, "per thread", size, avail);
  upcr_shared_ptr_t p = {off, 0, 0};
  return p;
}

static upcr_shared_ptr_t thread_alloc(size_t nbytes, int lock,
                                      const char *call, upcr_srcpos_t pos) {
  if (nbytes == 0)
    return UPCR_NULL_SHARED;
  if (nbytes > UINT64_MAX - UPCRI_HEAP_ALIGN)
    upcri_error(pos, "%s: the requested size overflows", call);
  int me = upcri_mythread;
  uint64_t size = round_size(nbytes);
  heap_enter();
  uint64_t off = local_alloc(me, size, lock);
  uint64_t avail = off ? 0 : local_available(me);
  heap_leave(off != 0, call, pos);
  if (!off) {
    char where[48];
    snprintf(where, sizeof where, "on thread %d", me);
    exhausted(pos, call, where, size, avail);
  }
  upcr_shared_ptr_t p = {off, (upcr_thread_t)me, 0};
  return p;
}

/* Frees ptr if an allocator returned it; `lock` says which kind the caller
 * expects. Errors name `what`. */
static void free_pointer(upcr_shared_ptr_t ptr, int lock, const char *what,
                         upcr_srcpos_t pos) {
  if (upcr_isnull_shared(ptr))
    return;
  const char *problem = NULL;
  heap_enter();
  if ((int)ptr.thread >= upcri_threads) {
    problem = "has affinity to no thread";
  } else if (ptr.offset >= heap_base && ptr.offset < sym_top) {
    long i = region_find(&sym, ptr.offset);
    if (i < 0 || ptr.thread != 0 || ptr.phase != 0 || !sym.v[i].used)
      problem = i >= 0 && !sym.v[i].used ? "was already freed"
                                         : "was not returned by an allocator";
    else if (lock)
      problem = "is not a lock";
    else {
      size_t j = region_release(&sym, (size_t)i);
      if (j + 1 == sym.n) { /* the top extent goes back to the middle */
        sym_top = sym.v[j].offset;
        region_erase(&sym, j);
      }
    }
  } else if (ptr.offset >= local_bottom[ptr.thread] && ptr.offset < heap_end) {
    region_t *r = &local[ptr.thread];
    long i = region_find(r, ptr.offset);
    if (i < 0 || ptr.phase != 0 || !r->v[i].used)
      problem = i >= 0 && !r->v[i].used ? "was already freed"
                                        : "was not returned by an allocator";
    else if (lock && !r->v[i].lock)
      problem = "is not a lock";
    else if (!lock && r->v[i].lock)
      problem = "is a lock (free it with upc_lock_free)";
    else {
      size_t j = region_release(r, (size_t)i);
      if (j == 0) { /* the bottom extent goes back to the middle */
        local_bottom[ptr.thread] = r->v[0].offset + r->v[0].size;
        region_erase(r, 0);
      }
    }
  } else {
    problem = "was not returned by an allocator";
  }
  heap_leave(problem == NULL, what, pos);
  if (problem)
    upcri_error(pos, "%s: the pointer (thread %u, offset %llu, phase %u) %s",
                what, (unsigned)ptr.thread, (unsigned long long)ptr.offset,
                (unsigned)ptr.phase, problem);
}

/* ------------------------------------------------------------------------
 * Passing thread 0's result to everyone (collective allocations)
 * ------------------------------------------------------------------------ */

static __thread unsigned broadcast_seq;

upcr_shared_ptr_t upcri_broadcast_ptr(upcr_shared_ptr_t value,
                                      const char *what, int id,
                                      upcr_srcpos_t pos) {
  unsigned parity = broadcast_seq++ & 1;
  upcr_offset_t slot = upcri_internal_offset +
                       offsetof(upcri_internal_area_t, result) +
                       parity * sizeof(upcr_shared_ptr_t);
  if (upcri_mythread == 0)
    for (int t = 0; t < upcri_threads; ++t)
      upcri_put_bytes((upcr_thread_t)t, slot, &value, sizeof value);
  upcri_sync(what, id, pos);
  upcr_shared_ptr_t r;
  upcri_get_bytes(&r, (upcr_thread_t)upcri_mythread, slot, sizeof r);
  return r;
}

/* ------------------------------------------------------------------------
 * Entry points
 * ------------------------------------------------------------------------ */

upcr_shared_ptr_t upcr_global_alloc(size_t nblocks, size_t nbytes,
                                    upcr_srcpos_t pos) {
  return symmetric_alloc(nblocks, nbytes, "upc_global_alloc", pos);
}

upcr_shared_ptr_t upcr_all_alloc(size_t nblocks, size_t nbytes,
                                 upcr_srcpos_t pos) {
  upcr_shared_ptr_t p = UPCR_NULL_SHARED;
  if (upcri_mythread == 0)
    p = symmetric_alloc(nblocks, nbytes, "upc_all_alloc", pos);
  return upcri_broadcast_ptr(p, "upc_all_alloc", UPCRI_ID_ALL_ALLOC, pos);
}

upcr_shared_ptr_t upcr_alloc(size_t nbytes, upcr_srcpos_t pos) {
  char call[64];
  snprintf(call, sizeof call, "upc_alloc(%zu)", nbytes);
  return thread_alloc(nbytes, 0, call, pos);
}

void upcr_free(upcr_shared_ptr_t ptr, upcr_srcpos_t pos) {
  free_pointer(ptr, 0, "upc_free", pos);
}

void upcr_all_free(upcr_shared_ptr_t ptr, upcr_srcpos_t pos) {
  if (upcr_isnull_shared(ptr))
    return;
  /* Every thread has stopped using the memory once all are here. */
  upcri_sync("upc_all_free", UPCRI_ID_ALL_FREE, pos);
  if (upcri_mythread == 0)
    free_pointer(ptr, 0, "upc_all_free", pos);
}

upcr_shared_ptr_t upcri_alloc_lock_object(size_t nbytes, const char *what,
                                          upcr_srcpos_t pos) {
  return thread_alloc(nbytes, 1, what, pos);
}

void upcri_free_lock_object(upcr_shared_ptr_t ptr, const char *what,
                            upcr_srcpos_t pos) {
  free_pointer(ptr, 1, what, pos);
}
