/*
 * mir_document.h - the documents the MIR engine answers with (Monitoring
 * and Instrumentation Requests): measurement documents built by the
 * generation, sorting and compression algorithm of section 6, snapshots
 * (section 3), probe documents (section 4) and errors (section 7). Written
 * with libxml2's text writer (attribute values and text are escaped),
 * UTF-8, each valid against its DTD in translator/mir/.
 *
 * Every function returns a malloc'ed, NUL-terminated document (with a final
 * newline), or NULL when memory runs out.
 */
#ifndef UPC_MIR_DOCUMENT_H
#define UPC_MIR_DOCUMENT_H

#include <stddef.h>

#include "mir_request.h"

#ifdef __cplusplus
extern "C" {
#endif

/* One tuple of section 6: (probeId, siteId, nodeId, communicatorId,
 * processId, threadId, metric, value). */
typedef struct {
  const char *probe;           /* the probe's id */
  const char *ids[MIR_LEVELS]; /* NULL is section 6's null */
  /* Sorting keys per level: the position of the entity element that
   * selected this id in the last defining request (0, 1, ...) when the
   * element named it explicitly; otherwise (the id came from "*" or "?")
   * MIR_ORDER_WILDCARD, and wildcard ids sort among themselves by
   * numeric value when both are numbers, else by strcmp. */
  unsigned order[MIR_LEVELS];
  /* Whether the attribute survives compression: 0 when the last defining
   * request specified no aggregation and named this level's entity
   * explicitly (neither "*" nor "?"), 1 otherwise. A NULL id is never
   * written. */
  int keep[MIR_LEVELS];
  unsigned probe_order;  /* order of the probe in the document */
  unsigned metric_order; /* position of the metric (then of the aggregate
                            function) in the last defining request */
  double value;
} mir_tuple_t;

#define MIR_ORDER_WILDCARD 0xffffffffu

/* The measurement document of tuples[0..n): generation, sorting
 * (probe_order, then per level, then metric_order), compression (probeId
 * removed when one probe; attributes removed as keep says; runs of n > 1
 * consecutive elements with the same id at a level merged under one
 * element that carries the id only if kept; a root without attributes
 * when more than one element remains). With one probe nothing is merged
 * by probeId (it is removed from all; the root step gathers them).
 * n == 0 gives <measurement/>. Values are written exactly for integers
 * below 2^53, else with the 15 significant digits of %.15g when they read
 * back as the value, else 17; never with an exponent (section 9 types
 * value as decimal); NaN and infinities as NaN, INF, -INF. tuples is
 * sorted in place. */
char *mir_measurement_document(mir_tuple_t *tuples, size_t n);

/* Snapshot (section 3). */
typedef struct mir_snapshot_entity {
  mir_level_t level;
  const char *id;
  const char *name;   /* NULL: no name attribute */
  int master;         /* threads: -1 absent, 0, 1 */
  const char *const *stack; /* frames, outermost last */
  size_t nstack;
  const struct mir_snapshot_entity *children;
  size_t nchildren;
} mir_snapshot_entity_t;

/* Children are written level by level (the caller's order within a
 * level), as the snapshot DTD orders them; what it cannot hold is left
 * out: children of a level not below the parent's, a communicator's
 * other than processes, a site's other than nodes when it has nodes, and
 * stacks other than a thread's or a thread-less process's. */
char *mir_snapshot_document(const mir_snapshot_entity_t *entities,
                            size_t n);

/* <probe id="..."/> */
char *mir_probe_document(const char *id);

/* <errors><error>...</error>...</errors>; n == 0 writes one error,
 * "unspecified error" (the DTD wants one). */
char *mir_errors_document(const char *const *messages, size_t n);

#ifdef __cplusplus
}
#endif

#endif
