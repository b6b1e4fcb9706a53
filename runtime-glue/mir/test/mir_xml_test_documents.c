/*
 * mir_xml_test_documents.c - mir_xml_test's documents group: the snapshot
 * (MIR, section 3), probe and errors documents, escaped and valid against
 * their DTDs, with what a DTD cannot hold left out.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "mir_xml_test.h"

void test_documents(void) {
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
