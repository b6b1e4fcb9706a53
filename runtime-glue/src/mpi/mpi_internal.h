/*
 * mpi_internal.h - what the files of the MPI backend share: every UPC thread
 * is one MPI process (UPC thread t = rank t of MPI_COMM_WORLD, THREADS = its
 * size; a program started without mpirun is a singleton with THREADS == 1).
 *
 *
 * Segments: one MPI-3 window holds every segment, allocated once; its
 * passive-target epoch is opened once (MPI_Win_lock_all) and closed at exit.
 *   - Shared memory (the default): MPI_Win_allocate_shared on the node's
 *     communicator (MPI_Comm_split_type SHARED); MPI_Win_shared_query gives
 *     the bases of same-node ranks, which the core and upcr.h's inline paths
 *     then access with plain loads and stores. When the job spans nodes, a
 *     second window over the same memory (MPI_Win_create on MPI_COMM_WORLD)
 *     reaches the other nodes' segments.
 *   - UPC_MPI_SHARED_MEMORY=0: MPI_Win_allocate on MPI_COMM_WORLD; only the
 *     process's own segment is addressable, every other one is reached by
 *     RMA as if it were on another node (to test and measure that path on
 *     one machine).
 * Every RMA operation and every atomic goes through one window (atomicity
 * in MPI holds only within a window).
 *
 * Data: MPI_Get + MPI_Win_flush; MPI_Put + MPI_Win_flush_local, the target
 * marked dirty so that a later get or atomic on it first completes the put
 * (program order); fence = MPI_Win_flush_all (if a put is pending) +
 * MPI_Win_sync + a memory barrier.
 *
 * Atomics: MPI_Fetch_and_op (the runtime's 32-bit words and the typed
 * operations of <upc_atomic.h>) and MPI_Compare_and_swap + MPI_Win_flush.
 * One-sided components (Open MPI's MCA parameter osc): the node's window
 * needs osc sm, a window across nodes osc ucx or pt2pt; the default list
 * puts osc rdma first, which crashes on compare-and-swap. Unless the user
 * chose (OMPI_MCA_osc), the runtime asks for DEFAULT_OSC before MPI_Init,
 * whether upcrun or a plain mpirun started it (docs/runtime.md).
 *
 * Non-blocking transfers: MPI_Rget / MPI_Rput; a put's completion is
 * local (the request completes), and the target is then marked dirty like
 * a blocking put's.
 *
 * Barrier: on one node with shared memory, an arrival counter and a
 * generation word in the shared window, as on pthreads (UPC_MPI_SHM_BARRIER=0
 * turns it off). Otherwise notify fences and starts one MPI_Iallreduce
 * (MPI_MAX on 64-bit words) of the vote; wait completes it; a second
 * reduction names the threads only when the values differ (a mismatch).
 *
 * Heap bookkeeping: a window on rank 0 holds the published image (a version
 * word, a size word, the image), locked with an exclusive MPI_Win_lock
 * (UPC_MPI_HEAP_BOOKKEEPING bounds the image, default 4 MiB).
 *
 * Exit: after the exit barrier, every rank frees the windows, calls
 * MPI_Finalize and exit(status). A rank that calls exit() before it (user
 * code) is caught by an on_exit handler, which reports it and calls
 * MPI_Abort so that the other ranks do not wait forever; a rank that dies
 * or calls _exit is reported by mpirun, which then ends the job.
 *
 * Files, each with one job, called in one direction (a file calls only the
 * ones listed after it):
 *   bootstrap.c   MPI start-up, rank and size, the order of set-up, exit
 *   rma.c         data movement, atomics, non-blocking transfers, waits on a
 *                 word, and the progress that serves other nodes' accesses
 *   barriers.c    the barrier: messages across nodes, counters in shared
 *                 memory on one node
 *   heap_image.c  the published image of the heap's bookkeeping on rank 0
 *   windows.c     the segments' windows and the completion of puts
 *   wait.c        how every wait polls (spin, yield, sleep)
 *   errors.c      MPI errors, and what to tell the user about them
 */
#ifndef UPCR_MPI_INTERNAL_H
#define UPCR_MPI_INTERNAL_H

#include <mpi.h>
#include <signal.h>
#include <stddef.h>
#include <stdint.h>

#include "backend.h"
#include "core/internal.h"

/* Open MPI picks, for each window, the usable component of highest
 * priority in this list: sm for windows within a node, ucx (or pt2pt, where
 * UCX is missing) for windows across nodes. */
#define DEFAULT_OSC "sm,ucx,pt2pt"

/* Bytes of the backend past the end of each segment (not reachable from
 * UPC code: upcri_check_range stops at the segment size): the error word
 * (rank 0), and the shared-memory barrier's words: each rank's vote, and on
 * rank 0 the arrival counter, the generation and the two tallies, each on
 * its own cache line. */
#define BACKEND_WORDS 512
#define ERROR_WORD_OFFSET upcrm_segment_size
#define SHM_VOTE_OFFSET (upcrm_segment_size + 64)
#define SHM_ARRIVED_OFFSET (upcrm_segment_size + 128)
#define SHM_GENERATION_OFFSET (upcrm_segment_size + 192)
#define SHM_TALLY_OFFSET (upcrm_segment_size + 256)
_Static_assert(256 + 2 * sizeof(upcrb_tally_t) <= BACKEND_WORDS,
               "backend words");
_Static_assert(sizeof(upcrb_vote_t) <= 64, "vote size");

/* ---- bootstrap.c -------------------------------------------------------- */

extern int upcrm_rank, upcrm_nranks;
/* UPC_MPI_SHARED_MEMORY (default on): same-node segments in one window. */
extern int upcrm_use_shared_memory;
/* Set once the exit barrier is passed (or the program is being ended on
 * purpose): MPI is going away. */
extern volatile sig_atomic_t upcrm_exit_passed;

/* ---- rma.c -------------------------------------------------------------- */

/* The communicator whose probe drives MPI's progress (across nodes only). */
void upcrm_rma_setup(void);
void upcrm_rma_free(void);

/* ---- barriers.c --------------------------------------------------------- */

/* Chooses the barrier (shared memory when every segment is addressable) and
 * makes its communicator; after upcrm_windows_create. */
void upcrm_barrier_setup(void);
void upcrm_barrier_free(void);
/* Passes on the barrier's messages that have arrived, between upc_notify
 * and the end of upc_wait; does nothing otherwise. Every wait calls it. */
void upcrm_barrier_pass_on(void);

/* ---- heap_image.c ------------------------------------------------------- */

void upcrm_heap_setup(void);
void upcrm_heap_free(void);

/* ---- windows.c ---------------------------------------------------------- */

extern size_t upcrm_segment_size;
extern int upcrm_all_addressable;
/* Some segments are reached through a network: MPI RMA over TCP (osc pt2pt,
 * osc ucx without RDMA hardware) completes an access only when the target
 * process drives MPI's progress engine, so this process must do so while it
 * waits and at fences (rma.c). */
extern int upcrm_remote_progress;
extern MPI_Win upcrm_shm_win; /* node window (shared memory) */
extern MPI_Win upcrm_rma_win; /* every segment, for RMA */
extern int *upcrm_rma_rank;   /* UPC thread -> rank in upcrm_rma_win */
/* Puts issued with only a local flush, by target thread. */
extern unsigned char *upcrm_dirty;
extern int upcrm_ndirty;

/* The processes of this node (a communicator split once). */
int upcrm_node_processes(void);
/* Creates the segments' windows (size bytes each, plus BACKEND_WORDS) and
 * returns every addressable segment's base by thread (NULL elsewhere), or
 * NULL when out of memory. */
char **upcrm_windows_create(size_t size);
/* Opens the windows' one access epoch; collective. */
void upcrm_windows_open(void);
void upcrm_windows_free(void);
/* Completes this thread's puts and orders its accesses. */
void upcrm_complete_and_sync(void);

/* A put to thread t completed locally but may still be on its way: the
 * next get, atomic or fence settles it. */
static inline void upcrm_mark_dirty(upcr_thread_t t) {
  if (!upcrm_dirty[t]) {
    upcrm_dirty[t] = 1;
    ++upcrm_ndirty;
  }
}

/* Completes a put still in flight to thread t. */
static inline void upcrm_settle(upcr_thread_t t) {
  if (upcrm_dirty[t]) {
    MPI_Win_flush(upcrm_rma_rank[t], upcrm_rma_win);
    upcrm_dirty[t] = 0;
    --upcrm_ndirty;
  }
}

/* ---- wait.c ------------------------------------------------------------- */

typedef struct {
  double start, elapsed;
  unsigned polls;
} upcrm_backoff_t;
#define UPCRM_BACKOFF_INIT                                                     \
  { 0, 0, 0 }

double upcrm_now_us(void);
/* One pause of a polling loop, by how long it has waited (wait.c). */
void upcrm_backoff_pause(upcrm_backoff_t *b);

/* ---- errors.c ----------------------------------------------------------- */

UPCR_NORETURN void upcrm_mpi_failed(const char *call, int rc);
/* A window could not be created: says which one and what to set. */
UPCR_NORETURN void upcrm_window_failed(const char *which, int rc);
/* A boolean environment variable: 1 when set to 0/no/off/false. */
int upcrm_env_disabled(const char *name);
/* Between MPI_Init and MPI_Finalize. */
int upcrm_mpi_active(void);

#define CHECK_MPI(call)                                                        \
  do {                                                                         \
    int check_rc_ = (call);                                                    \
    if (check_rc_ != MPI_SUCCESS)                                              \
      upcrm_mpi_failed(#call, check_rc_);                                      \
  } while (0)

#endif
