/*
 * backend.c - the MPI backend: every UPC thread is one MPI process (UPC
 * thread t = rank t of MPI_COMM_WORLD, THREADS = its size; a program started
 * without mpirun is a singleton with THREADS == 1).
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
 */
#ifndef _GNU_SOURCE
#define _GNU_SOURCE /* on_exit */
#endif
#include <limits.h>
#include <math.h>
#include <mpi.h>
#include <sched.h>
#include <signal.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/prctl.h>
#include <sys/statvfs.h>
#include <time.h>
#include <unistd.h>

#include "backend.h"
#include "core/internal.h"
#include "size.h"

/* upcrun recognises a program linked with this backend by this string and
 * starts it with mpirun (runtime-glue/tools/upcrun). */
__attribute__((used)) static const char backend_marker[] = "upcr-backend=mpi";

/* Open MPI picks, for each window, the usable component of highest
 * priority in this list: sm for windows within a node, ucx (or pt2pt, where
 * UCX is missing) for windows across nodes. */
#define DEFAULT_OSC "sm,ucx,pt2pt"

#define DEFAULT_HEAP_BOOKKEEPING ((uint64_t)4 << 20)
#define HEAP_HEADER 16 /* version, size */
/* Bytes of the backend past the end of each segment (not reachable from
 * UPC code: upcri_check_range stops at the segment size): the error word
 * (rank 0), and the shared-memory barrier's words: each rank's vote, and on
 * rank 0 the arrival counter, the generation and the two tallies, each on
 * its own cache line. */
#define BACKEND_WORDS 512
#define ERROR_WORD_OFFSET segment_size
#define SHM_VOTE_OFFSET (segment_size + 64)
#define SHM_ARRIVED_OFFSET (segment_size + 128)
#define SHM_GENERATION_OFFSET (segment_size + 192)
#define SHM_TALLY_OFFSET (segment_size + 256)
_Static_assert(256 + 2 * sizeof(upcrb_tally_t) <= BACKEND_WORDS,
               "backend words");
_Static_assert(sizeof(upcrb_vote_t) <= 64, "vote size");

static int rank, nranks;
static size_t segment_size;
static int use_shared_memory = 1;
static int all_addressable;
/* Some segments are reached through a network: MPI RMA over TCP (osc pt2pt,
 * osc ucx without RDMA hardware) completes an access only when the target
 * process drives MPI's progress engine, so this process must do so while it
 * waits and at fences (see Waiting below). */
static int remote_progress;
static MPI_Comm progress_comm = MPI_COMM_NULL;
/* The barrier's messages (when it is not in shared memory). */
static MPI_Comm barrier_comm = MPI_COMM_NULL;
static int vote_rounds; /* ceil(log2 nranks) */

static MPI_Comm node_comm = MPI_COMM_NULL;
/* Every rank on one node with shared memory: the barrier is a counter in
 * shared memory instead of MPI collectives. */
static int shm_barrier;
static int shm_barrier_enabled(void);
static MPI_Win shm_win = MPI_WIN_NULL; /* node window (shared memory) */
static MPI_Win rma_win = MPI_WIN_NULL; /* every segment, for RMA */
static int *rma_rank;                  /* UPC thread -> rank in rma_win */

/* Puts issued with only a local flush, by target thread. */
static unsigned char *dirty;
static int ndirty;

static MPI_Win heap_win = MPI_WIN_NULL;
static int heap_distributed;
static size_t heap_capacity;
static uint64_t heap_version;
static void *heap_buffer;
static size_t heap_buffer_size;

/* Set once the exit barrier is passed (or the program is being ended on
 * purpose); the on_exit handler then stays quiet. */
static volatile sig_atomic_t exit_passed, ending_job;

/* ------------------------------------------------------------------------
 * Errors
 * ------------------------------------------------------------------------ */

static UPCR_NORETURN void mpi_failed(const char *call, int rc) {
  char text[MPI_MAX_ERROR_STRING];
  int len = 0;
  if (MPI_Error_string(rc, text, &len) != MPI_SUCCESS)
    snprintf(text, sizeof text, "error %d", rc);
  upcri_fatal("MPI: %s failed on rank %d: %s", call, rank, text);
}

#define CHECK_MPI(call)                                                        \
  do {                                                                         \
    int check_rc_ = (call);                                                    \
    if (check_rc_ != MPI_SUCCESS)                                              \
      mpi_failed(#call, check_rc_);                                            \
  } while (0)

/* A window that cannot be created is nearly always a choice of one-sided
 * components that cannot serve it (MPI_ERR_INTERN, MPI_ERR_WIN): say what
 * to set. Every rank fails alike; the others leave the message to rank 0,
 * whose report ends the job. */
static UPCR_NORETURN void window_failed(const char *which, int rc) {
  char text[MPI_MAX_ERROR_STRING];
  int len = 0;
  if (MPI_Error_string(rc, text, &len) != MPI_SUCCESS)
    snprintf(text, sizeof text, "error %d", rc);
  const char *osc = getenv("OMPI_MCA_osc");
  if (rank != 0)
    sleep(2);
  upcri_fatal("MPI: cannot create %s (%s) with the one-sided components "
              "OMPI_MCA_osc=%s: a window within a node needs 'sm', one "
              "across nodes 'ucx' or 'pt2pt'; unset OMPI_MCA_osc (the "
              "runtime then uses %s) or name both kinds (such as "
              "OMPI_MCA_osc=sm,pt2pt)",
              which, text, osc ? osc : "(unset)", DEFAULT_OSC);
}

static int mpi_active(void) {
  int init = 0, fin = 0;
  MPI_Initialized(&init);
  MPI_Finalized(&fin);
  return init && !fin;
}

static void free_windows(void);

/* A rank leaving through exit() without the exit barrier: the others would
 * wait for it forever. */
static void exit_check(int status, void *arg) {
  (void)arg;
  if (exit_passed || !mpi_active())
    return;
  if (nranks == 1) {
    /* Nobody waits for this thread: end as the pthreads backend does. */
    exit_passed = 1;
    free_windows();
    MPI_Finalize();
    return;
  }
  fflush(stdout);
  if (!ending_job)
    fprintf(stderr, "upc runtime: error: UPC thread %d exited early "
                    "(status %d) while the other threads still run; ending "
                    "the program\n",
            rank, status);
  fflush(stderr);
  MPI_Abort(MPI_COMM_WORLD, status != 0 || ending_job ? status : 1);
}

/* ------------------------------------------------------------------------
 * Start-up and shutdown
 * ------------------------------------------------------------------------ */

static int env_disabled(const char *name) {
  const char *v = getenv(name);
  if (!v || !*v)
    return 0;
  if (!strcmp(v, "0") || !strcasecmp(v, "no") || !strcasecmp(v, "off") ||
      !strcasecmp(v, "false"))
    return 1;
  if (!strcmp(v, "1") || !strcasecmp(v, "yes") || !strcasecmp(v, "on") ||
      !strcasecmp(v, "true"))
    return 0;
  upcri_fatal("%s=%s is neither 0 nor 1", name, v);
}

void upcrb_init(int *argc, char ***argv, int requested_threads, int *first,
                int *count) {
  (void)requested_threads; /* THREADS is the number of processes */
  int init = 0;
  MPI_Initialized(&init);
  if (!init)
    setenv("OMPI_MCA_osc", DEFAULT_OSC, 0);
  /* A job on one node needs no network between its processes, and Open
   * MPI's TCP transport would listen on every interface of the machine (it
   * binds the wildcard address whatever btl_tcp_if_include says): shared
   * memory alone, unless the user chose (OMPI_MCA_btl). */
  const char *local = getenv("OMPI_COMM_WORLD_LOCAL_SIZE");
  const char *size = getenv("OMPI_COMM_WORLD_SIZE");
  if (!init && local && size && strcmp(local, size) == 0)
    setenv("OMPI_MCA_btl", "self,vader", 0);
  if (!init && MPI_Init(argc, argv) != MPI_SUCCESS) {
    fprintf(stderr, "upc runtime: error: MPI_Init failed\n");
    exit(1);
  }
  MPI_Comm_set_errhandler(MPI_COMM_WORLD, MPI_ERRORS_RETURN);
  /* Started by Open MPI's launcher (its daemon on this node, or mpirun on
   * the first): a rank whose launcher dies could otherwise outlive the job
   * for good, spinning in a barrier. */
  if (getenv("OMPI_COMM_WORLD_SIZE")) {
    prctl(PR_SET_PDEATHSIG, SIGKILL);
    if (getppid() == 1)
      raise(SIGKILL);
  }
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &nranks);
  on_exit(exit_check, NULL);
  upcri_threads = nranks;
  *first = rank;
  *count = 1;
  use_shared_memory = !env_disabled("UPC_MPI_SHARED_MEMORY");
}

static void create_heap_window(void) {
  heap_distributed = nranks > 1;
  if (!heap_distributed)
    return;
  uint64_t cap = DEFAULT_HEAP_BOOKKEEPING;
  const char *env = getenv("UPC_MPI_HEAP_BOOKKEEPING");
  if (env && *env && upcr_parse_size(env, &cap) != 0)
    upcri_fatal("UPC_MPI_HEAP_BOOKKEEPING=%s is not a size (bytes, or a "
                "number with K, M or G, such as 16MB)",
                env);
  if (cap > ((uint64_t)1 << 30))
    cap = (uint64_t)1 << 30;
  heap_capacity = (size_t)cap;
  void *base;
  MPI_Aint size = rank == 0 ? (MPI_Aint)(heap_capacity + HEAP_HEADER) : 0;
  int rc = MPI_Win_allocate(size, 1, MPI_INFO_NULL, MPI_COMM_WORLD, &base,
                            &heap_win);
  if (rc != MPI_SUCCESS)
    window_failed("the window of the shared heap's bookkeeping", rc);
  MPI_Win_set_errhandler(heap_win, MPI_ERRORS_RETURN);
  if (rank == 0)
    memset(base, 0, HEAP_HEADER); /* version 0: the initial state */
}

/* The processes of this node (node_comm), split once. */
static int node_processes(void) {
  if (node_comm == MPI_COMM_NULL)
    CHECK_MPI(MPI_Comm_split_type(MPI_COMM_WORLD, MPI_COMM_TYPE_SHARED, rank,
                                  MPI_INFO_NULL, &node_comm));
  int node_size;
  MPI_Comm_size(node_comm, &node_size);
  return node_size;
}

/* With shared memory, Open MPI's osc sm backs the node's window with one
 * file in its backing directory (/dev/shm unless osc_sm_backing_directory
 * says otherwise) and refuses a window larger than that file system's free
 * space with MPI_ERR_INTERN. The pages are only used when touched, but the
 * whole size must fit. Every process takes the smallest limit, so that all
 * segments have one size. */
uint64_t upcrb_segment_limit(char *what, size_t what_size) {
  uint64_t limit = UINT64_MAX;
  if (use_shared_memory) {
    const char *dir = getenv("OMPI_MCA_osc_sm_backing_directory");
    if (!dir || !*dir)
      dir = "/dev/shm";
    int node_size = node_processes();
    struct statvfs fs;
    if (statvfs(dir, &fs) == 0) {
      /* Keep a sixteenth for the files of other windows and of btl vader. */
      uint64_t avail = (uint64_t)fs.f_bavail * fs.f_frsize;
      uint64_t share = avail / 16 * 15 / (uint64_t)node_size;
      limit = share > BACKEND_WORDS ? share - BACKEND_WORDS : 0;
      char free_text[64];
      upcri_format_size(free_text, sizeof free_text, avail);
      snprintf(what, what_size,
               "%s free in %s for the %d processes of this node; enlarge it, "
               "or set OMPI_MCA_osc_sm_backing_directory to a larger local "
               "file system, or UPC_MPI_SHARED_MEMORY=0",
               free_text, dir, node_size);
    }
  }
  uint64_t all;
  CHECK_MPI(MPI_Allreduce(&limit, &all, 1, MPI_UINT64_T, MPI_MIN,
                          MPI_COMM_WORLD));
  if (all != limit && all != UINT64_MAX)
    snprintf(what, what_size,
             "the free space another process found in its shared-memory "
             "file system (/dev/shm or OMPI_MCA_osc_sm_backing_directory)");
  return all;
}

int upcrb_segments_create(size_t size) {
  segment_size = size;
  char **bases = calloc((size_t)nranks, sizeof *bases);
  rma_rank = calloc((size_t)nranks, sizeof *rma_rank);
  dirty = calloc((size_t)nranks, 1);
  if (!bases || !rma_rank || !dirty)
    return -1;
  MPI_Info info;
  MPI_Info_create(&info);
  MPI_Info_set(info, "same_disp_unit", "true");
  char *mine = NULL;
  size_t alloc_size = size + BACKEND_WORDS;
  if (use_shared_memory) {
    int node_size = node_processes();
    MPI_Info_set(info, "alloc_shared_noncontig", "true");
    int rc = MPI_Win_allocate_shared((MPI_Aint)alloc_size, 1, info, node_comm,
                                     &mine, &shm_win);
    if (rc != MPI_SUCCESS)
      window_failed("the shared-memory window of this node's segments", rc);
    MPI_Win_set_errhandler(shm_win, MPI_ERRORS_RETURN);
    /* Node rank -> world rank. */
    MPI_Group world_group, node_group;
    MPI_Comm_group(MPI_COMM_WORLD, &world_group);
    MPI_Comm_group(node_comm, &node_group);
    int *node_ranks = malloc((size_t)node_size * sizeof *node_ranks);
    int *world_ranks = malloc((size_t)node_size * sizeof *world_ranks);
    if (!node_ranks || !world_ranks)
      return -1;
    for (int r = 0; r < node_size; ++r)
      node_ranks[r] = r;
    MPI_Group_translate_ranks(node_group, node_size, node_ranks, world_group,
                              world_ranks);
    for (int r = 0; r < node_size; ++r) {
      MPI_Aint qsize;
      int qunit;
      void *qbase;
      CHECK_MPI(MPI_Win_shared_query(shm_win, r, &qsize, &qunit, &qbase));
      bases[world_ranks[r]] = qbase;
      rma_rank[world_ranks[r]] = r;
    }
    free(node_ranks);
    free(world_ranks);
    MPI_Group_free(&world_group);
    MPI_Group_free(&node_group);
    all_addressable = node_size == nranks;
    shm_barrier = all_addressable && shm_barrier_enabled();
    if (all_addressable) {
      rma_win = shm_win; /* one node: the shared window serves RMA too */
    } else {
      rc = MPI_Win_create(mine, (MPI_Aint)alloc_size, 1, info, MPI_COMM_WORLD,
                          &rma_win);
      if (rc != MPI_SUCCESS)
        window_failed("the window of every segment across nodes", rc);
      remote_progress = 1;
      MPI_Win_set_errhandler(rma_win, MPI_ERRORS_RETURN);
      for (int t = 0; t < nranks; ++t)
        rma_rank[t] = t;
    }
  } else {
    int rc = MPI_Win_allocate((MPI_Aint)alloc_size, 1, info, MPI_COMM_WORLD,
                              &mine, &rma_win);
    if (rc != MPI_SUCCESS)
      window_failed("the window of every segment", rc);
    /* Without shared memory every other segment is RMA: across nodes, or on
     * one node through osc sm, whose accesses need no progress. */
    remote_progress = nranks > 1 && node_processes() < nranks;
    MPI_Win_set_errhandler(rma_win, MPI_ERRORS_RETURN);
    bases[rank] = mine;
    for (int t = 0; t < nranks; ++t)
      rma_rank[t] = t;
    all_addressable = nranks == 1;
  }
  MPI_Info_free(&info);
  /* Static data starts zeroed (fresh window memory usually is; the heap
   * needs no zeroing, and its pages stay untouched). */
  memset(mine, 0, upcri_static_size < size ? upcri_static_size : size);
  memset(mine + size, 0, BACKEND_WORDS);
  create_heap_window();
  if (remote_progress)
    CHECK_MPI(MPI_Comm_dup(MPI_COMM_WORLD, &progress_comm));
  if (!shm_barrier) {
    CHECK_MPI(MPI_Comm_dup(MPI_COMM_WORLD, &barrier_comm));
    while ((1 << vote_rounds) < nranks)
      ++vote_rounds;
  }
  CHECK_MPI(MPI_Win_lock_all(MPI_MODE_NOCHECK, rma_win));
  if (shm_win != MPI_WIN_NULL && shm_win != rma_win)
    CHECK_MPI(MPI_Win_lock_all(MPI_MODE_NOCHECK, shm_win));
  MPI_Win_sync(rma_win);
  CHECK_MPI(MPI_Barrier(MPI_COMM_WORLD));
  MPI_Win_sync(rma_win);
  upcri_segment_base = bases;
  return 0;
}

size_t upcrb_segment_size(void) { return segment_size; }

int upcrb_all_segments_addressable(void) { return all_addressable; }

void upcrb_run_threads(upcrb_thread_main_t thread_main, size_t stack_bytes) {
  (void)stack_bytes; /* the process's main thread runs the UPC thread */
  thread_main(rank);
  abort(); /* not reached */
}

static void free_windows(void) {
  if (rma_win != MPI_WIN_NULL) {
    MPI_Win_unlock_all(rma_win);
    if (shm_win != MPI_WIN_NULL && shm_win != rma_win) {
      MPI_Win_unlock_all(shm_win);
      MPI_Win_free(&shm_win);
    }
    MPI_Win_free(&rma_win);
    shm_win = MPI_WIN_NULL;
  }
  if (heap_win != MPI_WIN_NULL)
    MPI_Win_free(&heap_win);
  if (node_comm != MPI_COMM_NULL)
    MPI_Comm_free(&node_comm);
  if (progress_comm != MPI_COMM_NULL)
    MPI_Comm_free(&progress_comm);
  if (barrier_comm != MPI_COMM_NULL)
    MPI_Comm_free(&barrier_comm);
}

void upcrb_thread_exit(int status) {
  exit_passed = 1;
  fflush(stdout);
  fflush(stderr);
  free_windows();
  MPI_Finalize();
  exit(status);
}

void upcrb_abort(int status) {
  ending_job = 1;
  exit_passed = 1;
  fflush(stdout);
  fflush(stderr);
  if (mpi_active()) {
    if (nranks > 1)
      MPI_Abort(MPI_COMM_WORLD, status);
    /* Alone: end quietly with the status (mpirun reports a process that
     * ends without MPI_Finalize as a failure, whatever its status). */
    free_windows();
    MPI_Finalize();
  }
  _exit(status);
}

void upcrb_noncollective_exit(void) { ending_job = 1; }

static uint32_t fetch_and_op(upcr_thread_t thread, upcr_offset_t offset,
                             uint32_t value, MPI_Op op);

/* The error word lies past rank 0's segment. */
int upcrb_claim_error(void) {
  if (rma_win == MPI_WIN_NULL || exit_passed || !mpi_active())
    return 1;
  return fetch_and_op(0, ERROR_WORD_OFFSET, 1, MPI_REPLACE) == 0;
}

/* ------------------------------------------------------------------------
 * Data movement
 * ------------------------------------------------------------------------ */

#define CHUNK ((size_t)1 << 30)

/* A put to thread t completed locally but may still be on its way: the
 * next get, atomic or fence settles it. */
static inline void mark_dirty(upcr_thread_t t) {
  if (!dirty[t]) {
    dirty[t] = 1;
    ++ndirty;
  }
}

/* Completes a put still in flight to thread t. */
static inline void settle(upcr_thread_t t) {
  if (dirty[t]) {
    MPI_Win_flush(rma_rank[t], rma_win);
    dirty[t] = 0;
    --ndirty;
  }
}

void upcrb_get(void *dst, upcr_thread_t thread, upcr_offset_t offset,
               size_t nbytes) {
  settle(thread);
  int target = rma_rank[thread];
  char *d = dst;
  while (nbytes > 0) {
    int n = (int)(nbytes < CHUNK ? nbytes : CHUNK);
    MPI_Get(d, n, MPI_BYTE, target, (MPI_Aint)offset, n, MPI_BYTE, rma_win);
    d += n;
    offset += (upcr_offset_t)n;
    nbytes -= (size_t)n;
  }
  MPI_Win_flush(target, rma_win);
}

void upcrb_put(upcr_thread_t thread, upcr_offset_t offset, const void *src,
               size_t nbytes) {
  int target = rma_rank[thread];
  const char *s = src;
  while (nbytes > 0) {
    int n = (int)(nbytes < CHUNK ? nbytes : CHUNK);
    MPI_Put(s, n, MPI_BYTE, target, (MPI_Aint)offset, n, MPI_BYTE, rma_win);
    s += n;
    offset += (upcr_offset_t)n;
    nbytes -= (size_t)n;
  }
  MPI_Win_flush_local(target, rma_win);
  mark_dirty(thread);
}

/* Drives MPI's progress engine (the progress communicator carries no
 * message: the probe only makes progress). */
static int vote_advance(void);
static int vote_active;

static void progress(void) {
  int flag;
  MPI_Iprobe(MPI_ANY_SOURCE, MPI_ANY_TAG, progress_comm, &flag,
             MPI_STATUS_IGNORE);
  if (vote_active)
    vote_advance();
}

/* Completes this thread's puts and orders its accesses. */
static void complete_and_sync(void) {
  if (ndirty) {
    MPI_Win_flush_all(rma_win);
    memset(dirty, 0, (size_t)nranks);
    ndirty = 0;
  }
  MPI_Win_sync(rma_win);
  if (shm_win != MPI_WIN_NULL && shm_win != rma_win)
    MPI_Win_sync(shm_win);
  atomic_thread_fence(memory_order_seq_cst);
}

/* Across nodes a fence also serves the others' pending accesses to this
 * process's segment: a strict read polling a flag that another node puts
 * sees the put only once this process has made progress. */
void upcrb_fence(void) {
  if (remote_progress)
    progress();
  complete_and_sync();
}

/* ------------------------------------------------------------------------
 * Atomics
 * ------------------------------------------------------------------------ */

static uint32_t fetch_and_op(upcr_thread_t thread, upcr_offset_t offset,
                             uint32_t value, MPI_Op op) {
  settle(thread);
  int target = rma_rank[thread];
  uint32_t result = 0;
  atomic_thread_fence(memory_order_seq_cst);
  MPI_Fetch_and_op(&value, &result, MPI_UINT32_T, target, (MPI_Aint)offset,
                   op, rma_win);
  MPI_Win_flush(target, rma_win);
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
  settle(thread);
  int target = rma_rank[thread];
  uint64_t none = 0, scratch;
  /* No fences of our own (unlike the runtime's words above): a relaxed
   * atomic is ordered only with the thread's accesses to the same location,
   * which the MPI calls (opaque to the compiler, atomic in memory) already
   * are; upc_atomic_strict fences around it in the core. */
  MPI_Fetch_and_op(operand ? operand : &none, old ? old : &scratch,
                   amo_datatypes[type], target, (MPI_Aint)offset, amo_ops[op],
                   rma_win);
  MPI_Win_flush(target, rma_win);
}

void upcrb_amo_cswap(upcr_thread_t thread, upcr_offset_t offset,
                     upcrb_amo_type_t type, const void *compare,
                     const void *desired, void *old) {
  settle(thread);
  int target = rma_rank[thread];
  int narrow = type == UPCRB_AMO_I32 || type == UPCRB_AMO_U32;
  MPI_Compare_and_swap(desired, compare, old,
                       narrow ? MPI_UINT32_T : MPI_UINT64_T, target,
                       (MPI_Aint)offset, rma_win);
  MPI_Win_flush(target, rma_win);
}

/* ------------------------------------------------------------------------
 * Waiting. Every wait of the backend (the barrier's generation word, an
 * MPI request, a lock's word) polls with one policy instead of MPI_Wait,
 * whose loop calls sched_yield: under the kernel's EEVDF scheduler a
 * yielding process hands its core to any other runnable process for a
 * whole slice, so beside one CPU-bound process the 2- and 4-rank
 * reduction tests on the RMA path took 95 and 99 s instead of 0.5 and 1 s.
 * When every rank has a core: spin (pause) up to 100 us, then sleep 50 us
 * at a time. When ranks outnumber cores the last to arrive needs a core
 * our ranks hold: spin 0.2 us, yield up to 1 ms, then sleep (spinning
 * 100 us there made the 4-rank test 5x slower). Same tests with the
 * policy: 0.5-1.5 s loaded and idle alike. The price: an idle 2-rank
 * barrier on the RMA path costs 1.1-2.7 us instead of 0.8-0.9 (bench/mpi).
 * ------------------------------------------------------------------------ */

typedef struct {
  double start, elapsed;
  unsigned polls;
} backoff_t;

static double now_us(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (double)ts.tv_sec * 1e6 + (double)ts.tv_nsec / 1e3;
}

/* Across nodes (remote_progress) a waiting process never sleeps: the
 * others' accesses to its segment progress only while it calls MPI (each
 * poll of the callers does), and a sleeping target made every remote get
 * take 130-300 us instead of 1-30 (osc ucx and pt2pt over TCP, two simulated
 * nodes). It spins, or yields when ranks outnumber cores, as MPI_Barrier
 * does. */
static void backoff_pause(backoff_t *b) {
  static double spin_us = -1, yield_us;
  if (spin_us < 0) {
    long cores = sysconf(_SC_NPROCESSORS_ONLN);
    int oversubscribed = cores > 0 && nranks > cores;
    spin_us = oversubscribed ? 0.2 : 100;
    yield_us = oversubscribed ? 1000 : 0;
    if (remote_progress) {
      spin_us = oversubscribed ? 0.2 : HUGE_VAL;
      yield_us = HUGE_VAL;
    }
  }
  if ((b->polls++ & 15) == 0) {
    double t = now_us();
    if (b->polls == 1)
      b->start = t;
    b->elapsed = t - b->start;
  }
  if (b->elapsed < spin_us) {
#if defined(__x86_64__) || defined(__i386__)
    __builtin_ia32_pause();
#endif
  } else if (b->elapsed < yield_us) {
    sched_yield();
  } else {
    struct timespec ts = {0, 50000};
    nanosleep(&ts, NULL);
  }
}

/* MPI_Wait with the policy above; MPI_Test drives MPI's progress. */
static int wait_request(MPI_Request *request) {
  backoff_t b = {0, 0, 0};
  for (;;) {
    int done = 0;
    int rc = MPI_Test(request, &done, MPI_STATUS_IGNORE);
    if (rc != MPI_SUCCESS || done)
      return rc;
    if (vote_active) /* as in upcrb_wait_u32 */
      vote_advance();
    backoff_pause(&b);
  }
}

/* ------------------------------------------------------------------------
 * Non-blocking transfers
 * ------------------------------------------------------------------------ */

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
  settle(thread);
  int target = rma_rank[thread];
  MPI_Request request;
  MPI_Rget(dst, (int)nbytes, MPI_BYTE, target, (MPI_Aint)offset, (int)nbytes,
           MPI_BYTE, rma_win, &request);
  keep_request(nb, request, (int)thread, 0);
  return 0;
}

int upcrb_put_nb(upcr_thread_t thread, upcr_offset_t offset, const void *src,
                 size_t nbytes, upcrb_nb_t *nb) {
  if (nbytes > CHUNK) {
    upcrb_put(thread, offset, src, nbytes);
    return 1;
  }
  int target = rma_rank[thread];
  MPI_Request request;
  MPI_Rput(src, (int)nbytes, MPI_BYTE, target, (MPI_Aint)offset, (int)nbytes,
           MPI_BYTE, rma_win, &request);
  keep_request(nb, request, (int)thread, 1);
  return 0;
}

/* A completed put is complete locally only, as after upcrb_put. */
static void finish(const upcrb_nb_t *nb) {
  if (nb->is_put)
    mark_dirty((upcr_thread_t)nb->target);
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
  backoff_t b = {0, 0, 0};
  double interval_us = 1;
  while (upcrb_load_u32(thread, offset) == old) {
    if (!remote_progress) {
      /* A thread that waits for a lock between its upc_notify and upc_wait
       * still passes on the barrier's messages: the others' upc_wait must
       * return once every thread has notified (UPC 1.3, 6.6.1), and the
       * lock's holder may be waiting there before it releases. */
      if (vote_active)
        vote_advance();
      backoff_pause(&b);
      continue;
    }
    double until = now_us() + interval_us;
    do {
      progress();
      backoff_pause(&b);
    } while (now_us() < until);
    if (interval_us < 256)
      interval_us *= 2;
  }
}

void upcrb_wake_u32(upcr_thread_t thread, upcr_offset_t offset) {
  (void)thread;
  (void)offset;
}

void upcrb_yield(void) {
  if (remote_progress)
    progress();
  else if (vote_active) /* as in upcrb_wait_u32 */
    vote_advance();
  sched_yield();
}

/* ------------------------------------------------------------------------
 * Barrier across processes that do not share memory: a dissemination
 * all-reduce of the votes with point-to-point messages. Each vote slot is
 * encoded so that the field-wise maximum combines votes:
 *   ~value   (0 if absent): the maximum is ~(minimum value)
 *   value    (0 if absent): the maximum value
 *   present  (0 or 1)
 *   nranks - rank (0 if absent): gives the lowest contributing rank
 * In round k (k < ceil(log2 P)) rank r sends what it has combined so far to
 * r + 2^k and combines what r - 2^k sends; after the last round every rank
 * holds the maximum over all ranks (a rank's vote may arrive twice, which a
 * maximum does not mind). notify posts every receive and the first send;
 * each later send leaves as soon as the previous round's message is in,
 * from the wait, or from any fence, poll or lock wait in between (progress
 * below), so a thread between upc_notify and upc_wait that touches shared
 * data lets the others finish. Messages of one round between two ranks are
 * matched in order (MPI's non-overtaking rule), so consecutive barriers
 * need no phase in the tag. The MPI_Iallreduce this replaces cost 13-17 us
 * on two simulated nodes against 8-10 us for MPI_Barrier (libnbc's
 * schedule); one message per round costs what MPI_Barrier costs.
 *
 * When every value of a slot is the same, the lowest contributor is both
 * min_thread and max_thread. Otherwise (a mismatch, or differing exit
 * statuses: rare) a blocking MPI_Allreduce with MPI_MIN finds the lowest
 * rank holding the minimum and the one holding the maximum.
 * ------------------------------------------------------------------------ */

enum { V_NOTMIN, V_MAX, V_PRESENT, V_LOWEST, V_FIELDS };
#define V_WORDS (UPCRB_VOTE_SLOTS * V_FIELDS)
#define MAX_ROUNDS 32

static uint64_t vote_acc[V_WORDS];             /* combined so far */
static uint64_t vote_out[MAX_ROUNDS][V_WORDS]; /* sent in round k */
static uint64_t vote_in[MAX_ROUNDS][V_WORDS];  /* received in round k */
static MPI_Request vote_recvs[MAX_ROUNDS], vote_sends[MAX_ROUNDS];
static int vote_round; /* the round whose message is awaited */
/* vote_active (declared with progress): between notify and the end of
 * wait. */
static uint64_t vote_mine[UPCRB_VOTE_SLOTS];
static int vote_mine_present[UPCRB_VOTE_SLOTS];
static void shm_notify(const upcrb_vote_t *vote);
static void shm_wait(upcrb_tally_t *tally);

static void vote_send(int k) {
  memcpy(vote_out[k], vote_acc, sizeof vote_acc);
  int to = (rank + (1 << k)) % nranks;
  CHECK_MPI(MPI_Isend(vote_out[k], V_WORDS, MPI_UINT64_T, to, k, barrier_comm,
                      &vote_sends[k]));
}

/* Combines the rounds that have arrived and sends the next ones. Returns
 * nonzero when every round is in. */
static int vote_advance(void) {
  while (vote_round < vote_rounds) {
    int done = 0;
    CHECK_MPI(MPI_Test(&vote_recvs[vote_round], &done, MPI_STATUS_IGNORE));
    if (!done)
      return 0;
    for (int i = 0; i < V_WORDS; ++i)
      if (vote_in[vote_round][i] > vote_acc[i])
        vote_acc[i] = vote_in[vote_round][i];
    if (++vote_round < vote_rounds)
      vote_send(vote_round);
  }
  return 1;
}

/* The barrier's fences skip the progress probe: its own polls make
 * progress, and a probe runs the whole progress engine once more. */
void upcrb_barrier_notify(const upcrb_vote_t *vote) {
  complete_and_sync();
  if (shm_barrier) {
    shm_notify(vote);
    return;
  }
  for (int s = 0; s < UPCRB_VOTE_SLOTS; ++s) {
    uint64_t *f = &vote_acc[s * V_FIELDS];
    int present = vote->present[s] != 0;
    uint64_t v = vote->value[s];
    vote_mine[s] = v;
    vote_mine_present[s] = present;
    f[V_NOTMIN] = present ? ~v : 0;
    f[V_MAX] = present ? v : 0;
    f[V_PRESENT] = (uint64_t)present;
    f[V_LOWEST] = present ? (uint64_t)(nranks - rank) : 0;
  }
  for (int k = 0; k < vote_rounds; ++k) {
    int from = ((rank - (1 << k)) % nranks + nranks) % nranks;
    CHECK_MPI(MPI_Irecv(vote_in[k], V_WORDS, MPI_UINT64_T, from, k,
                        barrier_comm, &vote_recvs[k]));
  }
  vote_round = 0;
  vote_active = 1;
  if (vote_rounds > 0)
    vote_send(0);
}

void upcrb_barrier_wait(upcrb_tally_t *tally) {
  if (shm_barrier) {
    shm_wait(tally);
    complete_and_sync();
    return;
  }
  backoff_t b = {0, 0, 0};
  while (!vote_advance())
    backoff_pause(&b);
  CHECK_MPI(MPI_Waitall(vote_rounds, vote_sends, MPI_STATUSES_IGNORE));
  vote_active = 0;
  int differ = 0;
  for (int s = 0; s < UPCRB_VOTE_SLOTS; ++s) {
    const uint64_t *f = &vote_acc[s * V_FIELDS];
    tally->present[s] = f[V_PRESENT] != 0;
    tally->min[s] = tally->present[s] ? ~f[V_NOTMIN] : 0;
    tally->max[s] = f[V_MAX];
    int lowest = tally->present[s] ? nranks - (int)f[V_LOWEST] : 0;
    tally->min_thread[s] = tally->max_thread[s] = lowest;
    if (tally->present[s] && tally->min[s] != tally->max[s])
      differ = 1;
  }
  if (differ) { /* every rank sees the same tally, so all come here */
    int who[2 * UPCRB_VOTE_SLOTS], lowest[2 * UPCRB_VOTE_SLOTS];
    for (int s = 0; s < UPCRB_VOTE_SLOTS; ++s) {
      int p = vote_mine_present[s];
      who[2 * s] = p && vote_mine[s] == tally->min[s] ? rank : INT_MAX;
      who[2 * s + 1] = p && vote_mine[s] == tally->max[s] ? rank : INT_MAX;
    }
    CHECK_MPI(MPI_Allreduce(who, lowest, 2 * UPCRB_VOTE_SLOTS, MPI_INT,
                            MPI_MIN, MPI_COMM_WORLD));
    for (int s = 0; s < UPCRB_VOTE_SLOTS; ++s)
      if (tally->present[s]) {
        tally->min_thread[s] = lowest[2 * s];
        tally->max_thread[s] = lowest[2 * s + 1];
      }
  }
  complete_and_sync();
}

/* ------------------------------------------------------------------------
 * Barrier on one node (every segment in the shared-memory window): as on
 * the pthreads backend, across processes. Each rank writes its vote past its
 * segment and increments rank 0's arrival counter; the last to arrive
 * computes the tally (reading every rank's vote) into one of two slots by
 * phase parity, resets the counter and bumps rank 0's generation word;
 * waiters poll the generation (spinning briefly, then yielding, then
 * sleeping). Both split-phase and complete barriers use it, so a
 * upc_barrier on one thread matches a upc_notify/upc_wait on another (a
 * blocking MPI_Allreduce would not match an MPI_Iallreduce: MPI never
 * matches blocking with non-blocking collectives). Roughly 5x cheaper than
 * the MPI_Iallreduce at 2 ranks (bench/README.md).
 *
 * A tally is rewritten two phases later, when every rank has read it: a
 * rank notifies phase p + 2 only after its wait of phase p + 1 returned,
 * which needs every rank's notify of p + 1, which each issued after reading
 * the tally of p.
 * ------------------------------------------------------------------------ */

static uint32_t shm_phase; /* phases this process has completed */

static int shm_barrier_enabled(void) {
  return !env_disabled("UPC_MPI_SHM_BARRIER");
}

static void *backend_word(int r, size_t offset) {
  return upcri_segment_base[r] + offset;
}

static void shm_compute_tally(upcrb_tally_t *out) {
  memset(out, 0, sizeof *out);
  for (int t = 0; t < nranks; ++t) {
    upcrb_vote_t v;
    memcpy(&v, backend_word(t, SHM_VOTE_OFFSET), sizeof v);
    upcrb_tally_add(out, t, &v);
  }
}

static void shm_notify(const upcrb_vote_t *vote) {
  memcpy(backend_word(rank, SHM_VOTE_OFFSET), vote, sizeof *vote);
  uint32_t *arrived = backend_word(0, SHM_ARRIVED_OFFSET);
  if (__atomic_add_fetch(arrived, 1, __ATOMIC_SEQ_CST) == (uint32_t)nranks) {
    upcrb_tally_t *tally = backend_word(0, SHM_TALLY_OFFSET);
    shm_compute_tally(&tally[shm_phase & 1]);
    __atomic_store_n(arrived, 0, __ATOMIC_RELAXED);
    __atomic_store_n((uint32_t *)backend_word(0, SHM_GENERATION_OFFSET),
                     shm_phase + 1, __ATOMIC_SEQ_CST);
  }
}

static void shm_wait(upcrb_tally_t *out) {
  const uint32_t *generation = backend_word(0, SHM_GENERATION_OFFSET);
  backoff_t b = {0, 0, 0};
  while (__atomic_load_n(generation, __ATOMIC_ACQUIRE) == shm_phase)
    backoff_pause(&b);
  const upcrb_tally_t *tally = backend_word(0, SHM_TALLY_OFFSET);
  *out = tally[shm_phase & 1];
  ++shm_phase;
}

/* ------------------------------------------------------------------------
 * Heap bookkeeping: the image on rank 0, under an exclusive lock.
 * ------------------------------------------------------------------------ */

const void *upcrb_heap_lock(size_t *size) {
  *size = 0;
  if (!heap_distributed)
    return NULL;
  CHECK_MPI(MPI_Win_lock(MPI_LOCK_EXCLUSIVE, 0, 0, heap_win));
  uint64_t header[2];
  MPI_Get(header, HEAP_HEADER, MPI_BYTE, 0, 0, HEAP_HEADER, MPI_BYTE,
          heap_win);
  CHECK_MPI(MPI_Win_flush(0, heap_win));
  if (header[0] == heap_version)
    return NULL;
  size_t n = (size_t)header[1];
  if (n > heap_buffer_size) {
    void *p = realloc(heap_buffer, n);
    if (!p)
      upcri_fatal("out of memory in the shared heap's bookkeeping");
    heap_buffer = p;
    heap_buffer_size = n;
  }
  MPI_Get(heap_buffer, (int)n, MPI_BYTE, 0, HEAP_HEADER, (int)n, MPI_BYTE,
          heap_win);
  CHECK_MPI(MPI_Win_flush(0, heap_win));
  heap_version = header[0];
  *size = n;
  return heap_buffer;
}

int upcrb_heap_distributed(void) { return heap_distributed; }

int upcrb_heap_unlock(const void *image, size_t size) {
  if (!heap_distributed)
    return 0;
  int rc = 0;
  uint64_t header[2] = {heap_version + 1, size};
  if (image && size > heap_capacity) {
    rc = 1;
  } else if (image) {
    MPI_Put(image, (int)size, MPI_BYTE, 0, HEAP_HEADER, (int)size, MPI_BYTE,
            heap_win);
    MPI_Put(header, HEAP_HEADER, MPI_BYTE, 0, 0, HEAP_HEADER, MPI_BYTE,
            heap_win);
    ++heap_version;
  }
  /* Completes the puts. */
  CHECK_MPI(MPI_Win_unlock(0, heap_win));
  return rc;
}

size_t upcrb_heap_capacity(void) {
  return heap_distributed ? heap_capacity : SIZE_MAX;
}
