/*
 * profile.h - what the files of the GASP "profile" tool share: the
 * per-thread context and its tables.
 *
 * The tool: per (event, file, line, column) counts, inclusive and exclusive
 * time, bytes moved and the share of remote accesses, summed over all
 * threads and printed as a table when the program ends (stderr, or
 * GASP_PROFILE_FILE), and as JSON when GASP_PROFILE_JSON names a file (its
 * fields: gasp-tools/formats/profile.schema.json).
 *
 * Files, each calling only the ones after it: profile.c (gasp_init and the
 * GASP entry points), report.c (the table and the JSON at the end),
 * events.c (the event path), tables.c (the contexts and their tables).
 *
 * Event path (per thread, no locks, no allocation in the steady state):
 *   START  pushes a frame {tag, location, start time} on the thread's stack.
 *   END    pops the innermost frame with the same tag (frames above it were
 *          opened while measurement was on and closed while it was off:
 *          they are dropped), and adds the call to the entry of the START's
 *          location in the thread's hash table (open addressing, keyed by
 *          tag, file pointer, line, column): count, inclusive time,
 *          exclusive time (inclusive minus the time of the calls nested in
 *          it), and for data movement the bytes (n / nbytes, nelems times
 *          the element size for reductions) and whether the access was
 *          remote (a pointer-to-shared with affinity to another thread).
 *   ATOMIC counts.
 *   Per thread also (for upc-prof's summary, timeline and matrix): the
 *          events handled; the time of the outermost operation of each
 *          timed category (gasp_tools.h), in total and in the bins of a
 *          fixed-size timeline; and the bytes and operations of its gets
 *          and puts to each thread's memory.
 * gasp_control(ctx, 0) stops all of this on that thread until re-enabled.
 *
 * Aggregation, and why it is correct. Every UPC thread is a pthread of one
 * process, and every table is written only by its own thread. Counters are
 * C11 atomics that the owner updates with relaxed loads and stores (plain
 * moves on x86 and ARM, no read-modify-write), a slot is published by a
 * release store of its `used` flag after its key is written, and a grown
 * table is published by a release store of the table pointer (the old one
 * is kept, never freed while the program runs). So another thread may read
 * a table at any time without a data race; what it reads is a consistent
 * key with counters at most slightly stale.
 *   - Collective exit: the runtime raises GASP_UPC_COLLECTIVE_EXIT START and
 *     END around the final barrier on every thread; at END the thread closes
 *     whatever regions are still open (exit() called inside functions) and
 *     stops measuring. The pthreads runtime then joins every UPC thread and
 *     thread 0 calls exit(); the report is written by an atexit handler,
 *     after the joins, so every table is final.
 *   - upc_global_exit: the runtime raises GASP_UPC_NONCOLLECTIVE_EXIT on the
 *     calling thread and then ends the process with _exit() (no atexit
 *     handlers). That thread closes its own open regions and writes the
 *     report right there, reading the other threads' tables as they are
 *     (their still-open regions are not counted: their stacks are private).
 *   - A report is written once (an atomic state); a second thread that
 *     reaches global exit meanwhile waits until the first report is written,
 *     so that its _exit cannot cut it short.
 */
#ifndef UPCGT_PROFILE_H
#define UPCGT_PROFILE_H

#include <stdatomic.h>
#include <stdint.h>

#include "gasp_tools.h"

#define TOOL "profile"

/* ------------------------------------------------------------------------
 * Per-thread tables
 * ------------------------------------------------------------------------ */

typedef struct pentry {
  atomic_uint used; /* published (release) after the key below */
  uint32_t tag;
  int32_t line, col;
  const char *file;
  _Atomic(const char *) detail;  /* funcsig, or the accessed variable */
  _Atomic(const char *) detail2; /* the accessed variable's type */
  _Atomic uint64_t count, incl_ns, excl_ns, bytes, accesses, remote;
} pentry_t;

typedef struct ptable {
  uint32_t mask;        /* capacity - 1 (a power of two) */
  uint32_t nused;       /* owner only */
  struct ptable *older; /* retired tables, kept for concurrent readers */
  pentry_t slots[];
} ptable_t;

typedef struct frame {
  uint32_t tag;
  upcgt_category_t cat;
  int32_t line, col;
  const char *file;
  const char *funcsig; /* GASP_C_FUNC */
  uint64_t t0, child_ns;
} frame_t;

/* The timeline: time per timed category (gasp_tools.h) in bins of equal
 * width from the start. A run longer than TIMELINE_BINS bins halves the
 * resolution in place, so the memory stays fixed and the whole run is
 * covered. */
#define TIMELINE_BINS 512
#define TIMELINE_FIRST_BIN_NS 100000u /* 0.1 ms */

typedef _Atomic uint64_t bin_t[UPCGT_TIMED_CATEGORIES];

/* Accesses of one thread to the memory with affinity to one thread. */
typedef struct comm_cell {
  _Atomic uint64_t get_bytes, get_ops, put_bytes, put_ops;
} comm_cell_t;

struct _gasp_context_S {
  upcgt_ctx_t base;              /* first: see gasp_tools.h */
  ptable_t *tab;                 /* owner's view */
  _Atomic(ptable_t *) published; /* readers' view */
  frame_t *stack;
  uint32_t depth, cap;
  uint32_t timed_depth;    /* open frames of a timed category */
  _Atomic uint64_t events; /* notifications handled */
  _Atomic uint64_t end_ns; /* when the thread stopped measuring; 0: not */
  _Atomic uint64_t cat_ns[UPCGT_TIMED_CATEGORIES];
  _Atomic uint64_t bin_ns; /* the timeline's bin width */
  _Atomic uint32_t nbins;  /* bins up to the last one written */
  bin_t *bins;             /* TIMELINE_BINS; NULL: no timeline */
  comm_cell_t *comm;       /* one per thread; NULL: no matrix */
} __attribute__((__aligned__(64)));

#define RELAXED memory_order_relaxed
#define LOAD(x) atomic_load_explicit(&(x), RELAXED)
/* Owner-only update: a relaxed load and store, no read-modify-write. */
#define ADD(x, v) atomic_store_explicit(&(x), LOAD(x) + (v), RELAXED)

/* tables.c: a context with its tables (base.done when they could not be
 * made); the entry of a key in the owner's table, made if new (NULL when
 * out of memory). */
struct _gasp_context_S *upcgp_ctx_new(int threads);
void upcgp_ctx_free(struct _gasp_context_S *ctx);
pentry_t *upcgp_lookup(struct _gasp_context_S *ctx, uint32_t tag,
                       const char *file, int line, int col);

/* events.c: the measured cost of one notification, in ns. */
double upcgp_event_cost_ns(void);

/* report.c: the final report (through upcgt_final). */
void upcgp_report(const char *how, int by_thread);

#endif
