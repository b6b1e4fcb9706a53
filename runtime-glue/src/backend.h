/*
 * backend.h - what the backend-independent core (src/core) needs from a
 * communication backend. Two backends implement it:
 *
 *   pthreads (src/pthreads): every UPC thread is a POSIX thread of one
 *     process; every segment is directly addressable by every thread.
 *   MPI (src/mpi): every UPC thread is one MPI process (rank = thread); the
 *     segments form one MPI-3 window; only the process's own segment (and
 *     those of same-node ranks, through MPI_Win_allocate_shared) is
 *     addressable.
 *
 * Addresses are (thread, offset) pairs: the byte offset in the owner's
 * segment. upcri_segment_base[t] (upcr.h) is non-NULL for each segment the
 * calling thread can address with plain loads and stores; the inline fast
 * paths of upcr.h and the core use it, and fall back to the operations below
 * for the others.
 *
 * Completion: when upcrb_put returns, its source buffer may be reused, but
 * the data may reach the target later (the MPI backend issues MPI_Put and
 * MPI_Win_flush_local); a later get, put or atomic of the same thread on
 * the same segment still sees it (program order); upcrb_fence completes
 * every put the calling thread issued and orders it before the thread's
 * later accesses. upcrb_get returns only when the data has arrived. Atomics
 * are complete on return.
 *
 * Atomics: the runtime's own (locks, barrier words) are fetch-and-op style
 * on 32-bit words (fetch-add, swap, fetch), which MPI_Fetch_and_op
 * provides. The atomic memory operations of <upc_atomic.h> add typed
 * operations and compare-and-swap on 4- and 8-byte integers (upcrb_amo*):
 * MPI_Fetch_and_op and MPI_Compare_and_swap, which work with the one-sided
 * components upcrun selects (docs/runtime.md). Every atomic of a program
 * goes through the backend, never through plain loads and stores, so that
 * the operations of one process and of another are atomic together.
 *
 * Non-blocking transfers (upcrb_get_nb, upcrb_put_nb): started at once,
 * completed by upcrb_nb_test or upcrb_nb_wait (MPI_Rget, MPI_Rput).
 *
 * Dynamic allocation: the core's heap bookkeeping (core/heap.c) lives in
 * process memory and is guarded by upcrb_heap_lock/unlock, which lock it
 * for the whole program. On pthreads that is one process-wide mutex and the
 * memory is shared. The MPI backend keeps the published copy of the
 * bookkeeping (a packed image with a version number) in an allocator window
 * on rank 0, locked with an exclusive MPI_Win_lock: upcrb_heap_lock hands
 * heap.c the newest image when another process changed it, and heap.c
 * passes its changed image to upcrb_heap_unlock.
 */
#ifndef UPCR_BACKEND_H
#define UPCR_BACKEND_H

#include <stddef.h>
#include <stdint.h>

#include "upcr.h"

/* ------------------------------------------------------------------------
 * Start-up and shutdown
 * ------------------------------------------------------------------------ */

/* Called once per process, before anything else, with the thread count the
 * core decided (pthreads) or proposes (MPI ignores it and uses the size of
 * MPI_COMM_WORLD). Sets upcri_threads and returns the range of UPC threads
 * this process runs: [*first, *first + *count). */
void upcrb_init(int *argc, char ***argv, int requested_threads,
                int *first, int *count);

/* The largest segment_size upcrb_segments_create can reserve for each
 * thread, the same on every process (collective on MPI), or UINT64_MAX when
 * only the address space bounds it. When it is bounded, what (of what_size
 * bytes) says by what, for the core's messages. Called once, after
 * upcrb_init. */
uint64_t upcrb_segment_limit(char *what, size_t what_size);
/* Reserves every segment of segment_size bytes (zero-filled; pages that are
 * never touched should cost nothing) and fills upcri_segment_base. Returns
 * nonzero on failure (the core reports it). */
int upcrb_segments_create(size_t segment_size);
/* The size passed to upcrb_segments_create (0 before). */
size_t upcrb_segment_size(void);
/* Nonzero if every UPC thread can address every segment (all entries of
 * upcri_segment_base are set): code compiled with
 * UPCR_ALL_SEGMENTS_ADDRESSABLE relies on it. */
int upcrb_all_segments_addressable(void);
/* Where two UPC threads run (bupc_thread_distance): threads of one process
 * (a thread and itself too), processes of one node, or other nodes.
 * Symmetric and fixed for the run; after upcrb_segments_create. */
enum { UPCRB_OTHER_NODE, UPCRB_SAME_NODE, UPCRB_SAME_PROCESS };
int upcrb_thread_locality(upcr_thread_t a, upcr_thread_t b);

/* Runs thread_main(t) once for each UPC thread t of this process, each on
 * its own OS thread with a stack of at least stack_bytes (the first one may
 * run on the calling thread). Does not return: thread_main ends through
 * upcrb_thread_exit. */
typedef void (*upcrb_thread_main_t)(int thread);
UPCR_NORETURN void upcrb_run_threads(upcrb_thread_main_t thread_main,
                                     size_t stack_bytes);

/* The calling UPC thread is done and the program's exit status is decided
 * (every thread has passed the exit barrier). The process ends with status
 * once all of its UPC threads have called this; stdio is flushed and atexit
 * handlers run. */
UPCR_NORETURN void upcrb_thread_exit(int status);

/* Ends the whole job at once with status (upc_global_exit, fatal errors):
 * stdio is flushed, atexit handlers do not run (other UPC threads may still
 * be running user code). */
UPCR_NORETURN void upcrb_abort(int status);

/* ------------------------------------------------------------------------
 * Data movement (segments not directly addressable)
 * ------------------------------------------------------------------------ */

void upcrb_get(void *dst, upcr_thread_t thread, upcr_offset_t offset,
               size_t nbytes);
void upcrb_put(upcr_thread_t thread, upcr_offset_t offset, const void *src,
               size_t nbytes);
/* Completes the calling thread's outstanding puts and gets and acts as a full
 * (sequentially consistent) memory fence. */
void upcrb_fence(void);

/* ------------------------------------------------------------------------
 * Atomics on 32-bit words in any segment (offset 4-byte aligned).
 * Sequentially consistent.
 * ------------------------------------------------------------------------ */

uint32_t upcrb_fetch_add_u32(upcr_thread_t thread, upcr_offset_t offset,
                             uint32_t value);
uint32_t upcrb_swap_u32(upcr_thread_t thread, upcr_offset_t offset,
                        uint32_t value);
uint32_t upcrb_load_u32(upcr_thread_t thread, upcr_offset_t offset);

/* Typed atomic memory operations on a naturally aligned 4- or 8-byte
 * integer at (thread, offset): *old receives the value before the
 * operation (old may be NULL except for GET). SET stores *operand; ADD,
 * MULT, MIN, MAX, AND, OR and XOR combine it (MIN and MAX as the type's
 * signedness says). Integers only: the core builds the floating operations
 * from GET and compare-and-swap on their bits, because MPI implementations'
 * floating accumulates are not dependable (Open MPI 4.1.4's osc ucx
 * performs MPI_SUM on floats and doubles as an integer addition). */
typedef enum {
  UPCRB_AMO_I32,
  UPCRB_AMO_U32,
  UPCRB_AMO_I64,
  UPCRB_AMO_U64
} upcrb_amo_type_t;

typedef enum {
  UPCRB_AMO_GET,
  UPCRB_AMO_SET,
  UPCRB_AMO_ADD,
  UPCRB_AMO_MULT,
  UPCRB_AMO_MIN,
  UPCRB_AMO_MAX,
  UPCRB_AMO_AND,
  UPCRB_AMO_OR,
  UPCRB_AMO_XOR
} upcrb_amo_op_t;

void upcrb_amo(upcr_thread_t thread, upcr_offset_t offset,
               upcrb_amo_type_t type, upcrb_amo_op_t op, const void *operand,
               void *old);
/* Stores *desired if the value equals *compare; *old receives the value
 * before (always). */
void upcrb_amo_cswap(upcr_thread_t thread, upcr_offset_t offset,
                     upcrb_amo_type_t type, const void *compare,
                     const void *desired, void *old);

/* Blocks while the word still holds `old` (returns at the latest when it
 * changes and upcrb_wake_u32 is called on it; may return early). Callers
 * re-check in a loop. pthreads: a futex; MPI: polling with growing sleeps. */
void upcrb_wait_u32(upcr_thread_t thread, upcr_offset_t offset, uint32_t old);
/* Wakes the threads blocked in upcrb_wait_u32 on that word. */
void upcrb_wake_u32(upcr_thread_t thread, upcr_offset_t offset);

/* Lets other threads run (a thread about to retry something). */
void upcrb_yield(void);

/* ------------------------------------------------------------------------
 * Non-blocking transfers
 *
 * A started transfer fills an upcrb_nb_t, which the caller keeps until
 * upcrb_nb_test returns nonzero or upcrb_nb_wait returns; then the data has
 * arrived (get) or the source may be reused and a later access of the
 * calling thread sees the data (put). A start that returns nonzero has
 * completed the transfer at once (nothing to wait for).
 * ------------------------------------------------------------------------ */

typedef struct upcrb_nb {
  uint64_t request; /* the backend's request (MPI_Request's bits) */
  int target;      /* the UPC thread whose segment is accessed */
  int is_put;
} upcrb_nb_t;

int upcrb_get_nb(void *dst, upcr_thread_t thread, upcr_offset_t offset,
                 size_t nbytes, upcrb_nb_t *nb);
int upcrb_put_nb(upcr_thread_t thread, upcr_offset_t offset, const void *src,
                 size_t nbytes, upcrb_nb_t *nb);
int upcrb_nb_test(upcrb_nb_t *nb);
void upcrb_nb_wait(upcrb_nb_t *nb);

/* ------------------------------------------------------------------------
 * Barrier with value consensus
 *
 * Every thread contributes a vote: up to UPCRB_VOTE_SLOTS optional unsigned
 * 64-bit values. When every thread has notified, each slot's result is the
 * minimum and maximum of the values that were present, and the lowest
 * thread that contributed each. The MPI backend computes this with one
 * MPI_Iallreduce started by notify and completed by wait, or, with every
 * rank on one node, in shared memory as pthreads does: a counter, a
 * generation word, and upcrb_tally_add over every thread's vote.
 *
 * notify and wait alternate on each thread. Both imply a full memory fence
 * (and complete the thread's outstanding puts).
 * ------------------------------------------------------------------------ */

#define UPCRB_VOTE_SLOTS 3

typedef struct upcrb_vote {
  uint64_t value[UPCRB_VOTE_SLOTS];
  int present[UPCRB_VOTE_SLOTS];
} upcrb_vote_t;

typedef struct upcrb_tally {
  int present[UPCRB_VOTE_SLOTS]; /* some thread contributed a value */
  uint64_t min[UPCRB_VOTE_SLOTS], max[UPCRB_VOTE_SLOTS];
  int min_thread[UPCRB_VOTE_SLOTS], max_thread[UPCRB_VOTE_SLOTS];
} upcrb_tally_t;

void upcrb_barrier_notify(const upcrb_vote_t *vote);
void upcrb_barrier_wait(upcrb_tally_t *tally);

/* Adds thread's vote to a tally that started zeroed, threads in increasing
 * order (the lowest contributor wins ties); for backends that see every
 * vote. Here, not in the core, so that a backend calls nothing of the core
 * but its error reporting. */
static inline void upcrb_tally_add(upcrb_tally_t *tally, int thread,
                                   const upcrb_vote_t *vote) {
  for (int s = 0; s < UPCRB_VOTE_SLOTS; ++s) {
    if (!vote->present[s])
      continue;
    uint64_t v = vote->value[s];
    if (!tally->present[s] || v < tally->min[s]) {
      tally->min[s] = v;
      tally->min_thread[s] = thread;
    }
    if (!tally->present[s] || v > tally->max[s]) {
      tally->max[s] = v;
      tally->max_thread[s] = thread;
    }
    tally->present[s] = 1;
  }
}

/* ------------------------------------------------------------------------
 * Dynamic allocation bookkeeping guard (see the note at the top).
 * ------------------------------------------------------------------------ */

/* Locks the heap bookkeeping for the whole program. Returns NULL when the
 * calling process's copy is current (always on pthreads), else the newest
 * image another process published (*size bytes, valid until unlock), which
 * the caller loads. */
const void *upcrb_heap_lock(size_t *size);
/* Nonzero when the bookkeeping is copied between processes: the caller then
 * passes every changed state to upcrb_heap_unlock as an image. */
int upcrb_heap_distributed(void);
/* Unlocks, publishing image (size bytes) if non-NULL. Returns nonzero,
 * publishing nothing, if the image is larger than upcrb_heap_capacity(). */
int upcrb_heap_unlock(const void *image, size_t size);
/* The largest image upcrb_heap_unlock accepts (SIZE_MAX on pthreads). */
size_t upcrb_heap_capacity(void);

/* ------------------------------------------------------------------------
 * Errors and non-collective exits
 * ------------------------------------------------------------------------ */

/* The calling thread has a runtime error to report. Returns nonzero if it
 * is the first of the program (it reports and ends the program); the
 * others wait for that end. Several processes may detect one error at once
 * (a barrier mismatch); only one message is printed. */
int upcrb_claim_error(void);

/* The calling thread is about to end the whole program through exit()
 * without the exit barrier (upc_global_exit or an error in an instrumented
 * program, so that a tool's atexit handlers run): the MPI backend then ends
 * the other processes with that status instead of reporting a thread that
 * exited early. */
void upcrb_noncollective_exit(void);

#endif /* UPCR_BACKEND_H */
