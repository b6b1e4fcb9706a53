/*
 * mir_request_names.c - the vocabulary of mir_request.h: the metric
 * catalog (mir_metrics.def) and the names of entity levels, aggregate
 * functions, control actions and request kinds. Apart from the reader:
 * its code uses no libxml2, and the document writer and the engine ask
 * for these names without reading a request.
 */
#include <string.h>

#include "mir_request_internal.h"

const mir_metric_info_t mir_metrics[MIR_METRIC_COUNT_] = {
#define MIR_METRIC(NAME, UNIT, KIND, DESCRIPTION) {#NAME, UNIT, DESCRIPTION},
#include "mir_metrics.def"
#undef MIR_METRIC
};

int mir_metric_find(const char *name) {
  if (!name)
    return -1;
  for (int i = 0; i < MIR_METRIC_COUNT_; i++)
    if (strcmp(mir_metrics[i].name, name) == 0)
      return i;
  return -1;
}

const char *const mir_req_level_names[MIR_LEVELS] = {
    "site", "node", "communicator", "process", "thread"};

const char *mir_level_name(mir_level_t level) {
  return (unsigned)level < MIR_LEVELS ? mir_req_level_names[level] : "?";
}

const char *const mir_req_aggregate_names[MIR_AGGREGATES] = {
    "AVERAGE", "MAXIMUM", "MINIMUM", "SUM", "VARIANCE"};

const char *mir_aggregate_name(mir_aggregate_t f) {
  return (unsigned)f < MIR_AGGREGATES ? mir_req_aggregate_names[f] : "?";
}

const char *const mir_req_action_names[MIR_ACTIONS] = {
    "VALUE", "ACTIVATE", "DEACTIVATE", "RESET", "REMOVE"};

const char *mir_action_name(mir_action_t a) {
  return (unsigned)a < MIR_ACTIONS ? mir_req_action_names[a] : "?";
}

int mir_req_find_name(const char *const *names, int n, const char *name) {
  for (int i = 0; i < n; i++)
    if (strcmp(names[i], name) == 0)
      return i;
  return -1;
}

/* The root element of each request kind and the section defining it. */
const char *const mir_req_kind_roots[] = {"instrreq", "ctrlreq", "snapshotreq",
                                          "sirreq"};
const char *const mir_req_kind_sections[] = {"4", "5", "3", "2"};
