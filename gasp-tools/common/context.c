/*
 * context.c - what every GASP tool does the same way with its per-thread
 * contexts: the registry of every thread's context, gasp_control, and the
 * final report that is written once, at exit or at upc_global_exit. It
 * calls no other file of common/ (common.c calls it).
 */
#include <pthread.h>
#include <sched.h>
#include <stdatomic.h>
#include <stdlib.h>

#include "gasp_tools.h"

/* ------------------------------------------------------------------------
 * Registry: a slot per UPC thread, filled by each thread's gasp_init. The
 * contexts live until the process ends, so a reader (the final report,
 * possibly while other threads still run) may use them at any time.
 * ------------------------------------------------------------------------ */

static pthread_once_t once = PTHREAD_ONCE_INIT;
static int nthreads;
static _Atomic(upcgt_ctx_t *) *contexts;
/* The tool's final report; written by every upcgt_start before its
 * pthread_once (all the same value), read by the one init_once. */
static _Atomic(upcgt_final_fn *) final_fn;

static void final_at_exit(void) {
  upcgt_final(atomic_load(&final_fn), "exit", -1);
}

static void init_once(void) {
  nthreads = gasp_upc_threads();
  if (nthreads < 1)
    nthreads = 1;
  contexts = calloc((size_t)nthreads, sizeof *contexts);
  if (atomic_load(&final_fn))
    atexit(final_at_exit);
}

void upcgt_start(upcgt_final_fn *final) {
  if (final)
    atomic_store(&final_fn, final);
  pthread_once(&once, init_once);
}

void upcgt_ctx_init(upcgt_ctx_t *c) {
  c->thread = gasp_upc_mythread();
  c->threads = gasp_upc_threads();
  c->enabled = 1;
  c->control = 1;
  c->done = 0;
}

void upcgt_register(upcgt_ctx_t *c) {
  if (contexts && c->thread >= 0 && c->thread < nthreads)
    atomic_store_explicit(&contexts[c->thread], c, memory_order_release);
}

int upcgt_nthreads(void) { return nthreads; }

upcgt_ctx_t *upcgt_context(int thread) {
  if (!contexts || thread < 0 || thread >= nthreads)
    return NULL;
  return atomic_load_explicit(&contexts[thread], memory_order_acquire);
}

int upcgt_control(upcgt_ctx_t *c, int on) {
  if (!c)
    return 1;
  int old = c->control;
  c->control = on;
  c->enabled = on != 0;
  return old;
}

/* ------------------------------------------------------------------------
 * Final report: NONE -> WRITING (the one thread that writes) -> DONE.
 * ------------------------------------------------------------------------ */

enum { FINAL_NONE, FINAL_WRITING, FINAL_DONE };
static atomic_int final_state;

void upcgt_final(upcgt_final_fn *write, const char *how, int by_thread) {
  int expected = FINAL_NONE;
  if (!atomic_compare_exchange_strong(&final_state, &expected,
                                      FINAL_WRITING)) {
    while (atomic_load(&final_state) != FINAL_DONE)
      sched_yield();
    return;
  }
  if (contexts && write) /* no registry: out of memory at start, no data */
    write(how, by_thread);
  atomic_store(&final_state, FINAL_DONE);
}

void upcgt_final_now(const char *how, int by_thread) {
  upcgt_final(atomic_load(&final_fn), how, by_thread);
}

int upcgt_local_threads(int *first) {
  int count = 0;
  if (first)
    *first = 0;
  for (int t = 0; t < nthreads; ++t)
    if (upcgt_context(t)) {
      if (first && count == 0)
        *first = t;
      ++count;
    }
  return count;
}
