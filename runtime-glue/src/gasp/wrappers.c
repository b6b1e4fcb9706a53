/*
 * wrappers.c - the instrumented entry points of upcr_gasp.h that are not
 * library functions: synchronization statements, scoped events
 * (GASP_C_FUNC, GASP_UPC_FORALL) and the C library's allocation. Those of
 * the UPC library are generated from the library table
 * (library_wrappers.c). Each raises the START event of gasp_upc.h, does
 * the work and raises the END event, both at the call's source position;
 * with no context (GASP not initialised on the calling thread) it only does
 * the work.
 *
 * Varargs are cast to the exact types of gasp_upc.h: a tool reads them with
 * va_arg of those types, and a mismatch (int for size_t, say) is undefined
 * behaviour that works by accident on some ABIs only.
 */
#include <stdint.h>
#include <stdlib.h>

#include "core/internal.h"
#include "gasp/gasp_internal.h"

#define EVENT(TAG, TYPE, POS, ...) UPCRI_GASP_NOTIFY(TAG, TYPE, POS, __VA_ARGS__)
#define EVENT0(TAG, TYPE, POS) UPCRI_GASP_NOTIFY0(TAG, TYPE, POS)

/* ------------------------------------------------------------------------
 * Synchronization: named = the statement has an expression, expr = its
 * value (0 when anonymous, where GASP leaves it undefined).
 * ------------------------------------------------------------------------ */

static void sync_events(unsigned int tag, void (*op)(int, int, upcr_srcpos_t),
                        int value, int flags, upcr_srcpos_t pos) {
  if (!UPCR_GASP_ACTIVE()) {
    op(value, flags, pos);
    return;
  }
  int named = !(flags & UPCR_BARRIERFLAG_ANONYMOUS);
  int expr = named ? value : 0;
  EVENT(tag, GASP_START, pos, named, expr);
  op(value, flags, pos);
  EVENT(tag, GASP_END, pos, named, expr);
}

void upcr_gasp_notify(int value, int flags, upcr_srcpos_t pos) {
  sync_events(GASP_UPC_NOTIFY, upcr_notify, value, flags, pos);
}
void upcr_gasp_wait(int value, int flags, upcr_srcpos_t pos) {
  sync_events(GASP_UPC_WAIT, upcr_wait, value, flags, pos);
}
void upcr_gasp_barrier(int value, int flags, upcr_srcpos_t pos) {
  sync_events(GASP_UPC_BARRIER, upcr_barrier, value, flags, pos);
}

void upcr_gasp_fence(upcr_srcpos_t pos) {
  if (!UPCR_GASP_ACTIVE()) {
    upcr_fence();
    return;
  }
  EVENT0(GASP_UPC_FENCE, GASP_START, pos);
  upcr_fence();
  EVENT0(GASP_UPC_FENCE, GASP_END, pos);
}

/* ------------------------------------------------------------------------
 * Scoped events (GASP_C_FUNC, GASP_UPC_FORALL): the cleanup of a
 * block-scope variable raises END, and only if begin raised START, so that
 * a tool never sees an END without its START (a scope entered before
 * gasp_init, during static-data initialisation, stays silent).
 * ------------------------------------------------------------------------ */

upcri_gasp_scope_t upcri_gasp_scope_begin(unsigned int tag,
                                          const char *funcsig,
                                          upcr_srcpos_t pos) {
  upcri_gasp_scope_t s = {tag, funcsig, pos, 0};
  if (!UPCR_GASP_ACTIVE())
    return s;
  if (tag == GASP_C_FUNC)
    EVENT(tag, GASP_START, pos, (const char *)funcsig);
  else
    EVENT0(tag, GASP_START, pos);
  s.active = 1;
  return s;
}

void upcri_gasp_scope_end(upcri_gasp_scope_t *s) {
  if (!s->active || !UPCR_GASP_ACTIVE())
    return;
  if (s->tag == GASP_C_FUNC)
    EVENT(s->tag, GASP_END, s->pos, (const char *)s->funcsig);
  else
    EVENT0(s->tag, GASP_END, s->pos);
}

/* ------------------------------------------------------------------------
 * C memory allocation
 * ------------------------------------------------------------------------ */

void *upcr_gasp_c_malloc(size_t nbytes, upcr_srcpos_t pos) {
  if (!UPCR_GASP_ACTIVE())
    return malloc(nbytes);
  EVENT(GASP_C_MALLOC, GASP_START, pos, (size_t)nbytes);
  void *r = malloc(nbytes);
  EVENT(GASP_C_MALLOC, GASP_END, pos, (size_t)nbytes, (void *)r);
  return r;
}

void *upcr_gasp_c_realloc(void *ptr, size_t size, upcr_srcpos_t pos) {
  if (!UPCR_GASP_ACTIVE())
    return realloc(ptr, size);
  EVENT(GASP_C_REALLOC, GASP_START, pos, (void *)ptr, (size_t)size);
  /* END passes the old pointer's value, for the tool to match with earlier
   * events; it is kept as a number (the pointer itself is indeterminate
   * once freed), volatile so that the compiler does not see through it and
   * warn of a use after free. */
  volatile uintptr_t old = (uintptr_t)ptr;
  void *r = realloc(ptr, size);
  EVENT(GASP_C_REALLOC, GASP_END, pos, (void *)old, (size_t)size, (void *)r);
  return r;
}

void upcr_gasp_c_free(void *ptr, upcr_srcpos_t pos) {
  if (!UPCR_GASP_ACTIVE()) {
    free(ptr);
    return;
  }
  EVENT(GASP_C_FREE, GASP_START, pos, (void *)ptr);
  volatile uintptr_t old = (uintptr_t)ptr; /* as in upcr_gasp_c_realloc */
  free(ptr);
  EVENT(GASP_C_FREE, GASP_END, pos, (void *)old);
}
