/*
 * default_init.c - gasp_init for programs linked without a GASP tool (weak,
 * alone in its file: see UPCRI_GASP_DEFAULT in gasp_internal.h).
 */
#include "gasp/gasp_internal.h"

/* The context type is the tool's to define; without a tool this file
 * defines it, for a single object that every thread shares. */
struct _gasp_context_S {
  int unused;
};

static struct _gasp_context_S default_context;

/* Not NULL: the program runs as instrumented (events go to the default
 * gasp_event_notify, which ignores them; user events and measurement
 * control go to the defaults of gasp_create_event and gasp_control). */
UPCRI_GASP_DEFAULT gasp_context_t gasp_init(gasp_model_t srcmodel, int *argc,
                                            char ***argv) {
  (void)srcmodel;
  (void)argc;
  (void)argv;
  return &default_context;
}
