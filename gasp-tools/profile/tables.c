/*
 * tables.c - the profile tool's per-thread contexts and their hash tables
 * (open addressing, keyed by tag, file pointer, line and column; published
 * to readers as profile.h says).
 */
#include <stdlib.h>
#include <string.h>

#include "profile.h"

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

pentry_t *upcgp_lookup(struct _gasp_context_S *ctx, uint32_t tag,
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
    return upcgp_lookup(ctx, tag, file, line, col);
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

/* A context with its tables; base.done when they could not be made. */
struct _gasp_context_S *upcgp_ctx_new(int threads) {
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

void upcgp_ctx_free(struct _gasp_context_S *ctx) {
  for (ptable_t *t = ctx->tab, *older; t; t = older) {
    older = t->older;
    free(t);
  }
  free(ctx->stack);
  free(ctx->bins);
  free(ctx->comm);
  free(ctx);
}
