/*
 * profile.c - the GASP "profile" tool: per (event, file, line, column)
 * counts, inclusive and exclusive time, bytes moved and the share of remote
 * accesses, summed over all threads and printed as a table when the program
 * ends (stderr, or GASP_PROFILE_FILE), and as JSON when GASP_PROFILE_JSON
 * names a file.
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
#ifndef _GNU_SOURCE
#define _GNU_SOURCE
#endif
#include <inttypes.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

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
  uint32_t mask;  /* capacity - 1 (a power of two) */
  uint32_t nused; /* owner only */
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
  upcgt_ctx_t base;             /* first: see gasp_tools.h */
  ptable_t *tab;                /* owner's view */
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

static inline uint64_t key_hash(uint32_t tag, const char *file, int line,
                                int col) {
  uint64_t h = (uint64_t)(uintptr_t)file * 0x9E3779B97F4A7C15ull;
  h ^= ((uint64_t)tag << 32 | (uint32_t)line) * 0xC2B2AE3D27D4EB4Full;
  h ^= (uint64_t)(uint32_t)col * 0x165667B19E3779F9ull;
  return h ^ (h >> 29);
}

static ptable_t *table_new(uint32_t capacity) {
  ptable_t *t = calloc(1, sizeof *t + (size_t)capacity * sizeof(pentry_t));
  if (t)
    t->mask = capacity - 1;
  return t;
}

/* Doubles the owner's table (rare: keeps the load under one half). */
static int table_grow(struct _gasp_context_S *ctx) {
  ptable_t *old = ctx->tab, *t = table_new((old->mask + 1) * 2);
  if (!t)
    return -1;
  for (uint32_t i = 0; i <= old->mask; ++i) {
    pentry_t *o = &old->slots[i];
    if (!LOAD(o->used))
      continue;
    uint32_t j = (uint32_t)key_hash(o->tag, o->file, o->line, o->col) & t->mask;
    while (LOAD(t->slots[j].used))
      j = (j + 1) & t->mask;
    pentry_t *e = &t->slots[j];
    e->tag = o->tag;
    e->line = o->line;
    e->col = o->col;
    e->file = o->file;
    atomic_init(&e->detail, LOAD(o->detail));
    atomic_init(&e->detail2, LOAD(o->detail2));
    atomic_init(&e->count, LOAD(o->count));
    atomic_init(&e->incl_ns, LOAD(o->incl_ns));
    atomic_init(&e->excl_ns, LOAD(o->excl_ns));
    atomic_init(&e->bytes, LOAD(o->bytes));
    atomic_init(&e->accesses, LOAD(o->accesses));
    atomic_init(&e->remote, LOAD(o->remote));
    atomic_init(&e->used, 1);
  }
  t->nused = old->nused;
  t->older = old;
  ctx->tab = t;
  atomic_store_explicit(&ctx->published, t, memory_order_release);
  return 0;
}

static pentry_t *lookup(struct _gasp_context_S *ctx, uint32_t tag,
                        const char *file, int line, int col) {
  ptable_t *t = ctx->tab;
  uint32_t i = (uint32_t)key_hash(tag, file, line, col) & t->mask;
  for (;; i = (i + 1) & t->mask) {
    pentry_t *e = &t->slots[i];
    if (!LOAD(e->used))
      break;
    if (e->tag == tag && e->file == file && e->line == line && e->col == col)
      return e;
  }
  /* A new key. */
  if (2 * (t->nused + 1) > t->mask + 1) {
    if (table_grow(ctx) != 0)
      return NULL;
    return lookup(ctx, tag, file, line, col);
  }
  pentry_t *e = &t->slots[i];
  e->tag = tag;
  e->file = file;
  e->line = line;
  e->col = col;
  ++t->nused;
  atomic_store_explicit(&e->used, 1, memory_order_release);
  return e;
}

/* ------------------------------------------------------------------------
 * Threads, start-up
 * ------------------------------------------------------------------------ */

static void report(const char *how, int by_thread);

/* A context with its tables; base.done when they could not be made. */
static struct _gasp_context_S *ctx_new(int threads) {
  struct _gasp_context_S *ctx = aligned_alloc(64, (sizeof *ctx + 63) / 64 * 64);
  if (!ctx)
    return NULL;
  memset(ctx, 0, sizeof *ctx);
  ctx->tab = table_new(256);
  ctx->cap = 64;
  ctx->stack = malloc(ctx->cap * sizeof *ctx->stack);
  /* The timeline and the matrix are extras: a thread without them is
   * still profiled. */
  ctx->bins = calloc(TIMELINE_BINS, sizeof *ctx->bins);
  ctx->comm = calloc((size_t)threads, sizeof *ctx->comm);
  atomic_init(&ctx->bin_ns, TIMELINE_FIRST_BIN_NS);
  atomic_init(&ctx->published, ctx->tab);
  ctx->base.enabled = 1;
  ctx->base.threads = threads;
  if (!ctx->tab || !ctx->stack)
    ctx->base.done = 1;
  return ctx;
}

static void ctx_free(struct _gasp_context_S *ctx) {
  for (ptable_t *t = ctx->tab, *older; t; t = older) {
    older = t->older;
    free(t);
  }
  free(ctx->stack);
  free(ctx->bins);
  free(ctx->comm);
  free(ctx);
}

gasp_context_t gasp_init(gasp_model_t srcmodel, int *argc, char ***argv) {
  (void)srcmodel;
  (void)argc;
  (void)argv;
  upcgt_start(report); /* a report at exit */
  struct _gasp_context_S *ctx = ctx_new(upcgt_nthreads());
  if (!ctx)
    return NULL;
  int done = ctx->base.done;
  upcgt_ctx_init(&ctx->base);
  ctx->base.done = done;
  if (done)
    upcgt_warn(TOOL, "out of memory; thread %d is not profiled",
               ctx->base.thread);
  upcgt_register(&ctx->base);
  return ctx;
}

/* ------------------------------------------------------------------------
 * Events
 * ------------------------------------------------------------------------ */

static inline int is_remote(struct _gasp_context_S *ctx,
                            const gasp_upc_PTS_t *pts) {
  return pts && gasp_upc_pts_thread(pts) != ctx->base.thread;
}

/* One access of n bytes to the memory p points to, for the matrix. */
static void note_comm(struct _gasp_context_S *ctx, const gasp_upc_PTS_t *p,
                      int put, size_t n) {
  if (!p || !ctx->comm)
    return;
  int th = (int)gasp_upc_pts_thread(p);
  if (th < 0 || th >= ctx->base.threads)
    return;
  comm_cell_t *c = &ctx->comm[th];
  if (put) {
    ADD(c->put_bytes, n);
    ADD(c->put_ops, 1);
  } else {
    ADD(c->get_bytes, n);
    ADD(c->get_ops, 1);
  }
}

/* Bytes, remoteness and the variable of GET/PUT from an END's (or
 * ATOMIC's) varargs; only data movement reads them. */
static void account_args(struct _gasp_context_S *ctx, pentry_t *e,
                         uint32_t tag, va_list *ap) {
  const gasp_upc_PTS_t *p1, *p2;
  size_t n;
  int put = 0;
  switch (tag) {
  case GASP_UPC_GET:
  case GASP_UPC_PUT: {
    (void)va_arg(*ap, int);
    if (tag == GASP_UPC_GET) {
      (void)va_arg(*ap, void *);
      p1 = va_arg(*ap, gasp_upc_PTS_t *);
    } else {
      p1 = va_arg(*ap, gasp_upc_PTS_t *);
      (void)va_arg(*ap, void *);
    }
    n = va_arg(*ap, size_t);
    ADD(e->bytes, n);
    ADD(e->accesses, 1);
    ADD(e->remote, is_remote(ctx, p1));
    note_comm(ctx, p1, tag == GASP_UPC_PUT, n);
    if (!LOAD(e->detail)) {
      const char *type = va_arg(*ap, const char *);
      const char *name = va_arg(*ap, const char *);
      atomic_store_explicit(&e->detail2, type, RELAXED);
      atomic_store_explicit(&e->detail, name, RELAXED);
    }
    return;
  }
  case GASP_UPC_NB_GET_INIT:
    (void)va_arg(*ap, int);
    (void)va_arg(*ap, void *);
    p1 = va_arg(*ap, gasp_upc_PTS_t *);
    goto one_pts;
  case GASP_UPC_MEMGET:
    (void)va_arg(*ap, void *);
    p1 = va_arg(*ap, gasp_upc_PTS_t *);
    goto one_pts;
  case GASP_UPC_NB_PUT_INIT:
    (void)va_arg(*ap, int);
    p1 = va_arg(*ap, gasp_upc_PTS_t *);
    (void)va_arg(*ap, void *);
    put = 1;
    goto one_pts;
  case GASP_UPCI_NB_MEMSET_INIT:
    p1 = va_arg(*ap, gasp_upc_PTS_t *);
    (void)va_arg(*ap, int);
    put = 1;
    goto one_pts;
  case GASP_UPC_ATOMIC:
    /* An access to the target (its size is the domain's type's). */
    (void)va_arg(*ap, int);
    (void)va_arg(*ap, gasp_upc_PTS_t *);
    (void)va_arg(*ap, void *);
    (void)va_arg(*ap, int);
    p1 = va_arg(*ap, gasp_upc_PTS_t *);
    ADD(e->accesses, 1);
    ADD(e->remote, is_remote(ctx, p1));
    return;
  case GASP_UPC_MEMPUT:
    p1 = va_arg(*ap, gasp_upc_PTS_t *);
    (void)va_arg(*ap, void *);
    put = 1;
    goto one_pts;
  case GASP_UPC_MEMSET:
    p1 = va_arg(*ap, gasp_upc_PTS_t *);
    (void)va_arg(*ap, int);
    put = 1;
  one_pts:
    n = va_arg(*ap, size_t);
    ADD(e->bytes, n);
    ADD(e->accesses, 1);
    ADD(e->remote, is_remote(ctx, p1));
    note_comm(ctx, p1, put, n);
    return;
  case GASP_UPC_MEMCPY:
  case GASP_UPCI_NB_MEMCPY_INIT:
    p1 = va_arg(*ap, gasp_upc_PTS_t *);
    p2 = va_arg(*ap, gasp_upc_PTS_t *);
    n = va_arg(*ap, size_t);
    ADD(e->bytes, n);
    ADD(e->accesses, 1);
    ADD(e->remote, is_remote(ctx, p1) || is_remote(ctx, p2));
    note_comm(ctx, p1, 1, n);
    note_comm(ctx, p2, 0, n);
    return;
  case GASP_UPC_ALL_PERMUTE:
    (void)va_arg(*ap, gasp_upc_PTS_t *);
    (void)va_arg(*ap, gasp_upc_PTS_t *);
    (void)va_arg(*ap, gasp_upc_PTS_t *);
    ADD(e->bytes, va_arg(*ap, size_t));
    return;
  case GASP_UPC_ALL_BROADCAST:
  case GASP_UPC_ALL_SCATTER:
  case GASP_UPC_ALL_GATHER:
  case GASP_UPC_ALL_GATHER_ALL:
  case GASP_UPC_ALL_EXCHANGE:
    (void)va_arg(*ap, gasp_upc_PTS_t *);
    (void)va_arg(*ap, gasp_upc_PTS_t *);
    ADD(e->bytes, va_arg(*ap, size_t));
    return;
  case GASP_UPC_ALL_REDUCE:
  case GASP_UPC_ALL_PREFIX_REDUCE: {
    (void)va_arg(*ap, gasp_upc_PTS_t *);
    (void)va_arg(*ap, gasp_upc_PTS_t *);
    (void)va_arg(*ap, int);
    size_t nelems = va_arg(*ap, size_t);
    (void)va_arg(*ap, size_t);
    (void)va_arg(*ap, void *);
    (void)va_arg(*ap, int);
    int type = (int)va_arg(*ap, gasp_upc_reduction_t);
    ADD(e->bytes, nelems * upcgt_reduction_elem_size(type));
    return;
  }
  default:
    return;
  }
}

/* Halves the timeline's resolution: bin i becomes bins 2i and 2i+1. */
static void timeline_coarsen(struct _gasp_context_S *ctx) {
  for (unsigned i = 0; i < TIMELINE_BINS; ++i)
    for (unsigned c = 0; c < UPCGT_TIMED_CATEGORIES; ++c) {
      uint64_t v = i < TIMELINE_BINS / 2 ? LOAD(ctx->bins[2 * i][c]) +
                                               LOAD(ctx->bins[2 * i + 1][c])
                                         : 0;
      atomic_store_explicit(&ctx->bins[i][c], v, RELAXED);
    }
  atomic_store_explicit(&ctx->nbins, (LOAD(ctx->nbins) + 1) / 2, RELAXED);
  atomic_store_explicit(&ctx->bin_ns, 2 * LOAD(ctx->bin_ns), RELAXED);
}

/* [t0, t1) spent in timed category cat (the outermost such operation). */
static void timeline_add(struct _gasp_context_S *ctx, upcgt_category_t cat,
                         uint64_t t0, uint64_t t1) {
  ADD(ctx->cat_ns[cat], t1 - t0);
  if (!ctx->bins)
    return;
  while (t1 / LOAD(ctx->bin_ns) >= TIMELINE_BINS)
    timeline_coarsen(ctx);
  uint64_t w = LOAD(ctx->bin_ns);
  for (uint64_t b = t0 / w; b <= t1 / w; ++b) {
    uint64_t lo = b * w > t0 ? b * w : t0;
    uint64_t hi = (b + 1) * w < t1 ? (b + 1) * w : t1;
    if (hi > lo)
      ADD(ctx->bins[b][cat], hi - lo);
  }
  if (t1 / w + 1 > LOAD(ctx->nbins))
    atomic_store_explicit(&ctx->nbins, (uint32_t)(t1 / w + 1), RELAXED);
}

/* Pops the top frame without measuring it (its END was not measured). */
static void drop_top(struct _gasp_context_S *ctx) {
  if (ctx->stack[--ctx->depth].cat < UPCGT_TIMED_CATEGORIES)
    --ctx->timed_depth;
}

/* Closes the frame at depth d (the top) at time t. */
static pentry_t *close_top(struct _gasp_context_S *ctx, uint64_t t) {
  frame_t *f = &ctx->stack[--ctx->depth];
  uint64_t dur = t - f->t0;
  if (f->cat < UPCGT_TIMED_CATEGORIES && --ctx->timed_depth == 0)
    timeline_add(ctx, f->cat, f->t0, t);
  if (ctx->depth)
    ctx->stack[ctx->depth - 1].child_ns += dur;
  pentry_t *e = lookup(ctx, f->tag, f->file, f->line, f->col);
  if (e) {
    if (f->funcsig && !LOAD(e->detail))
      atomic_store_explicit(&e->detail, f->funcsig, RELAXED);
    ADD(e->count, 1);
    ADD(e->incl_ns, dur);
    ADD(e->excl_ns, dur - f->child_ns);
  }
  return e;
}

static void close_all(struct _gasp_context_S *ctx, uint64_t t) {
  while (ctx->depth)
    close_top(ctx, t);
}

void gasp_event_notifyVA(gasp_context_t ctx, unsigned int tag,
                         gasp_evttype_t type, const char *file, int line,
                         int col, va_list varargs) {
  if (!ctx || !ctx->base.enabled || ctx->base.done)
    return;
  ADD(ctx->events, 1);
  /* The clock (CLOCK_MONOTONIC, ~20 ns here) is most of an event's cost;
   * an ATOMIC event needs it only when it ends the thread's measuring. */
  uint64_t t = type != GASP_ATOMIC || tag == GASP_UPC_NONCOLLECTIVE_EXIT
                   ? upcgt_now_ns()
                   : 0;
  if (type == GASP_START) {
    if (ctx->depth == ctx->cap) {
      frame_t *s = realloc(ctx->stack, 2 * ctx->cap * sizeof *s);
      if (!s)
        return;
      ctx->stack = s;
      ctx->cap *= 2;
    }
    frame_t *f = &ctx->stack[ctx->depth++];
    f->tag = tag;
    f->cat = upcgt_category(tag);
    if (f->cat < UPCGT_TIMED_CATEGORIES)
      ++ctx->timed_depth;
    f->file = file;
    f->line = line;
    f->col = col;
    f->funcsig = NULL;
    if (tag == GASP_C_FUNC) {
      va_list ap;
      va_copy(ap, varargs);
      f->funcsig = va_arg(ap, const char *);
      va_end(ap);
    }
    f->t0 = t;
    f->child_ns = 0;
    return;
  }
  pentry_t *e;
  if (type == GASP_END) {
    uint32_t d = ctx->depth;
    while (d && ctx->stack[d - 1].tag != tag)
      --d;
    if (!d)
      return; /* its START was not measured */
    while (ctx->depth > d)
      drop_top(ctx); /* frames whose END was not measured */
    e = close_top(ctx, t);
  } else {
    e = lookup(ctx, tag, file, line, col);
    if (e)
      ADD(e->count, 1);
  }
  if (e) {
    va_list ap;
    va_copy(ap, varargs);
    account_args(ctx, e, tag, &ap);
    va_end(ap);
  }
  if (tag == GASP_UPC_COLLECTIVE_EXIT && type == GASP_END) {
    close_all(ctx, t);
    atomic_store_explicit(&ctx->end_ns, t, RELAXED);
    ctx->base.done = 1;
  } else if (tag == GASP_UPC_NONCOLLECTIVE_EXIT) {
    close_all(ctx, t);
    atomic_store_explicit(&ctx->end_ns, t, RELAXED);
    ctx->base.done = 1;
    upcgt_final(report, "upc_global_exit", ctx->base.thread);
  }
}

/* gasp_control, gasp_create_event and gasp_event_notify, in this file: see
 * upcgt_control in gasp_tools.h for why. */
UPCGT_COMMON_ENTRY_POINTS

/* ------------------------------------------------------------------------
 * Report
 * ------------------------------------------------------------------------ */

typedef struct row {
  uint32_t tag;
  int line, col;
  int thread;
  const char *file, *detail, *detail2;
  uint64_t count, incl_ns, excl_ns, bytes, accesses, remote;
  uint64_t max_thread_ns; /* merged rows: the largest thread's inclusive */
  struct row *threads;    /* merged rows: the per-thread rows */
  size_t nthreads;
} row_t;

static int file_cmp(const char *a, const char *b) {
  return strcmp(a ? a : "", b ? b : "");
}

static int key_cmp(const row_t *a, const row_t *b) {
  if (a->tag != b->tag)
    return a->tag < b->tag ? -1 : 1;
  int c = file_cmp(a->file, b->file);
  if (c)
    return c;
  if (a->line != b->line)
    return a->line < b->line ? -1 : 1;
  if (a->col != b->col)
    return a->col < b->col ? -1 : 1;
  return 0;
}

static int by_key_thread(const void *pa, const void *pb) {
  const row_t *a = pa, *b = pb;
  int c = key_cmp(a, b);
  if (c)
    return c;
  return (a->thread > b->thread) - (a->thread < b->thread);
}

static int by_time(const void *pa, const void *pb) {
  const row_t *a = pa, *b = pb;
  if (a->incl_ns != b->incl_ns)
    return a->incl_ns < b->incl_ns ? 1 : -1;
  if (a->count != b->count)
    return a->count < b->count ? 1 : -1;
  return key_cmp(a, b);
}

static const char *row_name(const row_t *r, char *buf, size_t size) {
  return upcgt_event_name(r->tag, buf, size);
}

static void row_location(const row_t *r, char *buf, size_t size) {
  snprintf(buf, size, "%s:%d:%d", r->file ? r->file : "<unknown>", r->line,
           r->col);
}

static void row_detail(const row_t *r, char *buf, size_t size) {
  buf[0] = '\0';
  if (r->detail2 && *r->detail2)
    snprintf(buf, size, "%s %s", r->detail2, r->detail ? r->detail : "");
  else if (r->detail)
    snprintf(buf, size, "%s", r->detail);
}

static void print_table(FILE *out, const row_t *rows, size_t n, double wall,
                        const char *how, int by_thread) {
  char name[64], loc[512], detail[512];
  int wname = 5, wloc = 8;
  for (size_t i = 0; i < n; ++i) {
    int k = (int)strlen(row_name(&rows[i], name, sizeof name));
    wname = k > wname ? k : wname;
    row_location(&rows[i], loc, sizeof loc);
    k = (int)strlen(loc);
    wloc = k > wloc ? k : wloc;
  }
  int nthreads = upcgt_nthreads(), first;
  int local = upcgt_local_threads(&first);
  if (local < nthreads) /* the other threads run in other processes (MPI) */
    fprintf(out, "== upc-gasp profile: thread%s %d%s of %d (this process), "
                 "wall time %.6f s",
            local == 1 ? "" : "s", first, local == 1 ? "" : "...", nthreads,
            wall);
  else
    fprintf(out, "== upc-gasp profile: %d thread%s, wall time %.6f s",
            nthreads, nthreads == 1 ? "" : "s", wall);
  if (by_thread >= 0)
    fprintf(out, " (ended by %s on thread %d; open regions of other threads "
                 "not counted)",
            how, by_thread);
  fprintf(out, " ==\n");
  fprintf(out, "%12s %12s %12s %10s %12s %12s %7s  %-*s  %-*s  %s\n",
          "total(s)", "excl(s)", "max/thr(s)", "count", "mean(us)", "bytes",
          "remote", wname, "event", wloc, "location", "detail");
  for (size_t i = 0; i < n; ++i) {
    const row_t *r = &rows[i];
    char remote[16] = "-";
    if (r->accesses)
      snprintf(remote, sizeof remote, "%.1f%%",
               100.0 * (double)r->remote / (double)r->accesses);
    row_location(r, loc, sizeof loc);
    row_detail(r, detail, sizeof detail);
    double mean_us = r->count ? (double)r->incl_ns / (double)r->count / 1e3 : 0;
    fprintf(out, "%12.6f %12.6f %12.6f %10" PRIu64 " %12.3f %12" PRIu64
                 " %7s  %-*s  %-*s  %s\n",
            (double)r->incl_ns * 1e-9, (double)r->excl_ns * 1e-9,
            (double)r->max_thread_ns * 1e-9, r->count, mean_us, r->bytes,
            remote, wname, row_name(r, name, sizeof name), wloc, loc, detail);
  }
}

/* The measured cost of one notification of this tool on this machine:
 * START/END pairs of a barrier event on a scratch context (the full path:
 * clock, stack, table, timeline), median of rounds, so that upc-prof can
 * estimate how much of the run the profile itself took. */
static double event_cost_ns(void) {
  enum { ROUNDS = 5, PAIRS = 1000 };
  struct _gasp_context_S *ctx = ctx_new(upcgt_nthreads());
  if (!ctx || ctx->base.done) {
    if (ctx)
      ctx_free(ctx);
    return 0;
  }
  double cost[ROUNDS];
  for (int r = 0; r < ROUNDS; ++r) {
    uint64_t t0 = upcgt_now_ns();
    for (int i = 0; i < PAIRS; ++i) {
      gasp_event_notify(ctx, GASP_UPC_BARRIER, GASP_START, __FILE__, __LINE__,
                        0, 0, 0);
      gasp_event_notify(ctx, GASP_UPC_BARRIER, GASP_END, __FILE__, __LINE__, 0,
                        0, 0);
    }
    cost[r] = (double)(upcgt_now_ns() - t0) / (2.0 * PAIRS);
  }
  ctx_free(ctx);
  for (int i = 1; i < ROUNDS; ++i) /* insertion sort: five values */
    for (int j = i; j > 0 && cost[j] < cost[j - 1]; --j) {
      double x = cost[j];
      cost[j] = cost[j - 1];
      cost[j - 1] = x;
    }
  return cost[ROUNDS / 2];
}

/* One thread's timeline, read once: at upc_global_exit the other threads
 * still run, so the summary's category times are summed from the same
 * reading as the bins printed, not read again a moment later. */
typedef struct {
  uint64_t own;  /* the thread's bin width */
  uint32_t n;    /* bins read */
  uint64_t cat[UPCGT_TIMED_CATEGORIES];
  uint64_t (*v)[UPCGT_TIMED_CATEGORIES];
} timeline_read_t;

static void read_timeline(struct _gasp_context_S *ctx, timeline_read_t *r) {
  memset(r, 0, sizeof *r);
  if (ctx->bins) {
    r->own = LOAD(ctx->bin_ns);
    r->n = LOAD(ctx->nbins);
    if (r->n > TIMELINE_BINS)
      r->n = TIMELINE_BINS;
    r->v = calloc(r->n ? r->n : 1, sizeof *r->v);
  }
  if (!r->v) {
    /* No timeline (or no memory for the reading): the totals alone. */
    r->n = 0;
    for (int c = 0; c < UPCGT_TIMED_CATEGORIES; ++c)
      r->cat[c] = LOAD(ctx->cat_ns[c]);
    return;
  }
  for (uint32_t i = 0; i < r->n; ++i)
    for (int c = 0; c < UPCGT_TIMED_CATEGORIES; ++c) {
      r->v[i][c] = LOAD(ctx->bins[i][c]);
      r->cat[c] += r->v[i][c];
    }
}

/* Per thread of this process: summary, timeline, communication matrix. */
static void print_threads_json(FILE *out, uint64_t now) {
  int nthreads = upcgt_nthreads();
  static const char *const sep[] = {"", ", "};
  timeline_read_t *reads = calloc((size_t)nthreads, sizeof *reads);
  if (!reads)
    return;
  for (int th = 0; th < nthreads; ++th) {
    struct _gasp_context_S *ctx = (struct _gasp_context_S *)upcgt_context(th);
    if (ctx)
      read_timeline(ctx, &reads[th]);
  }
  fprintf(out, ",\n  \"thread_summary\": [");
  int k = 0;
  for (int th = 0; th < nthreads; ++th) {
    struct _gasp_context_S *ctx = (struct _gasp_context_S *)upcgt_context(th);
    if (!ctx)
      continue;
    uint64_t end = LOAD(ctx->end_ns);
    fprintf(out,
            "%s\n    {\"thread\": %d, \"wall_s\": %.9f, \"events\": %" PRIu64
            ", \"categories_s\": {",
            sep[k++ > 0], th, (double)(end ? end : now) * 1e-9,
            LOAD(ctx->events));
    for (int c = 0; c < UPCGT_TIMED_CATEGORIES; ++c)
      fprintf(out, "%s\"%s\": %.9f", sep[c > 0], upcgt_category_name(c),
              (double)reads[th].cat[c] * 1e-9);
    fprintf(out, "}}");
  }
  /* One bin width for the report: the coarsest of its threads. */
  uint64_t w = TIMELINE_FIRST_BIN_NS;
  for (int th = 0; th < nthreads; ++th)
    if (reads[th].v && reads[th].own > w)
      w = reads[th].own;
  fprintf(out, "\n  ],\n  \"timeline\": {\"bin_s\": %.9f, \"categories\": [",
          (double)w * 1e-9);
  for (int c = 0; c < UPCGT_TIMED_CATEGORIES; ++c)
    fprintf(out, "%s\"%s\"", sep[c > 0], upcgt_category_name(c));
  fprintf(out, "], \"threads\": [");
  k = 0;
  for (int th = 0; th < nthreads; ++th) {
    const timeline_read_t *r = &reads[th];
    if (!r->v)
      continue;
    uint64_t merge = w / r->own;
    uint32_t n = r->n;
    fprintf(out, "%s\n    {\"thread\": %d, \"bins\": [", sep[k++ > 0], th);
    for (uint32_t b = 0; b < (n + merge - 1) / merge; ++b) {
      fprintf(out, "%s[", sep[b > 0]);
      for (int c = 0; c < UPCGT_TIMED_CATEGORIES; ++c) {
        uint64_t v = 0;
        for (uint64_t i = b * merge; i < (b + 1) * merge && i < n; ++i)
          v += r->v[i][c];
        fprintf(out, "%s%.9f", sep[c > 0], (double)v * 1e-9);
      }
      fprintf(out, "]");
    }
    fprintf(out, "]}");
  }
  for (int th = 0; th < nthreads; ++th)
    free(reads[th].v);
  free(reads);
  fprintf(out, "\n  ]},\n  \"comm\": [");
  k = 0;
  for (int th = 0; th < nthreads; ++th) {
    struct _gasp_context_S *ctx = (struct _gasp_context_S *)upcgt_context(th);
    for (int to = 0; ctx && ctx->comm && to < nthreads; ++to) {
      comm_cell_t *c = &ctx->comm[to];
      uint64_t gb = LOAD(c->get_bytes), go = LOAD(c->get_ops);
      uint64_t pb = LOAD(c->put_bytes), po = LOAD(c->put_ops);
      if (!go && !po)
        continue;
      fprintf(out,
              "%s\n    {\"from\": %d, \"to\": %d, \"get_bytes\": %" PRIu64
              ", \"get_ops\": %" PRIu64 ", \"put_bytes\": %" PRIu64
              ", \"put_ops\": %" PRIu64 "}",
              sep[k++ > 0], th, to, gb, go, pb, po);
    }
  }
  fprintf(out, "\n  ]");
}

static void json_string(FILE *out, const char *s) {
  char buf[1024];
  if (!s) {
    fputs("null", out);
    return;
  }
  size_t len = strlen(s);
  size_t need = upcgt_json_escape(buf, sizeof buf, s, len);
  if (need < sizeof buf) {
    fprintf(out, "\"%s\"", buf);
    return;
  }
  char *big = malloc(need + 1);
  if (!big) {
    fputs("\"\"", out);
    return;
  }
  upcgt_json_escape(big, need + 1, s, len);
  fprintf(out, "\"%s\"", big);
  free(big);
}

static void print_json(FILE *out, const row_t *rows, size_t n, uint64_t now,
                       const char *how, int by_thread) {
  char name[64];
  int first;
  int local = upcgt_local_threads(&first);
  /* first_thread / local_threads: the threads this report covers (one
   * process's, with MPI), so that upc-prof can merge and check reports. */
  fprintf(out,
          "{\n  \"tool\": \"upc-gasp-profile\",\n  \"threads\": %d,\n"
          "  \"first_thread\": %d,\n  \"local_threads\": %d,\n"
          "  \"wall_time_s\": %.9f,\n  \"start_realtime_ns\": %" PRIu64 ",\n"
          "  \"event_cost_ns\": %.3f,\n  \"ended_by\": \"%s\",\n"
          "  \"ended_on_thread\": %d,\n  \"events\": [",
          upcgt_nthreads(), first, local, (double)now * 1e-9,
          upcgt_start_realtime_ns(), event_cost_ns(), how, by_thread);
  for (size_t i = 0; i < n; ++i) {
    const row_t *r = &rows[i];
    fprintf(out, "%s\n    {\"event\": ", i ? "," : "");
    json_string(out, row_name(r, name, sizeof name));
    fprintf(out, ", \"tag\": %u, \"user_event\": %s, \"file\": ", r->tag,
            upcgt_is_user_event(r->tag) ? "true" : "false");
    json_string(out, r->file);
    fprintf(out, ", \"line\": %d, \"col\": %d, \"detail\": ", r->line, r->col);
    json_string(out, r->detail);
    fprintf(out, ", \"type\": ");
    json_string(out, r->detail2);
    fprintf(out,
            ", \"count\": %" PRIu64 ", \"total_s\": %.9f, \"exclusive_s\": "
            "%.9f, \"max_thread_s\": %.9f, \"mean_us\": %.3f, \"bytes\": %" PRIu64
            ", \"accesses\": %" PRIu64 ", \"remote\": %" PRIu64,
            r->count, (double)r->incl_ns * 1e-9, (double)r->excl_ns * 1e-9,
            (double)r->max_thread_ns * 1e-9,
            r->count ? (double)r->incl_ns / (double)r->count / 1e3 : 0.0,
            r->bytes, r->accesses, r->remote);
    if (r->accesses)
      fprintf(out, ", \"remote_share\": %.6f",
              (double)r->remote / (double)r->accesses);
    else
      fprintf(out, ", \"remote_share\": null");
    fprintf(out, ",\n     \"per_thread\": [");
    for (size_t k = 0; k < r->nthreads; ++k) {
      const row_t *t = &r->threads[k];
      fprintf(out, "%s{\"thread\": %d, \"count\": %" PRIu64
                   ", \"total_s\": %.9f, \"bytes\": %" PRIu64 "}",
              k ? ", " : "", t->thread, t->count, (double)t->incl_ns * 1e-9,
              t->bytes);
    }
    fprintf(out, "]}");
  }
  fprintf(out, "\n  ]");
  print_threads_json(out, now);
  fprintf(out, "\n}\n");
}

/* Every thread's entries, merged by key. */
static row_t *collect(size_t *nrows, row_t **per_thread_out) {
  size_t cap = 256, n = 0;
  row_t *rows = malloc(cap * sizeof *rows);
  if (!rows)
    return NULL;
  for (int th = 0; th < upcgt_nthreads(); ++th) {
    /* The registry holds each context's first member. */
    struct _gasp_context_S *ctx = (struct _gasp_context_S *)upcgt_context(th);
    if (!ctx)
      continue;
    ptable_t *t = atomic_load_explicit(&ctx->published, memory_order_acquire);
    for (uint32_t i = 0; t && i <= t->mask; ++i) {
      pentry_t *e = &t->slots[i];
      if (!atomic_load_explicit(&e->used, memory_order_acquire))
        continue;
      if (n == cap) {
        row_t *r = realloc(rows, 2 * cap * sizeof *rows);
        if (!r)
          break;
        rows = r;
        cap *= 2;
      }
      row_t *r = &rows[n++];
      memset(r, 0, sizeof *r);
      r->tag = e->tag;
      r->line = e->line;
      r->col = e->col;
      r->file = e->file;
      r->thread = th;
      r->detail = LOAD(e->detail);
      r->detail2 = LOAD(e->detail2);
      r->count = LOAD(e->count);
      r->incl_ns = LOAD(e->incl_ns);
      r->excl_ns = LOAD(e->excl_ns);
      r->bytes = LOAD(e->bytes);
      r->accesses = LOAD(e->accesses);
      r->remote = LOAD(e->remote);
      r->max_thread_ns = r->incl_ns;
    }
  }
  qsort(rows, n, sizeof *rows, by_key_thread);
  /* Merge runs of equal keys; the per-thread rows stay in `rows`. A thread
   * may hold the same key twice (the same file name from two translation
   * units): such rows are summed per thread for max/thr. */
  row_t *merged = malloc((n ? n : 1) * sizeof *merged);
  size_t m = 0;
  for (size_t i = 0; merged && i < n;) {
    size_t j = i + 1;
    while (j < n && key_cmp(&rows[i], &rows[j]) == 0)
      ++j;
    row_t *g = &merged[m++];
    *g = rows[i];
    g->threads = &rows[i];
    g->nthreads = j - i;
    g->max_thread_ns = 0;
    g->count = g->incl_ns = g->excl_ns = g->bytes = g->accesses = g->remote = 0;
    uint64_t this_thread = 0;
    for (size_t k = i; k < j; ++k) {
      const row_t *r = &rows[k];
      g->count += r->count;
      g->incl_ns += r->incl_ns;
      g->excl_ns += r->excl_ns;
      g->bytes += r->bytes;
      g->accesses += r->accesses;
      g->remote += r->remote;
      if (!g->detail)
        g->detail = r->detail;
      if (!g->detail2)
        g->detail2 = r->detail2;
      this_thread = (k > i && rows[k - 1].thread == r->thread)
                        ? this_thread + r->incl_ns
                        : r->incl_ns;
      if (this_thread > g->max_thread_ns)
        g->max_thread_ns = this_thread;
    }
    i = j;
  }
  if (!merged) {
    free(rows);
    return NULL;
  }
  qsort(merged, m, sizeof *merged, by_time);
  *nrows = m;
  *per_thread_out = rows;
  return merged;
}

/* Through upcgt_final: once, at exit or at the first global exit. */
static void report(const char *how, int by_thread) {
  uint64_t now = upcgt_now_ns();
  double wall = (double)now * 1e-9;
  size_t n = 0;
  row_t *per_thread = NULL;
  row_t *rows = collect(&n, &per_thread);
  if (!rows) {
    upcgt_warn(TOOL, "out of memory writing the profile");
    return;
  }
  char path_buf[4096], json_buf[4096];
  const char *path = upcgt_getenv("GASP_PROFILE_FILE", NULL);
  if (path) {
    upcgt_output_path(path_buf, sizeof path_buf, path);
    path = path_buf;
  }
  FILE *out = stderr;
  if (path && strcmp(path, "-") != 0 && strcmp(path, "stderr") != 0) {
    out = strcmp(path, "stdout") == 0 ? stdout : fopen(path, "w");
    if (!out) {
      upcgt_warn(TOOL, "cannot write GASP_PROFILE_FILE=%s: %m; using stderr",
                 path);
      out = stderr;
    }
  }
  print_table(out, rows, n, wall, how, by_thread);
  const char *table_file = NULL, *json_file = NULL;
  if (out != stderr && out != stdout) {
    if (fclose(out) == 0)
      table_file = path;
    else
      upcgt_warn(TOOL, "error writing GASP_PROFILE_FILE=%s: %m", path);
  } else {
    fflush(out);
  }
  const char *jpath = upcgt_getenv("GASP_PROFILE_JSON", NULL);
  if (jpath) {
    upcgt_output_path(json_buf, sizeof json_buf, jpath);
    jpath = json_buf;
    FILE *j = strcmp(jpath, "-") == 0 ? stdout : fopen(jpath, "w");
    if (!j) {
      upcgt_warn(TOOL, "cannot write GASP_PROFILE_JSON=%s: %m", jpath);
    } else {
      print_json(j, rows, n, now, how, by_thread);
      if (j == stdout)
        fflush(j);
      else if (fclose(j) == 0)
        json_file = jpath;
      else
        upcgt_warn(TOOL, "error writing GASP_PROFILE_JSON=%s: %m", jpath);
    }
  }
  if (table_file && json_file)
    upcgt_announce(TOOL, "the profile to %s and its JSON to %s", table_file,
                   json_file);
  else if (table_file || json_file)
    upcgt_announce(TOOL, "the profile%s to %s", json_file ? " as JSON" : "",
                   table_file ? table_file : json_file);
  free(rows);
  free(per_thread);
}
