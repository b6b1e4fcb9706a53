/*
 * engine.h - the MIR engine of a running UPC program: the GASP tool
 * that upc-instrument --mir-request links (docs/mir.md). Internal to the
 * engine's archive (prefix mire_).
 *
 *   tool.c     GASP entry points; each thread's counters, fed by the
 *              events raised while one of its probes measures; the begin
 *              and end of a probe's region (upcr_mir.h).
 *   probes.c   the probes of the program (the section upcr_mir_probes),
 *              their settings (the requests that last defined them), their
 *              values per thread, and the tuples of section 6.
 *   service.c  control and snapshot requests, the other processes (through
 *              channel.h), deliveries and the values at exit.
 */
#ifndef UPC_MIR_ENGINE_H
#define UPC_MIR_ENGINE_H

#include <stddef.h>
#include <stdint.h>

#include "mir_document.h"
#include "mir_request.h"
#include "upcr_mir.h"

/* ------------------------------------------------------------------------
 * Counters (tool.c)
 * ------------------------------------------------------------------------ */

/* What a thread has done so far while measuring: one counter per metric
 * (times in ns, the others in their units; COUNT unused). */
typedef struct {
  uint64_t c[MIR_METRIC_COUNT_];
} mire_counters_t;

uint64_t mire_now_ns(void);

/* ------------------------------------------------------------------------
 * Probes (probes.c)
 * ------------------------------------------------------------------------ */

typedef struct {
  long interval, delivery, duration; /* ms; delivery -1: each measurement */
  char *destination;                 /* a local path; NULL: the default */
  mir_aggregate_t aggregates[MIR_AGGREGATES];
  size_t naggregates;
} mire_measuring_t;

typedef struct mire_probe {
  char *id, *from, *to;
  upcr_mir_probe_t **sites; /* the compiled definitions (one per object) */
  size_t nsites;
  /* The settings of the last defining requests. */
  mir_metric_t metrics[MIR_METRIC_COUNT_];
  size_t nmetrics;
  mir_entity_t *entities; /* a copy of the last defining request's entity
                             elements; none: "?" at every level */
  size_t nentities;
  mire_measuring_t measuring;
  int activated; /* as compiled (activated="true") */
  int removed;
  /* Which threads measure (threads entries; relaxed atomics). */
  unsigned char *measures;
  /* Per thread of this process (indexed by thread - first_thread):
   * executions and totals per metric, written by the thread with relaxed
   * atomics, read and reset by the service. */
  uint64_t *values; /* [local threads][1 + MIR_METRIC_COUNT_] */
  /* An execution counts only if the probe measured from its start to its
   * end: the service advances the epoch when it activates, deactivates or
   * resets the probe, and a region ending in another epoch than it began
   * in adds nothing. Each row's writer holds its sequence number odd while
   * it checks the epoch and adds (mire_row_add); the service waits for
   * it to be even after advancing the epoch (mire_probe_quiesce), so that
   * no addition of the old epoch lands after a reset. */
  unsigned epoch;     /* atomic */
  unsigned *row_seq;  /* [local threads], atomic */
} mire_probe_t;

/* Adds delta to local thread k's row of p if p is still in epoch. */
void mire_row_add(mire_probe_t *p, int k, unsigned epoch,
                  const uint64_t *delta);

/* The program's probes, found at gasp_init (first thread). */
extern mire_probe_t *mire_probes;
extern size_t mire_nprobes;
extern int mire_threads, mire_first_thread, mire_local_threads;

/* Finds the probes and applies their compiled requests, once the
 * threads above are known; returns 0, or -1 after printing why (a request
 * the translator accepted cannot fail). */
int mire_probes_init(void);
mire_probe_t *mire_probe_find(const char *id);

/* Applies a control request's settings and action to p (the request has
 * been checked: mire_check_ctrlreq). */
void mire_probe_apply(mire_probe_t *p, const mir_request_t *req);
/* NULL, or why req cannot be applied (a static message). */
const char *mire_check_ctrlreq(const mir_request_t *req);

/* Values of every thread of the program: [threads][1 + metrics] per probe,
 * in the probes' order. */
typedef struct {
  uint64_t *v; /* [nprobes][threads][1 + MIR_METRIC_COUNT_] */
} mire_values_t;

#define MIRE_ROW (1 + MIR_METRIC_COUNT_)

uint64_t *mire_values_at(const mire_values_t *vals, size_t probe,
                         int thread);
/* This process's values into vals (the rows of its threads). */
void mire_values_local(mire_values_t *vals);
/* Text lines "probe-index thread executions v0 v1 ..." for this process's
 * threads, and their inverse (rows of other processes into vals). */
char *mire_values_serialize(void);
int mire_values_parse(mire_values_t *vals, const char *text);
int mire_values_alloc(mire_values_t *vals);
void mire_values_free(mire_values_t *vals);

/* The measurement document of the probes in which[0..n) (indices) from
 * vals (minus base, when base is not NULL: a measurement over a
 * duration). */
char *mire_measurement(const size_t *which, size_t n,
                       const mire_values_t *vals, const mire_values_t *base);

/* Where the probe's documents go: the destination, numbered (number > 0:
 * "dest.N.xml" style, see docs/mir.md) or final (number 0). */
void mire_destination(const mire_probe_t *p, unsigned number, char *buf,
                      size_t size);

/* ------------------------------------------------------------------------
 * Service (service.c)
 * ------------------------------------------------------------------------ */

/* Every UPC thread, in gasp_init, collectively: finds the processes, the
 * probes and starts the channel. */
void mire_service_start(void);
/* At GASP_UPC_COLLECTIVE_EXIT END (after the exit barrier): the root
 * writes the final values; the other processes wait until it has them. */
void mire_service_collective_exit(int thread);
/* At exit (atexit; upc_global_exit too): the final values, once. */
void mire_service_exit(void);

/* ------------------------------------------------------------------------
 * Entities (service.c): hosts of the processes, for node ids.
 * ------------------------------------------------------------------------ */

/* The node (host index) of a thread; 0 before the service started. */
int mire_node_of(int thread);
int mire_nnodes(void);
const char *mire_node_name(int node);
/* The process (its lowest thread) of a thread. */
int mire_process_of(int thread);

#endif
