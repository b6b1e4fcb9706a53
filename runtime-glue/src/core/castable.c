/*
 * castable.c - castability (UPC 1.3, optional library, 7.7): a thread's
 * shared data is castable exactly when the calling thread addresses its
 * segment directly, which the backend says through upcri_segment_base
 * (every segment on pthreads; the node's with MPI's shared memory; only
 * the thread's own otherwise). The same holds for every kind of shared
 * data (static, upc_alloc, upc_global_alloc, upc_all_alloc): they all live
 * in the owner's segment.
 */
#include "internal.h"

void *upcr_cast(upcr_shared_ptr_t ptr, upcr_srcpos_t pos) {
  if (upcr_isnull_shared(ptr))
    return NULL;
  if (ptr.thread >= (upcr_thread_t)upcri_threads)
    upcri_error(pos, "upc_cast: the pointer-to-shared names thread %u, but "
                "THREADS is %d", (unsigned)ptr.thread, upcri_threads);
  char *base = upcri_segment_base[ptr.thread];
  return base ? base + ptr.offset : NULL;
}

upc_thread_info_t upcr_thread_info(size_t thread, upcr_srcpos_t pos) {
  if (thread >= (size_t)upcri_threads)
    upcri_error(pos, "upc_thread_info: thread %zu does not exist (THREADS is "
                "%d)", thread, upcri_threads);
  int kinds = upcri_segment_base[thread] ? UPC_CASTABLE_ALL : 0;
  upc_thread_info_t info = {kinds, kinds};
  return info;
}
