/*
 * tool.c - the GASP side of the MIR engine: each thread's counters,
 * fed by the events its probes' regions raise, and the begin and end of a
 * probe's region (upcr_mir.h).
 *
 * A program built with --mir-request is instrumented everywhere, local
 * accesses included, but its files raise events only while the gate of
 * upcr_gasp.h is open: from the start of a measuring region to the end of
 * the outermost one, on that thread. Events of the runtime's own wrappers
 * (barriers, locks, library calls) always arrive and are ignored outside
 * regions. Counting is per thread, without locks; a region's end adds its
 * differences to the probe's row of that thread with relaxed atomics, which
 * the service reads from its own thread.
 */
#define _GNU_SOURCE
#include "engine.h"

#include <pthread.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "gasp.h"
#include "gasp_upc.h"

/* upcr_gasp.h (the runtime's): opened while a probe measures; the
 * upc_forall iterations of gated files counted meanwhile. */
extern __thread int upcr_gasp_gate;
extern __thread unsigned long long upcr_gasp_forall_iterations;

/* Regions measuring at once on one thread (nested probes, recursion);
 * deeper ones are not measured. */
#define MIRE_MAX_DEPTH 64

enum { WAIT_BARRIER, WAIT_LOCK, WAIT_COLLECTIVE, WAITS };

typedef struct {
  int thread;  /* MYTHREAD */
  int control; /* gasp_control's last value: 0 stops the counting */
  int local;   /* index among this process's threads */
  int depth;
  /* What measuring costs the regions that enclose a measured one: the
   * engine's work of each execution outside its own [t0, end] (the call,
   * the epoch checks and fences, the row's update), in nanoseconds as
   * calibrated when the thread starts; and their sum over the executions
   * ended so far, which each region subtracts from its own time. */
  uint64_t cost_ns;
  uint64_t overhead_ns;
  mire_counters_t counters;
  uint64_t wait_start[WAITS];
  struct {
    mire_probe_t *probe;
    unsigned epoch; /* the probe's when the region began */
    int gate;       /* upcr_gasp_gate before it began */
    uint64_t overhead0;
    uint64_t t0;
    mire_counters_t c0;
  } frames[MIRE_MAX_DEPTH];
} thread_state_t;

static __thread thread_state_t *me;

/* ------------------------------------------------------------------------
 * Regions
 * ------------------------------------------------------------------------ */

void upcri_mir_begin(upcr_mir_probe_t *probe, upcr_mir_frame_t *frame) {
  thread_state_t *s = me;
  mire_probe_t *p = __atomic_load_n(&probe->engine, __ATOMIC_ACQUIRE);
  if (!s || !p || s->depth == MIRE_MAX_DEPTH ||
      !__atomic_load_n(&p->measures[s->thread], __ATOMIC_RELAXED))
    return;
  s->counters.c[MIR_METRIC_UPC_FORALL_ITERATIONS] =
      upcr_gasp_forall_iterations;
  unsigned epoch = __atomic_load_n(&p->epoch, __ATOMIC_RELAXED);
  __atomic_thread_fence(__ATOMIC_SEQ_CST);
  if (!__atomic_load_n(&probe->active, __ATOMIC_RELAXED))
    return; /* deactivated meanwhile (set_active in probes.c) */
  s->frames[s->depth].probe = p;
  s->frames[s->depth].epoch = epoch;
  s->frames[s->depth].c0 = s->counters;
  frame->probe = probe;
  frame->slot = (unsigned)s->depth++;
  s->frames[frame->slot].gate = upcr_gasp_gate;
  s->frames[frame->slot].overhead0 = s->overhead_ns;
  int want = 1 + __atomic_load_n(&p->local_metrics, __ATOMIC_RELAXED);
  if (want > upcr_gasp_gate)
    upcr_gasp_gate = want;
  /* Last, so that the region's own start is not counted. */
  s->frames[frame->slot].t0 = mire_now_ns();
}

void upcri_mir_end(upcr_mir_frame_t *frame) {
  uint64_t now = mire_now_ns();
  thread_state_t *s = me;
  if (!s || frame->slot >= (unsigned)s->depth)
    return;
  s->counters.c[MIR_METRIC_UPC_FORALL_ITERATIONS] =
      upcr_gasp_forall_iterations;
  /* Regions left by longjmp are closed with the one that encloses them. */
  s->depth = (int)frame->slot;
  upcr_gasp_gate = s->frames[s->depth].gate;
  mire_probe_t *p = s->frames[s->depth].probe;
  const mire_counters_t *c0 = &s->frames[s->depth].c0;
  uint64_t delta[MIRE_ROW];
  delta[0] = 1;
  for (int m = 0; m < MIR_METRIC_COUNT_; ++m)
    delta[1 + m] = s->counters.c[m] - c0->c[m];
  /* Less the engine's work for the measured regions nested in this one
   * (overhead compensation, as TAU and Score-P do): a function measured
   * around a hot measured callee would otherwise hold the callee's probe
   * cost as its own time. */
  uint64_t spent = now - s->frames[s->depth].t0;
  uint64_t engine = s->overhead_ns - s->frames[s->depth].overhead0;
  delta[1 + MIR_METRIC_WC_TIME] = spent > engine ? spent - engine : 0;
  delta[1 + MIR_METRIC_COUNT] = 1;
  mire_row_add(p, s->local, s->frames[s->depth].epoch, delta);
  frame->probe = NULL;
  s->overhead_ns += s->cost_ns;
}

/* s->cost_ns: the least time, over a few batches, that a measured
 * execution of an empty region takes beyond what it reports (its own
 * time), with a private probe that no request sees. The least, so that a
 * preempted batch never makes the engine subtract more than it costs. */
static void calibrate(thread_state_t *s) {
  enum { BATCHES = 8, EXECUTIONS = 64 };
  size_t rows = (size_t)s->local + 1;
  unsigned char *measures = calloc((size_t)s->thread + 1, 1);
  uint64_t *values = calloc(rows * MIRE_ROW, sizeof *values);
  unsigned *row_seq = calloc(rows, sizeof *row_seq);
  if (measures && values && row_seq) {
    mire_probe_t cal;
    memset(&cal, 0, sizeof cal);
    measures[s->thread] = 1;
    cal.measures = measures;
    cal.values = values;
    cal.row_seq = row_seq;
    upcr_mir_probe_t site;
    memset(&site, 0, sizeof site);
    site.active = 1;
    site.engine = &cal;
    uint64_t best = UINT64_MAX;
    uint64_t *row = values + (size_t)s->local * MIRE_ROW;
    for (int b = 0; b < BATCHES; ++b) {
      uint64_t reported = row[1 + MIR_METRIC_WC_TIME];
      uint64_t t0 = mire_now_ns();
      for (int e = 0; e < EXECUTIONS; ++e) {
        upcr_mir_frame_t frame = {0, 0};
        upcri_mir_begin(&site, &frame);
        upcri_mir_cleanup(&frame); /* as a region's block ends */
      }
      uint64_t whole = mire_now_ns() - t0;
      reported = row[1 + MIR_METRIC_WC_TIME] - reported;
      uint64_t outside = whole > reported ? (whole - reported) / EXECUTIONS
                                          : 0;
      if (outside < best)
        best = outside;
    }
    s->cost_ns = best == UINT64_MAX ? 0 : best;
  }
  s->overhead_ns = 0;
  free(measures);
  free(values);
  free(row_seq);
}

/* ------------------------------------------------------------------------
 * Events
 * ------------------------------------------------------------------------ */

static void count_access(thread_state_t *s, int get, const gasp_upc_PTS_t *p,
                         size_t n) {
  int remote = gasp_upc_pts_thread(p) != s->thread;
  mir_metric_t bytes =
      get ? (remote ? MIR_METRIC_UPC_GET_REMOTE_BYTES
                    : MIR_METRIC_UPC_GET_LOCAL_BYTES)
          : (remote ? MIR_METRIC_UPC_PUT_REMOTE_BYTES
                    : MIR_METRIC_UPC_PUT_LOCAL_BYTES);
  /* Each _OPS metric follows its _BYTES one in mir_metrics.def. */
  s->counters.c[bytes] += n;
  s->counters.c[bytes + 1] += 1;
}

/* The waits a thread's time is counted in (time metrics other than
 * WC_TIME), or -1. */
static int wait_of(unsigned int tag) {
  switch (tag) {
  case GASP_UPC_BARRIER:
  case GASP_UPC_NOTIFY:
  case GASP_UPC_WAIT:
    return WAIT_BARRIER;
  case GASP_UPC_LOCK:
  case GASP_UPC_LOCK_ATTEMPT:
    return WAIT_LOCK;
  case GASP_UPC_ALL_ALLOC:
  case GASP_UPC_ALL_LOCK_ALLOC:
  case GASP_UPCI_ALL_FREE:
  case GASP_UPCI_ALL_LOCK_FREE:
    return WAIT_COLLECTIVE;
  default:
    return (tag >> 24) == (GASP_UPC_ALL_BROADCAST >> 24) ? WAIT_COLLECTIVE
                                                          : -1;
  }
}

static const mir_metric_t wait_metric[WAITS] = {
    MIR_METRIC_UPC_BARRIER_TIME, MIR_METRIC_UPC_LOCK_TIME,
    MIR_METRIC_UPC_COLLECTIVE_TIME};

/* Whether a region open on the thread still counts: its probe is in the
 * epoch the region began in. */
static int counting(const thread_state_t *s) {
  for (int d = s->depth - 1; d >= 0; --d)
    if (__atomic_load_n(&s->frames[d].probe->epoch, __ATOMIC_RELAXED) ==
        s->frames[d].epoch)
      return 1;
  return 0;
}

void gasp_event_notifyVA(gasp_context_t ctx, unsigned int tag,
                         gasp_evttype_t type, const char *file, int line,
                         int col, va_list ap) {
  (void)file;
  (void)line;
  (void)col;
  thread_state_t *s = (thread_state_t *)(void *)ctx;
  if (!s)
    return;
  if (tag == GASP_UPC_COLLECTIVE_EXIT && type == GASP_END) {
    /* After the exit barrier: every thread has stopped measuring. */
    mire_service_collective_exit(s->thread);
    return;
  }
  if (s->depth == 0 || !s->control)
    return;
  if (!counting(s)) {
    /* Every region open on the thread has had its probe deactivated or
     * reset since it began: it adds nothing at its end (mire_row_add), so
     * its gate is closed now. Else a deactivated probe on a loop would
     * keep every function call and shared access inside it raising events
     * until the loop ends, and a tool could not bound what it costs. The
     * regions' ends restore the gate, and the next event closes it again
     * if it is still of no use. */
    upcr_gasp_gate = 0;
    return;
  }
  int w = wait_of(tag);
  if (w >= 0) {
    if (type == GASP_START)
      s->wait_start[w] = mire_now_ns();
    else if (type == GASP_END && s->wait_start[w])
      s->counters.c[wait_metric[w]] += mire_now_ns() - s->wait_start[w];
    if (type != GASP_START)
      s->wait_start[w] = 0;
    return;
  }
  if (type != GASP_START)
    return;
  va_list args;
  va_copy(args, ap);
  switch (tag) {
  case GASP_UPC_GET:
  case GASP_UPC_NB_GET_INIT: {
    (void)va_arg(args, int);
    (void)va_arg(args, void *);
    const gasp_upc_PTS_t *src = va_arg(args, gasp_upc_PTS_t *);
    count_access(s, 1, src, va_arg(args, size_t));
    break;
  }
  case GASP_UPC_PUT:
  case GASP_UPC_NB_PUT_INIT: {
    (void)va_arg(args, int);
    const gasp_upc_PTS_t *dst = va_arg(args, gasp_upc_PTS_t *);
    (void)va_arg(args, void *);
    count_access(s, 0, dst, va_arg(args, size_t));
    break;
  }
  case GASP_UPC_MEMGET: {
    (void)va_arg(args, void *);
    const gasp_upc_PTS_t *src = va_arg(args, gasp_upc_PTS_t *);
    count_access(s, 1, src, va_arg(args, size_t));
    break;
  }
  case GASP_UPC_MEMPUT: {
    const gasp_upc_PTS_t *dst = va_arg(args, gasp_upc_PTS_t *);
    (void)va_arg(args, void *);
    count_access(s, 0, dst, va_arg(args, size_t));
    break;
  }
  case GASP_UPC_MEMCPY:
  case GASP_UPCI_NB_MEMCPY_INIT: {
    /* A copy between shared objects reads one and writes the other. */
    const gasp_upc_PTS_t *dst = va_arg(args, gasp_upc_PTS_t *);
    const gasp_upc_PTS_t *src = va_arg(args, gasp_upc_PTS_t *);
    size_t n = va_arg(args, size_t);
    count_access(s, 1, src, n);
    count_access(s, 0, dst, n);
    break;
  }
  case GASP_UPC_MEMSET:
  case GASP_UPCI_NB_MEMSET_INIT: {
    const gasp_upc_PTS_t *dst = va_arg(args, gasp_upc_PTS_t *);
    (void)va_arg(args, int);
    count_access(s, 0, dst, va_arg(args, size_t));
    break;
  }
  default:
    break;
  }
  va_end(args);
}

/* ------------------------------------------------------------------------
 * Life cycle
 * ------------------------------------------------------------------------ */

/* The final values, once per process, when it exits (after the program's
 * threads: main returned, exit, upc_global_exit). Every thread's state
 * stays reachable until then (the service reads none of it, but a state
 * only a finished thread pointed to would be a leak). */
static thread_state_t **states;
static void at_exit(void) { mire_service_exit(); }
static void start_once(void) {
  states = calloc((size_t)gasp_upc_threads(), sizeof *states);
  atexit(at_exit);
}

gasp_context_t gasp_init(gasp_model_t srcmodel, int *argc, char ***argv) {
  (void)srcmodel;
  (void)argc;
  (void)argv;
  static pthread_once_t once = PTHREAD_ONCE_INIT;
  pthread_once(&once, start_once);
  thread_state_t *s = calloc(1, sizeof *s);
  if (!s || !states) {
    fprintf(stderr, "upc-mir: error: out of memory\n");
    return NULL;
  }
  s->thread = gasp_upc_mythread();
  s->control = 1;
  states[s->thread] = s;
  mire_service_start();
  s->local = s->thread - mire_first_thread;
  me = s;
  calibrate(s);
  return (gasp_context_t)(void *)s;
}

/* gasp_init, gasp_control and gasp_event_notify are in this member of the
 * archive, which gasp_init pulls into the link: over the runtime's weak
 * defaults. gasp_create_event is the runtime's. */
int gasp_control(gasp_context_t ctx, int on) {
  thread_state_t *s = (thread_state_t *)(void *)ctx;
  if (!s)
    return 1;
  int old = s->control;
  s->control = on;
  return old;
}

void gasp_event_notify(gasp_context_t ctx, unsigned int tag,
                       gasp_evttype_t type, const char *file, int line,
                       int col, ...) {
  va_list ap;
  va_start(ap, col);
  gasp_event_notifyVA(ctx, tag, type, file, line, col, ap);
  va_end(ap);
}
