/*
 * probes.c - the table of the program's probes (MIR, sections 4 and 5):
 * found in the section upcr_mir_probes at start-up, their settings (those
 * of the requests that last defined them), and their activation,
 * deactivation, reset and removal, which control requests ask for. How
 * executions are counted, the values and the documents are the files
 * after this one in engine.h.
 */
#define _GNU_SOURCE
#include "engine.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

mire_probe_t *mire_probes;
size_t mire_nprobes;

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
    mire_select_threads(p->entities, p->nentities, all, next);
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
  if (mire_check_entities(req->entities, req->nentities, buf, sizeof buf))
    return buf;
  return NULL;
}

pthread_mutex_t mire_lock = PTHREAD_MUTEX_INITIALIZER;

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
  if (mire_check_entities(p->entities, p->nentities, buf, sizeof buf))
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
