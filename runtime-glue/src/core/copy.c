/*
 * copy.c - data movement: the slow paths of upcr.h's inline accesses, and
 * upc_memcpy / upc_memget / upc_memput / upc_memset. Segments the calling
 * thread can address are copied with memcpy; the others go through the
 * backend's get/put.
 */
#include <string.h>

#include "internal.h"

#define UPCRI_BOUNCE_BYTES 65536

void upcri_get_bytes(void *dst, upcr_thread_t thread, upcr_offset_t offset,
                     size_t n) {
  char *base = upcri_segment_base[thread];
  if (base)
    memcpy(dst, base + offset, n);
  else
    upcrb_get(dst, thread, offset, n);
}

void upcri_put_bytes(upcr_thread_t thread, upcr_offset_t offset,
                     const void *src, size_t n) {
  char *base = upcri_segment_base[thread];
  if (base)
    memcpy(base + offset, src, n);
  else
    upcrb_put(thread, offset, src, n);
}

void upcri_get_remote(void *dst, upcr_thread_t thread, upcr_offset_t offset,
                      size_t nbytes) {
  upcrb_get(dst, thread, offset, nbytes);
}

void upcri_put_remote(upcr_thread_t thread, upcr_offset_t offset,
                      const void *src, size_t nbytes) {
  upcrb_put(thread, offset, src, nbytes);
}

void *upcri_unaddressable(upcr_thread_t thread) {
  upcri_fatal("thread %d casts a pointer-to-shared with affinity to thread "
              "%u to a local pointer, but cannot address that thread's "
              "memory directly (only data with affinity to the calling "
              "thread can be accessed through a local pointer)",
              upcri_mythread, (unsigned)thread);
}

void upcri_check_range(upcr_thread_t thread, upcr_offset_t offset, size_t n,
                       const char *what, upcr_srcpos_t pos) {
  if ((int)thread >= upcri_threads)
    upcri_error(pos, "%s: pointer-to-shared with affinity to thread %u, but "
                     "THREADS is %d",
                what, (unsigned)thread, upcri_threads);
  if (offset == 0 && thread == 0)
    upcri_error(pos, "%s: null pointer-to-shared", what);
  uint64_t size = upcrb_segment_size();
  if (offset > size || n > size - offset)
    upcri_error(pos, "%s: %zu bytes at offset %llu of thread %u lie outside "
                     "its shared memory",
                what, n, (unsigned long long)offset, (unsigned)thread);
}

void upcri_copy_bytes(upcr_thread_t dthread, upcr_offset_t doffset,
                      upcr_thread_t sthread, upcr_offset_t soffset, size_t n) {
  char *d = upcri_segment_base[dthread], *s = upcri_segment_base[sthread];
  if (d && s) {
    memmove(d + doffset, s + soffset, n);
    return;
  }
  if (s) {
    upcrb_put(dthread, doffset, s + soffset, n);
    return;
  }
  if (d) {
    upcrb_get(d + doffset, sthread, soffset, n);
    return;
  }
  char buf[UPCRI_BOUNCE_BYTES];
  for (size_t done = 0; done < n;) {
    size_t chunk = n - done < sizeof buf ? n - done : sizeof buf;
    upcrb_get(buf, sthread, soffset + done, chunk);
    upcrb_put(dthread, doffset + done, buf, chunk);
    done += chunk;
  }
}

void upcr_memcpy(upcr_shared_ptr_t dst, upcr_shared_ptr_t src, size_t n,
                 upcr_srcpos_t pos) {
  if (n == 0)
    return;
  upcri_check_range(dst.thread, dst.offset, n, "upc_memcpy", pos);
  upcri_check_range(src.thread, src.offset, n, "upc_memcpy", pos);
  upcri_copy_bytes(dst.thread, dst.offset, src.thread, src.offset, n);
}

void upcr_memget(void *dst, upcr_shared_ptr_t src, size_t n,
                 upcr_srcpos_t pos) {
  if (n == 0)
    return;
  upcri_check_range(src.thread, src.offset, n, "upc_memget", pos);
  upcri_get_bytes(dst, src.thread, src.offset, n);
}

void upcr_memput(upcr_shared_ptr_t dst, const void *src, size_t n,
                 upcr_srcpos_t pos) {
  if (n == 0)
    return;
  upcri_check_range(dst.thread, dst.offset, n, "upc_memput", pos);
  upcri_put_bytes(dst.thread, dst.offset, src, n);
}

void upcr_memset(upcr_shared_ptr_t dst, int c, size_t n, upcr_srcpos_t pos) {
  if (n == 0)
    return;
  upcri_check_range(dst.thread, dst.offset, n, "upc_memset", pos);
  char *d = upcri_segment_base[dst.thread];
  if (d) {
    memset(d + dst.offset, c, n);
    return;
  }
  char buf[UPCRI_BOUNCE_BYTES];
  memset(buf, c, n < sizeof buf ? n : sizeof buf);
  for (size_t done = 0; done < n;) {
    size_t chunk = n - done < sizeof buf ? n - done : sizeof buf;
    upcrb_put(dst.thread, dst.offset + done, buf, chunk);
    done += chunk;
  }
  upcrb_fence();
}
