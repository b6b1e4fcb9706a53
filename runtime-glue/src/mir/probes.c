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
static size_t capacity;

size_t mire_probes_capacity(void) { return capacity; }

static mire_dormant_t *dormant;
static size_t ndormant;
static unsigned runtime_ids; /* the last rtN given */

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
/* Whether p's metrics need local accesses and iterations raised. */
static void update_local_metrics(mire_probe_t *p) {
  int local = 0;
  for (size_t k = 0; k < p->nmetrics; ++k)
    switch (p->metrics[k]) {
    case MIR_METRIC_UPC_GET_LOCAL_BYTES:
    case MIR_METRIC_UPC_GET_LOCAL_OPS:
    case MIR_METRIC_UPC_PUT_LOCAL_BYTES:
    case MIR_METRIC_UPC_PUT_LOCAL_OPS:
    case MIR_METRIC_UPC_FORALL_ITERATIONS:
      local = 1;
      break;
    default:
      break;
    }
  __atomic_store_n(&p->local_metrics, local, __ATOMIC_RELAXED);
}

static void apply_settings(mire_probe_t *p, const mir_request_t *req) {
  if (req->nmetrics) {
    p->nmetrics = req->nmetrics;
    memcpy(p->metrics, req->metrics, req->nmetrics * sizeof *req->metrics);
    update_local_metrics(p);
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
               "documents upc-instrument --mir-request wrote, or that the "
               "program answered to an instrreq)",
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
  p->active = on;
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
    /* Its region may get a new probe; executions in flight still hold
     * this one, which is never freed. */
    for (size_t i = 0; i < ndormant; ++i)
      if (dormant[i].probe == p) {
        dormant[i].probe = NULL;
        for (size_t s = 0; s < dormant[i].nsites; ++s)
          __atomic_store_n(&dormant[i].sites[s]->engine, NULL,
                           __ATOMIC_RELEASE);
      }
    break;
  }
}

/* A probe in the next slot, measuring WC_TIME on every thread. */
static mire_probe_t *next_probe(const char *id, const char *from,
                                const char *to) {
  if (mire_nprobes == capacity)
    return NULL;
  mire_probe_t *p = &mire_probes[mire_nprobes++];
  memset(p, 0, sizeof *p);
  p->id = strdup(id);
  p->from = strdup(from);
  p->to = strdup(to);
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
  return p;
}

/* A new probe from its first site: the settings of its compiled requests
 * (the defaults-only requests before it, then its own). */
static mire_probe_t *new_probe(upcr_mir_probe_t *site) {
  mire_probe_t *p = next_probe(site->id, site->from, site->to);
  if (!p)
    return NULL;
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
  char buf[1024];
  if (mire_check_entities(p->entities, p->nentities, buf, sizeof buf))
    fprintf(stderr, "upc-mir: warning: probe '%s': %s; it measures "
            "nothing there\n", p->id, buf);
  return p;
}

mire_dormant_t *mire_dormant_find(const char *id) {
  for (size_t i = 0; i < ndormant; ++i)
    if (strcmp(dormant[i].id, id) == 0)
      return &dormant[i];
  return NULL;
}

/* A dormant site of --mir-dormant: one more site of its region. */
static int add_dormant(upcr_mir_probe_t *site) {
  mire_dormant_t *d = mire_dormant_find(site->id);
  if (!d) {
    mire_dormant_t *grown = realloc(dormant, (ndormant + 1) * sizeof *grown);
    if (!grown)
      return -1;
    dormant = grown;
    d = &dormant[ndormant++];
    memset(d, 0, sizeof *d);
    if (!(d->id = strdup(site->id)))
      return -1;
  }
  upcr_mir_probe_t **grown =
      realloc(d->sites, (d->nsites + 1) * sizeof *d->sites);
  if (!grown)
    return -1;
  d->sites = grown;
  d->sites[d->nsites++] = site;
  return 0;
}

const char *mire_check_instrreq(const mir_request_t *req) {
  static __thread char buf[1024];
  if (!req->from)
    return "the request names no codeRegion: a running program measures "
           "the regions of its SIR (codeRegion from=)";
  if (req->to && strcmp(req->to, req->from) != 0)
    return "a running program measures one region per probe: give "
           "codeRegion from= alone (from and to spanning statements are "
           "compiled with upc-instrument --mir-request)";
  mire_dormant_t *d = mire_dormant_find(req->from);
  if (!d) {
    snprintf(buf, sizeof buf,
             "'%s' has no dormant probe in this program: build it with "
             "upc-instrument --mir-dormant (the kinds of regions it names; "
             "regions inside statements the translation rewrites, or "
             "holding a label, have none), and name a unit or region of "
             "its SIR",
             req->from);
    return buf;
  }
  if (d->probe) {
    snprintf(buf, sizeof buf,
             "'%s' is measured by the probe '%s': change it with a ctrlreq, "
             "or REMOVE it first",
             req->from, d->probe->id);
    return buf;
  }
  if (mire_nprobes == capacity)
    return "too many probes were created while the program runs "
           "(each instrreq takes one of 4096, REMOVE included)";
  if (mire_check_entities(req->entities, req->nentities, buf, sizeof buf))
    return buf;
  return NULL;
}

int mire_probe_create(const mir_request_t *req, char *id) {
  mire_dormant_t *d = mire_dormant_find(req->from);
  do
    snprintf(id, 32, "rt%u", ++runtime_ids);
  while (mire_probe_find(id));
  mire_probe_t *p = d ? next_probe(id, req->from, req->from) : NULL;
  if (!p)
    return -1;
  p->runtime = 1;
  p->activated = req->activated == 1;
  apply_settings(p, req);
  p->sites = malloc(d->nsites * sizeof *p->sites);
  if (!p->sites)
    return -1;
  memcpy(p->sites, d->sites, d->nsites * sizeof *p->sites);
  p->nsites = d->nsites;
  d->probe = p;
  /* Bound before it is activated: a site's engine is read only once its
   * active flag is seen set. */
  for (size_t s = 0; s < p->nsites; ++s)
    __atomic_store_n(&p->sites[s]->engine, p, __ATOMIC_RELEASE);
  set_active(p, p->activated);
  return 0;
}

/* A site of the section: a new probe, or one more site of a probe (a
 * region in a header compiled into several objects), or a dormant site. */
static int add_site(upcr_mir_probe_t *site) {
  if (!site->requests)
    return add_dormant(site);
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
  /* At most one compiled probe per site, then those made at run time. */
  capacity = (size_t)(__stop_upcr_mir_probes - __start_upcr_mir_probes) +
             MIRE_RUNTIME_PROBES;
  if (!(mire_probes = calloc(capacity, sizeof *mire_probes)))
    return -1;
  for (upcr_mir_probe_t *const *s = __start_upcr_mir_probes;
       s < __stop_upcr_mir_probes; ++s)
    if (add_site(*s) != 0)
      return -1;
  /* activated="true": measuring from the start (MIR, section 4). */
  for (size_t i = 0; i < mire_nprobes; ++i) {
    for (size_t s = 0; s < mire_probes[i].nsites; ++s)
      mire_probes[i].sites[s]->engine = &mire_probes[i];
    set_active(&mire_probes[i], mire_probes[i].activated);
  }
  return 0;
}
