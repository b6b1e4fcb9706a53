/*
 * probes.c - the probes of the program, their settings and values, and
 * the tuples of their measurement documents (MIR, sections 4 to 6).
 *
 * Entities: the site is the program ("0"); nodes are hosts, numbered in
 * the order of their first process; a process is named by the lowest UPC
 * thread it runs (0 for the one process of the pthreads backend, the rank
 * with MPI); threads are UPC threads (MYTHREAD). A process's or node's
 * value is the sum over its threads. A region's value on a thread is the
 * total over its executions since the probe was inserted or reset.
 */
#define _GNU_SOURCE
#include "engine.h"

#include <errno.h>
#include <sched.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "io.h"

mire_probe_t *mire_probes;
size_t mire_nprobes;
int mire_threads = 1, mire_first_thread, mire_local_threads = 1;

/* The section of the probes' definitions (upcr_mir.h); weak, so that a
 * program without probes links. */
extern upcr_mir_probe_t *const __start_upcr_mir_probes[]
    __attribute__((weak));
extern upcr_mir_probe_t *const __stop_upcr_mir_probes[]
    __attribute__((weak));

static void print_diag(void *arg, const char *severity, unsigned line,
                       unsigned column, const char *message) {
  const upcr_mir_probe_t *site = arg;
  fprintf(stderr, "upc-mir: %s: probe '%s' (%s:%d:%d), request line %u:%u: "
          "%s\n", severity, site->id, site->from, site->line, site->column,
          line, column, message);
}

mire_probe_t *mire_probe_find(const char *id) {
  for (size_t i = 0; i < mire_nprobes; ++i)
    if (strcmp(mire_probes[i].id, id) == 0)
      return &mire_probes[i];
  return NULL;
}

/* ------------------------------------------------------------------------
 * Entities
 * ------------------------------------------------------------------------ */

/* Whether id (explicit) names an entity of level that exists. */
static int entity_exists(mir_level_t level, const char *id) {
  char *end;
  errno = 0;
  long v = strtol(id, &end, 10);
  if (*id == '\0' || *end != '\0' || errno || v < 0)
    return 0;
  switch (level) {
  case MIR_SITE:
    return v == 0;
  case MIR_NODE:
    return v < mire_nnodes();
  case MIR_PROCESS:
    return v < mire_threads && mire_process_of((int)v) == v;
  case MIR_THREAD:
    return v < mire_threads;
  default:
    return 0;
  }
}

/* Whether thread t belongs to entity (level, v). */
static int thread_in(int t, mir_level_t level, long v) {
  switch (level) {
  case MIR_SITE:
    return 1;
  case MIR_NODE:
    return mire_node_of(t) == v;
  case MIR_PROCESS:
    return mire_process_of(t) == v;
  case MIR_THREAD:
    return t == v;
  default:
    return 0;
  }
}

/* The explicit ids of the entity elements that do not exist, as an error
 * message in buf; 0 when all exist. */
static int check_entities(const mir_entity_t *e, size_t n, char *buf,
                          size_t size) {
  for (size_t i = 0; i < n; ++i) {
    if (strcmp(e[i].id, "*") != 0 && strcmp(e[i].id, "?") != 0 &&
        !entity_exists(e[i].level, e[i].id)) {
      snprintf(buf, size,
               "no %s '%s' in this program (ids are those of a snapshot: "
               "snapshotreq)",
               mir_level_name(e[i].level), e[i].id);
      return -1;
    }
    if (check_entities(e[i].children, e[i].nchildren, buf, size))
      return -1;
  }
  return 0;
}

/* Marks in measures the threads that entity elements e select within the
 * threads set in allowed. */
static void select_threads(const mir_entity_t *e, size_t n,
                           const unsigned char *allowed,
                           unsigned char *measures) {
  unsigned char *inner = malloc((size_t)mire_threads);
  if (!inner)
    return;
  for (size_t i = 0; i < n; ++i) {
    int wild = strcmp(e[i].id, "*") == 0 || strcmp(e[i].id, "?") == 0;
    long v = wild ? -1 : strtol(e[i].id, NULL, 10);
    for (int t = 0; t < mire_threads; ++t)
      inner[t] = allowed[t] && (wild || thread_in(t, e[i].level, v));
    if (e[i].nchildren)
      select_threads(e[i].children, e[i].nchildren, inner, measures);
    else
      for (int t = 0; t < mire_threads; ++t)
        measures[t] |= inner[t];
  }
  free(inner);
}

/* Which threads measure p: written by the service while the threads read
 * it (relaxed atomics, one byte per thread). */
static void update_measures(mire_probe_t *p) {
  unsigned char *next = calloc((size_t)mire_threads, 1);
  unsigned char *all = malloc((size_t)mire_threads);
  if (!next || !all) {
    free(next);
    free(all);
    return;
  }
  memset(all, 1, (size_t)mire_threads);
  if (p->nentities)
    select_threads(p->entities, p->nentities, all, next);
  else
    memcpy(next, all, (size_t)mire_threads);
  for (int t = 0; t < mire_threads; ++t)
    __atomic_store_n(&p->measures[t], next[t], __ATOMIC_RELAXED);
  free(next);
  free(all);
}

/* ------------------------------------------------------------------------
 * Settings
 * ------------------------------------------------------------------------ */

static void merge_measuring(mire_measuring_t *m, const mir_measuring_t *r) {
  if (r->interval >= 0)
    m->interval = r->interval;
  if (r->has_delivery)
    m->delivery = r->delivery;
  if (r->duration >= 0)
    m->duration = r->duration;
  if (r->destination_path) {
    free(m->destination);
    m->destination = strdup(r->destination_path);
  }
  if (r->has_aggregate_element) {
    m->naggregates = r->naggregates;
    memcpy(m->aggregates, r->aggregates, sizeof m->aggregates);
  }
}

static void free_entities(mir_entity_t *e, size_t n) {
  for (size_t i = 0; i < n; ++i) {
    free(e[i].id);
    free_entities(e[i].children, e[i].nchildren);
  }
  free(e);
}

static mir_entity_t *copy_entities(const mir_entity_t *e, size_t n) {
  mir_entity_t *c = calloc(n ? n : 1, sizeof *c);
  if (!c)
    return NULL;
  for (size_t i = 0; i < n; ++i) {
    c[i] = e[i];
    c[i].id = strdup(e[i].id);
    c[i].children = copy_entities(e[i].children, e[i].nchildren);
    if (!c[i].id || !c[i].children) {
      free_entities(c, i + 1);
      return NULL;
    }
  }
  return c;
}

/* Takes req's metrics, measuring and entities, where it has them (MIR,
 * section 5: what a control request leaves out stays as it was). */
static void apply_settings(mire_probe_t *p, const mir_request_t *req) {
  if (req->nmetrics) {
    p->nmetrics = req->nmetrics;
    memcpy(p->metrics, req->metrics, req->nmetrics * sizeof *req->metrics);
  }
  if (req->measuring)
    merge_measuring(&p->measuring, req->measuring);
  if (req->nentities) {
    mir_entity_t *copy = copy_entities(req->entities, req->nentities);
    if (!copy)
      return;
    free_entities(p->entities, p->nentities);
    p->entities = copy;
    p->nentities = req->nentities;
    update_measures(p);
  }
}

const char *mire_check_ctrlreq(const mir_request_t *req) {
  static __thread char buf[256];
  for (size_t i = 0; i < req->nprobes; ++i) {
    mire_probe_t *p = mire_probe_find(req->probes[i]);
    if (!p) {
      snprintf(buf, sizeof buf,
               "unknown probe '%s' (the ids are those of the probe "
               "documents upc-instrument --mir-request wrote)",
               req->probes[i]);
      return buf;
    }
    if (p->removed) {
      snprintf(buf, sizeof buf, "probe '%s' was removed", req->probes[i]);
      return buf;
    }
  }
  if (check_entities(req->entities, req->nentities, buf, sizeof buf))
    return buf;
  return NULL;
}

uint64_t mire_now_ns(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (uint64_t)ts.tv_sec * 1000000000u + (uint64_t)ts.tv_nsec;
}

pthread_mutex_t mire_lock = PTHREAD_MUTEX_INITIALIZER;

void mire_row_add(mire_probe_t *p, int k, unsigned epoch,
                  const uint64_t *delta) {
  unsigned seq = __atomic_load_n(&p->row_seq[k], __ATOMIC_RELAXED);
  __atomic_store_n(&p->row_seq[k], seq + 1, __ATOMIC_RELAXED);
  __atomic_thread_fence(__ATOMIC_SEQ_CST);
  if (__atomic_load_n(&p->epoch, __ATOMIC_RELAXED) == epoch) {
    /* One writer per row: no read-modify-write needed. */
    uint64_t *row = p->values + (size_t)k * MIRE_ROW;
    for (int m = 0; m < MIRE_ROW; ++m)
      __atomic_store_n(&row[m],
                       __atomic_load_n(&row[m], __ATOMIC_RELAXED) + delta[m],
                       __ATOMIC_RELAXED);
  }
  __atomic_store_n(&p->row_seq[k], seq + 2, __ATOMIC_RELEASE);
}

/* A new epoch for p: executions in flight add nothing from now on, and
 * none that checked the old epoch is still adding when this returns (its
 * writer is inside mire_row_add for a few instructions). */
static void mire_probe_quiesce(mire_probe_t *p) {
  __atomic_add_fetch(&p->epoch, 1, __ATOMIC_RELAXED);
  __atomic_thread_fence(__ATOMIC_SEQ_CST);
  for (int k = 0; k < mire_local_threads; ++k) {
    unsigned seq = __atomic_load_n(&p->row_seq[k], __ATOMIC_ACQUIRE);
    if (seq & 1)
      while (__atomic_load_n(&p->row_seq[k], __ATOMIC_ACQUIRE) == seq)
        sched_yield();
  }
}

/* Deactivated: no region begins measuring (upcri_mir_begin checks the flag
 * again after reading the epoch), then none in flight counts. Activated:
 * the new epoch first, so that every region that begins measuring is in
 * it. */
static void set_active(mire_probe_t *p, int on) {
  if (on)
    mire_probe_quiesce(p);
  for (size_t s = 0; s < p->nsites; ++s)
    __atomic_store_n(&p->sites[s]->active, on, __ATOMIC_SEQ_CST);
  if (!on)
    mire_probe_quiesce(p);
}

static void reset_values(mire_probe_t *p) {
  mire_probe_quiesce(p);
  size_t n = (size_t)mire_local_threads * MIRE_ROW;
  for (size_t i = 0; i < n; ++i)
    __atomic_store_n(&p->values[i], 0, __ATOMIC_RELAXED);
}

void mire_probe_apply(mire_probe_t *p, const mir_request_t *req) {
  apply_settings(p, req);
  switch (req->action) {
  case MIR_ACTION_VALUE:
    break;
  case MIR_ACTION_ACTIVATE:
    set_active(p, 1);
    break;
  case MIR_ACTION_DEACTIVATE:
    set_active(p, 0);
    break;
  case MIR_ACTION_RESET:
    reset_values(p);
    break;
  case MIR_ACTION_REMOVE:
    set_active(p, 0);
    p->removed = 1;
    break;
  }
}

/* A new probe from its first site: the settings of its compiled requests
 * (the defaults-only requests before it, then its own). */
static mire_probe_t *new_probe(upcr_mir_probe_t *site) {
  mire_probe_t *grown =
      realloc(mire_probes, (mire_nprobes + 1) * sizeof *mire_probes);
  if (!grown)
    return NULL;
  mire_probes = grown;
  mire_probe_t *p = &mire_probes[mire_nprobes++];
  memset(p, 0, sizeof *p);
  p->id = strdup(site->id);
  p->from = strdup(site->from);
  p->to = strdup(site->to);
  p->metrics[0] = MIR_METRIC_WC_TIME; /* without metric elements */
  p->nmetrics = 1;
  p->measures = malloc((size_t)mire_threads);
  p->values =
      calloc((size_t)mire_local_threads * MIRE_ROW, sizeof *p->values);
  p->row_seq = calloc((size_t)mire_local_threads, sizeof *p->row_seq);
  if (!p->id || !p->from || !p->to || !p->measures || !p->values ||
      !p->row_seq)
    return NULL;
  update_measures(p);
  for (const char *const *text = site->requests; *text; ++text) {
    mir_request_t req;
    if (mir_request_parse(*text, strlen(*text), site->id, 1u << MIR_INSTRREQ,
                          &req, print_diag, site) != 0)
      return NULL;
    apply_settings(p, &req);
    if (text[1] == NULL) /* the probe's own request */
      p->activated = req.activated == 1;
    mir_request_free(&req);
  }
  char buf[256];
  if (check_entities(p->entities, p->nentities, buf, sizeof buf))
    fprintf(stderr, "upc-mir: warning: probe '%s': %s; it measures "
            "nothing there\n", p->id, buf);
  return p;
}

/* A site of the section: a new probe, or one more site of a probe (a
 * region in a header compiled into several objects). */
static int add_site(upcr_mir_probe_t *site) {
  mire_probe_t *p = mire_probe_find(site->id);
  if (p && (strcmp(p->from, site->from) != 0 ||
            strcmp(p->to, site->to) != 0)) {
    fprintf(stderr,
            "upc-mir: error: two probes are called '%s' (regions %s and "
            "%s); probes are named after their request files\n",
            site->id, p->from, site->from);
    return -1;
  }
  if (!p && !(p = new_probe(site)))
    return -1;
  upcr_mir_probe_t **grown =
      realloc(p->sites, (p->nsites + 1) * sizeof *p->sites);
  if (!grown)
    return -1;
  p->sites = grown;
  p->sites[p->nsites++] = site;
  return 0;
}

int mire_probes_init(void) {
  if (!__start_upcr_mir_probes)
    return 0;
  for (upcr_mir_probe_t *const *s = __start_upcr_mir_probes;
       s < __stop_upcr_mir_probes; ++s)
    if (add_site(*s) != 0)
      return -1;
  /* The array moved while it grew: the sites learn their probe now.
   * activated="true": measuring from the start (MIR, section 4). */
  for (size_t i = 0; i < mire_nprobes; ++i) {
    for (size_t s = 0; s < mire_probes[i].nsites; ++s)
      mire_probes[i].sites[s]->engine = &mire_probes[i];
    set_active(&mire_probes[i], mire_probes[i].activated);
  }
  return 0;
}

/* ------------------------------------------------------------------------
 * Values
 * ------------------------------------------------------------------------ */

int mire_values_alloc(mire_values_t *vals) {
  vals->v = calloc(mire_nprobes * (size_t)mire_threads * MIRE_ROW + 1,
                   sizeof *vals->v);
  return vals->v ? 0 : -1;
}

void mire_values_free(mire_values_t *vals) {
  free(vals->v);
  vals->v = NULL;
}

uint64_t *mire_values_at(const mire_values_t *vals, size_t probe,
                         int thread) {
  return vals->v + (probe * (size_t)mire_threads + (size_t)thread) * MIRE_ROW;
}

void mire_values_local(mire_values_t *vals) {
  for (size_t i = 0; i < mire_nprobes; ++i)
    for (int k = 0; k < mire_local_threads; ++k) {
      uint64_t *row = mire_values_at(vals, i, mire_first_thread + k);
      for (int m = 0; m < MIRE_ROW; ++m)
        row[m] = __atomic_load_n(&mire_probes[i].values[k * MIRE_ROW + m],
                                 __ATOMIC_RELAXED);
    }
}

char *mire_values_serialize(void) {
  char *text = NULL;
  size_t size = 0;
  FILE *f = open_memstream(&text, &size);
  if (!f)
    return NULL;
  for (size_t i = 0; i < mire_nprobes; ++i)
    for (int k = 0; k < mire_local_threads; ++k) {
      fprintf(f, "%zu %d", i, mire_first_thread + k);
      for (int m = 0; m < MIRE_ROW; ++m)
        fprintf(f, " %llu",
                (unsigned long long)__atomic_load_n(
                    &mire_probes[i].values[k * MIRE_ROW + m],
                    __ATOMIC_RELAXED));
      fputc('\n', f);
    }
  fclose(f);
  return text;
}

int mire_values_parse(mire_values_t *vals, const char *text) {
  while (*text) {
    char *end;
    unsigned long long probe = strtoull(text, &end, 10);
    long thread = strtol(end, &end, 10);
    if (end == text || probe >= mire_nprobes || thread < 0 ||
        thread >= mire_threads)
      return -1;
    uint64_t *row = mire_values_at(vals, probe, (int)thread);
    for (int m = 0; m < MIRE_ROW; ++m)
      row[m] = strtoull(end, &end, 10);
    text = end;
    while (*text == '\n' || *text == ' ')
      ++text;
  }
  return 0;
}

/* ------------------------------------------------------------------------
 * Tuples (MIR, section 6)
 * ------------------------------------------------------------------------ */

typedef struct {
  mir_tuple_t *t;
  size_t n, cap;
  char **strings; /* ids written into tuples */
  size_t nstrings, capstrings;
  int failed;
} tuples_t;

static const char *keep_string(tuples_t *ts, long v) {
  char buf[24];
  snprintf(buf, sizeof buf, "%ld", v);
  if (ts->nstrings == ts->capstrings) {
    size_t cap = ts->capstrings ? 2 * ts->capstrings : 64;
    char **grown = realloc(ts->strings, cap * sizeof *grown);
    if (!grown) {
      ts->failed = 1;
      return "";
    }
    ts->strings = grown;
    ts->capstrings = cap;
  }
  char *s = strdup(buf);
  if (!s) {
    ts->failed = 1;
    return "";
  }
  return ts->strings[ts->nstrings++] = s;
}

static mir_tuple_t *add_tuple(tuples_t *ts) {
  if (ts->n == ts->cap) {
    size_t cap = ts->cap ? 2 * ts->cap : 64;
    mir_tuple_t *grown = realloc(ts->t, cap * sizeof *grown);
    if (!grown) {
      ts->failed = 1;
      return NULL;
    }
    ts->t = grown;
    ts->cap = cap;
  }
  mir_tuple_t *t = &ts->t[ts->n++];
  memset(t, 0, sizeof *t);
  return t;
}

/* One selected entity: the ids along its path, its threads. */
typedef struct {
  long ids[MIR_LEVELS]; /* -1: null */
  unsigned order[MIR_LEVELS];
  int keep[MIR_LEVELS];
  unsigned char *threads;
} leaf_t;

typedef struct {
  leaf_t *l;
  size_t n, cap;
} leaves_t;

typedef struct {
  const mire_values_t *vals, *base;
  size_t probe;
  int aggregated;
  unsigned next_order; /* pre-order index of entity elements */
} walk_t;

static uint64_t value_of(const walk_t *w, int t, int m) {
  uint64_t v = mire_values_at(w->vals, w->probe, t)[m];
  if (w->base) {
    uint64_t b = mire_values_at(w->base, w->probe, t)[m];
    v = v >= b ? v - b : 0;
  }
  return v;
}

static int executed(const walk_t *w, int t) {
  return value_of(w, t, 0) != 0;
}

static int level_count(mir_level_t level) {
  return level == MIR_SITE ? 1
         : level == MIR_NODE ? mire_nnodes()
                             : mire_threads; /* processes: sparse ids */
}

static void walk(walk_t *w, const mir_entity_t *e, size_t n, leaf_t path,
                 const unsigned char *allowed, leaves_t *out);

static void visit(walk_t *w, const mir_entity_t *e, unsigned order,
                  leaf_t path, long v, const unsigned char *allowed,
                  int question, leaves_t *out) {
  unsigned char *inner = malloc((size_t)mire_threads);
  if (!inner)
    return;
  int any = 0, any_executed = 0;
  for (int t = 0; t < mire_threads; ++t) {
    inner[t] = allowed[t] && thread_in(t, e->level, v);
    any |= inner[t];
    any_executed |= inner[t] && executed(w, t);
  }
  int wild = strcmp(e->id, "*") == 0 || question;
  if (!any || (question && !any_executed) ||
      (e->level == MIR_PROCESS && wild && mire_process_of((int)v) != v)) {
    free(inner);
    return;
  }
  path.ids[e->level] = v;
  path.order[e->level] = wild ? MIR_ORDER_WILDCARD : order;
  path.keep[e->level] = wild || w->aggregated;
  if (e->nchildren) {
    walk(w, e->children, e->nchildren, path, inner, out);
    free(inner);
    return;
  }
  if (question) /* "?": the threads that measured */
    for (int t = 0; t < mire_threads; ++t)
      inner[t] = inner[t] && executed(w, t);
  if (out->n == out->cap) {
    size_t cap = out->cap ? 2 * out->cap : 16;
    leaf_t *grown = realloc(out->l, cap * sizeof *grown);
    if (!grown) {
      free(inner);
      return;
    }
    out->l = grown;
    out->cap = cap;
  }
  path.threads = inner;
  out->l[out->n++] = path;
}

static void walk(walk_t *w, const mir_entity_t *e, size_t n, leaf_t path,
                 const unsigned char *allowed, leaves_t *out) {
  for (size_t i = 0; i < n; ++i) {
    unsigned order = w->next_order++;
    int question = strcmp(e[i].id, "?") == 0;
    if (question || strcmp(e[i].id, "*") == 0) {
      int count = level_count(e[i].level);
      for (long v = 0; v < count; ++v)
        visit(w, &e[i], order, path, v, allowed, question, out);
    } else {
      visit(w, &e[i], order, path, strtol(e[i].id, NULL, 10), allowed, 0,
            out);
    }
  }
}

/* The default entities of a request without any: "?" for the site, node,
 * process and thread (MIR, section 4; this engine has no communicators). */
static char question_mark[] = "?";
static mir_entity_t default_thread = {MIR_THREAD, question_mark, 0, NULL, 0};
static mir_entity_t default_process = {MIR_PROCESS, question_mark, 0,
                                       &default_thread, 1};
static mir_entity_t default_node = {MIR_NODE, question_mark, 0,
                                    &default_process, 1};
static mir_entity_t default_site = {MIR_SITE, question_mark, 0,
                                    &default_node, 1};

/* The metric m's value of a leaf, in its unit. */
static double leaf_value(const walk_t *w, const leaf_t *l, mir_metric_t m) {
  uint64_t sum = 0;
  for (int t = 0; t < mire_threads; ++t)
    if (l->threads[t])
      sum += value_of(w, t, m == MIR_METRIC_COUNT ? 0 : 1 + (int)m);
  double v = (double)sum;
  if (strcmp(mir_metrics[m].unit, "ms") == 0)
    v /= 1e6;
  return v;
}

static void fill_ids(tuples_t *ts, mir_tuple_t *t, const leaf_t *l) {
  for (int k = 0; k < MIR_LEVELS; ++k) {
    t->ids[k] = l && l->ids[k] >= 0 ? keep_string(ts, l->ids[k]) : NULL;
    t->order[k] = l ? l->order[k] : MIR_ORDER_WILDCARD;
    t->keep[k] = l ? l->keep[k] : 1;
  }
}

static void probe_tuples(tuples_t *ts, size_t probe, unsigned probe_order,
                         const mire_values_t *vals,
                         const mire_values_t *base) {
  const mire_probe_t *p = &mire_probes[probe];
  walk_t w = {vals, base, probe, p->measuring.naggregates > 0, 0};
  leaves_t leaves = {0};
  leaf_t path;
  for (int k = 0; k < MIR_LEVELS; ++k) {
    path.ids[k] = -1;
    path.order[k] = MIR_ORDER_WILDCARD;
    path.keep[k] = 1;
  }
  path.threads = NULL;
  unsigned char *all = malloc((size_t)mire_threads);
  if (!all) {
    ts->failed = 1;
    return;
  }
  memset(all, 1, (size_t)mire_threads);
  if (p->nentities)
    walk(&w, p->entities, p->nentities, path, all, &leaves);
  else
    walk(&w, &default_site, 1, path, all, &leaves);
  free(all);
  const mire_measuring_t *m = &p->measuring;
  for (size_t k = 0; k < p->nmetrics; ++k) {
    mir_metric_t metric = p->metrics[k];
    if (!m->naggregates) {
      for (size_t i = 0; i < leaves.n; ++i) {
        mir_tuple_t *t = add_tuple(ts);
        if (!t)
          break;
        t->probe = p->id;
        t->probe_order = probe_order;
        t->metric_order = (unsigned)k;
        fill_ids(ts, t, &leaves.l[i]);
        t->value = leaf_value(&w, &leaves.l[i], metric);
      }
      continue;
    }
    double sum = 0, sumsq = 0;
    size_t imax = 0, imin = 0;
    for (size_t i = 0; i < leaves.n; ++i) {
      double v = leaf_value(&w, &leaves.l[i], metric);
      sum += v;
      sumsq += v * v;
      if (v > leaf_value(&w, &leaves.l[imax], metric))
        imax = i;
      if (v < leaf_value(&w, &leaves.l[imin], metric))
        imin = i;
    }
    double n = (double)leaves.n;
    for (size_t a = 0; a < m->naggregates; ++a) {
      mir_aggregate_t f = m->aggregates[a];
      if (leaves.n == 0 && f != MIR_AGG_SUM)
        continue; /* no value to aggregate */
      mir_tuple_t *t = add_tuple(ts);
      if (!t)
        break;
      t->probe = p->id;
      t->probe_order = probe_order;
      t->metric_order = (unsigned)(k * m->naggregates + a);
      const leaf_t *at = f == MIR_AGG_MAXIMUM   ? &leaves.l[imax]
                         : f == MIR_AGG_MINIMUM ? &leaves.l[imin]
                                                : NULL;
      fill_ids(ts, t, at);
      switch (f) {
      case MIR_AGG_AVERAGE:
        t->value = sum / n;
        break;
      case MIR_AGG_SUM:
        t->value = sum;
        break;
      case MIR_AGG_VARIANCE: {
        double mean = sum / n, var = sumsq / n - mean * mean;
        t->value = var > 0 ? var : 0;
        break;
      }
      case MIR_AGG_MAXIMUM:
      case MIR_AGG_MINIMUM:
        t->value = leaf_value(&w, at, metric);
        break;
      default:
        break;
      }
    }
  }
  for (size_t i = 0; i < leaves.n; ++i)
    free(leaves.l[i].threads);
  free(leaves.l);
}

char *mire_measurement(const size_t *which, size_t n,
                       const mire_values_t *vals,
                       const mire_values_t *base) {
  tuples_t ts = {0};
  for (size_t i = 0; i < n; ++i)
    probe_tuples(&ts, which[i], (unsigned)i, vals, base);
  char *doc = ts.failed ? NULL : mir_measurement_document(ts.t, ts.n);
  for (size_t i = 0; i < ts.nstrings; ++i)
    free(ts.strings[i]);
  free(ts.strings);
  free(ts.t);
  return doc;
}

char *mire_destination(const mire_probe_t *p, unsigned number) {
  char *dest = p->measuring.destination
                   ? strdup(p->measuring.destination)
                   : mir_format("%s.measurement.xml", p->id);
  if (!dest || number == 0)
    return dest;
  /* dest.N.ext: the number before the last extension of the file name. */
  const char *slash = strrchr(dest, '/');
  const char *dot = strrchr(slash ? slash + 1 : dest, '.');
  char *numbered = !dot || dot == (slash ? slash + 1 : dest)
                       ? mir_format("%s.%u", dest, number)
                       : mir_format("%.*s.%u%s", (int)(dot - dest), dest,
                                    number, dot);
  free(dest);
  return numbered;
}
