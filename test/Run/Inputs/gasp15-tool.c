/* A GASP tool written as tools for Berkeley UPC are: the GASP 1.5 names
 * (gasp_lang_t, GASP_LANG_UPC, GASP_UPC_EVT_NONE, GASP_UPC_NB_TRIVIAL,
 * GASP_UPC_NBI_TRIVIAL) and the collectives' flags tested bit by bit, as
 * Berkeley's values allow. It prints, per thread, the last event seen, the
 * flags of each broadcast and the kind of handle of each NB_SYNC. */
#include <gasp.h>
#include <gasp_upc.h>
#include <stdio.h>
#include <stdlib.h>
#include <upc_types.h>

struct _gasp_context_S {
  int thread;
  unsigned int last;
};

gasp_context_t gasp_init(gasp_lang_t lang, int *argc, char ***argv) {
  (void)argc, (void)argv;
  if (lang != GASP_LANG_UPC)
    abort();
  struct _gasp_context_S *c = calloc(1, sizeof *c);
  c->thread = gasp_upc_mythread();
  c->last = GASP_UPC_EVT_NONE;
  return c;
}

static const char *in_flag(int f) {
  return (f & UPC_IN_NOSYNC)    ? "UPC_IN_NOSYNC"
         : (f & UPC_IN_MYSYNC)  ? "UPC_IN_MYSYNC"
         : (f & UPC_IN_ALLSYNC) ? "UPC_IN_ALLSYNC"
                                : "(no IN flag)";
}

static const char *out_flag(int f) {
  return (f & UPC_OUT_NOSYNC)    ? "UPC_OUT_NOSYNC"
         : (f & UPC_OUT_MYSYNC)  ? "UPC_OUT_MYSYNC"
         : (f & UPC_OUT_ALLSYNC) ? "UPC_OUT_ALLSYNC"
                                 : "(no OUT flag)";
}

void gasp_event_notifyVA(gasp_context_t c, unsigned int tag,
                         gasp_evttype_t type, const char *file, int line,
                         int col, va_list ap) {
  (void)file, (void)col;
  if (c->last == GASP_UPC_EVT_NONE)
    printf("thread %d: first event at line %d\n", c->thread, line);
  c->last = tag;
  if (tag == GASP_UPC_ALL_BROADCAST && type == GASP_START) {
    (void)va_arg(ap, gasp_upc_PTS_t *);
    (void)va_arg(ap, gasp_upc_PTS_t *);
    (void)va_arg(ap, size_t);
    int flags = va_arg(ap, int);
    printf("thread %d: broadcast at line %d: %s %s\n", c->thread, line,
           in_flag(flags), out_flag(flags));
  } else if (tag == GASP_UPC_NB_SYNC && type == GASP_START) {
    gasp_upc_nb_handle_t h = va_arg(ap, gasp_upc_nb_handle_t);
    printf("thread %d: sync at line %d: %s\n", c->thread, line,
           h == GASP_UPC_NBI_TRIVIAL  ? "implicit handles"
           : h == GASP_UPC_NB_TRIVIAL ? "trivial handle"
                                      : "explicit handle");
  }
}

void gasp_event_notify(gasp_context_t c, unsigned int tag, gasp_evttype_t type,
                       const char *file, int line, int col, ...) {
  va_list ap;
  va_start(ap, col);
  gasp_event_notifyVA(c, tag, type, file, line, col, ap);
  va_end(ap);
}

int gasp_control(gasp_context_t c, int on) {
  (void)c, (void)on;
  return 1;
}

unsigned int gasp_create_event(gasp_context_t c, const char *name,
                               const char *desc) {
  (void)c, (void)name, (void)desc;
  return GASP_UPC_USEREVT_START;
}
