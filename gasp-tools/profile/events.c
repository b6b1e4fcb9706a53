/*
 * events.c - the profile tool's event path: START pushes a frame, END pops
 * it into the table of its location, ATOMIC counts (profile.h).
 */
#include <stdarg.h>
#include <stdlib.h>

#include "profile.h"

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
static void account_args(struct _gasp_context_S *ctx, pentry_t *e, uint32_t tag,
                         va_list *ap) {
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
  pentry_t *e = upcgp_lookup(ctx, f->tag, f->file, f->line, f->col);
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
    e = upcgp_lookup(ctx, tag, file, line, col);
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
    upcgt_final_now("upc_global_exit", ctx->base.thread);
  }
}

/* gasp_event_notify without the GASP entry point (profile.c's). */
static void notify(struct _gasp_context_S *ctx, unsigned int tag,
                   gasp_evttype_t type, ...) {
  va_list ap;
  va_start(ap, type);
  gasp_event_notifyVA(ctx, tag, type, __FILE__, __LINE__, 0, ap);
  va_end(ap);
}

/* The measured cost of one notification of this tool on this machine:
 * START/END pairs of a barrier event on a scratch context (the full path:
 * clock, stack, table, timeline), median of rounds, so that upc-prof can
 * estimate how much of the run the profile itself took. */
double upcgp_event_cost_ns(void) {
  enum { ROUNDS = 5, PAIRS = 1000 };
  struct _gasp_context_S *ctx = upcgp_ctx_new(upcgt_nthreads());
  if (!ctx || ctx->base.done) {
    if (ctx)
      upcgp_ctx_free(ctx);
    return 0;
  }
  double cost[ROUNDS];
  for (int r = 0; r < ROUNDS; ++r) {
    uint64_t t0 = upcgt_now_ns();
    for (int i = 0; i < PAIRS; ++i) {
      notify(ctx, GASP_UPC_BARRIER, GASP_START, 0, 0);
      notify(ctx, GASP_UPC_BARRIER, GASP_END, 0, 0);
    }
    cost[r] = (double)(upcgt_now_ns() - t0) / (2.0 * PAIRS);
  }
  upcgp_ctx_free(ctx);
  for (int i = 1; i < ROUNDS; ++i) /* insertion sort: five values */
    for (int j = i; j > 0 && cost[j] < cost[j - 1]; --j) {
      double x = cost[j];
      cost[j] = cost[j - 1];
      cost[j - 1] = x;
    }
  return cost[ROUNDS / 2];
}
