/*
 * mir_request_contents.c - the MIR request reader after validation: a
 * valid request's contents into mir_request_t, with what the DTDs cannot
 * say checked on the way (known metrics, milliseconds, destinations, no
 * communicator, no empty id, nothing given twice). See mir_request.c for
 * the list.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <libxml/tree.h>

#include "mir_request_internal.h"

static int level_of(const xmlNode *n) {
  for (int l = 0; l < MIR_LEVELS; l++)
    if (mir_req_is_element(n, mir_req_level_names[l]))
      return l;
  return -1;
}

/* The entity elements among first and its siblings, nested ones too. */
static void read_entities(reader_t *r, xmlNodePtr first, mir_entity_t **out,
                          size_t *nout) {
  size_t n = 0;
  for (xmlNodePtr c = first; c; c = c->next)
    n += level_of(c) >= 0;
  *out = NULL;
  *nout = 0;
  if (!n)
    return;
  mir_entity_t *e = calloc(n, sizeof *e);
  if (!e) {
    mir_req_out_of_memory(r);
    return;
  }
  *out = e;
  for (xmlNodePtr c = first; c; c = c->next) {
    int level = level_of(c);
    if (level < 0)
      continue;
    mir_entity_t *x = &e[(*nout)++];
    pos_t p = mir_req_node_pos(r, c);
    x->level = (mir_level_t)level;
    x->line = p.line;
    x->id = mir_req_attribute(r, c, "id");
    if (level == MIR_COMMUNICATOR)
      mir_req_report(
          r, "error", p.line, p.column,
          "<communicator id=\"%s\">: upc-instrument's MIR engine has no "
          "communicators (MIR, section 3 has them for MPI); name sites, "
          "nodes, processes or threads",
          x->id ? x->id : "");
    else if (x->id && !*x->id)
      mir_req_report(
          r, "error", p.line, p.column,
          "<%s id=\"\">: an empty identifier names no %s (use an "
          "identifier of a snapshot, \"*\" or \"?\", MIR, section 4)",
          mir_req_level_names[level], mir_req_level_names[level]);
    read_entities(r, c->children, &x->children, &x->nchildren);
  }
}

/* The attribute in milliseconds; -1 when absent or wrong (an error). */
static long read_milliseconds(reader_t *r, xmlNodePtr n, pos_t p,
                              const char *name, long minimum) {
  char *s = mir_req_attribute(r, n, name);
  if (!s)
    return -1;
  long v;
  if (mir_req_parse_integer(s, &v) != 0 || v < minimum) {
    if (minimum < 0)
      mir_req_report(
          r, "error", p.line, p.column,
          "%s=\"%s\" is not a number of milliseconds (an integer, -1 "
          "or more: -1 is every measurement; MIR, section 4)",
          name, s);
    else
      mir_req_report(
          r, "error", p.line, p.column,
          "%s=\"%s\" is not a number of milliseconds (a non-negative "
          "integer; MIR, section 4)",
          name, s);
    v = -1;
  }
  free(s);
  return v;
}

static mir_measuring_t *read_measuring(reader_t *r, xmlNodePtr n) {
  mir_measuring_t *m = calloc(1, sizeof *m);
  if (!m) {
    mir_req_out_of_memory(r);
    return NULL;
  }
  pos_t p = mir_req_node_pos(r, n);
  m->line = p.line;
  m->interval = read_milliseconds(r, n, p, "interval", 0);
  m->duration = read_milliseconds(r, n, p, "duration", 0);
  m->delivery = -1;
  char *delivery = mir_req_attribute(r, n, "delivery");
  if (delivery) {
    m->has_delivery = 1;
    m->delivery = read_milliseconds(r, n, p, "delivery", -1);
    free(delivery);
  }
  m->destination = mir_req_attribute(r, n, "destination");
  if (m->destination) {
    char why[512];
    m->destination_path =
        mir_req_destination_path(r, m->destination, why, sizeof why);
    if (!m->destination_path && !r->oom)
      mir_req_report(r, "error", p.line, p.column, "destination=\"%s\": %s",
                     m->destination, why);
  }
  /* Emptiness is about the attributes written, whatever their values. */
  int written = xmlHasProp(n, (const xmlChar *)"interval") ||
                xmlHasProp(n, (const xmlChar *)"duration") || m->has_delivery ||
                m->destination;
  for (xmlNodePtr c = n->children; c; c = c->next) {
    if (!mir_req_is_element(c, "aggregate"))
      continue;
    m->has_aggregate_element = 1;
    char *f = mir_req_attribute(r, c, "function");
    int k =
        f ? mir_req_find_name(mir_req_aggregate_names, MIR_AGGREGATES, f) : -1;
    if (k >= 0) {
      int twice = 0;
      for (size_t i = 0; i < m->naggregates; i++)
        twice |= m->aggregates[i] == (mir_aggregate_t)k;
      if (twice) {
        /* The measurement document tells the values apart by the order of
         * the functions (MIR, section 6): a repeated one is ambiguous. */
        pos_t q = mir_req_node_pos(r, c);
        mir_req_report(r, "error", q.line, q.column,
                       "aggregate function %s is given twice", f);
      } else {
        m->aggregates[m->naggregates++] = (mir_aggregate_t)k;
      }
    }
    free(f);
  }
  if (!written && !m->has_aggregate_element)
    mir_req_report(
        r, "error", p.line, p.column,
        "a measuring element needs an attribute (interval, delivery, "
        "destination, duration) or an aggregate element (MIR, section 4)");
  return m;
}

static void read_metric(reader_t *r, mir_request_t *req, xmlNodePtr n) {
  pos_t p = mir_req_node_pos(r, n);
  char *name = mir_req_attribute(r, n, "name");
  int k = mir_metric_find(name);
  if (k < 0) {
    char list[2048] = "";
    for (int i = 0; i < MIR_METRIC_COUNT_; i++) {
      size_t used = strlen(list);
      snprintf(list + used, sizeof list - used, "%s%s", i ? ", " : "",
               mir_metrics[i].name);
    }
    mir_req_report(
        r, "error", p.line, p.column,
        "unknown metric '%s'; upc-instrument's metrics (MIR, section 8) "
        "are %s",
        name ? name : "", list);
  } else {
    int twice = 0;
    for (size_t i = 0; i < req->nmetrics; i++)
      twice |= req->metrics[i] == (mir_metric_t)k;
    if (twice) {
      /* Measurement documents tell metrics apart by their order in the
       * request (MIR, section 6): a repeated one is ambiguous. */
      mir_req_report(r, "error", p.line, p.column,
                     "metric %s is requested twice", name);
    } else {
      mir_metric_t *grown =
          realloc(req->metrics, (req->nmetrics + 1) * sizeof *grown);
      if (!grown)
        mir_req_out_of_memory(r);
      else {
        req->metrics = grown;
        req->metrics[req->nmetrics++] = (mir_metric_t)k;
      }
    }
  }
  free(name);
}

static void read_probe(reader_t *r, mir_request_t *req, xmlNodePtr n) {
  char *id = mir_req_attribute(r, n, "id");
  if (!id)
    return;
  char **grown = realloc(req->probes, (req->nprobes + 1) * sizeof *grown);
  if (!grown) {
    mir_req_out_of_memory(r);
    free(id);
    return;
  }
  req->probes = grown;
  req->probes[req->nprobes++] = id;
}

void mir_req_read_request(reader_t *r, xmlNodePtr root, int kind,
                          mir_request_t *req) {
  req->kind = (mir_request_kind_t)kind;
  char *s;
  if ((s = mir_req_attribute(r, root, "activated"))) {
    req->activated = mir_req_parse_boolean(s);
    free(s);
  }
  if ((s = mir_req_attribute(r, root, "flush"))) {
    req->flush = mir_req_parse_boolean(s);
    free(s);
  }
  if ((s = mir_req_attribute(r, root, "named"))) {
    req->named = mir_req_parse_boolean(s);
    free(s);
  }
  if ((s = mir_req_attribute(r, root, "action"))) {
    int a = mir_req_find_name(mir_req_action_names, MIR_ACTIONS, s);
    req->action = a >= 0 ? (mir_action_t)a : MIR_ACTION_VALUE;
    free(s);
  }
  if ((s = mir_req_attribute(r, root, "stack"))) {
    long v;
    if (mir_req_parse_integer(s, &v) != 0 || v < 0) {
      pos_t p = mir_req_node_pos(r, root);
      mir_req_report(
          r, "error", p.line, p.column,
          "stack=\"%s\" is not a number of stack frames (a non-negative "
          "integer; MIR, section 3)",
          s);
    } else {
      req->stack = v;
    }
    free(s);
  }
  for (xmlNodePtr n = root->children; n; n = n->next) {
    if (mir_req_is_element(n, "codeRegion")) {
      pos_t p = mir_req_node_pos(r, n);
      req->from = mir_req_attribute(r, n, "from");
      req->to = mir_req_attribute(r, n, "to");
      req->region_line = p.line;
      req->region_column = p.column;
    } else if (mir_req_is_element(n, "metric")) {
      read_metric(r, req, n);
    } else if (mir_req_is_element(n, "event")) {
      req->event = 1;
    } else if (mir_req_is_element(n, "measuring")) {
      req->measuring = read_measuring(r, n);
    } else if (mir_req_is_element(n, "probe")) {
      read_probe(r, req, n);
    } else if (mir_req_is_element(n, "resource")) {
      char *in = mir_req_attribute(r, n, "in");
      char **grown =
          realloc(req->resources, (req->nresources + 1) * sizeof *grown);
      if (!in || !grown) {
        free(in);
        if (grown)
          req->resources = grown;
        mir_req_out_of_memory(r);
        continue;
      }
      req->resources = grown;
      req->resources[req->nresources++] = in;
    }
  }
  read_entities(r, root->children, &req->entities, &req->nentities);
}
