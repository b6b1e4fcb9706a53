/*
 * mir_request.h - reading the requests of APART's Monitoring and
 * Instrumentation Requests (MIR): instrumentation (instrreq, section 4),
 * control (ctrlreq, section 5) and snapshot (snapshotreq, section 3)
 * requests, parsed by libxml2 (no network, no external entities) and
 * validated against the DTDs of the specification (the .dtd files of
 * translator/mir/, compiled in). One reader for the translator, which
 * checks instrumentation requests at build time, and for the MIR engine of
 * a running program, which reads control and snapshot requests and the
 * instrumentation requests compiled into it.
 *
 * Plain C11 + libxml2; no global state besides libxml2's.
 */
#ifndef UPC_MIR_REQUEST_H
#define UPC_MIR_REQUEST_H

#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

/* ------------------------------------------------------------------------
 * The metric catalog (mir_metrics.def)
 * ------------------------------------------------------------------------ */

typedef enum {
#define MIR_METRIC(NAME, UNIT, KIND, DESCRIPTION) MIR_METRIC_##NAME,
#include "mir_metrics.def"
#undef MIR_METRIC
  MIR_METRIC_COUNT_
} mir_metric_t;

typedef struct {
  const char *name, *unit, *description;
} mir_metric_info_t;

extern const mir_metric_info_t mir_metrics[MIR_METRIC_COUNT_];

/* The metric called name, or -1. */
int mir_metric_find(const char *name);

/* ------------------------------------------------------------------------
 * Requests
 * ------------------------------------------------------------------------ */

/* Entity levels, in the order of the DTDs and of section 6's sorting. */
typedef enum {
  MIR_SITE,
  MIR_NODE,
  MIR_COMMUNICATOR,
  MIR_PROCESS,
  MIR_THREAD,
  MIR_LEVELS
} mir_level_t;

/* "site", "node", ... */
const char *mir_level_name(mir_level_t level);

/* An entity element: <process id="P1">, possibly with nested entities
 * (<process id="P1"><thread id="*"/></process>). */
typedef struct mir_entity {
  mir_level_t level;
  char *id; /* as written: "*" (all), "?" (the measuring entity), or an id */
  unsigned line;
  struct mir_entity *children;
  size_t nchildren;
} mir_entity_t;

typedef enum {
  MIR_AGG_AVERAGE,
  MIR_AGG_MAXIMUM,
  MIR_AGG_MINIMUM,
  MIR_AGG_SUM,
  MIR_AGG_VARIANCE,
  MIR_AGGREGATES
} mir_aggregate_t;

/* "AVERAGE", ... */
const char *mir_aggregate_name(mir_aggregate_t f);

/* A measuring element. Attributes absent from the element are -1 (the
 * numbers) or NULL (destination). */
typedef struct {
  long interval;  /* ms */
  long delivery;  /* ms; -1 is a value here ("every measurement"): see
                     has_delivery */
  int has_delivery;
  long duration;  /* ms */
  char *destination;       /* a file: URI or a path, as written */
  char *destination_path;  /* the local path it names */
  mir_aggregate_t aggregates[MIR_AGGREGATES]; /* in request order */
  size_t naggregates;      /* <aggregate/> without function adds nothing */
  int has_aggregate_element;
  unsigned line;
} mir_measuring_t;

/* MIR_SIRREQ: what a running program built with --mir-dormant answers
 * (its compiled-in SIR); the translator reads SIR requests itself. */
typedef enum {
  MIR_INSTRREQ,
  MIR_CTRLREQ,
  MIR_SNAPSHOTREQ,
  MIR_SIRREQ
} mir_request_kind_t;

typedef enum {
  MIR_ACTION_VALUE,
  MIR_ACTION_ACTIVATE,
  MIR_ACTION_DEACTIVATE,
  MIR_ACTION_RESET,
  MIR_ACTION_REMOVE
} mir_action_t;

const char *mir_action_name(mir_action_t a);

typedef struct {
  mir_request_kind_t kind;

  /* instrreq: codeRegion (from is NULL without one). */
  char *from, *to;
  unsigned region_line, region_column;
  int activated; /* -1 absent, 0, 1 (instrreq) */
  int flush;     /* -1 absent, 0, 1 (instrreq, ctrlreq) */
  int event;     /* an <event/> element was given */

  /* instrreq, ctrlreq */
  mir_metric_t *metrics; /* in request order */
  size_t nmetrics;
  mir_measuring_t *measuring; /* NULL: no measuring element */
  mir_entity_t *entities;     /* top-level entity elements, in order */
  size_t nentities;

  /* ctrlreq */
  char **probes;
  size_t nprobes;
  mir_action_t action;

  /* snapshotreq */
  int named; /* -1 absent, 0, 1 */
  long stack; /* frames; 0 when absent */
  /* sirreq: each resource's in, as written */
  char **resources;
  size_t nresources;
} mir_request_t;

/* Diagnostics: severity is "error" or "warning"; line and column are
 * 1-based, 0 when unknown. */
typedef void mir_diag_fn(void *arg, const char *severity, unsigned line,
                         unsigned column, const char *message);

/* The largest request read (bytes): MIR requests are a few hundred. */
#define MIR_MAX_REQUEST_BYTES (1u << 20)

/* The longest destination (bytes), so that its numbered deliveries and
 * their temporary files still fit a path (PATH_MAX, 4096 on Linux). */
#define MIR_MAX_DESTINATION 4000u

/* A bit of mir_request_parse's kinds: the request comes from a client of a
 * running program; it may not have a DOCTYPE at all. */
#define MIR_UNTRUSTED (1u << 16)

/* Parses the request in text[0..len) (name is used in libxml2's messages
 * only). Accepts every request kind in kinds (a bit mask of
 * 1u << mir_request_kind_t, with MIR_UNTRUSTED for a request received at
 * run time). A request is at most MIR_MAX_REQUEST_BYTES long and declares
 * no entity, so that nothing in it expands beyond its own size. Returns 0
 * and fills *req, or -1 after at least one error through diag (then *req
 * holds nothing to free). Warnings (the spellings of the specification's
 * own examples that are accepted, see docs/mir.md) go through diag too. */
int mir_request_parse(const char *text, size_t len, const char *name,
                      unsigned kinds, mir_request_t *req, mir_diag_fn *diag,
                      void *arg);
/* The same for a file; a file that cannot be read, or that is not a regular
 * file (a FIFO would block the reader), is an error (line 0). */
int mir_request_parse_file(const char *path, unsigned kinds,
                           mir_request_t *req, mir_diag_fn *diag, void *arg);

void mir_request_free(mir_request_t *req);

/* Whether measuring has neither an attribute nor an aggregate element
 * (section 4: such a measuring element is invalid; the reader rejects it,
 * so a parsed request never holds one). */
int mir_measuring_is_empty(const mir_measuring_t *m);

/* An instrreq that holds only a measuring element sets new defaults and
 * gets no probe (section 4). */
int mir_request_is_defaults_only(const mir_request_t *req);

#ifdef __cplusplus
}
#endif

#endif
