/* libFuzzer target: mir_request_parse (runtime-glue/mir) on arbitrary bytes,
 * as a running program reads a client's request (MIR_UNTRUSTED) and as
 * upc-instrument reads --mir-request files. Besides the sanitizers'
 * findings, a parse must keep the reader's promises (mir_request.h): an
 * error is reported with a message, a request is of a kind that was asked
 * for, no measuring element is empty, no destination is longer than
 * MIR_MAX_DESTINATION, and what a running program accepts the translator
 * accepts too. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "mir_request.h"

static void check(int ok, const char *what) {
  if (!ok) {
    fprintf(stderr, "mir-request-fuzzer: broken promise: %s\n", what);
    abort();
  }
}

typedef struct {
  unsigned errors;
} diags_t;

static void on_diag(void *arg, const char *severity, unsigned line,
                    unsigned column, const char *message) {
  (void)line;
  (void)column;
  check(severity && (strcmp(severity, "error") == 0 ||
                     strcmp(severity, "warning") == 0),
        "a diagnostic's severity is error or warning");
  check(message && *message, "a diagnostic has a message");
  if (strcmp(severity, "error") == 0)
    ++((diags_t *)arg)->errors;
}

static void check_measuring(const mir_measuring_t *m) {
  if (!m)
    return;
  check(!mir_measuring_is_empty(m), "no measuring element is empty");
  check(m->naggregates <= MIR_AGGREGATES, "aggregates fit their array");
  check(!m->destination ||
            strlen(m->destination) <= MIR_MAX_DESTINATION,
        "a destination is at most MIR_MAX_DESTINATION bytes");
  check(!m->destination == !m->destination_path,
        "a destination has its local path");
}

/* Returns whether the text was a request of kinds. */
static int parse(const char *text, size_t len, unsigned kinds) {
  mir_request_t req;
  diags_t diags = {0};
  int rc = mir_request_parse(text, len, "fuzz", kinds, &req, on_diag, &diags);
  if (rc != 0) {
    check(rc == -1, "mir_request_parse returns 0 or -1");
    check(diags.errors > 0, "a failed parse reports an error");
    return 0;
  }
  check(diags.errors == 0, "a successful parse reports no error");
  check((kinds & (1u << req.kind)) != 0, "the request is of a kind asked for");
  check(req.nmetrics == 0 || req.metrics, "metrics are there");
  check(req.nprobes == 0 || req.probes, "probes are there");
  for (size_t i = 0; i < req.nprobes; ++i)
    check(req.probes[i] != NULL, "every probe has an identifier");
  check_measuring(req.measuring);
  mir_request_free(&req);
  return 1;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  const unsigned all = (1u << MIR_INSTRREQ) | (1u << MIR_CTRLREQ) |
                       (1u << MIR_SNAPSHOTREQ);
  /* A copy of exactly size bytes, so that reading past the end is found. */
  char *text = malloc(size ? size : 1);
  if (!text)
    return 0;
  memcpy(text, data, size);
  /* What a running program accepts, a translator accepts too: the rules
   * for requests received at run time only add to the others. */
  if (parse(text, size, all | MIR_UNTRUSTED))
    check(parse(text, size, all), "a run-time request is a request");
  parse(text, size, 1u << MIR_INSTRREQ);
  free(text);
  return 0;
}
