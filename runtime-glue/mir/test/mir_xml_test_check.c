/*
 * mir_xml_test_check.c - the checks the groups of mir_xml_test share
 * (mir_xml_test.h): the failure count, string and glob comparisons, a
 * request that must parse or fail with given diagnostics, an entity, and
 * a document that must be as expected and valid against its DTD; what
 * passes is left in the output directory for the xmllint test. The
 * groups call these; these call no group.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <libxml/parser.h>
#include <libxml/valid.h>

#include "mir_dtd.h"
#include "mir_xml_test.h"

int failures;
const char *out_dir = ".";

/* The file's name without its directories, for file:line messages. */
static const char *base_name(const char *file) {
  const char *slash = strrchr(file, '/');
  return slash ? slash + 1 : file;
}

void fail(const char *file, int line, const char *fmt, const char *a,
          const char *b) {
  failures++;
  fprintf(stderr, "%s:%d: ", base_name(file), line);
  fprintf(stderr, fmt, a, b);
  fputc('\n', stderr);
}

void check_str(const char *file, int line, const char *what, const char *got,
               const char *want) {
  if (!got || !want) {
    if (got != want)
      fail(file, line, "%s: got %s", what, got ? got : "NULL");
    return;
  }
  if (strcmp(got, want) != 0) {
    failures++;
    fprintf(stderr, "%s:%d: %s:\n--- got\n%s\n--- expected\n%s\n---\n",
            base_name(file), line, what, got, want);
  }
}

/* '*' matches any text (newlines too). */
int glob_match(const char *p, const char *s) {
  if (!*p)
    return !*s;
  if (*p == '*') {
    for (;; s++) {
      if (glob_match(p + 1, s))
        return 1;
      if (!*s)
        return 0;
    }
  }
  return *s == *p && glob_match(p + 1, s + 1);
}

static void write_file(const char *root, const char *name, const char *text) {
  char path[1024];
  snprintf(path, sizeof path, "%s/%s.%s.xml", out_dir, root, name);
  FILE *f = fopen(path, "wb");
  if (!f) {
    fail(__FILE__, __LINE__, "cannot write %s%s", path, "");
    return;
  }
  fputs(text, f);
  fclose(f);
}

/* Requests. */

void collect(void *arg, const char *severity, unsigned line, unsigned column,
             const char *message) {
  diags_t *d = arg;
  size_t used = strlen(d->text);
  snprintf(d->text + used, sizeof d->text - used, "%s %u:%u: %s\n", severity,
           line, column, message);
}

static const char *root_of(const char *text) {
  static const char *const roots[] = {"instrreq", "ctrlreq", "snapshotreq",
                                      "sirreq"};
  const char *best = "request";
  const char *at = NULL;
  for (int i = 0; i < 4; i++) {
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
int parse_ok_at(const char *file, int line, const char *name, const char *text,
                unsigned kinds, mir_request_t *req, const char *want) {
  diags_t d = {""};
  int status =
      mir_request_parse(text, strlen(text), name, kinds, req, collect, &d);
  if (status != 0)
    fail(file, line, "%s: the request fails:\n%s", name, d.text);
  if (!glob_match(want, d.text)) {
    failures++;
    fprintf(stderr,
            "%s:%d: %s: diagnostics\n--- got\n%s--- expected\n"
            "%s---\n",
            base_name(file), line, name, d.text, want);
  }
  if (status == 0 && !d.text[0])
    write_file(root_of(text), name, text);
  return status;
}

void parse_fails_at(const char *file, int line, const char *name,
                    const char *text, unsigned kinds, const char *want) {
  diags_t d = {""};
  mir_request_t req;
  memset(&req, 0x5a, sizeof req);
  int status =
      mir_request_parse(text, strlen(text), name, kinds, &req, collect, &d);
  if (status != -1) {
    fail(file, line, "%s: the request is accepted%s", name, "");
    mir_request_free(&req);
  } else if (req.metrics || req.measuring || req.entities || req.probes ||
             req.from || req.to) {
    fail(file, line, "%s: a failed request holds something%s", name, "");
  }
  if (!glob_match(want, d.text)) {
    failures++;
    fprintf(stderr,
            "%s:%d: %s: diagnostics\n--- got\n%s--- expected\n"
            "%s---\n",
            base_name(file), line, name, d.text, want);
  }
}

void check_entity(const char *file, int line, const mir_entity_t *e,
                  mir_level_t level, const char *id, unsigned eline,
                  size_t nchildren) {
  if (e->level != level || strcmp(e->id, id) != 0 || e->line != eline ||
      e->nchildren != nchildren) {
    char got[256], want[256];
    snprintf(got, sizeof got, "%s id=%s line %u, %zu children",
             mir_level_name(e->level), e->id, e->line, e->nchildren);
    snprintf(want, sizeof want, "%s id=%s line %u, %zu children",
             mir_level_name(level), id, eline, nchildren);
    fail(file, line, "entity %s, expected %s", got, want);
  }
}

/* The catalog as mir_metrics.def lists it, for the unknown-metric error. */
#define MIR_METRIC(NAME, UNIT, KIND, DESCRIPTION) ", " #NAME
const char catalog[] =
#include "mir_metrics.def"
    ;
#undef MIR_METRIC

/* Documents. */

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

void check_document_at(const char *file, int line, const char *name, char *doc,
                       const char *want) {
  if (!doc) {
    fail(file, line, "%s: no document%s", name, "");
    return;
  }
  check_str(file, line, name, doc, want);
  if (!valid_document(name, doc))
    fail(file, line, "%s: the document is not valid:\n%s", name, doc);
  const char *root = strstr(doc, "?>\n<");
  char kind[32] = "document";
  if (root)
    sscanf(root + 4, "%31[a-z]", kind);
  write_file(kind, name, doc);
  free(doc);
}
