/*
 * static.c - static shared data (Berkeley's static-data design): the proxies
 * of shared variables, laid out once at start-up, and array initializers.
 *
 * Layout: offset 0 of every segment is reserved (the null pointer-to-shared);
 * objects follow at 16-byte aligned offsets, the same on every thread
 * (symmetric), each taking ceil(blocks / THREADS) blocks on every thread.
 * Blocks are dealt round-robin from thread 0, so the proxy is
 * {offset, thread 0, phase 0}.
 */
#include <stdlib.h>
#include <string.h>

#include "internal.h"

#define UPCRI_STATIC_ALIGN 16
#define UPCRI_RESERVED_BYTES 16

uint64_t upcri_static_size = UPCRI_RESERVED_BYTES;

/* Proxy address -> its allocation: a proxy listed by several files (a
 * tentative definition in a shared header) is the same object. Open
 * addressing, filled by the layout pass, read-only afterwards. */
typedef struct static_entry {
  const void *proxy;
  upcr_offset_t offset;
  uint64_t bytes;
  const char *name;
} static_entry_t;

static static_entry_t *table;
static size_t table_cap, table_used;
static int in_layout;

static size_t slot_of(const void *proxy) {
  uintptr_t h = (uintptr_t)proxy;
  h ^= h >> 17;
  h *= (uintptr_t)0x9e3779b97f4a7c15ull;
  return (size_t)(h ^ (h >> 29)) & (table_cap - 1);
}

static static_entry_t *lookup(const void *proxy) {
  if (!table_cap)
    return NULL;
  for (size_t i = slot_of(proxy);; i = (i + 1) & (table_cap - 1)) {
    if (table[i].proxy == proxy)
      return &table[i];
    if (!table[i].proxy)
      return NULL;
  }
}

static void place(const static_entry_t *e) {
  size_t i = slot_of(e->proxy);
  while (table[i].proxy)
    i = (i + 1) & (table_cap - 1);
  table[i] = *e;
}

static void insert(const static_entry_t *e) {
  if ((table_used + 1) * 2 > table_cap) {
    static_entry_t *old = table;
    size_t old_cap = table_cap;
    table_cap = table_cap ? table_cap * 2 : 64;
    table = calloc(table_cap, sizeof *table);
    if (!table)
      upcri_fatal("out of memory laying out static shared data");
    for (size_t i = 0; i < old_cap; ++i)
      if (old[i].proxy)
        place(&old[i]);
    free(old);
  }
  place(e);
  ++table_used;
}

void upcri_static_begin_layout(void) { in_layout = 1; }
void upcri_static_end_layout(void) { in_layout = 0; }

upcr_offset_t upcri_static_reserve(size_t bytes_per_thread) {
  upcr_offset_t offset = (upcri_static_size + UPCRI_STATIC_ALIGN - 1) /
                         UPCRI_STATIC_ALIGN * UPCRI_STATIC_ALIGN;
  /* Zero-sized objects still get their own address. */
  uint64_t bytes = bytes_per_thread ? bytes_per_thread : 1;
  if (offset + bytes < offset)
    upcri_fatal("static shared data does not fit in the address space");
  upcri_static_size = offset + bytes;
  return offset;
}

/* Bytes every thread holds of an object of numblocks (times THREADS)
 * blocks of blockbytes. */
static uint64_t bytes_per_thread(size_t blockbytes, size_t numblocks,
                                 int mult_by_threads, const char *name) {
  uint64_t blocks = numblocks, bytes;
  uint64_t t = (uint64_t)upcri_threads;
  if (mult_by_threads && __builtin_mul_overflow(blocks, t, &blocks))
    goto overflow;
  if (__builtin_mul_overflow((blocks + t - 1) / t, (uint64_t)blockbytes,
                             &bytes))
    goto overflow;
  return bytes;
overflow:
  upcri_fatal("static shared variable %s is too large for %d threads",
              name ? name : "(unnamed)", upcri_threads);
}

static void allocate(const void *proxy_addr, size_t blockbytes,
                     size_t numblocks, int mult_by_threads, const char *name,
                     upcr_offset_t *offset_out) {
  uint64_t bytes =
      bytes_per_thread(blockbytes, numblocks, mult_by_threads, name);
  static_entry_t *e = lookup(proxy_addr);
  if (in_layout) {
    if (e) {
      /* The same variable listed again (tentative definitions). */
      if (e->bytes != bytes)
        upcri_fatal("static shared variable %s is allocated twice with "
                    "different sizes (%llu and %llu bytes per thread)",
                    name ? name : "(unnamed)", (unsigned long long)e->bytes,
                    (unsigned long long)bytes);
      *offset_out = e->offset;
      return;
    }
    static_entry_t n = {proxy_addr, upcri_static_reserve(bytes), bytes, name};
    insert(&n);
    *offset_out = n.offset;
    return;
  }
  /* A UPC thread's own pass: the layout is fixed; only check it. */
  if (!e || e->bytes != bytes)
    upcri_fatal("thread %d allocates static shared variable %s differently "
                "from start-up (the ALLOC functions must do the same on every "
                "thread)",
                upcri_mythread, name ? name : "(unnamed)");
  *offset_out = e->offset;
}

/* Both proxy types are {offset, thread, phase-or-0}: a proxy is set through
 * its bytes, whichever it is. */
_Static_assert(sizeof(upcr_shared_ptr_t) == sizeof(upcr_pshared_ptr_t) &&
                   offsetof(upcr_shared_ptr_t, thread) ==
                       offsetof(upcr_pshared_ptr_t, thread),
               "the two pointer-to-shared types share one layout");

static void startup_alloc(void *proxy, size_t blockbytes, size_t numblocks,
                          int mult_by_threads, const char *name) {
  upcr_offset_t off;
  allocate(proxy, blockbytes, numblocks, mult_by_threads, name, &off);
  /* Proxies are process-wide variables: only the layout pass writes them
   * (every later pass would store the same value, racing). */
  if (in_layout) {
    upcr_shared_ptr_t p = {off, 0, 0};
    memcpy(proxy, &p, sizeof p);
  }
}

void upcr_startup_shalloc(upcr_startup_shalloc_t *infos, size_t count) {
  for (size_t i = 0; i < count; ++i)
    startup_alloc(infos[i].sptr_addr, infos[i].blockbytes, infos[i].numblocks,
                  infos[i].mult_by_threads, infos[i].namestr);
}

void upcr_startup_pshalloc(upcr_startup_pshalloc_t *infos, size_t count) {
  for (size_t i = 0; i < count; ++i)
    startup_alloc(infos[i].psptr_addr, infos[i].blockbytes,
                  infos[i].numblocks, infos[i].mult_by_threads,
                  infos[i].namestr);
}

/* ------------------------------------------------------------------------
 * Array initializers
 * ------------------------------------------------------------------------ */

#define UPCRI_MAX_DIMS 64

static void init_array(upcr_shared_ptr_t dst, const void *src,
                       const upcr_startup_arrayinit_diminfo_t *diminfos,
                       size_t dimcount, size_t elembytes, size_t blockelems,
                       int phaseless) {
  if (dimcount == 0 || dimcount > UPCRI_MAX_DIMS)
    upcri_fatal("upcr_startup_initarray: %zu dimensions", dimcount);
  /* Strides of the shared array (row-major, in elements). */
  uint64_t stride[UPCRI_MAX_DIMS], init_count = 1;
  uint64_t s = 1;
  for (size_t d = dimcount; d-- > 0;) {
    uint64_t total = diminfos[d].total_elems;
    if (diminfos[d].mult_by_threads)
      total *= (uint64_t)upcri_threads;
    if (diminfos[d].init_elems > total)
      upcri_fatal("upcr_startup_initarray: dimension %zu has an initializer "
                  "of %zu elements for %llu elements",
                  d, diminfos[d].init_elems, (unsigned long long)total);
    stride[d] = s;
    s *= total;
    init_count *= diminfos[d].init_elems;
  }
  if (init_count == 0)
    return;
  const char *from = src;
  char *base = upcri_segment_base[upcri_mythread];
  size_t idx[UPCRI_MAX_DIMS] = {0};
  for (uint64_t n = 0; n < init_count; ++n) {
    /* n is the element's index in the initializer (row-major); find its
     * index in the shared array. */
    uint64_t linear = 0;
    for (size_t d = 0; d < dimcount; ++d)
      linear += idx[d] * stride[d];
    upcr_thread_t thread;
    upcr_offset_t offset;
    if (blockelems == 0) {
      thread = dst.thread;
      offset = dst.offset + linear * elembytes;
    } else if (phaseless) {
      upcr_pshared_ptr_t p =
          upcr_add_pshared1(upcr_shared_to_pshared(dst), elembytes,
                            (ptrdiff_t)linear);
      thread = p.thread;
      offset = p.offset;
    } else {
      upcr_shared_ptr_t p =
          upcr_add_shared(dst, elembytes, (ptrdiff_t)linear, blockelems);
      thread = p.thread;
      offset = p.offset;
    }
    if ((int)thread == upcri_mythread)
      memcpy(base + offset, from + n * elembytes, elembytes);
    /* Next initializer index. */
    for (size_t d = dimcount; d-- > 0;) {
      if (++idx[d] < diminfos[d].init_elems)
        break;
      idx[d] = 0;
    }
  }
}

void upcr_startup_initarray(upcr_shared_ptr_t dst, const void *src,
                            const upcr_startup_arrayinit_diminfo_t *diminfos,
                            size_t dimcount, size_t elembytes,
                            size_t blockelems) {
  init_array(dst, src, diminfos, dimcount, elembytes, blockelems, 0);
}

void upcr_startup_initparray(upcr_pshared_ptr_t dst, const void *src,
                             const upcr_startup_arrayinit_diminfo_t *diminfos,
                             size_t dimcount, size_t elembytes,
                             size_t blockelems) {
  if (blockelems > 1)
    upcri_fatal("upcr_startup_initparray: block size %zu (a phaseless "
                "pointer has block size 1 or indefinite)", blockelems);
  init_array(upcr_pshared_to_shared(dst), src, diminfos, dimcount, elembytes,
             blockelems, 1);
}
