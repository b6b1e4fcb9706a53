/*
 * rma.c - data movement, atomics and waits on other threads' words, all
 * through the window of every segment (atomicity in MPI holds only within
 * a window).
 *
 * Data: MPI_Get + MPI_Win_flush; MPI_Put + MPI_Win_flush_local, the target
 * marked dirty so that a later get or atomic on it first completes the put
 * (program order); fence = MPI_Win_flush_all (if a put is pending) +
 * MPI_Win_sync + a memory barrier.
 *
 * Atomics: MPI_Fetch_and_op (the runtime's 32-bit words and the typed
 * operations of <upc_atomic.h>) and MPI_Compare_and_swap + MPI_Win_flush.
 *
 * Non-blocking transfers: MPI_Rget / MPI_Rput; a put's completion is
 * local (the request completes), and the target is then marked dirty like
 * a blocking put's.
 *
 * Progress: across nodes an access completes only while its target calls
 * MPI, so fences and waits drive MPI's progress engine.
 */
#include <sched.h>
#include <stdatomic.h>
#include <string.h>

#include "mpi_internal.h"

static MPI_Comm progress_comm = MPI_COMM_NULL;

void upcrm_rma_setup(void) {
  if (upcrm_remote_progress)
    CHECK_MPI(MPI_Comm_dup(MPI_COMM_WORLD, &progress_comm));
}

void upcrm_rma_free(void) {
  if (progress_comm != MPI_COMM_NULL)
    MPI_Comm_free(&progress_comm);
}

/* ------------------------------------------------------------------------
 * Data movement
 * ------------------------------------------------------------------------ */

#define CHUNK ((size_t)1 << 30)

void upcrb_get(void *dst, upcr_thread_t thread, upcr_offset_t offset,
               size_t nbytes) {
  upcrm_settle(thread);
  int target = upcrm_rma_rank[thread];
  char *d = dst;
  while (nbytes > 0) {
    int n = (int)(nbytes < CHUNK ? nbytes : CHUNK);
    MPI_Get(d, n, MPI_BYTE, target, (MPI_Aint)offset, n, MPI_BYTE,
            upcrm_rma_win);
    d += n;
    offset += (upcr_offset_t)n;
    nbytes -= (size_t)n;
  }
  MPI_Win_flush(target, upcrm_rma_win);
}

void upcrb_put(upcr_thread_t thread, upcr_offset_t offset, const void *src,
               size_t nbytes) {
  int target = upcrm_rma_rank[thread];
  const char *s = src;
  while (nbytes > 0) {
    int n = (int)(nbytes < CHUNK ? nbytes : CHUNK);
    MPI_Put(s, n, MPI_BYTE, target, (MPI_Aint)offset, n, MPI_BYTE,
            upcrm_rma_win);
    s += n;
    offset += (upcr_offset_t)n;
    nbytes -= (size_t)n;
  }
  MPI_Win_flush_local(target, upcrm_rma_win);
  upcrm_mark_dirty(thread);
}

/* Drives MPI's progress engine (the progress communicator carries no
 * message: the probe only makes progress). */
static void progress(void) {
  int flag;
  MPI_Iprobe(MPI_ANY_SOURCE, MPI_ANY_TAG, progress_comm, &flag,
             MPI_STATUS_IGNORE);
  upcrm_barrier_pass_on();
}

/* Across nodes a fence also serves the others' pending accesses to this
 * process's segment: a strict read polling a flag that another node puts
 * sees the put only once this process has made progress. */
void upcrb_fence(void) {
  if (upcrm_remote_progress)
    progress();
  upcrm_complete_and_sync();
}

/* ------------------------------------------------------------------------
 * Atomics
 * ------------------------------------------------------------------------ */

static uint32_t fetch_and_op(upcr_thread_t thread, upcr_offset_t offset,
                             uint32_t value, MPI_Op op) {
  upcrm_settle(thread);
  int target = upcrm_rma_rank[thread];
  uint32_t result = 0;
  atomic_thread_fence(memory_order_seq_cst);
  MPI_Fetch_and_op(&value, &result, MPI_UINT32_T, target, (MPI_Aint)offset, op,
                   upcrm_rma_win);
  MPI_Win_flush(target, upcrm_rma_win);
  atomic_thread_fence(memory_order_seq_cst);
  return result;
}

uint32_t upcrb_fetch_add_u32(upcr_thread_t thread, upcr_offset_t offset,
                             uint32_t value) {
  return fetch_and_op(thread, offset, value, MPI_SUM);
}

uint32_t upcrb_swap_u32(upcr_thread_t thread, upcr_offset_t offset,
                        uint32_t value) {
  return fetch_and_op(thread, offset, value, MPI_REPLACE);
}

uint32_t upcrb_load_u32(upcr_thread_t thread, upcr_offset_t offset) {
  return fetch_and_op(thread, offset, 0, MPI_NO_OP);
}

/* By upcrb_amo_type_t and by upcrb_amo_op_t (tables: this is every
 * atomic's path). */
static MPI_Datatype const amo_datatypes[] = {MPI_INT32_T, MPI_UINT32_T,
                                             MPI_INT64_T, MPI_UINT64_T};
static MPI_Op const amo_ops[] = {MPI_NO_OP, MPI_REPLACE, MPI_SUM,
                                 MPI_PROD,  MPI_MIN,     MPI_MAX,
                                 MPI_BAND,  MPI_BOR,     MPI_BXOR};

void upcrb_amo(upcr_thread_t thread, upcr_offset_t offset,
               upcrb_amo_type_t type, upcrb_amo_op_t op, const void *operand,
               void *old) {
  upcrm_settle(thread);
  int target = upcrm_rma_rank[thread];
  uint64_t none = 0, scratch;
  /* No fences of our own (unlike the runtime's words above): a relaxed
   * atomic is ordered only with the thread's accesses to the same location,
   * which the MPI calls (opaque to the compiler, atomic in memory) already
   * are; upc_atomic_strict fences around it in the core. */
  MPI_Fetch_and_op(operand ? operand : &none, old ? old : &scratch,
                   amo_datatypes[type], target, (MPI_Aint)offset, amo_ops[op],
                   upcrm_rma_win);
  MPI_Win_flush(target, upcrm_rma_win);
}

void upcrb_amo_cswap(upcr_thread_t thread, upcr_offset_t offset,
                     upcrb_amo_type_t type, const void *compare,
                     const void *desired, void *old) {
  upcrm_settle(thread);
  int target = upcrm_rma_rank[thread];
  int narrow = type == UPCRB_AMO_I32 || type == UPCRB_AMO_U32;
  MPI_Compare_and_swap(desired, compare, old,
                       narrow ? MPI_UINT32_T : MPI_UINT64_T, target,
                       (MPI_Aint)offset, upcrm_rma_win);
  MPI_Win_flush(target, upcrm_rma_win);
}

/* The error word lies past rank 0's segment. */
int upcrb_claim_error(void) {
  if (upcrm_rma_win == MPI_WIN_NULL || upcrm_exit_passed || !upcrm_mpi_active())
    return 1;
  return fetch_and_op(0, ERROR_WORD_OFFSET, 1, MPI_REPLACE) == 0;
}

/* ------------------------------------------------------------------------
 * Waiting for a request or a word (the policy is wait.c's)
 * ------------------------------------------------------------------------ */

/* MPI_Wait with wait.c's policy; MPI_Test drives MPI's progress. */
static int wait_request(MPI_Request *request) {
  upcrm_backoff_t b = UPCRM_BACKOFF_INIT;
  for (;;) {
    int done = 0;
    int rc = MPI_Test(request, &done, MPI_STATUS_IGNORE);
    if (rc != MPI_SUCCESS || done)
      return rc;
    upcrm_barrier_pass_on(); /* as in upcrb_wait_u32 */
    upcrm_backoff_pause(&b);
  }
}

_Static_assert(sizeof(MPI_Request) <= sizeof(uint64_t),
               "an MPI_Request fits upcrb_nb_t");

static void keep_request(upcrb_nb_t *nb, MPI_Request request, int target,
                         int is_put) {
  nb->request = 0;
  memcpy(&nb->request, &request, sizeof request);
  nb->target = target;
  nb->is_put = is_put;
}

static MPI_Request request_of(const upcrb_nb_t *nb) {
  MPI_Request request;
  memcpy(&request, &nb->request, sizeof request);
  return request;
}

/* Transfers larger than one MPI count (CHUNK) are done blocking. */
int upcrb_get_nb(void *dst, upcr_thread_t thread, upcr_offset_t offset,
                 size_t nbytes, upcrb_nb_t *nb) {
  if (nbytes > CHUNK) {
    upcrb_get(dst, thread, offset, nbytes);
    return 1;
  }
  upcrm_settle(thread);
  int target = upcrm_rma_rank[thread];
  MPI_Request request;
  MPI_Rget(dst, (int)nbytes, MPI_BYTE, target, (MPI_Aint)offset, (int)nbytes,
           MPI_BYTE, upcrm_rma_win, &request);
  keep_request(nb, request, (int)thread, 0);
  return 0;
}

int upcrb_put_nb(upcr_thread_t thread, upcr_offset_t offset, const void *src,
                 size_t nbytes, upcrb_nb_t *nb) {
  if (nbytes > CHUNK) {
    upcrb_put(thread, offset, src, nbytes);
    return 1;
  }
  int target = upcrm_rma_rank[thread];
  MPI_Request request;
  MPI_Rput(src, (int)nbytes, MPI_BYTE, target, (MPI_Aint)offset, (int)nbytes,
           MPI_BYTE, upcrm_rma_win, &request);
  keep_request(nb, request, (int)thread, 1);
  return 0;
}

/* A completed put is complete locally only, as after upcrb_put. */
static void finish(const upcrb_nb_t *nb) {
  if (nb->is_put)
    upcrm_mark_dirty((upcr_thread_t)nb->target);
}

int upcrb_nb_test(upcrb_nb_t *nb) {
  MPI_Request request = request_of(nb);
  int done = 0;
  MPI_Test(&request, &done, MPI_STATUS_IGNORE);
  if (!done)
    return 0; /* MPI leaves a pending request as it was */
  finish(nb);
  return 1;
}

void upcrb_nb_wait(upcrb_nb_t *nb) {
  MPI_Request request = request_of(nb);
  wait_request(&request);
  finish(nb);
}

/* Across nodes the word is read at growing intervals (1 us up to 256 us),
 * and the time between reads serves the others' accesses (progress): osc ucx
 * over TCP makes a fetch-and-op an accumulate lock at the target, and a
 * waiter that re-read a lock word of its own segment back to back held that
 * accumulate lock whenever it served requests, so the holder's release never
 * got in (library.upc hung on two simulated nodes). */
void upcrb_wait_u32(upcr_thread_t thread, upcr_offset_t offset, uint32_t old) {
  upcrm_backoff_t b = UPCRM_BACKOFF_INIT;
  double interval_us = 1;
  while (upcrb_load_u32(thread, offset) == old) {
    if (!upcrm_remote_progress) {
      /* A thread that waits for a lock between its upc_notify and upc_wait
       * still passes on the barrier's messages: the others' upc_wait must
       * return once every thread has notified (UPC 1.3, 6.6.1), and the
       * lock's holder may be waiting there before it releases. */
      upcrm_barrier_pass_on();
      upcrm_backoff_pause(&b);
      continue;
    }
    double until = upcrm_now_us() + interval_us;
    do {
      progress();
      upcrm_backoff_pause(&b);
    } while (upcrm_now_us() < until);
    if (interval_us < 256)
      interval_us *= 2;
  }
}

void upcrb_wake_u32(upcr_thread_t thread, upcr_offset_t offset) {
  (void)thread;
  (void)offset;
}

void upcrb_yield(void) {
  if (upcrm_remote_progress)
    progress();
  else /* as in upcrb_wait_u32 */
    upcrm_barrier_pass_on();
  sched_yield();
}
