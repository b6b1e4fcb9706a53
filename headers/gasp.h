/*
 * gasp.h - the language-independent part of the GASP performance tool
 * interface (GASP 1.4, section 3), as implemented by upc-instrument.
 *
 * A tool provides gasp_init, gasp_event_notify, gasp_event_notifyVA,
 * gasp_control and gasp_create_event; an instrumented program calls them.
 * A program linked with no tool gets the runtime's defaults (no events are
 * recorded; pupc_create_event and pupc_control still behave).
 *
 * The GASP 1.4 text leaves out the signatures of gasp_init and
 * gasp_create_event; these are the ones of GASP 1.5 that every existing
 * implementation and tool uses (gasp_model_t, GASP_MODEL_UPC), so tools
 * written for 1.5 compile unchanged. The event numbers are in gasp_upc.h,
 * which this header includes (section 3.5 asks gasp.h for them).
 */
#ifndef _GASP_H_
#define _GASP_H_

#include <stdarg.h> /* compiler-provided: va_list */

#ifdef __cplusplus
extern "C" {
#endif

/* The GASP version implemented: 1.4 (GASP 1.4, 3.5). */
#define GASP_VERSION 20051101

typedef enum { GASP_START, GASP_END, GASP_ATOMIC } gasp_evttype_t;

/* The source model of the events a context receives (GASP 1.5 spelling; 1.4
 * calls it the source language). */
typedef enum {
  GASP_MODEL_UPC,
  GASP_MODEL_TITANIUM,
  GASP_MODEL_CAF,
  GASP_MODEL_MPI,
  GASP_MODEL_SHMEM
} gasp_model_t;
/* The older names of the source model, which tools written for GASP 1.4
 * and Berkeley UPC's tools still use. */
typedef gasp_model_t gasp_srclanguage_t;
typedef gasp_model_t gasp_lang_t;
#define GASP_LANG_UPC GASP_MODEL_UPC
#define GASP_LANG_TITANIUM GASP_MODEL_TITANIUM
#define GASP_LANG_CAF GASP_MODEL_CAF
#define GASP_LANG_MPI GASP_MODEL_MPI
#define GASP_LANG_SHMEM GASP_MODEL_SHMEM

/* The tool's per-thread state: gasp_init returns it, every other call
 * passes it back. The struct is the tool's to define. */
struct _gasp_context_S;
typedef struct _gasp_context_S *gasp_context_t;

/* Called once by every UPC thread after the runtime is initialised and
 * before main; the tool may change *argc and *argv (main receives them). */
gasp_context_t gasp_init(gasp_model_t srcmodel, int *argc, char ***argv);

/* One event: evttag is a GASP_* event number from gasp_upc.h or a user
 * event number from gasp_create_event; filename, linenum and colnum
 * (1-based) locate the construct in the UPC source. The varargs depend on
 * the event (gasp_upc.h, docs/gasp-events.md). */
void gasp_event_notify(gasp_context_t context, unsigned int evttag,
                       gasp_evttype_t evttype, const char *filename,
                       int linenum, int colnum, ...);
void gasp_event_notifyVA(gasp_context_t context, unsigned int evttag,
                         gasp_evttype_t evttype, const char *filename,
                         int linenum, int colnum, va_list varargs);

/* Measurement control (GASP 1.4, 3.3): 0 stops measuring until a nonzero
 * call; returns the previous value of `on` (nonzero before any call). */
int gasp_control(gasp_context_t context, int on);

/* A user event number in GASP_UPC_USEREVT_START..GASP_UPC_USEREVT_END;
 * desc is NULL or a printf-style format of the event's varargs. */
unsigned int gasp_create_event(gasp_context_t context, const char *name,
                               const char *desc);

#ifdef __cplusplus
}
#endif

#include "gasp_upc.h"

#endif /* _GASP_H_ */
