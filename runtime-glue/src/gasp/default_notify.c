/*
 * default_notify.c - gasp_event_notify for programs linked without a GASP
 * tool: ignores the event (weak, alone in its file: see UPCRI_GASP_DEFAULT
 * in gasp_internal.h).
 */
#include "gasp/gasp_internal.h"

UPCRI_GASP_DEFAULT void gasp_event_notify(gasp_context_t context,
                                          unsigned int evttag,
                                          gasp_evttype_t evttype,
                                          const char *filename, int linenum,
                                          int colnum, ...) {
  (void)context;
  (void)evttag;
  (void)evttype;
  (void)filename;
  (void)linenum;
  (void)colnum;
}
