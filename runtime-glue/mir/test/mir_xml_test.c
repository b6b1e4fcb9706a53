/*
 * mir_xml_test.c - tests of upc-mir-xml: the request reader (every form
 * the DTDs allow, every error at its line:column, the specification's own
 * spellings that are read with a warning) and the documents (section 6's
 * algorithm on the section's example and its variants, snapshots, probe,
 * errors). Expected texts are written from the specification, not from
 * the program's output.
 *
 *   mir_xml_test GROUP OUT_DIR
 *
 * GROUP is requests, errors, erratic, measurement or documents. Every
 * document written is validated here with libxml2 against the compiled-in
 * DTD and left in OUT_DIR as ROOT.NAME.xml, with the valid requests, for
 * the xmllint test.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include <libxml/parser.h>
#include <libxml/valid.h>

#include "mir_document.h"
#include "mir_dtd.h"
#include "mir_request.h"

static int failures;
static const char *out_dir = ".";

#define ALL                                                                    \
  ((1u << MIR_INSTRREQ) | (1u << MIR_CTRLREQ) | (1u << MIR_SNAPSHOTREQ))
#define INSTR (1u << MIR_INSTRREQ)
#define CTRL (1u << MIR_CTRLREQ)
#define SNAP (1u << MIR_SNAPSHOTREQ)

static void fail(int line, const char *fmt, const char *a, const char *b) {
  failures++;
  fprintf(stderr, "mir_xml_test.c:%d: ", line);
  fprintf(stderr, fmt, a, b);
  fputc('\n', stderr);
}

#define CHECK(cond)                                                            \
  do {                                                                         \
    if (!(cond))                                                               \
      fail(__LINE__, "check failed: %s%s", #cond, "");                         \
  } while (0)

#define CHECK_STR(got, want) check_str(__LINE__, #got, (got), (want))

static void check_str(int line, const char *what, const char *got,
                      const char *want) {
  if (!got || !want) {
    if (got != want)
      fail(line, "%s: got %s", what, got ? got : "NULL");
    return;
  }
  if (strcmp(got, want) != 0) {
    failures++;
    fprintf(stderr,
            "mir_xml_test.c:%d: %s:\n--- got\n%s\n--- expected\n%s\n---\n",
            line, what, got, want);
  }
}

/* '*' matches any text (newlines too). */
static int glob(const char *p, const char *s) {
  if (!*p)
    return !*s;
  if (*p == '*') {
    for (;; s++) {
      if (glob(p + 1, s))
        return 1;
      if (!*s)
        return 0;
    }
  }
  return *s == *p && glob(p + 1, s + 1);
}

static void write_file(const char *root, const char *name, const char *text) {
  char path[1024];
  snprintf(path, sizeof path, "%s/%s.%s.xml", out_dir, root, name);
  FILE *f = fopen(path, "wb");
  if (!f) {
    fail(__LINE__, "cannot write %s%s", path, "");
    return;
  }
  fputs(text, f);
  fclose(f);
}

/* ------------------------------------------------------------------------
 * Requests
 * ------------------------------------------------------------------------ */

typedef struct {
  char text[16384];
} diags_t;

static void collect(void *arg, const char *severity, unsigned line,
                    unsigned column, const char *message) {
  diags_t *d = arg;
  size_t used = strlen(d->text);
  snprintf(d->text + used, sizeof d->text - used, "%s %u:%u: %s\n", severity,
           line, column, message);
}

static const char *root_of(const char *text) {
  static const char *const roots[] = {"instrreq", "ctrlreq", "snapshotreq"};
  const char *best = "request";
  const char *at = NULL;
  for (int i = 0; i < 3; i++) {
    char open[32];
    snprintf(open, sizeof open, "<%s", roots[i]);
    const char *p = strstr(text, open);
    if (p && (!at || p < at)) {
      at = p;
      best = roots[i];
    }
  }
  return best;
}

/* text must parse, with exactly the diagnostics want (a glob); a clean
 * one is left for xmllint. */
static int parse_ok_at(int line, const char *name, const char *text,
                       unsigned kinds, mir_request_t *req, const char *want) {
  diags_t d = {""};
  int status =
      mir_request_parse(text, strlen(text), name, kinds, req, collect, &d);
  if (status != 0)
    fail(line, "%s: the request fails:\n%s", name, d.text);
  if (!glob(want, d.text)) {
    failures++;
    fprintf(stderr,
            "mir_xml_test.c:%d: %s: diagnostics\n--- got\n%s--- expected\n"
            "%s---\n",
            line, name, d.text, want);
  }
  if (status == 0 && !d.text[0])
    write_file(root_of(text), name, text);
  return status;
}
#define PARSE_OK(name, text, kinds, req, want)                                 \
  parse_ok_at(__LINE__, name, text, kinds, req, want)

static void parse_fails_at(int line, const char *name, const char *text,
                           unsigned kinds, const char *want) {
  diags_t d = {""};
  mir_request_t req;
  memset(&req, 0x5a, sizeof req);
  int status =
      mir_request_parse(text, strlen(text), name, kinds, &req, collect, &d);
  if (status != -1) {
    fail(line, "%s: the request is accepted%s", name, "");
    mir_request_free(&req);
  } else if (req.metrics || req.measuring || req.entities || req.probes ||
             req.from || req.to) {
    fail(line, "%s: a failed request holds something%s", name, "");
  }
  if (!glob(want, d.text)) {
    failures++;
    fprintf(stderr,
            "mir_xml_test.c:%d: %s: diagnostics\n--- got\n%s--- expected\n"
            "%s---\n",
            line, name, d.text, want);
  }
}
#define PARSE_FAILS(name, text, kinds, want)                                   \
  parse_fails_at(__LINE__, name, text, kinds, want)

static void check_entity(int line, const mir_entity_t *e, mir_level_t level,
                         const char *id, unsigned eline, size_t nchildren) {
  if (e->level != level || strcmp(e->id, id) != 0 || e->line != eline ||
      e->nchildren != nchildren) {
    char got[256], want[256];
    snprintf(got, sizeof got, "%s id=%s line %u, %zu children",
             mir_level_name(e->level), e->id, e->line, e->nchildren);
    snprintf(want, sizeof want, "%s id=%s line %u, %zu children",
             mir_level_name(level), id, eline, nchildren);
    fail(line, "entity %s, expected %s", got, want);
  }
}
#define CHECK_ENTITY(e, level, id, line, n)                                    \
  check_entity(__LINE__, e, level, id, line, n)

static void test_requests(void) {
  mir_request_t req;

  /* Every part of an instrumentation request (MIR, section 4). */
  const char *full =
      "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
      "<instrreq activated=\"true\" flush=\"false\">\n"
      "  <codeRegion from=\"heat_upc.main.upcForall1\" "
      "to=\"heat_upc.main.upcBarrier1\"/>\n"
      "  <metric name=\"WC_TIME\"/>\n"
      "  <metric name=\"UPC_GET_REMOTE_BYTES\"/>\n"
      "  <event/>\n"
      "  <measuring delivery=\"1000\" destination=\"file:///tmp/foo.txt\" "
      "interval=\"10\" duration=\"5\">\n"
      "    <aggregate function=\"MAXIMUM\"/>\n"
      "    <aggregate function=\"AVERAGE\"/>\n"
      "    <aggregate/>\n"
      "  </measuring>\n"
      "  <site id=\"s0\">\n"
      "    <node id=\"n0\"><process id=\"*\"><thread id=\"?\"/></process>"
      "</node>\n"
      "  </site>\n"
      "  <node id=\"n1\" name=\"host1\"/>\n"
      "  <process id=\"P1\"><thread id=\"*\" master=\"true\"/></process>\n"
      "  <thread id=\"1045\"/><thread id=\"1032\"/>\n"
      "</instrreq>\n";
  if (PARSE_OK("full", full, INSTR, &req, "") == 0) {
    CHECK(req.kind == MIR_INSTRREQ);
    CHECK_STR(req.from, "heat_upc.main.upcForall1");
    CHECK_STR(req.to, "heat_upc.main.upcBarrier1");
    CHECK(req.region_line == 3 && req.region_column == 3);
    CHECK(req.activated == 1 && req.flush == 0 && req.event == 1);
    CHECK(req.nmetrics == 2 && req.metrics[0] == MIR_METRIC_WC_TIME &&
          req.metrics[1] == MIR_METRIC_UPC_GET_REMOTE_BYTES);
    const mir_measuring_t *m = req.measuring;
    CHECK(m != NULL);
    if (m) {
      CHECK(m->interval == 10 && m->delivery == 1000 && m->has_delivery &&
            m->duration == 5 && m->line == 7);
      CHECK_STR(m->destination, "file:///tmp/foo.txt");
      CHECK_STR(m->destination_path, "/tmp/foo.txt");
      CHECK(m->naggregates == 2 && m->aggregates[0] == MIR_AGG_MAXIMUM &&
            m->aggregates[1] == MIR_AGG_AVERAGE && m->has_aggregate_element);
      CHECK(!mir_measuring_is_empty(m));
    }
    CHECK(req.nentities == 5);
    if (req.nentities == 5) {
      const mir_entity_t *e = req.entities;
      CHECK_ENTITY(&e[0], MIR_SITE, "s0", 12, 1);
      CHECK_ENTITY(&e[0].children[0], MIR_NODE, "n0", 13, 1);
      CHECK_ENTITY(&e[0].children[0].children[0], MIR_PROCESS, "*", 13, 1);
      CHECK_ENTITY(&e[0].children[0].children[0].children[0], MIR_THREAD, "?",
                   13, 0);
      CHECK_ENTITY(&e[1], MIR_NODE, "n1", 15, 0);
      CHECK_ENTITY(&e[2], MIR_PROCESS, "P1", 16, 1);
      CHECK_ENTITY(&e[2].children[0], MIR_THREAD, "*", 16, 0);
      CHECK_ENTITY(&e[3], MIR_THREAD, "1045", 17, 0);
      CHECK_ENTITY(&e[4], MIR_THREAD, "1032", 17, 0);
    }
    CHECK(!mir_request_is_defaults_only(&req));
    mir_request_free(&req);
    CHECK(req.metrics == NULL && req.measuring == NULL);
  }

  /* Everything is optional. */
  if (PARSE_OK("empty", "<instrreq/>", ALL, &req, "") == 0) {
    CHECK(req.kind == MIR_INSTRREQ && !req.from && !req.to);
    CHECK(req.activated == -1 && req.flush == -1 && !req.event);
    CHECK(req.nmetrics == 0 && !req.measuring && req.nentities == 0);
    CHECK(!mir_request_is_defaults_only(&req));
    mir_request_free(&req);
  }

  /* Only a measuring element: new defaults, no probe (MIR, section 4). */
  if (PARSE_OK("defaults",
               "<instrreq flush=\"true\">\n"
               "  <measuring interval=\"100\"/>\n"
               "</instrreq>\n",
               INSTR, &req, "") == 0) {
    CHECK(mir_request_is_defaults_only(&req) && req.flush == 1);
    const mir_measuring_t *m = req.measuring;
    CHECK(m && m->interval == 100 && m->delivery == -1 && !m->has_delivery &&
          m->duration == -1 && !m->destination && !m->destination_path &&
          m->naggregates == 0 && !m->has_aggregate_element && m->line == 2);
    mir_request_free(&req);
  }

  /* codeRegion without to; delivery -1; an aggregate without function. */
  if (PARSE_OK("from-only",
               "<instrreq><codeRegion from=\"f.main\"/>"
               "<metric name=\"COUNT\"/>"
               "<measuring delivery=\"-1\"><aggregate/></measuring>"
               "</instrreq>",
               INSTR, &req, "") == 0) {
    CHECK_STR(req.from, "f.main");
    CHECK(!req.to && req.region_line == 1 && req.region_column == 11);
    CHECK(req.nmetrics == 1 && req.metrics[0] == MIR_METRIC_COUNT);
    const mir_measuring_t *m = req.measuring;
    CHECK(m && m->has_delivery && m->delivery == -1 && m->interval == -1 &&
          m->has_aggregate_element && m->naggregates == 0 &&
          !mir_measuring_is_empty(m));
    mir_request_free(&req);
  }

  /* Every metric of the catalog, in the catalog's order. */
  {
    char text[4096] = "<instrreq>";
    for (int i = 0; i < MIR_METRIC_COUNT_; i++) {
      size_t used = strlen(text);
      snprintf(text + used, sizeof text - used, "<metric name=\"%s\"/>",
               mir_metrics[i].name);
    }
    strcat(text, "</instrreq>");
    if (PARSE_OK("catalog", text, INSTR, &req, "") == 0) {
      CHECK(req.nmetrics == MIR_METRIC_COUNT_);
      for (size_t i = 0; i < req.nmetrics; i++)
        CHECK(req.metrics[i] == (mir_metric_t)i);
      mir_request_free(&req);
    }
  }

  /* Destinations: file: URIs on this host and paths (relative ones stay
   * relative). */
  static const char *const destinations[][2] = {
      {"out/m.xml", "out/m.xml"},
      {"/tmp/m.xml", "/tmp/m.xml"},
      {"file:///tmp/a%20b.xml", "/tmp/a b.xml"},
      {"file://localhost/tmp/m.xml", "/tmp/m.xml"},
      {"FILE:///tmp/m.xml", "/tmp/m.xml"},
      {"my results.xml", "my results.xml"},
  };
  for (size_t i = 0; i < sizeof destinations / sizeof *destinations; i++) {
    char text[256], name[32];
    snprintf(text, sizeof text,
             "<instrreq><measuring destination=\"%s\"/></instrreq>",
             destinations[i][0]);
    snprintf(name, sizeof name, "destination%zu", i);
    if (PARSE_OK(name, text, INSTR, &req, "") == 0) {
      CHECK_STR(req.measuring->destination, destinations[i][0]);
      CHECK_STR(req.measuring->destination_path, destinations[i][1]);
      mir_request_free(&req);
    }
  }

  /* A site's other content model; name and master are ignored. */
  if (PARSE_OK("site-processes",
               "<instrreq><site id=\"s\" name=\"x\"><process id=\"p\"/>"
               "<thread id=\"t\" master=\"false\"/></site></instrreq>",
               INSTR, &req, "") == 0) {
    CHECK(req.nentities == 1 && req.entities[0].nchildren == 2);
    if (req.nentities == 1 && req.entities[0].nchildren == 2) {
      CHECK_ENTITY(&req.entities[0].children[0], MIR_PROCESS, "p", 1, 0);
      CHECK_ENTITY(&req.entities[0].children[1], MIR_THREAD, "t", 1, 0);
    }
    mir_request_free(&req);
  }

  /* A DOCTYPE naming the DTD: nothing is loaded. */
  if (PARSE_OK("doctype",
               "<!DOCTYPE snapshotreq SYSTEM "
               "\"http://example.org/nowhere/snapshotreq.dtd\">\n"
               "<!-- a comment -->\n"
               "<snapshotreq named=\"false\" stack=\" 0 \"/>\n",
               SNAP, &req, "") == 0) {
    CHECK(req.kind == MIR_SNAPSHOTREQ && req.named == 0 && req.stack == 0);
    mir_request_free(&req);
  }

  /* Control requests (MIR, section 5): every action. */
  for (int a = MIR_ACTION_VALUE; a <= MIR_ACTION_REMOVE; a++) {
    char text[256], name[32];
    snprintf(text, sizeof text,
             "<ctrlreq action=\"%s\"><probe id=\"p1\"/><probe id=\"p2\"/>"
             "</ctrlreq>",
             mir_action_name((mir_action_t)a));
    snprintf(name, sizeof name, "action-%s", mir_action_name((mir_action_t)a));
    if (PARSE_OK(name, text, CTRL, &req, "") == 0) {
      CHECK(req.kind == MIR_CTRLREQ && req.action == (mir_action_t)a);
      CHECK(req.nprobes == 2 && req.flush == -1);
      if (req.nprobes == 2) {
        CHECK_STR(req.probes[0], "p1");
        CHECK_STR(req.probes[1], "p2");
      }
      mir_request_free(&req);
    }
  }
  if (PARSE_OK("ctrl-full",
               "<ctrlreq flush=\"true\" action=\"RESET\">\n"
               "  <probe id=\"p3\"/>\n"
               "  <metric name=\"UPC_BARRIER_TIME\"/>\n"
               "  <metric name=\"UPC_LOCK_TIME\"/>\n"
               "  <measuring interval=\"4000\" "
               "destination=\"results/p3.xml\"/>\n"
               "  <node id=\"n0\"><thread id=\"0\"/></node>\n"
               "  <thread id=\"*\"/>\n"
               "</ctrlreq>\n",
               ALL, &req, "") == 0) {
    CHECK(req.action == MIR_ACTION_RESET && req.flush == 1);
    CHECK(req.nprobes == 1 && strcmp(req.probes[0], "p3") == 0);
    CHECK(req.nmetrics == 2 && req.metrics[0] == MIR_METRIC_UPC_BARRIER_TIME &&
          req.metrics[1] == MIR_METRIC_UPC_LOCK_TIME);
    CHECK(req.measuring && req.measuring->interval == 4000 &&
          req.measuring->line == 5);
    CHECK_STR(req.measuring->destination_path, "results/p3.xml");
    CHECK(req.nentities == 2);
    if (req.nentities == 2) {
      CHECK_ENTITY(&req.entities[0], MIR_NODE, "n0", 6, 1);
      CHECK_ENTITY(&req.entities[0].children[0], MIR_THREAD, "0", 6, 0);
      CHECK_ENTITY(&req.entities[1], MIR_THREAD, "*", 7, 0);
    }
    mir_request_free(&req);
  }

  /* Snapshot requests (MIR, section 3). */
  if (PARSE_OK("snapshot-plain", "<snapshotreq/>", ALL, &req, "") == 0) {
    CHECK(req.kind == MIR_SNAPSHOTREQ && req.named == -1 && req.stack == 0);
    mir_request_free(&req);
  }
  if (PARSE_OK("snapshot-named", "<snapshotreq named=\"true\" stack=\"3\"/>",
               SNAP, &req, "") == 0) {
    CHECK(req.named == 1 && req.stack == 3);
    mir_request_free(&req);
  }

  /* The positions stay right past the parser's buffer shrinking, in a
   * CRLF file, and for a start tag over several lines. */
  {
    static char big[40000];
    strcpy(big, "<instrreq>\n  <metric name=\"COUNT\"/>\n  <!-- ");
    for (int i = 0; i < 4000; i++)
      strcat(big, "x");
    strcat(big, " -->\n");
    for (int i = 0; i < 300; i++)
      strcat(big, "  <thread id=\"1\"/>\n");
    strcat(big, "  <thread id=\"\"/>\n</instrreq>\n");
    PARSE_FAILS("big", big, INSTR,
                "error 304:3: <thread id=\"\">: an empty identifier names no "
                "thread (use an identifier of a snapshot, \"*\" or \"?\", "
                "MIR, section 4)\n");
  }
  PARSE_FAILS("crlf",
              "<instrreq>\r\n  <metric name=\"NOPE\"/>\r\n</instrreq>\r\n",
              INSTR, "error 2:3: unknown metric 'NOPE'*\n");
  PARSE_FAILS("multiline",
              "<instrreq>\n  <metric\n      name=\"NOPE\"/>\n</instrreq>\n",
              INSTR, "error 2:3: unknown metric 'NOPE'*\n");
}

/* ------------------------------------------------------------------------
 * Errors
 * ------------------------------------------------------------------------ */

/* The catalog as mir_metrics.def lists it, for the unknown-metric error. */
#define MIR_METRIC(NAME, UNIT, KIND, DESCRIPTION) ", " #NAME
static const char catalog[] =
#include "mir_metrics.def"
    ;
#undef MIR_METRIC

static void test_errors(void) {
  char want[2048];
  snprintf(want, sizeof want,
           "error 3:3: unknown metric 'L2_MISSES'; upc-instrument's metrics "
           "(MIR, section 8) are %s\n",
           catalog + 2);
  PARSE_FAILS("unknown-metric",
              "<instrreq>\n"
              "  <metric name=\"WC_TIME\"/>\n"
              "  <metric name=\"L2_MISSES\"/>\n"
              "</instrreq>\n",
              INSTR, want);
  PARSE_FAILS("metric-twice",
              "<instrreq>\n"
              "  <metric name=\"WC_TIME\"/><metric name=\"COUNT\"/>"
              "<metric name=\"WC_TIME\"/>\n"
              "</instrreq>\n",
              INSTR, "error 2:49: metric WC_TIME is requested twice\n");

  /* Milliseconds. */
  PARSE_FAILS("numbers",
              "<instrreq>\n"
              "  <measuring interval=\"abc\" delivery=\"-2\"\n"
              "             duration=\"-5\"/>\n"
              "</instrreq>\n",
              INSTR,
              "error 2:3: interval=\"abc\" is not a number of milliseconds "
              "(a non-negative integer; MIR, section 4)\n"
              "error 2:3: duration=\"-5\" is not a number of milliseconds "
              "(a non-negative integer; MIR, section 4)\n"
              "error 2:3: delivery=\"-2\" is not a number of milliseconds "
              "(an integer, -1 or more: -1 is every measurement; MIR, "
              "section 4)\n");
  PARSE_FAILS("fraction", "<instrreq><measuring duration=\"1.5\"/></instrreq>",
              INSTR,
              "error 1:11: duration=\"1.5\" is not a number of milliseconds "
              "(a non-negative integer; MIR, section 4)\n");
  PARSE_FAILS("delivery-word",
              "<ctrlreq action=\"VALUE\"><probe id=\"p\"/>"
              "<measuring delivery=\"often\"/></ctrlreq>",
              CTRL,
              "error 1:40: delivery=\"often\" is not a number of "
              "milliseconds (an integer, -1 or more: -1 is every "
              "measurement; MIR, section 4)\n");
  PARSE_FAILS("overflow",
              "<instrreq><measuring "
              "interval=\"99999999999999999999999\"/></instrreq>",
              INSTR,
              "error 1:11: interval=\"99999999999999999999999\" is not a "
              "number of milliseconds (a non-negative integer; MIR, section "
              "4)\n");

  /* Destinations. */
  PARSE_FAILS("destination-http",
              "<instrreq><measuring "
              "destination=\"http://example.org/m.xml\"/></instrreq>",
              INSTR,
              "error 1:11: destination=\"http://example.org/m.xml\": 'http:' "
              "destinations are not supported (only file: URIs on this host "
              "and paths)\n");
  PARSE_FAILS("destination-host",
              "<instrreq><measuring "
              "destination=\"file://otherhost/tmp/m.xml\"/></instrreq>",
              INSTR,
              "error 1:11: destination=\"file://otherhost/tmp/m.xml\": a "
              "file: URI on another host ('otherhost') is not supported\n");
  PARSE_FAILS("destination-no-path",
              "<instrreq><measuring destination=\"file://\"/></instrreq>",
              INSTR,
              "error 1:11: destination=\"file://\": the file: URI names no "
              "path\n");
  PARSE_FAILS("destination-empty",
              "<instrreq><measuring destination=\"\"/></instrreq>", INSTR,
              "error 1:11: destination=\"\": the destination is empty\n");

  /* MIR, section 4: a measuring element with neither attribute nor
   * aggregate is invalid. */
  PARSE_FAILS("measuring-empty",
              "<instrreq>\n"
              "  <metric name=\"COUNT\"/>\n"
              "  <measuring></measuring>\n"
              "</instrreq>\n",
              INSTR,
              "error 3:3: a measuring element needs an attribute (interval, "
              "delivery, destination, duration) or an aggregate element "
              "(MIR, section 4)\n");
  PARSE_FAILS("aggregate-twice",
              "<instrreq>\n"
              "  <measuring>\n"
              "    <aggregate function=\"SUM\"/><aggregate "
              "function=\"SUM\"/>\n"
              "  </measuring>\n"
              "</instrreq>\n",
              INSTR, "error 3:32: aggregate function SUM is given twice\n");

  /* No communicators here, at any depth. */
  PARSE_FAILS("communicator",
              "<instrreq>\n"
              "  <metric name=\"COUNT\"/>\n"
              "  <node id=\"n0\"><communicator id=\"c1\"/></node>\n"
              "  <communicator id=\"c2\"><process id=\"*\"/></communicator>\n"
              "</instrreq>\n",
              INSTR,
              "error 3:17: <communicator id=\"c1\">: upc-instrument's MIR "
              "engine has no communicators (MIR, section 3 has them for "
              "MPI); name sites, nodes, processes or threads\n"
              "error 4:3: <communicator id=\"c2\">: upc-instrument's MIR "
              "engine has no communicators (MIR, section 3 has them for "
              "MPI); name sites, nodes, processes or threads\n");
  PARSE_FAILS("empty-id", "<instrreq><thread id=\"\"/></instrreq>", INSTR,
              "error 1:11: <thread id=\"\">: an empty identifier names no "
              "thread (use an identifier of a snapshot, \"*\" or \"?\", MIR, "
              "section 4)\n");

  /* Snapshot requests' stack. */
  PARSE_FAILS("stack-negative", "<snapshotreq stack=\"-1\"/>", SNAP,
              "error 1:1: stack=\"-1\" is not a number of stack frames (a "
              "non-negative integer; MIR, section 3)\n");
  PARSE_FAILS("stack-word", "\n  <snapshotreq named=\"true\" stack=\"three\"/>",
              SNAP,
              "error 2:3: stack=\"three\" is not a number of stack frames (a "
              "non-negative integer; MIR, section 3)\n");

  /* A control request without probe. */
  PARSE_FAILS("no-probe",
              "<ctrlreq action=\"VALUE\">\n  <metric name=\"COUNT\"/>\n"
              "</ctrlreq>\n",
              CTRL,
              "error 1:1: a ctrlreq names the probes it controls: <probe "
              "id=\"...\"/> (MIR, section 5)\n");
  PARSE_FAILS("no-probe-empty", "<ctrlreq action=\"VALUE\"/>", CTRL,
              "error 1:1: a ctrlreq names the probes it controls: <probe "
              "id=\"...\"/> (MIR, section 5)\n");

  /* The kinds asked for. */
  PARSE_FAILS("kind", "<ctrlreq action=\"VALUE\"><probe id=\"p\"/></ctrlreq>",
              INSTR,
              "error 1:1: <ctrlreq> is not accepted here: expected instrreq "
              "(MIR, section 4)\n");
  PARSE_FAILS("kinds", "<instrreq/>", CTRL | SNAP,
              "error 1:1: <instrreq> is not accepted here: expected ctrlreq "
              "(MIR, section 5) or snapshotreq (MIR, section 3)\n");
  PARSE_FAILS("root", "<sirreq><resource in=\"a.upc\"/></sirreq>", ALL,
              "error 1:1: <sirreq> is not a MIR request: expected instrreq "
              "(MIR, section 4), ctrlreq (MIR, section 5) or snapshotreq "
              "(MIR, section 3)\n");

  /* The DTDs: libxml2's messages, at the element's '<'. */
  PARSE_FAILS("invalid",
              "<instrreq activated=\"yes\">\n"
              "  <thread id=\"1\"/>\n"
              "  <metric name=\"COUNT\"/>\n"
              "  <process id=\"0\"><stack>main</stack></process>\n"
              "  <codeRegion to=\"x\"/>\n"
              "</instrreq>\n",
              INSTR,
              "error 1:1: Element instrreq content does not follow the DTD*\n"
              "error 1:1: *\"yes\"*activated*\n"
              "error 4:19: No declaration for element stack\n"
              "error 5:3: *codeRegion*attribute from\n");
  PARSE_FAILS("ctrl-no-action", "<ctrlreq><probe id=\"p\"/></ctrlreq>", CTRL,
              "error 1:1: *ctrlreq*attribute action\n");
  PARSE_FAILS("ctrl-bad-action",
              "<ctrlreq action=\"STOP\"><probe id=\"p\"/></ctrlreq>", CTRL,
              "error 1:1: *\"STOP\"*action*\n");
  PARSE_FAILS("snapshot-content",
              "<snapshotreq>\n  <thread id=\"1\"/>\n</snapshotreq>", SNAP,
              "error 1:1: *snapshotreq*\n"
              "error 2:3: No declaration for element thread\n*");
  PARSE_FAILS("unknown-element",
              "<instrreq>\n  <metric name=\"COUNT\" unit=\"ms\"/>\n"
              "  <foo/>\n</instrreq>",
              INSTR,
              "error 1:1: Element instrreq content does not follow the DTD*\n"
              "error 2:3: *unit*metric*\n"
              "error 3:3: No declaration for element foo\n");
  /* Entities: no declaration is accepted, so nothing a request holds
   * expands beyond its own size (a few hundred bytes of declarations once
   * grew past 1.7 GB in attribute values, where libxml2 always replaces
   * references). */
  PARSE_FAILS("entity-reference",
              "<!DOCTYPE instrreq [\n"
              "  <!ENTITY x SYSTEM \"file:///etc/hostname\">\n"
              "]>\n"
              "<instrreq>\n  <metric name=\"COUNT\"/>&x;\n</instrreq>\n",
              INSTR,
              "error 2:43: entity declarations are not accepted in MIR "
              "requests (<!ENTITY x ...>)\n");
  PARSE_FAILS("internal-entity",
              "<!DOCTYPE instrreq [\n"
              "  <!ENTITY m \"<metric name='COUNT'/>\">\n"
              "]>\n"
              "<instrreq>\n  <codeRegion from=\"a\"/>\n"
              "  <thread id=\"?\">&m;</thread>\n</instrreq>\n",
              INSTR,
              "error 2:38: entity declarations are not accepted in MIR "
              "requests (<!ENTITY m ...>)\n");
  {
    /* The attack: one declaration, used 50,000 times in attribute values
     * (each use a reference that would expand). Refused at once. */
    size_t uses = 50000;
    char *text = malloc(200 + uses * 6);
    CHECK(text != NULL);
    if (text) {
      char *p = text + sprintf(text, "<!DOCTYPE ctrlreq [<!ENTITY a "
                                     "\"aaaaaaaaaaaaaaaaaaaaaaaa\">]>\n"
                                     "<ctrlreq action=\"VALUE\"><probe id=\"");
      for (size_t i = 0; i < uses; i++)
        p += sprintf(p, "&a;");
      strcpy(p, "\"/></ctrlreq>\n");
      PARSE_FAILS("entity-bomb", text, CTRL,
                  "error 1:57: entity declarations are not accepted in MIR "
                  "requests (<!ENTITY a ...>)\n");
      free(text);
    }
  }
  /* A request sent to a running program has no DOCTYPE at all; a request
   * file may name its DTD. */
  PARSE_FAILS("untrusted-doctype",
              "<!DOCTYPE ctrlreq SYSTEM \"ctrlreq.dtd\">\n"
              "<ctrlreq action=\"VALUE\"><probe id=\"p\"/></ctrlreq>\n",
              MIR_UNTRUSTED | CTRL,
              "error 1:*: a request sent to a running program has no DOCTYPE "
              "(its DTD is the program's own)\n");
  {
    mir_request_t req;
    if (PARSE_OK("trusted-doctype",
                 "<!DOCTYPE ctrlreq SYSTEM \"ctrlreq.dtd\">\n"
                 "<ctrlreq action=\"VALUE\"><probe id=\"p\"/></ctrlreq>\n",
                 CTRL, &req, "") == 0)
      mir_request_free(&req);
  }
  {
    /* Larger than any request: refused before it is parsed. */
    size_t big = MIR_MAX_REQUEST_BYTES + 1;
    char *text = malloc(big + 1);
    CHECK(text != NULL);
    if (text) {
      static const char start[] = "<ctrlreq action=\"VALUE\"><probe id=\"p\"/>";
      memset(text, ' ', big);
      memcpy(text, start, strlen(start));
      memcpy(text + big - 10, "</ctrlreq>", 10);
      text[big] = '\0';
      PARSE_FAILS("too-large", text, CTRL,
                  "error 0:0: the request is too large (1048577 bytes, at "
                  "most 1048576)\n");
      free(text);
    }
  }
  {
    /* A destination that a path cannot hold is refused, never cut. */
    char *text = malloc(MIR_MAX_DESTINATION + 200);
    CHECK(text != NULL);
    if (text) {
      char *p = text + sprintf(text, "<ctrlreq action=\"VALUE\"><probe "
                                     "id=\"p\"/><measuring destination=\"");
      memset(p, 'd', MIR_MAX_DESTINATION + 1);
      strcpy(p + MIR_MAX_DESTINATION + 1, "\"/></ctrlreq>");
      PARSE_FAILS("long-destination", text, CTRL,
                  "error 1:*: *the destination is too long (4001 bytes, at "
                  "most 4000)*\n");
      free(text);
    }
  }

  /* Not XML. */
  PARSE_FAILS("mismatch", "<instrreq>\n  <event>\n</instrreq>\n", INSTR,
              "error 3:12: Opening and ending tag mismatch: event line 2 "
              "and instrreq\n");
  PARSE_FAILS("empty-text", "", ALL, "error 0:0: the request is empty\n");
  PARSE_FAILS("not-xml", "hello", ALL, "error 1:1: *\n");

  /* A file that cannot be read. */
  {
    diags_t d = {""};
    mir_request_t req;
    CHECK(mir_request_parse_file("/nonexistent/dir/req.xml", ALL, &req, collect,
                                 &d) == -1);
    CHECK_STR(d.text, "error 0:0: cannot read the request "
                      "/nonexistent/dir/req.xml: No such file or directory\n");
  }
  /* A FIFO would block a reader waiting for a writer: not a regular
   * file, refused at once. */
  {
    char path[1024];
    snprintf(path, sizeof path, "%s/fifo-request.xml", out_dir);
    unlink(path);
    CHECK(mkfifo(path, 0600) == 0);
    diags_t d = {""};
    mir_request_t req;
    CHECK(mir_request_parse_file(path, ALL, &req, collect, &d) == -1);
    CHECK(glob("error 0:0: cannot read the request */fifo-request.xml: not a "
               "regular file\n",
               d.text));
    unlink(path);
  }
  /* And one that can. */
  {
    char path[1024];
    snprintf(path, sizeof path, "%s/file-request.txt", out_dir);
    FILE *f = fopen(path, "wb");
    CHECK(f != NULL);
    if (f) {
      fputs("<ctrlreq action=\"REMOVE\">\n  <probe id=\"p7\"/>\n"
            "  <metric name=\"NOPE\"/>\n</ctrlreq>\n",
            f);
      fclose(f);
      diags_t d = {""};
      mir_request_t req;
      CHECK(mir_request_parse_file(path, ALL, &req, collect, &d) == -1);
      CHECK(glob("error 3:3: unknown metric 'NOPE'*\n", d.text));
      f = fopen(path, "wb");
      fputs("<ctrlreq action=\"REMOVE\"><probe id=\"p7\"/></ctrlreq>", f);
      fclose(f);
      d.text[0] = '\0';
      CHECK(mir_request_parse_file(path, ALL, &req, collect, &d) == 0);
      CHECK(!d.text[0] && req.nprobes == 1 && req.action == MIR_ACTION_REMOVE);
      mir_request_free(&req);
    }
  }
}

/* ------------------------------------------------------------------------
 * The specification's own spellings
 * ------------------------------------------------------------------------ */

static void test_erratic(void) {
  mir_request_t req;

  /* MIR, section 3's example root. */
  if (PARSE_OK("snapshotrequest",
               "<snapshotrequest named=\"true\" stack=\"3\"/>", ALL, &req,
               "warning 1:1: snapshotrequest is read as snapshotreq (MIR, "
               "section 3's DTD)\n") == 0) {
    CHECK(req.kind == MIR_SNAPSHOTREQ && req.named == 1 && req.stack == 3);
    mir_request_free(&req);
  }
  PARSE_FAILS("snapshotrequest-kind", "<snapshotrequest/>", INSTR,
              "error 1:1: <snapshotrequest> is not accepted here: expected "
              "instrreq (MIR, section 4)\n");
  /* As printed there, the start tag is not closed. */
  PARSE_FAILS("snapshotrequest-unclosed",
              "<snapshotrequest named=\"true\" stack=\"3\">\n", SNAP,
              "error 2:1: Premature end of data in tag snapshotrequest*\n");

  /* MIR, section 5's first example. */
  if (PARSE_OK("action-element",
               "<ctrlreq>\n"
               "  <probe id=\"p1\"/> <probe id=\"p2\"/> <action "
               "type=\"REMOVE\"/>\n"
               "</ctrlreq>\n",
               CTRL, &req,
               "warning 2:37: <action type=\"REMOVE\"/> is read as <ctrlreq "
               "action=\"REMOVE\"> (MIR, section 5's examples; its DTD has "
               "the attribute)\n") == 0) {
    CHECK(req.action == MIR_ACTION_REMOVE && req.nprobes == 2);
    mir_request_free(&req);
  }
  /* Its second: the action element is not closed. */
  PARSE_FAILS("action-unclosed",
              "<ctrlreq>\n"
              "  <probe id=\"p2\"/><action type=\"VALUE\">\n"
              "</ctrlreq>\n",
              CTRL,
              "error 3:11: Opening and ending tag mismatch: action line 2 "
              "and ctrlreq\n");
  /* Its third, as printed: NET_SEND is the Java catalog's, and there are
   * no communicators here. */
  {
    char want[2048];
    snprintf(want, sizeof want,
             "warning 3:3: <action type=\"RESET\"/> is read as <ctrlreq "
             "action=\"RESET\"> (MIR, section 5's examples; its DTD has the "
             "attribute)\n"
             "error 4:3: unknown metric 'NET_SEND'; upc-instrument's metrics "
             "(MIR, section 8) are %s\n"
             "error 6:3: <communicator id=\"cb\">: upc-instrument's MIR "
             "engine has no communicators (MIR, section 3 has them for "
             "MPI); name sites, nodes, processes or threads\n",
             catalog + 2);
    PARSE_FAILS("section5-third",
                "<ctrlreq>\n"
                "  <probe id=\"p3\"/>\n"
                "  <action type=\"RESET\"/>\n"
                "  <metric name=\"NET_SEND\"/> <!-- NET_SEND means time spent "
                "sending messages -->\n"
                "  <measuring interval=\"4000\"/>\n"
                "  <communicator id=\"cb\"/>\n"
                "</ctrlreq>\n",
                CTRL, want);
  }
  /* The same in this engine's terms. */
  if (PARSE_OK("section5-third-upc",
               "<ctrlreq>\n"
               "  <probe id=\"p3\"/>\n"
               "  <action type=\"RESET\"/>\n"
               "  <metric name=\"UPC_PUT_REMOTE_BYTES\"/>\n"
               "  <measuring interval=\"4000\"/>\n"
               "  <thread id=\"*\"/>\n"
               "</ctrlreq>\n",
               CTRL, &req,
               "warning 3:3: <action type=\"RESET\"/> is read as <ctrlreq "
               "action=\"RESET\"> (MIR, section 5's examples; its DTD has the "
               "attribute)\n") == 0) {
    CHECK(req.action == MIR_ACTION_RESET && req.nprobes == 1 &&
          req.nmetrics == 1 && req.measuring &&
          req.measuring->interval == 4000 && req.nentities == 1);
    mir_request_free(&req);
  }
  /* Attribute and element agreeing, then disagreeing. */
  if (PARSE_OK("action-both",
               "<ctrlreq action=\"REMOVE\"><probe id=\"p\"/>"
               "<action type=\"REMOVE\"/></ctrlreq>",
               CTRL, &req,
               "warning 1:41: <action type=\"REMOVE\"/> is read as <ctrlreq "
               "action=\"REMOVE\">*\n") == 0) {
    CHECK(req.action == MIR_ACTION_REMOVE);
    mir_request_free(&req);
  }
  PARSE_FAILS("action-disagrees",
              "<ctrlreq action=\"VALUE\">\n"
              "  <probe id=\"p1\"/>\n"
              "  <action type=\"REMOVE\"/>\n"
              "</ctrlreq>\n",
              CTRL,
              "error 3:3: <action type=\"REMOVE\"/> disagrees with the "
              "ctrlreq's action=\"VALUE\"\n");
  PARSE_FAILS("actions-disagree",
              "<ctrlreq>\n"
              "  <probe id=\"p1\"/>\n"
              "  <action type=\"RESET\"/>\n"
              "  <action type=\"REMOVE\"/>\n"
              "</ctrlreq>\n",
              CTRL,
              "warning 3:3: <action type=\"RESET\"/> is read as <ctrlreq "
              "action=\"RESET\">*\n"
              "error 4:3: <action type=\"REMOVE\"/> disagrees with <action "
              "type=\"RESET\"/> at line 3\n");
  PARSE_FAILS("action-no-type",
              "<ctrlreq>\n  <probe id=\"p1\"/>\n  <action/>\n</ctrlreq>\n",
              CTRL,
              "error 3:3: <action> without type: write the action as an "
              "attribute, <ctrlreq action=\"VALUE\"> (MIR, section 5)\n");
  PARSE_FAILS("action-bad-type",
              "<ctrlreq>\n  <probe id=\"p1\"/>\n  <action type=\"STOP\"/>\n"
              "</ctrlreq>\n",
              CTRL,
              "error 3:3: <action type=\"STOP\"/>: the action is one of "
              "VALUE, ACTIVATE, DEACTIVATE, RESET, REMOVE (MIR, section 5)\n");
  PARSE_FAILS("action-content",
              "<ctrlreq>\n  <action type=\"VALUE\"><probe id=\"p1\"/>"
              "</action>\n</ctrlreq>\n",
              CTRL,
              "error 2:3: <action type=\"VALUE\"> holds elements; it must be "
              "empty (or write <ctrlreq action=\"VALUE\">, MIR, section 5)\n");
  PARSE_FAILS("action-in-instrreq",
              "<instrreq>\n  <action type=\"VALUE\"/>\n</instrreq>\n", INSTR,
              "error 1:1: *\n"
              "error 2:3: No declaration for element action\n*");

  /* MIR, section 4's text says activate, its DTD activated. */
  if (PARSE_OK("activate", "<instrreq activate=\"true\"/>", INSTR, &req,
               "warning 1:1: activate=\"true\" is read as activated=\"true\" "
               "(MIR, section 4's text; its DTD has activated)\n") == 0) {
    CHECK(req.activated == 1);
    mir_request_free(&req);
  }
  PARSE_FAILS("activate-disagrees",
              "<instrreq activate=\"true\" activated=\"false\"/>", INSTR,
              "error 1:1: activate=\"true\" disagrees with "
              "activated=\"false\"\n");
  PARSE_FAILS("activate-value", "<instrreq activate=\"yes\"/>", INSTR,
              "warning 1:1: activate=\"yes\" is read as activated=\"yes\"*\n"
              "error 1:1: *\"yes\"*activated*\n");

  /* MIR, section 4's example, as printed: the measuring start tag is not
   * closed (libxml2's error, at the aggregate element). */
  PARSE_FAILS("section4-example",
              "<instrreq>\n"
              "  <codeRegion from=\"c1\"/>\n"
              "  <metric name=\"BLOCKED_COUNT\"/>\n"
              "  <measuring\n"
              "    delivery=\"1000\"\n"
              "    destination=\"file:///tmp/foo.txt\"\n"
              "    <aggregate function=\"MAXIMUM\"/>\n"
              "  </measuring>\n"
              "  <thread=\"1045\"/><thread=\"1032\"/>\n"
              "</instrreq>\n",
              INSTR, "error 7:5: *\n");
  /* With the measuring element closed: <thread="1045"/> is not XML; the
   * message says what to write. */
  PARSE_FAILS("thread-without-id",
              "<instrreq>\n"
              "  <codeRegion from=\"c1\"/>\n"
              "  <metric name=\"BLOCKED_COUNT\"/>\n"
              "  <measuring\n"
              "    delivery=\"1000\"\n"
              "    destination=\"file:///tmp/foo.txt\">\n"
              "    <aggregate function=\"MAXIMUM\"/>\n"
              "  </measuring>\n"
              "  <thread=\"1045\"/><thread=\"1032\"/>\n"
              "</instrreq>\n",
              INSTR, "error 9:10: * (write <thread id=\"1045\"/>)\n");
  PARSE_FAILS("process-without-id", "<instrreq><process = '7'/></instrreq>",
              INSTR, "error 1:*: * (write <process id=\"7\"/>)\n");
  PARSE_FAILS("probe-without-id",
              "<ctrlreq action=\"VALUE\">\n  <probe=\"p2\"/>\n</ctrlreq>\n",
              CTRL, "error 2:9: * (write <probe id=\"p2\"/>)\n");
  /* And with the thread elements written right. */
  char want[2048];
  snprintf(want, sizeof want,
           "error 3:3: unknown metric 'BLOCKED_COUNT'; upc-instrument's "
           "metrics (MIR, section 8) are %s\n",
           catalog + 2);
  PARSE_FAILS("section4-fixed",
              "<instrreq>\n"
              "  <codeRegion from=\"c1\"/>\n"
              "  <metric name=\"BLOCKED_COUNT\"/>\n"
              "  <measuring\n"
              "    delivery=\"1000\"\n"
              "    destination=\"file:///tmp/foo.txt\">\n"
              "    <aggregate function=\"MAXIMUM\"/>\n"
              "  </measuring>\n"
              "  <thread id=\"1045\"/><thread id=\"1032\"/>\n"
              "</instrreq>\n",
              INSTR, want);
  /* Section 4's two forms of a process. */
  if (PARSE_OK("section4-process",
               "<instrreq>\n"
               "  <process id=\"P1\"/>\n"
               "  <process id=\"P1\">\n"
               "    <thread id=\"*\"/>\n"
               "  </process>\n"
               "</instrreq>\n",
               INSTR, &req, "") == 0) {
    CHECK(req.nentities == 2);
    if (req.nentities == 2) {
      CHECK_ENTITY(&req.entities[0], MIR_PROCESS, "P1", 2, 0);
      CHECK_ENTITY(&req.entities[1], MIR_PROCESS, "P1", 3, 1);
      CHECK_ENTITY(&req.entities[1].children[0], MIR_THREAD, "*", 4, 0);
    }
    mir_request_free(&req);
  }
}

/* ------------------------------------------------------------------------
 * Documents
 * ------------------------------------------------------------------------ */

#define XML_DECL "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"

/* Whether text is valid against the compiled-in DTD of its root. */
static int valid_document(const char *name, const char *text) {
  xmlDocPtr doc =
      xmlReadMemory(text, (int)strlen(text), name, NULL, XML_PARSE_NONET);
  if (!doc)
    return 0;
  xmlNodePtr root = xmlDocGetRootElement(doc);
  const char *dtd_text = root ? mir_dtd_text((const char *)root->name) : NULL;
  int ok = 0;
  if (dtd_text) {
    xmlDtdPtr dtd = xmlIOParseDTD(
        NULL,
        xmlParserInputBufferCreateMem(dtd_text, (int)strlen(dtd_text),
                                      XML_CHAR_ENCODING_UTF8),
        XML_CHAR_ENCODING_UTF8);
    xmlValidCtxtPtr valid = xmlNewValidCtxt();
    ok = dtd && valid && xmlValidateDtd(valid, doc, dtd);
    xmlFreeValidCtxt(valid);
    xmlFreeDtd(dtd);
  }
  xmlFreeDoc(doc);
  return ok;
}

static void check_document_at(int line, const char *name, char *doc,
                              const char *want) {
  if (!doc) {
    fail(line, "%s: no document%s", name, "");
    return;
  }
  check_str(line, name, doc, want);
  if (!valid_document(name, doc))
    fail(line, "%s: the document is not valid:\n%s", name, doc);
  const char *root = strstr(doc, "?>\n<");
  char kind[32] = "document";
  if (root)
    sscanf(root + 4, "%31[a-z]", kind);
  write_file(kind, name, doc);
  free(doc);
}
#define CHECK_DOCUMENT(name, doc, want)                                        \
  check_document_at(__LINE__, name, doc, want)

static mir_tuple_t tuple(const char *probe, unsigned probe_order,
                         unsigned metric_order, double value) {
  mir_tuple_t t;
  memset(&t, 0, sizeof t);
  t.probe = probe;
  t.probe_order = probe_order;
  t.metric_order = metric_order;
  t.value = value;
  for (int l = 0; l < MIR_LEVELS; l++)
    t.order[l] = MIR_ORDER_WILDCARD;
  return t;
}

/* An id the request named (order: its position), or that "*" or "?"
 * selected (MIR_ORDER_WILDCARD); keep as compression says. */
static mir_tuple_t with(mir_tuple_t t, mir_level_t level, const char *id,
                        unsigned order, int keep) {
  t.ids[level] = id;
  t.order[level] = order;
  t.keep[level] = keep;
  return t;
}

#define W MIR_ORDER_WILDCARD
#define N(array) (sizeof(array) / sizeof *(array))

static void test_measurement(void) {
  /* (a) MIR, section 6's example: THREAD_COUNT of communicators c1
   * (processes p1, p2) and c2 (process p3), named explicitly (their ids
   * removed), their processes by "*" (kept). The spec's document nests c2's
   * single element too and lists p2 first; the algorithm merges n > 1
   * elements only, and leaves the order of "*"'s processes open. */
  {
    mir_tuple_t t[] = {
        with(with(tuple("1", 0, 0, 5), MIR_COMMUNICATOR, "c2", 1, 0),
             MIR_PROCESS, "p3", W, 1),
        with(with(tuple("1", 0, 0, 3), MIR_COMMUNICATOR, "c1", 0, 0),
             MIR_PROCESS, "p2", W, 1),
        with(with(tuple("1", 0, 0, 4), MIR_COMMUNICATOR, "c1", 0, 0),
             MIR_PROCESS, "p1", W, 1),
    };
    CHECK_DOCUMENT("thread-count", mir_measurement_document(t, N(t)),
                   XML_DECL "<measurement>\n"
                            "  <measurement>\n"
                            "    <measurement processId=\"p1\" value=\"4\"/>\n"
                            "    <measurement processId=\"p2\" value=\"3\"/>\n"
                            "  </measurement>\n"
                            "  <measurement processId=\"p3\" value=\"5\"/>\n"
                            "</measurement>\n");
  }
  /* (b) With <aggregate function="MAXIMUM"/>: one value, nothing removed
   * (the spec's own answer). */
  {
    mir_tuple_t t[] = {
        with(with(tuple("1", 0, 0, 5), MIR_COMMUNICATOR, "c2", 1, 1),
             MIR_PROCESS, "p3", W, 1),
    };
    CHECK_DOCUMENT("thread-count-maximum", mir_measurement_document(t, N(t)),
                   XML_DECL "<measurement communicatorId=\"c2\" "
                            "processId=\"p3\" value=\"5\"/>\n");
  }
  /* (c) One probe: no probeId. Two: probeId, merged when n > 1, the
   * probes in their order (not their names'). */
  {
    mir_tuple_t t[] = {
        with(tuple("p1", 0, 0, 2.5), MIR_THREAD, "1", W, 1),
        with(tuple("p1", 0, 0, 1.5), MIR_THREAD, "0", W, 1),
    };
    CHECK_DOCUMENT("one-probe", mir_measurement_document(t, N(t)),
                   XML_DECL "<measurement>\n"
                            "  <measurement threadId=\"0\" value=\"1.5\"/>\n"
                            "  <measurement threadId=\"1\" value=\"2.5\"/>\n"
                            "</measurement>\n");
  }
  {
    mir_tuple_t t[] = {
        with(tuple("p2", 1, 0, 7), MIR_THREAD, "0", W, 1),
        with(tuple("p1", 0, 0, 2.5), MIR_THREAD, "1", W, 1),
        with(tuple("p1", 0, 0, 1.5), MIR_THREAD, "0", W, 1),
    };
    CHECK_DOCUMENT("two-probes", mir_measurement_document(t, N(t)),
                   XML_DECL "<measurement>\n"
                            "  <measurement probeId=\"p1\">\n"
                            "    <measurement threadId=\"0\" value=\"1.5\"/>\n"
                            "    <measurement threadId=\"1\" value=\"2.5\"/>\n"
                            "  </measurement>\n"
                            "  <measurement probeId=\"p2\" threadId=\"0\" "
                            "value=\"7\"/>\n"
                            "</measurement>\n");
  }
  {
    mir_tuple_t t[] = {
        with(tuple("a", 1, 0, 1), MIR_THREAD, "0", 0, 0),
        with(tuple("b", 0, 0, 2), MIR_THREAD, "0", 0, 0),
    };
    CHECK_DOCUMENT("two-probes-order", mir_measurement_document(t, N(t)),
                   XML_DECL "<measurement>\n"
                            "  <measurement probeId=\"b\" value=\"2\"/>\n"
                            "  <measurement probeId=\"a\" value=\"1\"/>\n"
                            "</measurement>\n");
  }
  /* (d) <thread id="?"/> measured by 3 threads: each value with its
   * thread, by number. */
  {
    mir_tuple_t t[] = {
        with(tuple("7", 0, 0, 0.25), MIR_THREAD, "2", W, 1),
        with(tuple("7", 0, 0, 1.5e-7), MIR_THREAD, "0", W, 1),
        with(tuple("7", 0, 0, 12), MIR_THREAD, "1", W, 1),
    };
    CHECK_DOCUMENT("question-mark", mir_measurement_document(t, N(t)),
                   XML_DECL
                   "<measurement>\n"
                   "  <measurement threadId=\"0\" value=\"0.00000015\"/>\n"
                   "  <measurement threadId=\"1\" value=\"12\"/>\n"
                   "  <measurement threadId=\"2\" value=\"0.25\"/>\n"
                   "</measurement>\n");
  }
  {
    mir_tuple_t t[] = {
        with(tuple("7", 0, 0, 1), MIR_THREAD, "b", W, 1),
        with(tuple("7", 0, 0, 2), MIR_THREAD, "10", W, 1),
        with(tuple("7", 0, 0, 3), MIR_THREAD, "a", W, 1),
        with(tuple("7", 0, 0, 4), MIR_THREAD, "9", W, 1),
    };
    CHECK_DOCUMENT("wildcard-order", mir_measurement_document(t, N(t)),
                   XML_DECL "<measurement>\n"
                            "  <measurement threadId=\"9\" value=\"4\"/>\n"
                            "  <measurement threadId=\"10\" value=\"2\"/>\n"
                            "  <measurement threadId=\"a\" value=\"3\"/>\n"
                            "  <measurement threadId=\"b\" value=\"1\"/>\n"
                            "</measurement>\n");
  }
  /* (e) <thread id="2"/><thread id="0"/>: the request's order, ids
   * removed. */
  {
    mir_tuple_t t[] = {
        with(tuple("7", 0, 0, 5), MIR_THREAD, "0", 1, 0),
        with(tuple("7", 0, 0, 20), MIR_THREAD, "2", 0, 0),
    };
    CHECK_DOCUMENT("explicit-order", mir_measurement_document(t, N(t)),
                   XML_DECL "<measurement>\n"
                            "  <measurement value=\"20\"/>\n"
                            "  <measurement value=\"5\"/>\n"
                            "</measurement>\n");
  }
  /* Explicit entities before those of "*". */
  {
    mir_tuple_t t[] = {
        with(tuple("7", 0, 0, 1), MIR_THREAD, "0", W, 1),
        with(tuple("7", 0, 0, 2), MIR_THREAD, "5", 0, 0),
    };
    CHECK_DOCUMENT("explicit-first", mir_measurement_document(t, N(t)),
                   XML_DECL "<measurement>\n"
                            "  <measurement value=\"2\"/>\n"
                            "  <measurement threadId=\"0\" value=\"1\"/>\n"
                            "</measurement>\n");
  }
  /* (f) Several metrics per entity, in the request's order. */
  {
    mir_tuple_t t[] = {
        with(tuple("7", 0, 1, 0.75), MIR_THREAD, "1", W, 1),
        with(tuple("7", 0, 1, 0.5), MIR_THREAD, "0", W, 1),
        with(tuple("7", 0, 0, 4), MIR_THREAD, "1", W, 1),
        with(tuple("7", 0, 0, 3), MIR_THREAD, "0", W, 1),
    };
    CHECK_DOCUMENT("metrics", mir_measurement_document(t, N(t)),
                   XML_DECL "<measurement>\n"
                            "  <measurement threadId=\"0\">\n"
                            "    <measurement value=\"3\"/>\n"
                            "    <measurement value=\"0.5\"/>\n"
                            "  </measurement>\n"
                            "  <measurement threadId=\"1\">\n"
                            "    <measurement value=\"4\"/>\n"
                            "    <measurement value=\"0.75\"/>\n"
                            "  </measurement>\n"
                            "</measurement>\n");
  }
  /* One explicit thread, two metrics: the thread's element (no attribute)
   * is the only one, hence the root. */
  {
    mir_tuple_t t[] = {
        with(tuple("7", 0, 1, 0.5), MIR_THREAD, "3", 0, 0),
        with(tuple("7", 0, 0, 3), MIR_THREAD, "3", 0, 0),
    };
    CHECK_DOCUMENT("metrics-explicit", mir_measurement_document(t, N(t)),
                   XML_DECL "<measurement>\n"
                            "  <measurement value=\"3\"/>\n"
                            "  <measurement value=\"0.5\"/>\n"
                            "</measurement>\n");
  }
  /* An AVERAGE (null ids) and a MAXIMUM (with its thread). */
  {
    mir_tuple_t t[] = {
        with(tuple("7", 0, 1, 4), MIR_THREAD, "3", W, 1),
        tuple("7", 0, 0, 2.5),
    };
    CHECK_DOCUMENT("aggregates", mir_measurement_document(t, N(t)),
                   XML_DECL "<measurement>\n"
                            "  <measurement value=\"2.5\"/>\n"
                            "  <measurement threadId=\"3\" value=\"4\"/>\n"
                            "</measurement>\n");
  }
  /* Two levels: <node id="*"><thread id="*"/></node>. */
  {
    mir_tuple_t t[] = {
        with(with(tuple("7", 0, 0, 4), MIR_NODE, "n1", W, 1), MIR_THREAD, "3",
             W, 1),
        with(with(tuple("7", 0, 0, 1), MIR_NODE, "n0", W, 1), MIR_THREAD, "0",
             W, 1),
        with(with(tuple("7", 0, 0, 3), MIR_NODE, "n1", W, 1), MIR_THREAD, "2",
             W, 1),
        with(with(tuple("7", 0, 0, 2), MIR_NODE, "n0", W, 1), MIR_THREAD, "1",
             W, 1),
    };
    CHECK_DOCUMENT("nodes-threads", mir_measurement_document(t, N(t)),
                   XML_DECL "<measurement>\n"
                            "  <measurement nodeId=\"n0\">\n"
                            "    <measurement threadId=\"0\" value=\"1\"/>\n"
                            "    <measurement threadId=\"1\" value=\"2\"/>\n"
                            "  </measurement>\n"
                            "  <measurement nodeId=\"n1\">\n"
                            "    <measurement threadId=\"2\" value=\"3\"/>\n"
                            "    <measurement threadId=\"3\" value=\"4\"/>\n"
                            "  </measurement>\n"
                            "</measurement>\n");
  }
  /* (g) No tuple. */
  CHECK_DOCUMENT("empty", mir_measurement_document(NULL, 0),
                 XML_DECL "<measurement/>\n");
  /* One value, no id: the whole document. */
  {
    mir_tuple_t t[] = {tuple("7", 0, 0, 42)};
    CHECK_DOCUMENT("single", mir_measurement_document(t, 1),
                   XML_DECL "<measurement value=\"42\"/>\n");
  }
  /* Ids are escaped; what XML cannot hold becomes '?'. */
  {
    mir_tuple_t t[] = {
        with(tuple("7", 0, 0, 1), MIR_THREAD, "a\"<&>\x01\xff", W, 1)};
    CHECK_DOCUMENT("escaped", mir_measurement_document(t, 1),
                   XML_DECL "<measurement threadId=\"a&quot;&lt;&amp;&gt;??\" "
                            "value=\"1\"/>\n");
  }

  /* Values. */
  static const struct {
    double value;
    const char *text;
  } values[] = {
      {42, "42"},
      {-3, "-3"},
      {-0.0, "0"},
      {0.5, "0.5"},
      {123.456, "123.456"},
      {-2.5e-3, "-0.0025"},
      {0.1 + 0.2, "0.30000000000000004"},
      {1.0 / 3, "0.33333333333333331"},
      {1.5e-7, "0.00000015"},
      {9007199254740991.0, "9007199254740991"},
      {9007199254740992.0, "9007199254740992"},
      {1e20, "100000000000000000000"},
      {123456789012.25, "123456789012.25"},
  };
  for (size_t i = 0; i < N(values); i++) {
    mir_tuple_t t[] = {tuple("7", 0, 0, values[i].value)};
    char want[256], name[32];
    snprintf(want, sizeof want, XML_DECL "<measurement value=\"%s\"/>\n",
             values[i].text);
    snprintf(name, sizeof name, "value%zu", i);
    CHECK_DOCUMENT(name, mir_measurement_document(t, 1), want);
  }
}

static void test_documents(void) {
  /* A snapshot (MIR, section 3): children level by level whatever the
   * caller's order; names and master as given; a thread's stack. */
  {
    static const char *const frames[] = {"upc_barrier", "main"};
    static const char *const process_frames[] = {"main"};
    const mir_snapshot_entity_t threads[] = {
        {MIR_THREAD, "0", "main thread", 1, frames, 2, NULL, 0},
        {MIR_THREAD, "1", NULL, -1, NULL, 0, NULL, 0},
    };
    const mir_snapshot_entity_t other[] = {
        {MIR_PROCESS, "4712", NULL, -1, process_frames, 1, NULL, 0},
    };
    const mir_snapshot_entity_t top[] = {
        {MIR_PROCESS, "4711", "heat", -1, process_frames, 1, threads, 2},
        {MIR_NODE, "n0", "host<0>", -1, NULL, 0, other, 1},
    };
    CHECK_DOCUMENT("snapshot", mir_snapshot_document(top, N(top)),
                   XML_DECL "<snapshot>\n"
                            "  <node id=\"n0\" name=\"host&lt;0&gt;\">\n"
                            "    <process id=\"4712\">\n"
                            "      <stack>main</stack>\n"
                            "    </process>\n"
                            "  </node>\n"
                            "  <process id=\"4711\" name=\"heat\">\n"
                            "    <thread id=\"0\" name=\"main thread\" "
                            "master=\"true\">\n"
                            "      <stack>upc_barrier</stack>\n"
                            "      <stack>main</stack>\n"
                            "    </thread>\n"
                            "    <thread id=\"1\"/>\n"
                            "  </process>\n"
                            "</snapshot>\n");
  }
  /* What the DTD cannot hold is left out: a site's processes beside its
   * nodes, a node in a node, a thread in a communicator, a node's stack. */
  {
    static const char *const frames[] = {"f<g>&h"};
    const mir_snapshot_entity_t inner[] = {
        {MIR_PROCESS, "p", NULL, -1, NULL, 0, NULL, 0},
        {MIR_NODE, "n", NULL, -1, frames, 1, NULL, 0},
    };
    const mir_snapshot_entity_t node_in_node[] = {
        {MIR_NODE, "n9", NULL, -1, NULL, 0, NULL, 0},
        {MIR_THREAD, "t", NULL, 0, frames, 1, NULL, 0},
    };
    const mir_snapshot_entity_t communicator_children[] = {
        {MIR_THREAD, "t", NULL, -1, NULL, 0, NULL, 0},
        {MIR_PROCESS, "q", NULL, -1, NULL, 0, NULL, 0},
    };
    const mir_snapshot_entity_t top[] = {
        {MIR_SITE, "s", NULL, -1, frames, 1, inner, 2},
        {MIR_NODE, "m", NULL, -1, NULL, 0, node_in_node, 2},
        {MIR_COMMUNICATOR, "c", NULL, -1, NULL, 0, communicator_children, 2},
    };
    CHECK_DOCUMENT("snapshot-pruned", mir_snapshot_document(top, N(top)),
                   XML_DECL "<snapshot>\n"
                            "  <site id=\"s\">\n"
                            "    <node id=\"n\"/>\n"
                            "  </site>\n"
                            "  <node id=\"m\">\n"
                            "    <thread id=\"t\" master=\"false\">\n"
                            "      <stack>f&lt;g&gt;&amp;h</stack>\n"
                            "    </thread>\n"
                            "  </node>\n"
                            "  <communicator id=\"c\">\n"
                            "    <process id=\"q\"/>\n"
                            "  </communicator>\n"
                            "</snapshot>\n");
  }
  CHECK_DOCUMENT("snapshot-empty", mir_snapshot_document(NULL, 0),
                 XML_DECL "<snapshot/>\n");

  CHECK_DOCUMENT("probe", mir_probe_document("heat.p1"),
                 XML_DECL "<probe id=\"heat.p1\"/>\n");

  {
    static const char *const messages[] = {"File not found: mm.c",
                                           "a < b & c\n\tline two"};
    CHECK_DOCUMENT("errors", mir_errors_document(messages, 2),
                   XML_DECL "<errors>\n"
                            "  <error>File not found: mm.c</error>\n"
                            "  <error>a &lt; b &amp; c\n\tline two</error>\n"
                            "</errors>\n");
  }
  CHECK_DOCUMENT("errors-none", mir_errors_document(NULL, 0),
                 XML_DECL "<errors>\n"
                          "  <error>unspecified error</error>\n"
                          "</errors>\n");
}

int main(int argc, char **argv) {
  if (argc != 3) {
    fprintf(stderr, "usage: mir_xml_test "
                    "requests|errors|erratic|measurement|documents OUT_DIR\n");
    return 2;
  }
  out_dir = argv[2];
  xmlInitParser();
  if (strcmp(argv[1], "requests") == 0)
    test_requests();
  else if (strcmp(argv[1], "errors") == 0)
    test_errors();
  else if (strcmp(argv[1], "erratic") == 0)
    test_erratic();
  else if (strcmp(argv[1], "measurement") == 0)
    test_measurement();
  else if (strcmp(argv[1], "documents") == 0)
    test_documents();
  else {
    fprintf(stderr, "mir_xml_test: unknown group '%s'\n", argv[1]);
    return 2;
  }
  xmlCleanupParser();
  if (failures)
    fprintf(stderr, "%d failure(s)\n", failures);
  return failures ? 1 : 0;
}
