/*
 * lock.c - UPC locks.
 *
 * A lock is a small object in the shared heap of the thread that allocated
 * it, manipulated only with the backend's fetch-and-op atomics (so the same
 * code works over MPI, where compare-and-swap is not dependable):
 *
 *   magic    tells a lock from other memory (and from a freed lock)
 *   flag     0 free, 1 held (taken with an atomic swap)
 *   next     ticket dispenser
 *   serving  the ticket whose owner may now take the flag
 *   holder   thread + 1 of the holder, 0 if none
 *
 * upc_lock takes a ticket and waits until it is served, so waiters are
 * served in the order they asked (no starvation); the served waiter then
 * competes for the flag only with upc_lock_attempt callers, takes it, and
 * lets the next ticket in. upc_lock_attempt never waits: it takes the flag
 * only if it is free and no upc_lock caller is queued.
 *
 * Ordering: acquiring and releasing are strict accesses in UPC terms, so
 * both sides have full fences.
 */
#include <string.h>

#include "internal.h"

#define UPCRI_LOCK_MAGIC 0x55504c4bu /* "UPLK" */

typedef struct upcri_lock_object {
  uint32_t magic, flag, next, serving, holder, unused[3];
} upcri_lock_object_t;

#define FIELD(p, f) ((p).offset + offsetof(upcri_lock_object_t, f))

static void check_lock(upcr_pshared_ptr_t lock, const char *what,
                       upcr_srcpos_t pos) {
  if (upcr_isnull_pshared(lock))
    upcri_error(pos, "%s: the lock pointer is null", what);
  upcri_check_range(lock.thread, lock.offset, sizeof(upcri_lock_object_t),
                    what, pos);
  if (lock.offset % 16 != 0 ||
      upcrb_load_u32(lock.thread, FIELD(lock, magic)) != UPCRI_LOCK_MAGIC)
    upcri_error(pos, "%s: the pointer (thread %u, offset %llu) is not a lock "
                     "(or the lock was freed)",
                what, (unsigned)lock.thread, (unsigned long long)lock.offset);
}

static upcr_pshared_ptr_t new_lock(const char *what, upcr_srcpos_t pos) {
  upcr_shared_ptr_t p =
      upcri_alloc_lock_object(sizeof(upcri_lock_object_t), what, pos);
  upcri_lock_object_t init;
  memset(&init, 0, sizeof init);
  init.magic = UPCRI_LOCK_MAGIC;
  upcri_put_bytes(p.thread, p.offset, &init, sizeof init);
  upcrb_fence();
  return upcr_shared_to_pshared(p);
}

upcr_pshared_ptr_t upcr_global_lock_alloc(upcr_srcpos_t pos) {
  return new_lock("upc_global_lock_alloc", pos);
}

upcr_pshared_ptr_t upcr_all_lock_alloc(upcr_srcpos_t pos) {
  upcr_shared_ptr_t p = UPCR_NULL_SHARED;
  if (upcri_mythread == 0)
    p = upcr_pshared_to_shared(new_lock("upc_all_lock_alloc", pos));
  return upcr_shared_to_pshared(upcri_broadcast_ptr(
      p, "upc_all_lock_alloc", UPCRI_ID_ALL_LOCK_ALLOC, pos));
}

/* UPC 1.3: freeing succeeds whether or not the lock is held; later uses of
 * the pointer are errors (the magic is cleared) until the memory is reused. */
static void free_lock(upcr_pshared_ptr_t lock, const char *what,
                      upcr_srcpos_t pos) {
  if (upcr_isnull_pshared(lock))
    return;
  check_lock(lock, what, pos);
  upcrb_swap_u32(lock.thread, FIELD(lock, magic), 0);
  upcri_free_lock_object(upcr_pshared_to_shared(lock), what, pos);
}

void upcr_lock_free(upcr_pshared_ptr_t lock, upcr_srcpos_t pos) {
  free_lock(lock, "upc_lock_free", pos);
}

void upcr_all_lock_free(upcr_pshared_ptr_t lock, upcr_srcpos_t pos) {
  if (upcr_isnull_pshared(lock))
    return;
  upcri_sync("upc_all_lock_free", UPCRI_ID_ALL_LOCK_FREE, pos);
  if (upcri_mythread == 0)
    free_lock(lock, "upc_all_lock_free", pos);
}

static void become_holder(upcr_pshared_ptr_t lock) {
  upcrb_swap_u32(lock.thread, FIELD(lock, holder),
                 (uint32_t)upcri_mythread + 1);
  upcrb_fence();
}

/* The checks and the fence before taking a lock. A thread asking again for
 * a lock it holds would wait for itself forever: an error. */
static upcr_thread_t begin_acquire(upcr_pshared_ptr_t lock, const char *what,
                                   upcr_srcpos_t pos) {
  check_lock(lock, what, pos);
  upcr_thread_t t = lock.thread;
  if (upcrb_load_u32(t, FIELD(lock, holder)) == (uint32_t)upcri_mythread + 1)
    upcri_error(pos, "%s: thread %d already holds this lock", what,
                upcri_mythread);
  upcrb_fence();
  return t;
}

void upcr_lock(upcr_pshared_ptr_t lock, upcr_srcpos_t pos) {
  upcr_thread_t t = begin_acquire(lock, "upc_lock", pos);
  uint32_t ticket = upcrb_fetch_add_u32(t, FIELD(lock, next), 1);
  for (;;) {
    uint32_t s = upcrb_load_u32(t, FIELD(lock, serving));
    if (s == ticket)
      break;
    upcrb_wait_u32(t, FIELD(lock, serving), s);
  }
  /* First in line: only upc_lock_attempt callers compete for the flag. */
  while (upcrb_swap_u32(t, FIELD(lock, flag), 1) != 0)
    upcrb_wait_u32(t, FIELD(lock, flag), 1);
  become_holder(lock);
  upcrb_fetch_add_u32(t, FIELD(lock, serving), 1);
  upcrb_wake_u32(t, FIELD(lock, serving));
}

int upcr_lock_attempt(upcr_pshared_ptr_t lock, upcr_srcpos_t pos) {
  upcr_thread_t t = begin_acquire(lock, "upc_lock_attempt", pos);
  /* Queued upc_lock callers go first. */
  if (upcrb_load_u32(t, FIELD(lock, flag)) != 0 ||
      upcrb_load_u32(t, FIELD(lock, next)) !=
          upcrb_load_u32(t, FIELD(lock, serving)))
    return 0;
  if (upcrb_swap_u32(t, FIELD(lock, flag), 1) != 0)
    return 0;
  become_holder(lock);
  return 1;
}

void upcr_unlock(upcr_pshared_ptr_t lock, upcr_srcpos_t pos) {
  check_lock(lock, "upc_unlock", pos);
  upcr_thread_t t = lock.thread;
  uint32_t holder = upcrb_load_u32(t, FIELD(lock, holder));
  if (holder != (uint32_t)upcri_mythread + 1) {
    if (holder == 0)
      upcri_error(pos, "upc_unlock: thread %d unlocks a lock that is not "
                       "locked",
                  upcri_mythread);
    upcri_error(pos, "upc_unlock: thread %d unlocks a lock held by thread %u",
                upcri_mythread, (unsigned)holder - 1);
  }
  upcrb_fence();
  upcrb_swap_u32(t, FIELD(lock, holder), 0);
  upcrb_swap_u32(t, FIELD(lock, flag), 0);
  upcrb_wake_u32(t, FIELD(lock, flag));
}
