/*
 * measurement.c - the measurement documents (MIR, section 6): the tuples of
 * the probes' values over the entities they select (entities.c), one per
 * entity or one per aggregate, written out by the contract library.
 *
 * A process's or node's value is the sum over its threads. A region's
 * value on a thread is the total over its executions since the probe was
 * inserted or reset.
 */
#define _GNU_SOURCE
#include "engine.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

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
    inner[t] = allowed[t] && mire_thread_in(t, e->level, v);
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
    } else if (mire_entity_exists(e[i].level, e[i].id)) {
      /* One that does not exist has no value (it was warned about). */
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
