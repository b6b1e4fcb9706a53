/*
 * default_notify_va.c - gasp_event_notifyVA for programs linked without a
 * GASP tool: ignores the event (weak, alone in its file: see
 * UPCRI_GASP_DEFAULT in gasp_internal.h). The runtime raises through it
 * only the user events of pupc_event_start/end/atomic, so a tool that
 * defines gasp_event_notify alone misses just those.
 */
#include "gasp/gasp_internal.h"

UPCRI_GASP_DEFAULT void gasp_event_notifyVA(gasp_context_t context,
                                            unsigned int evttag,
                                            gasp_evttype_t evttype,
                                            const char *filename,
                                            int linenum, int colnum,
                                            va_list varargs) {
  (void)context;
  (void)evttag;
  (void)evttype;
  (void)filename;
  (void)linenum;
  (void)colnum;
  (void)varargs;
}
