/*
 * vis.c - Berkeley UPC's non-contiguous transfers (VIS, bupc_extensions.h):
 * bupc_mem{cpy,put,get}_{vlist,ilist,fstrided,strided} and their _async
 * forms.
 *
 * Each side of a transfer (destination, source) is a sequence of regions,
 * private (an address) or shared (a thread and an offset in its segment: a
 * region's shared memory lies with one thread, addressed as a shared []
 * char array). The bytes of the source regions, in order, go to the
 * destination regions, in order; both sides hold the same number of bytes.
 * Everything is checked before the first byte moves (sizes, ranges, null
 * addresses), so that an error leaves the destination untouched. Then each
 * piece (the overlap of the current destination and source regions) is
 * copied with memcpy when the segment is addressable, else with the
 * backend's get or put, as upc_memget/upc_memput do.
 *
 * The _async forms complete the transfer before they return and give
 * BUPC_COMPLETE_HANDLE, which bupc_waitsync accepts (the proposal allows a
 * transfer to be complete at its start).
 */
#include <stdio.h>
#include <string.h>

#include "bupc_extensions.h"
#include "internal.h"

/* One region: len bytes at addr (private) or at (thread, offset). */
typedef struct vis_region {
  char *addr;
  upcr_thread_t thread;
  upcr_offset_t offset;
  size_t len;
} vis_region_t;

enum vis_form { VIS_SVEC, VIS_PVEC, VIS_SADDR, VIS_PADDR, VIS_FSTRIDED,
                VIS_STRIDED };

/* One side of a transfer: how its regions are described. */
typedef struct vis_side {
  enum vis_form form;
  int shared;   /* regions in shared memory */
  size_t count; /* number of regions */
  /* _vlist */
  const struct bupc_smemvec_S *svec;
  const struct bupc_pmemvec_S *pvec;
  /* _ilist */
  const upcr_shared_ptr_t *saddr;
  const void *const *paddr;
  size_t len; /* _ilist, _fstrided: bytes of every region */
  /* _fstrided, _strided: the first byte */
  upcr_shared_ptr_t sbase;
  const char *pbase;
  size_t stride;          /* _fstrided */
  const size_t *strides;  /* _strided: strides[stridelevels] */
  const size_t *counts;   /* _strided: count[stridelevels + 1] */
  size_t levels;
} vis_side_t;

/* Region i of a side (i < count). */
static vis_region_t region(const vis_side_t *s, size_t i) {
  vis_region_t r = {0, 0, 0, 0};
  switch (s->form) {
  case VIS_SVEC:
    r.thread = s->svec[i].addr.thread;
    r.offset = s->svec[i].addr.offset;
    r.len = s->svec[i].len;
    break;
  case VIS_PVEC:
    r.addr = (char *)s->pvec[i].addr;
    r.len = s->pvec[i].len;
    break;
  case VIS_SADDR:
    r.thread = s->saddr[i].thread;
    r.offset = s->saddr[i].offset;
    r.len = s->len;
    break;
  case VIS_PADDR:
    r.addr = (char *)(uintptr_t)s->paddr[i];
    r.len = s->len;
    break;
  case VIS_FSTRIDED:
  case VIS_STRIDED: {
    size_t at;
    if (s->form == VIS_FSTRIDED) {
      at = i * s->stride;
      r.len = s->len;
    } else {
      /* Chunk i in mixed radix: level 1 varies fastest. */
      at = 0;
      for (size_t l = 1; l <= s->levels; ++l) {
        at += i % s->counts[l] * s->strides[l - 1];
        i /= s->counts[l];
      }
      r.len = s->counts[0];
    }
    if (s->shared) {
      r.thread = s->sbase.thread;
      r.offset = s->sbase.offset + at;
    } else {
      r.addr = (char *)(uintptr_t)s->pbase + at;
    }
    break;
  }
  }
  return r;
}

static size_t checked_mul(size_t a, size_t b, const char *what,
                          upcr_srcpos_t pos) {
  size_t r;
  if (__builtin_mul_overflow(a, b, &r))
    upcri_error(pos, "%s: the transfer's size overflows", what);
  return r;
}

static size_t checked_add(size_t a, size_t b, const char *what,
                          upcr_srcpos_t pos) {
  size_t r;
  if (__builtin_add_overflow(a, b, &r))
    upcri_error(pos, "%s: the transfer's size overflows", what);
  return r;
}

/* The bytes a side holds, after checking every region: inside its
 * thread's segment (shared), not at a null address (private). */
static size_t check_side(const vis_side_t *s, const char *side,
                         const char *what, upcr_srcpos_t pos) {
  char label[96];
  if (s->form == VIS_FSTRIDED || s->form == VIS_STRIDED) {
    /* One region of memory holds every chunk: check its extent once. */
    size_t total, extent;
    if (s->form == VIS_FSTRIDED) {
      total = checked_mul(s->len, s->count, what, pos);
      extent = s->count == 0 || s->len == 0
                   ? 0
                   : checked_add(checked_mul(s->count - 1, s->stride, what,
                                             pos),
                                 s->len, what, pos);
    } else {
      total = s->counts[0];
      extent = s->counts[0];
      for (size_t l = 1; l <= s->levels; ++l) {
        total = checked_mul(total, s->counts[l], what, pos);
        if (s->counts[l] > 0)
          extent = checked_add(extent,
                               checked_mul(s->counts[l] - 1,
                                           s->strides[l - 1], what, pos),
                               what, pos);
      }
    }
    if (total == 0)
      return 0;
    snprintf(label, sizeof label, "%s (the %s)", what, side);
    if (s->shared)
      upcri_check_range(s->sbase.thread, s->sbase.offset, extent, label,
                        pos);
    else if (!s->pbase)
      upcri_error(pos, "%s: null %s address", what, side);
    return total;
  }
  size_t total = 0;
  for (size_t i = 0; i < s->count; ++i) {
    vis_region_t r = region(s, i);
    if (r.len == 0)
      continue;
    total = checked_add(total, r.len, what, pos);
    if (s->shared) {
      snprintf(label, sizeof label, "%s (%s region %zu)", what, side, i);
      upcri_check_range(r.thread, r.offset, r.len, label, pos);
    } else if (!r.addr) {
      upcri_error(pos, "%s: %s region %zu has a null address", what, side, i);
    }
  }
  return total;
}

static void transfer(const vis_side_t *dst, const vis_side_t *src,
                     const char *what, upcr_srcpos_t pos) {
  size_t dbytes = check_side(dst, "destination", what, pos);
  size_t sbytes = check_side(src, "source", what, pos);
  if (dbytes != sbytes)
    upcri_error(pos, "%s: the destination holds %zu bytes but the source "
                "%zu: both sides must hold the same number", what, dbytes,
                sbytes);
  vis_region_t d = {0, 0, 0, 0}, s = {0, 0, 0, 0};
  size_t di = 0, si = 0;
  for (size_t left = dbytes; left > 0;) {
    while (d.len == 0)
      d = region(dst, di++);
    while (s.len == 0)
      s = region(src, si++);
    size_t n = d.len < s.len ? d.len : s.len;
    if (dst->shared && src->shared)
      upcri_copy_bytes(d.thread, d.offset, s.thread, s.offset, n);
    else if (dst->shared)
      upcri_put_bytes(d.thread, d.offset, s.addr, n);
    else if (src->shared)
      upcri_get_bytes(d.addr, s.thread, s.offset, n);
    else
      memcpy(d.addr, s.addr, n);
    if (dst->shared)
      d.offset += n;
    else
      d.addr += n;
    if (src->shared)
      s.offset += n;
    else
      s.addr += n;
    d.len -= n;
    s.len -= n;
    left -= n;
  }
}

/* ---- the sides of each form ---------------------------------------------- */

static vis_side_t svec(size_t count, const struct bupc_smemvec_S *list) {
  vis_side_t s = {.form = VIS_SVEC, .shared = 1, .count = count,
                  .svec = list};
  return s;
}

static vis_side_t pvec(size_t count, const struct bupc_pmemvec_S *list) {
  vis_side_t s = {.form = VIS_PVEC, .count = count, .pvec = list};
  return s;
}

static vis_side_t saddr(size_t count, const upcr_shared_ptr_t *list,
                        size_t len) {
  vis_side_t s = {.form = VIS_SADDR, .shared = 1, .count = count,
                  .saddr = list, .len = len};
  return s;
}

static vis_side_t paddr(size_t count, const void *const *list, size_t len) {
  vis_side_t s = {.form = VIS_PADDR, .count = count, .paddr = list,
                  .len = len};
  return s;
}

static vis_side_t sfstrided(upcr_shared_ptr_t base, size_t len, size_t stride,
                            size_t count) {
  vis_side_t s = {.form = VIS_FSTRIDED, .shared = 1, .count = count,
                  .sbase = base, .len = len, .stride = stride};
  return s;
}

static vis_side_t pfstrided(const void *base, size_t len, size_t stride,
                            size_t count) {
  vis_side_t s = {.form = VIS_FSTRIDED, .count = count, .pbase = base,
                  .len = len, .stride = stride};
  return s;
}

/* A _strided side; count is shared by both sides. */
static vis_side_t strided(int shared, upcr_shared_ptr_t sbase,
                          const void *pbase, const size_t *strides,
                          const size_t *count, size_t levels,
                          const char *what, upcr_srcpos_t pos) {
  if (!count || (levels > 0 && !strides))
    upcri_error(pos, "%s: null %s array", what, count ? "strides" : "count");
  vis_side_t s = {.form = VIS_STRIDED, .shared = shared, .sbase = sbase,
                  .pbase = pbase, .strides = strides, .counts = count,
                  .levels = levels};
  size_t chunks = 1;
  for (size_t l = 1; l <= levels; ++l)
    chunks = checked_mul(chunks, count[l], what, pos);
  s.count = chunks;
  return s;
}

static void check_list(const void *list, size_t count, const char *side,
                       const char *what, upcr_srcpos_t pos) {
  if (count > 0 && !list)
    upcri_error(pos, "%s: null %s list of %zu entries", what, side, count);
}

/* ---- _vlist --------------------------------------------------------------- */

void upcr_bupc_memcpy_vlist(size_t dstcount,
                            const struct bupc_smemvec_S *dstlist,
                            size_t srccount,
                            const struct bupc_smemvec_S *srclist,
                            upcr_srcpos_t pos) {
  const char *what = "bupc_memcpy_vlist";
  check_list(dstlist, dstcount, "destination", what, pos);
  check_list(srclist, srccount, "source", what, pos);
  vis_side_t d = svec(dstcount, dstlist), s = svec(srccount, srclist);
  transfer(&d, &s, what, pos);
}

void upcr_bupc_memput_vlist(size_t dstcount,
                            const struct bupc_smemvec_S *dstlist,
                            size_t srccount,
                            const struct bupc_pmemvec_S *srclist,
                            upcr_srcpos_t pos) {
  const char *what = "bupc_memput_vlist";
  check_list(dstlist, dstcount, "destination", what, pos);
  check_list(srclist, srccount, "source", what, pos);
  vis_side_t d = svec(dstcount, dstlist), s = pvec(srccount, srclist);
  transfer(&d, &s, what, pos);
}

void upcr_bupc_memget_vlist(size_t dstcount,
                            const struct bupc_pmemvec_S *dstlist,
                            size_t srccount,
                            const struct bupc_smemvec_S *srclist,
                            upcr_srcpos_t pos) {
  const char *what = "bupc_memget_vlist";
  check_list(dstlist, dstcount, "destination", what, pos);
  check_list(srclist, srccount, "source", what, pos);
  vis_side_t d = pvec(dstcount, dstlist), s = svec(srccount, srclist);
  transfer(&d, &s, what, pos);
}

/* ---- _ilist --------------------------------------------------------------- */

void upcr_bupc_memcpy_ilist(size_t dstcount, const upcr_shared_ptr_t *dstlist,
                            size_t dstlen, size_t srccount,
                            const upcr_shared_ptr_t *srclist, size_t srclen,
                            upcr_srcpos_t pos) {
  const char *what = "bupc_memcpy_ilist";
  check_list(dstlist, dstcount, "destination", what, pos);
  check_list(srclist, srccount, "source", what, pos);
  vis_side_t d = saddr(dstcount, dstlist, dstlen);
  vis_side_t s = saddr(srccount, srclist, srclen);
  transfer(&d, &s, what, pos);
}

void upcr_bupc_memput_ilist(size_t dstcount, const upcr_shared_ptr_t *dstlist,
                            size_t dstlen, size_t srccount,
                            const void *const *srclist, size_t srclen,
                            upcr_srcpos_t pos) {
  const char *what = "bupc_memput_ilist";
  check_list(dstlist, dstcount, "destination", what, pos);
  check_list(srclist, srccount, "source", what, pos);
  vis_side_t d = saddr(dstcount, dstlist, dstlen);
  vis_side_t s = paddr(srccount, srclist, srclen);
  transfer(&d, &s, what, pos);
}

void upcr_bupc_memget_ilist(size_t dstcount, void *const *dstlist,
                            size_t dstlen, size_t srccount,
                            const upcr_shared_ptr_t *srclist, size_t srclen,
                            upcr_srcpos_t pos) {
  const char *what = "bupc_memget_ilist";
  check_list(dstlist, dstcount, "destination", what, pos);
  check_list(srclist, srccount, "source", what, pos);
  vis_side_t d = paddr(dstcount, (const void *const *)dstlist, dstlen);
  vis_side_t s = saddr(srccount, srclist, srclen);
  transfer(&d, &s, what, pos);
}

/* ---- _fstrided ------------------------------------------------------------ */

void upcr_bupc_memcpy_fstrided(upcr_shared_ptr_t dstaddr, size_t dstchunklen,
                               size_t dstchunkstride, size_t dstchunkcount,
                               upcr_shared_ptr_t srcaddr, size_t srcchunklen,
                               size_t srcchunkstride, size_t srcchunkcount,
                               upcr_srcpos_t pos) {
  vis_side_t d = sfstrided(dstaddr, dstchunklen, dstchunkstride,
                           dstchunkcount);
  vis_side_t s = sfstrided(srcaddr, srcchunklen, srcchunkstride,
                           srcchunkcount);
  transfer(&d, &s, "bupc_memcpy_fstrided", pos);
}

void upcr_bupc_memput_fstrided(upcr_shared_ptr_t dstaddr, size_t dstchunklen,
                               size_t dstchunkstride, size_t dstchunkcount,
                               const void *srcaddr, size_t srcchunklen,
                               size_t srcchunkstride, size_t srcchunkcount,
                               upcr_srcpos_t pos) {
  vis_side_t d = sfstrided(dstaddr, dstchunklen, dstchunkstride,
                           dstchunkcount);
  vis_side_t s = pfstrided(srcaddr, srcchunklen, srcchunkstride,
                           srcchunkcount);
  transfer(&d, &s, "bupc_memput_fstrided", pos);
}

void upcr_bupc_memget_fstrided(void *dstaddr, size_t dstchunklen,
                               size_t dstchunkstride, size_t dstchunkcount,
                               upcr_shared_ptr_t srcaddr, size_t srcchunklen,
                               size_t srcchunkstride, size_t srcchunkcount,
                               upcr_srcpos_t pos) {
  vis_side_t d = pfstrided(dstaddr, dstchunklen, dstchunkstride,
                           dstchunkcount);
  vis_side_t s = sfstrided(srcaddr, srcchunklen, srcchunkstride,
                           srcchunkcount);
  transfer(&d, &s, "bupc_memget_fstrided", pos);
}

/* ---- _strided ------------------------------------------------------------- */

void upcr_bupc_memcpy_strided(upcr_shared_ptr_t dstaddr,
                              const size_t *dststrides,
                              upcr_shared_ptr_t srcaddr,
                              const size_t *srcstrides, const size_t *count,
                              size_t stridelevels, upcr_srcpos_t pos) {
  const char *what = "bupc_memcpy_strided";
  vis_side_t d = strided(1, dstaddr, NULL, dststrides, count, stridelevels,
                         what, pos);
  vis_side_t s = strided(1, srcaddr, NULL, srcstrides, count, stridelevels,
                         what, pos);
  transfer(&d, &s, what, pos);
}

void upcr_bupc_memput_strided(upcr_shared_ptr_t dstaddr,
                              const size_t *dststrides, const void *srcaddr,
                              const size_t *srcstrides, const size_t *count,
                              size_t stridelevels, upcr_srcpos_t pos) {
  const char *what = "bupc_memput_strided";
  vis_side_t d = strided(1, dstaddr, NULL, dststrides, count, stridelevels,
                         what, pos);
  vis_side_t s = strided(0, UPCR_NULL_SHARED, srcaddr, srcstrides, count,
                         stridelevels, what, pos);
  transfer(&d, &s, what, pos);
}

void upcr_bupc_memget_strided(void *dstaddr, const size_t *dststrides,
                              upcr_shared_ptr_t srcaddr,
                              const size_t *srcstrides, const size_t *count,
                              size_t stridelevels, upcr_srcpos_t pos) {
  const char *what = "bupc_memget_strided";
  vis_side_t d = strided(0, UPCR_NULL_SHARED, dstaddr, dststrides, count,
                         stridelevels, what, pos);
  vis_side_t s = strided(1, srcaddr, NULL, srcstrides, count, stridelevels,
                         what, pos);
  transfer(&d, &s, what, pos);
}

/* ---- _async: complete at their start -------------------------------------- */

upc_handle_t upcr_bupc_memcpy_vlist_async(
    size_t dstcount, const struct bupc_smemvec_S *dstlist, size_t srccount,
    const struct bupc_smemvec_S *srclist, upcr_srcpos_t pos) {
  upcr_bupc_memcpy_vlist(dstcount, dstlist, srccount, srclist, pos);
  return UPC_COMPLETE_HANDLE;
}

upc_handle_t upcr_bupc_memput_vlist_async(
    size_t dstcount, const struct bupc_smemvec_S *dstlist, size_t srccount,
    const struct bupc_pmemvec_S *srclist, upcr_srcpos_t pos) {
  upcr_bupc_memput_vlist(dstcount, dstlist, srccount, srclist, pos);
  return UPC_COMPLETE_HANDLE;
}

upc_handle_t upcr_bupc_memget_vlist_async(
    size_t dstcount, const struct bupc_pmemvec_S *dstlist, size_t srccount,
    const struct bupc_smemvec_S *srclist, upcr_srcpos_t pos) {
  upcr_bupc_memget_vlist(dstcount, dstlist, srccount, srclist, pos);
  return UPC_COMPLETE_HANDLE;
}

upc_handle_t upcr_bupc_memcpy_ilist_async(
    size_t dstcount, const upcr_shared_ptr_t *dstlist, size_t dstlen,
    size_t srccount, const upcr_shared_ptr_t *srclist, size_t srclen,
    upcr_srcpos_t pos) {
  upcr_bupc_memcpy_ilist(dstcount, dstlist, dstlen, srccount, srclist, srclen,
                         pos);
  return UPC_COMPLETE_HANDLE;
}

upc_handle_t upcr_bupc_memput_ilist_async(
    size_t dstcount, const upcr_shared_ptr_t *dstlist, size_t dstlen,
    size_t srccount, const void *const *srclist, size_t srclen,
    upcr_srcpos_t pos) {
  upcr_bupc_memput_ilist(dstcount, dstlist, dstlen, srccount, srclist, srclen,
                         pos);
  return UPC_COMPLETE_HANDLE;
}

upc_handle_t upcr_bupc_memget_ilist_async(
    size_t dstcount, void *const *dstlist, size_t dstlen, size_t srccount,
    const upcr_shared_ptr_t *srclist, size_t srclen, upcr_srcpos_t pos) {
  upcr_bupc_memget_ilist(dstcount, dstlist, dstlen, srccount, srclist, srclen,
                         pos);
  return UPC_COMPLETE_HANDLE;
}

upc_handle_t upcr_bupc_memcpy_fstrided_async(
    upcr_shared_ptr_t dstaddr, size_t dstchunklen, size_t dstchunkstride,
    size_t dstchunkcount, upcr_shared_ptr_t srcaddr, size_t srcchunklen,
    size_t srcchunkstride, size_t srcchunkcount, upcr_srcpos_t pos) {
  upcr_bupc_memcpy_fstrided(dstaddr, dstchunklen, dstchunkstride,
                            dstchunkcount, srcaddr, srcchunklen,
                            srcchunkstride, srcchunkcount, pos);
  return UPC_COMPLETE_HANDLE;
}

upc_handle_t upcr_bupc_memput_fstrided_async(
    upcr_shared_ptr_t dstaddr, size_t dstchunklen, size_t dstchunkstride,
    size_t dstchunkcount, const void *srcaddr, size_t srcchunklen,
    size_t srcchunkstride, size_t srcchunkcount, upcr_srcpos_t pos) {
  upcr_bupc_memput_fstrided(dstaddr, dstchunklen, dstchunkstride,
                            dstchunkcount, srcaddr, srcchunklen,
                            srcchunkstride, srcchunkcount, pos);
  return UPC_COMPLETE_HANDLE;
}

upc_handle_t upcr_bupc_memget_fstrided_async(
    void *dstaddr, size_t dstchunklen, size_t dstchunkstride,
    size_t dstchunkcount, upcr_shared_ptr_t srcaddr, size_t srcchunklen,
    size_t srcchunkstride, size_t srcchunkcount, upcr_srcpos_t pos) {
  upcr_bupc_memget_fstrided(dstaddr, dstchunklen, dstchunkstride,
                            dstchunkcount, srcaddr, srcchunklen,
                            srcchunkstride, srcchunkcount, pos);
  return UPC_COMPLETE_HANDLE;
}

upc_handle_t upcr_bupc_memcpy_strided_async(
    upcr_shared_ptr_t dstaddr, const size_t *dststrides,
    upcr_shared_ptr_t srcaddr, const size_t *srcstrides, const size_t *count,
    size_t stridelevels, upcr_srcpos_t pos) {
  upcr_bupc_memcpy_strided(dstaddr, dststrides, srcaddr, srcstrides, count,
                           stridelevels, pos);
  return UPC_COMPLETE_HANDLE;
}

upc_handle_t upcr_bupc_memput_strided_async(
    upcr_shared_ptr_t dstaddr, const size_t *dststrides, const void *srcaddr,
    const size_t *srcstrides, const size_t *count, size_t stridelevels,
    upcr_srcpos_t pos) {
  upcr_bupc_memput_strided(dstaddr, dststrides, srcaddr, srcstrides, count,
                           stridelevels, pos);
  return UPC_COMPLETE_HANDLE;
}

upc_handle_t upcr_bupc_memget_strided_async(
    void *dstaddr, const size_t *dststrides, upcr_shared_ptr_t srcaddr,
    const size_t *srcstrides, const size_t *count, size_t stridelevels,
    upcr_srcpos_t pos) {
  upcr_bupc_memget_strided(dstaddr, dststrides, srcaddr, srcstrides, count,
                           stridelevels, pos);
  return UPC_COMPLETE_HANDLE;
}
