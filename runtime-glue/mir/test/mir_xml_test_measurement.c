/*
 * mir_xml_test_measurement.c - mir_xml_test's measurement group: MIR,
 * section 6's algorithm for measurement documents on the section's example
 * and its variants (ids kept or removed, nesting, order, aggregates,
 * escaping, values), each document valid against its DTD.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "mir_xml_test.h"

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

void test_measurement(void) {
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
