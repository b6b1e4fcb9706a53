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
 *
 * This file runs the group asked for; each group is a file of its own
 * (mir_xml_test_GROUP.c), sharing the checks of mir_xml_test_check.c
 * through mir_xml_test.h.
 */
#include <stdio.h>
#include <string.h>

#include <libxml/parser.h>

#include "mir_xml_test.h"

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
