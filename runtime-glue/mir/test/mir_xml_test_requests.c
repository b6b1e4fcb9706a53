/*
 * mir_xml_test_requests.c - mir_xml_test's requests group: every form the
 * DTDs of MIR, sections 3 to 5 allow, read into mir_request_t (entities,
 * metrics, measuring, probes, actions, snapshots), with the valid requests
 * left for xmllint.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "mir_xml_test.h"

void test_requests(void) {
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

  /* SIR requests (MIR, section 2), which a running program answers: each
   * resource's in; an out is left to the translator; without a resource,
   * invalid against sirreq.dtd. */
  if (PARSE_OK("sirreq",
               "<sirreq><resource in=\"*\"/>"
               "<resource in=\"file:///src/a.upc\" out=\"b.c\"/></sirreq>",
               1u << MIR_SIRREQ, &req, "") == 0) {
    CHECK(req.kind == MIR_SIRREQ && req.nresources == 2);
    if (req.nresources == 2) {
      CHECK_STR(req.resources[0], "*");
      CHECK_STR(req.resources[1], "file:///src/a.upc");
    }
    mir_request_free(&req);
  }
  PARSE_FAILS("sirreq-empty", "<sirreq/>", 1u << MIR_SIRREQ,
              "error 1:1: Element sirreq content does not follow the DTD, "
              "expecting (resource)+, got\n");

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
