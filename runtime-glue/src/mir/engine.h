/*
 * engine.h - the MIR engine of a running UPC program: the GASP tool
 * that upc-instrument --mir-request links (docs/mir.md). Internal to the
 * engine's archive (prefix mire_). Its files, each calling only those
 * above it:
 *
 *   processes.c    the program's threads, processes and nodes, and what the
 *                  root asks of the others (through relay.h).
 *   entities.c     the entities of requests: which exist, which threads an
 *                  entity element selects.
 *   accumulate.c   the clock of the measuring threads, their additions to a
 *                  probe's values, and the epochs that make resets exact.
 *   probes.c       the probes of the program (the section upcr_mir_probes),
 *                  their settings (the requests that last defined them) and
 *                  their activation.
 *   values.c       the probes' values per thread, between processes and
 *                  gathered at the root.
 *   measurement.c  the tuples of section 6: the measurement documents.
 *   sir.c          the SIR compiled in (--mir-dormant), for SIR requests.
 *   stacks.c       call stacks of this process's threads, for snapshots.
 *   delivery.c     periodic measurements and deliveries to the probes'
 *                  destinations, and the values at exit (the root).
 *   requests.c     control and snapshot requests and their answers.
 *   startup.c      start-up (collective, in gasp_init) and exit.
 *   tool.c         GASP entry points; each thread's counters, fed by the
 *                  events raised while one of its probes measures; the begin
 *                  and end of a probe's region (upcr_mir.h).
 *
 * The channel under them: server.h (the program's socket for clients),
 * relay.h (between processes; its files: relay_internal.h), io.h and
 * paths.h.
 */
#ifndef UPC_MIR_ENGINE_H
#define UPC_MIR_ENGINE_H

#include <pthread.h>
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

/* ------------------------------------------------------------------------
 * Processes and nodes (processes.c)
 * ------------------------------------------------------------------------ */

/* One UPC thread's process and host, as every thread publishes them at
 * start-up. */
typedef struct {
  int pid;
  char host[64];
} mire_place_t;

/* The program's threads: all of them, this process's first and how many
 * it runs (set at start-up). */
extern int mire_threads, mire_first_thread, mire_local_threads;

/* Sets up the tables from every thread's place (the first thread of each
 * process, once mire_first_thread is known; places is kept). */
int mire_processes_init(mire_place_t *places, int threads);
int mire_is_root(void);       /* this process runs thread 0 */
int mire_nprocesses(void);
/* The process (its lowest thread) of a thread; its pid. */
int mire_process_of(int thread);
int mire_pid_of(int thread);
/* The node (host index) of a thread; 0 before start-up. */
int mire_node_of(int thread);
int mire_nnodes(void);
const char *mire_node_name(int node);
/* Whether the root reaches every other process (mire_relay_up(1) once the
 * relay is set up). */
int mire_relay_up(int set);

/* The root: message to every other process; their replies in
 * replies[0..nprocesses - 1) (malloc'ed). 0, or -1 after a warning. */
int mire_relay_all(const char *message, char **replies);
/* Relays a message whose replies are "" (success) or an error: NULL, or
 * the first error (malloc'ed). */
char *mire_relay_checked(const char *message);

/* ------------------------------------------------------------------------
 * Entities (entities.c)
 * ------------------------------------------------------------------------ */

/* Whether thread t belongs to entity (level, v). */
int mire_thread_in(int t, mir_level_t level, long v);
/* Whether an explicit id names an entity of level ("*" and "?" do not). */
int mire_entity_exists(mir_level_t level, const char *id);
/* The explicit ids of the entity elements that do not exist, every one of
 * them, as an error message in buf; 0 when all exist. */
int mire_check_entities(const mir_entity_t *e, size_t n, char *buf,
                        size_t size);
/* Marks in measures the threads that entity elements e select within the
 * threads set in allowed. */
void mire_select_threads(const mir_entity_t *e, size_t n,
                         const unsigned char *allowed,
                         unsigned char *measures);

/* ------------------------------------------------------------------------
 * Probes (probes.c; their rows: accumulate.c)
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
  int active;    /* measuring now (ACTIVATE, DEACTIVATE) */
  /* Its metrics count local accesses or forall iterations: its regions
   * open the gate at 2 (upcr_gasp.h), not 1 (relaxed atomics). */
  int local_metrics;
  int removed;
  /* Created at run time on a dormant site (an instrreq to the running
   * program): its documents are written only where its requests said. */
  int runtime;
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

#define MIRE_ROW (1 + MIR_METRIC_COUNT_)

/* Held while the engine's state changes or is read by the service: the
 * probes' settings, the root's schedules, the relay to other processes
 * (requests, deliveries and the final values take it; the UPC threads
 * never do). */
extern pthread_mutex_t mire_lock;

/* The program's probes: those compiled in, found at gasp_init (first
 * thread), then those created at run time, in order. The array never
 * moves (the sites point into it): it holds up to MIRE_MAX_PROBES. */
extern mire_probe_t *mire_probes;
extern size_t mire_nprobes;
#define MIRE_RUNTIME_PROBES 4096
size_t mire_probes_capacity(void);

/* The dormant sites of --mir-dormant, by region id, and the probe bound
 * to each (NULL: none); the run-time probes' regions. */
typedef struct {
  char *id;
  upcr_mir_probe_t **sites;
  size_t nsites;
  mire_probe_t *probe;
} mire_dormant_t;
mire_dormant_t *mire_dormant_find(const char *id);

/* An instrreq sent to the running program (checked: mire_check_instrreq):
 * a new probe on its region's dormant sites, created alike on every
 * process (the root relays the request first); its id in id (a buffer of
 * 32). 0, or -1 when out of memory. */
int mire_probe_create(const mir_request_t *req, char *id);
/* NULL, or why req cannot create a probe (a static message). */
const char *mire_check_instrreq(const mir_request_t *req);

/* Finds the probes and applies their compiled requests, once the
 * threads (processes.c) are known; returns 0, or -1 after printing why (a
 * request the translator accepted cannot fail). */
int mire_probes_init(void);
mire_probe_t *mire_probe_find(const char *id);

/* Applies a control request's settings and action to p (the request has
 * been checked: mire_check_ctrlreq). */
void mire_probe_apply(mire_probe_t *p, const mir_request_t *req);
/* NULL, or why req cannot be applied (a static message). */
const char *mire_check_ctrlreq(const mir_request_t *req);

/* ------------------------------------------------------------------------
 * Accumulation (accumulate.c)
 * ------------------------------------------------------------------------ */

/* Adds delta to local thread k's row of p if p is still in epoch. */
void mire_row_add(mire_probe_t *p, int k, unsigned epoch,
                  const uint64_t *delta);

/* Nanoseconds of CLOCK_MONOTONIC. */
uint64_t mire_now_ns(void);

/* A new epoch for p: executions in flight add nothing from now on, and
 * none that checked the old epoch is still adding when this returns. */
void mire_probe_quiesce(mire_probe_t *p);

/* ------------------------------------------------------------------------
 * Values (values.c)
 * ------------------------------------------------------------------------ */

/* Values of every thread of the program: [threads][1 + metrics] per probe,
 * in the probes' order. */
typedef struct {
  uint64_t *v; /* [nprobes][threads][1 + MIR_METRIC_COUNT_] */
} mire_values_t;

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

/* Every process's values into vals; -1 if another process cannot be
 * reached. */
int mire_gather(mire_values_t *vals, const char *message);

/* ------------------------------------------------------------------------
 * Measurement documents (measurement.c)
 * ------------------------------------------------------------------------ */

/* The measurement document of the probes in which[0..n) (indices) from
 * vals (minus base, when base is not NULL: a measurement over a
 * duration). */
char *mire_measurement(const size_t *which, size_t n,
                       const mire_values_t *vals, const mire_values_t *base);

/* ------------------------------------------------------------------------
 * Call stacks (stacks.c)
 * ------------------------------------------------------------------------ */

#define MIRE_STACK_MAX 64

/* The first thread of the process, at start-up: the signal handler and a
 * slot per local thread. 0, or -1 when out of memory. */
int mire_stacks_init(void);
/* Each thread, at start-up: it answers for local thread k. */
void mire_stacks_register(int k);
/* Local thread k is past the exit barrier: snapshots ask it no more. */
void mire_stacks_leave(int k);
/* Lines "thread frame" (innermost first) of this process's threads, up to
 * depth frames each (malloc'ed). */
char *mire_local_stacks(int depth);

/* ------------------------------------------------------------------------
 * Deliveries and the values at exit (delivery.c, the root)
 * ------------------------------------------------------------------------ */

/* The schedules of the probes, and the thread that delivers. 0, or -1. */
int mire_delivery_start(void);
/* Where the probe's documents go (malloc'ed; NULL when out of memory):
 * the destination, numbered (number > 0: "dest.N.xml" style, see
 * docs/mir.md) or final (number 0). */
char *mire_destination(const mire_probe_t *p, unsigned number);
/* Probe i's schedule starts again (its measuring changed, or it was
 * created). */
void mire_reschedule(size_t i);
/* The values a VALUE request answers for the probes which[0..n): each
 * probe's last measurement when it samples (interval, duration), else its
 * values now, as vals minus base (MIR, section 5: the last value
 * measured). 0, or -1 when another process cannot be reached. */
int mire_answer_values(const size_t *which, size_t n, mire_values_t *vals,
                       mire_values_t *base);
/* Stops the deliveries and writes every probe's final values, once. */
void mire_write_final(void);

/* ------------------------------------------------------------------------
 * The program's SIR (sir.c; --mir-dormant)
 * ------------------------------------------------------------------------ */

/* The SIR document of the program's objects (section upcr_mir_sir) that
 * describes the files the resources name ("*": all), or an errors
 * document; malloc'ed. */
char *mire_sir_answer(char *const *resources, size_t n);

/* ------------------------------------------------------------------------
 * Requests (requests.c)
 * ------------------------------------------------------------------------ */

/* The answer to a client's request (the root) and to the root's relayed
 * message (the others): mir_serve_fn (server.h). */
char *mire_serve_client(void *arg, const char *msg, size_t len);
char *mire_serve_relay(void *arg, const char *msg, size_t len);
/* A process other than the root: whether the root asked for the final
 * values ("F"), waiting up to seconds for it. */
int mire_wait_final(int seconds);

/* ------------------------------------------------------------------------
 * Start-up and exit (startup.c)
 * ------------------------------------------------------------------------ */

/* Every UPC thread, in gasp_init, collectively: finds the processes, the
 * probes, and starts the channel and the deliveries. */
void mire_service_start(void);
/* At GASP_UPC_COLLECTIVE_EXIT END (after the exit barrier): the root
 * writes the final values; the other processes wait until it has them. */
void mire_service_collective_exit(int thread);
/* At exit (atexit; upc_global_exit too): the final values, once. */
void mire_service_exit(void);

#endif
