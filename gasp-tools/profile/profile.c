/*
 * profile.c - the GASP "profile" tool's entry points (profile.h says what
 * the tool measures and how its files divide the work).
 */
#include <stdarg.h>

#include "profile.h"

gasp_context_t gasp_init(gasp_model_t srcmodel, int *argc, char ***argv) {
  (void)srcmodel;
  (void)argc;
  (void)argv;
  upcgt_start(upcgp_report); /* a report at exit */
  struct _gasp_context_S *ctx = upcgp_ctx_new(upcgt_nthreads());
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

/* gasp_control, gasp_create_event and gasp_event_notify, in this file: see
 * upcgt_control in gasp_tools.h for why. */
UPCGT_COMMON_ENTRY_POINTS
