/*
 * nb.c - non-blocking transfers (UPC 1.3, optional library, 7.9).
 *
 * A transfer between a segment the calling thread addresses and private
 * memory (or two such segments) is a memcpy, complete at its start: it
 * returns UPC_COMPLETE_HANDLE. Otherwise the backend starts it
 * (upcrb_get_nb, upcrb_put_nb: MPI_Rget / MPI_Rput) and the thread records
 * it in a slot of its own table; the handle names the slot and the slot's
 * generation, so that syncing a handle twice, or one never returned, is an
 * error rather than a wait on another transfer. A copy between two segments
 * that are both out of reach, and a memset of one, go through the blocking
 * paths and complete at once.
 *
 * Implicit-handle transfers are kept in a second list, completed together
 * by upc_synci. Neither kind is completed by a fence or a barrier: only by
 * its sync, as 7.9 says.
 */
#include <stdlib.h>
#include <string.h>

#include "internal.h"

typedef struct upcri_nb_slot {
  uint64_t generation; /* odd while the slot holds a transfer */
  upcrb_nb_t nb;
} upcri_nb_slot_t;

/* The calling thread's explicit transfers: slots, and the free ones. */
static __thread upcri_nb_slot_t *slots;
static __thread uint32_t slot_count, *free_slots, free_count;
/* Its implicit transfers. */
static __thread upcrb_nb_t *implicit;
static __thread size_t implicit_count, implicit_capacity;

#define UPCRI_SLOT_BITS 24

static void *grow(void *array, size_t count, size_t size) {
  void *p = realloc(array, count * size);
  if (!p)
    upcri_fatal("out of memory for %zu non-blocking transfers", count);
  return p;
}

static upc_handle_t new_handle(const upcrb_nb_t *nb) {
  if (free_count == 0) {
    uint32_t more = slot_count ? slot_count : 16;
    if (slot_count + more >= (1u << UPCRI_SLOT_BITS))
      upcri_fatal("thread %d has more than %u non-blocking transfers "
                  "outstanding (sync their handles)",
                  upcri_mythread, (1u << UPCRI_SLOT_BITS) - 1);
    slots = grow(slots, slot_count + more, sizeof *slots);
    free_slots = grow(free_slots, slot_count + more, sizeof *free_slots);
    for (uint32_t i = slot_count + more; i > slot_count; --i) {
      slots[i - 1].generation = 0;
      free_slots[free_count++] = i - 1;
    }
    slot_count += more;
  }
  uint32_t index = free_slots[--free_count];
  upcri_nb_slot_t *s = &slots[index];
  s->generation++;
  s->nb = *nb;
  uintptr_t bits = ((uintptr_t)s->generation << UPCRI_SLOT_BITS) | index;
  return (upc_handle_t)bits;
}

/* The slot of a pending handle; reports anything else. */
static upcri_nb_slot_t *pending(upc_handle_t handle, const char *what,
                                upcr_srcpos_t pos) {
  uintptr_t bits = (uintptr_t)handle;
  uint32_t index = (uint32_t)(bits & ((1u << UPCRI_SLOT_BITS) - 1));
  uint64_t generation = (uint64_t)(bits >> UPCRI_SLOT_BITS);
  if (index >= slot_count || slots[index].generation != generation ||
      generation % 2 == 0)
    upcri_error(pos, "%s: the handle is not a pending transfer of thread %d "
                     "(it was already synchronized, or comes from another "
                     "thread or from no transfer)",
                what, upcri_mythread);
  return &slots[index];
}

static void release(upcri_nb_slot_t *s) {
  s->generation++;
  free_slots[free_count++] = (uint32_t)(s - slots);
}

/* The handle of a transfer that start_* began; complete is their result. */
static upc_handle_t explicit_handle(int complete, const upcrb_nb_t *nb) {
  return complete ? UPC_COMPLETE_HANDLE : new_handle(nb);
}

static void keep_implicit(int complete, const upcrb_nb_t *nb) {
  if (complete)
    return;
  if (implicit_count == implicit_capacity) {
    implicit_capacity = implicit_capacity ? 2 * implicit_capacity : 16;
    implicit = grow(implicit, implicit_capacity, sizeof *implicit);
  }
  implicit[implicit_count++] = *nb;
}

/* The transfers themselves: 1 when complete at return, else *nb holds the
 * started one. */
static int start_get(void *dst, upcr_shared_ptr_t src, size_t n,
                     upcrb_nb_t *nb, const char *what, upcr_srcpos_t pos) {
  if (n == 0)
    return 1;
  upcri_check_range(src.thread, src.offset, n, what, pos);
  char *base = upcri_segment_base[src.thread];
  if (base) {
    memcpy(dst, base + src.offset, n);
    return 1;
  }
  return upcrb_get_nb(dst, src.thread, src.offset, n, nb);
}

static int start_put(upcr_shared_ptr_t dst, const void *src, size_t n,
                     upcrb_nb_t *nb, const char *what, upcr_srcpos_t pos) {
  if (n == 0)
    return 1;
  upcri_check_range(dst.thread, dst.offset, n, what, pos);
  char *base = upcri_segment_base[dst.thread];
  if (base) {
    memcpy(base + dst.offset, src, n);
    return 1;
  }
  return upcrb_put_nb(dst.thread, dst.offset, src, n, nb);
}

static int start_copy(upcr_shared_ptr_t dst, upcr_shared_ptr_t src, size_t n,
                      upcrb_nb_t *nb, const char *what, upcr_srcpos_t pos) {
  if (n == 0)
    return 1;
  upcri_check_range(dst.thread, dst.offset, n, what, pos);
  upcri_check_range(src.thread, src.offset, n, what, pos);
  char *d = upcri_segment_base[dst.thread], *s = upcri_segment_base[src.thread];
  if (s && !d)
    return upcrb_put_nb(dst.thread, dst.offset, s + src.offset, n, nb);
  if (d && !s)
    return upcrb_get_nb(d + dst.offset, src.thread, src.offset, n, nb);
  upcr_memcpy(dst, src, n, pos);
  return 1;
}

/* Done at once: the memset of a segment out of reach goes through the
 * blocking path (a bounce buffer). */
static void do_set(upcr_shared_ptr_t dst, int c, size_t n, const char *what,
                   upcr_srcpos_t pos) {
  if (n == 0)
    return;
  upcri_check_range(dst.thread, dst.offset, n, what, pos);
  upcr_memset(dst, c, n, pos);
}

upc_handle_t upcr_memcpy_nb(upcr_shared_ptr_t dst, upcr_shared_ptr_t src,
                            size_t n, upcr_srcpos_t pos) {
  upcrb_nb_t nb;
  return explicit_handle(start_copy(dst, src, n, &nb, "upc_memcpy_nb", pos),
                         &nb);
}

upc_handle_t upcr_memget_nb(void *dst, upcr_shared_ptr_t src, size_t n,
                            upcr_srcpos_t pos) {
  upcrb_nb_t nb;
  return explicit_handle(start_get(dst, src, n, &nb, "upc_memget_nb", pos),
                         &nb);
}

upc_handle_t upcr_memput_nb(upcr_shared_ptr_t dst, const void *src, size_t n,
                            upcr_srcpos_t pos) {
  upcrb_nb_t nb;
  return explicit_handle(start_put(dst, src, n, &nb, "upc_memput_nb", pos),
                         &nb);
}

upc_handle_t upcr_memset_nb(upcr_shared_ptr_t dst, int c, size_t n,
                            upcr_srcpos_t pos) {
  do_set(dst, c, n, "upc_memset_nb", pos);
  return UPC_COMPLETE_HANDLE;
}

int upcr_sync_attempt(upc_handle_t handle, upcr_srcpos_t pos) {
  if (handle == UPC_COMPLETE_HANDLE)
    return 1;
  upcri_nb_slot_t *s = pending(handle, "upc_sync_attempt", pos);
  if (!upcrb_nb_test(&s->nb))
    return 0;
  release(s);
  return 1;
}

void upcr_sync(upc_handle_t handle, upcr_srcpos_t pos) {
  if (handle == UPC_COMPLETE_HANDLE)
    return;
  upcri_nb_slot_t *s = pending(handle, "upc_sync", pos);
  upcrb_nb_wait(&s->nb);
  release(s);
}

void upcr_memcpy_nbi(upcr_shared_ptr_t dst, upcr_shared_ptr_t src, size_t n,
                     upcr_srcpos_t pos) {
  upcrb_nb_t nb;
  keep_implicit(start_copy(dst, src, n, &nb, "upc_memcpy_nbi", pos), &nb);
}

void upcr_memget_nbi(void *dst, upcr_shared_ptr_t src, size_t n,
                     upcr_srcpos_t pos) {
  upcrb_nb_t nb;
  keep_implicit(start_get(dst, src, n, &nb, "upc_memget_nbi", pos), &nb);
}

void upcr_memput_nbi(upcr_shared_ptr_t dst, const void *src, size_t n,
                     upcr_srcpos_t pos) {
  upcrb_nb_t nb;
  keep_implicit(start_put(dst, src, n, &nb, "upc_memput_nbi", pos), &nb);
}

void upcr_memset_nbi(upcr_shared_ptr_t dst, int c, size_t n,
                     upcr_srcpos_t pos) {
  do_set(dst, c, n, "upc_memset_nbi", pos);
}

/* Completed implicit transfers leave the list (the last one takes their
 * place). */
int upcr_synci_attempt(upcr_srcpos_t pos) {
  (void)pos;
  for (size_t i = 0; i < implicit_count;) {
    if (upcrb_nb_test(&implicit[i]))
      implicit[i] = implicit[--implicit_count];
    else
      ++i;
  }
  return implicit_count == 0;
}

void upcr_synci(upcr_srcpos_t pos) {
  (void)pos;
  for (size_t i = 0; i < implicit_count; ++i)
    upcrb_nb_wait(&implicit[i]);
  implicit_count = 0;
}
