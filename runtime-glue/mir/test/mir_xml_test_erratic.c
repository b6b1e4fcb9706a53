/*
 * mir_xml_test_erratic.c - mir_xml_test's erratic group: the
 * specification's own spellings (its examples that its DTDs do not
 * accept), read with a warning or refused with a hint, as docs/mir.md
 * lists them.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "mir_xml_test.h"

void test_erratic(void) {
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
