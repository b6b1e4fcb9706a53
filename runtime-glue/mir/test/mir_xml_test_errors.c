/*
 * mir_xml_test_errors.c - mir_xml_test's errors group: every error of the
 * request reader at its line:column (well-formedness, DTD, what the DTDs
 * cannot say, limits, DOCTYPEs and entities, unreadable files), and that a
 * failed request holds nothing.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "mir_xml_test.h"

void test_errors(void) {
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
  PARSE_FAILS("sirreq", "<sirreq><resource in=\"a.upc\"/></sirreq>", ALL,
              "error 1:1: <sirreq> is not accepted here: expected instrreq "
              "(MIR, section 4), ctrlreq (MIR, section 5) or snapshotreq "
              "(MIR, section 3)\n");
  PARSE_FAILS("root", "<measurement/>", ALL,
              "error 1:1: <measurement> is not a MIR request: expected "
              "instrreq (MIR, section 4), ctrlreq (MIR, section 5) or "
              "snapshotreq (MIR, section 3)\n");

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
    CHECK(glob_match(
        "error 0:0: cannot read the request */fifo-request.xml: not a "
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
      CHECK(glob_match("error 3:3: unknown metric 'NOPE'*\n", d.text));
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
