/*
 * mir_request_sax.c - the MIR request reader's hooks into libxml2's
 * parser: where each start tag begins (libxml2 only knows the line where
 * it ends), no DOCTYPE in a request sent to a running program, no entity
 * declaration anywhere, and libxml2's own errors passed on at their line
 * and column (with a hint for the specification's <thread="1045"/>).
 * mir_request.c installs them; they only report through mir_request_diag.c.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <libxml/parser.h>
#include <libxml/parserInternals.h>
#include <libxml/tree.h>
#include <libxml/xmlerror.h>

#include "mir_request_internal.h"

/* Line and column (bytes, 1-based) of text offset off; the offsets asked
 * for mostly increase, so the scan goes on from the last one. */
static pos_t locate(reader_t *r, size_t off) {
  if (off < r->scan_off) {
    r->scan_off = 0;
    r->scan_line = 1;
    r->scan_line_start = 0;
  }
  for (; r->scan_off < off && r->scan_off < r->len; r->scan_off++)
    if (r->text[r->scan_off] == '\n') {
      r->scan_line++;
      r->scan_line_start = r->scan_off + 1;
    }
  pos_t p = {r->scan_line, (unsigned)(off - r->scan_line_start + 1)};
  return p;
}

/* Wraps libxml2's SAX2 start handler: once the node exists, the parser's
 * input points at the end of the start tag ('>' or "/>"), and the last '<'
 * before it begins the tag ('<' cannot occur in attribute values). */
void mir_req_on_start_element(void *ctx, const xmlChar *localname,
                              const xmlChar *prefix, const xmlChar *uri,
                              int nb_namespaces, const xmlChar **namespaces,
                              int nb_attributes, int nb_defaulted,
                              const xmlChar **attributes) {
  xmlParserCtxtPtr ctxt = ctx;
  reader_t *r = ctxt->_private;
  r->start_element(ctx, localname, prefix, uri, nb_namespaces, namespaces,
                   nb_attributes, nb_defaulted, attributes);
  xmlNodePtr node = ctxt->node;
  if (!node || node->type != XML_ELEMENT_NODE || node->_private)
    return;
  pos_t p = {node->line, 0};
  xmlParserInputPtr in = ctxt->input;
  if (ctxt->inputNr == 1 && in && in->cur && in->base && in->cur >= in->base) {
    size_t off = (size_t)in->consumed + (size_t)(in->cur - in->base);
    if (off <= r->len) {
      size_t lt = off;
      while (lt > 0 && r->text[lt - 1] != '<')
        lt--;
      /* The text is the parser's input unless an encoding was converted:
       * then the name is not found and libxml2's line is kept. */
      const char *name = (const char *)(prefix ? prefix : localname);
      size_t nlen = strlen(name);
      if (lt > 0 && lt + nlen <= r->len &&
          memcmp(r->text + lt, name, nlen) == 0)
        p = locate(r, lt - 1);
    }
  }
  if (r->npos == r->cap) {
    size_t cap = r->cap ? 2 * r->cap : 32;
    pos_t *grown = realloc(r->pos, cap * sizeof *grown);
    if (!grown) {
      mir_req_out_of_memory(r);
      return;
    }
    r->pos = grown;
    r->cap = cap;
  }
  r->pos[r->npos++] = p;
  node->_private = (void *)(uintptr_t)r->npos;
}

/* The hint for the specification's <thread="1045"/>: in the line of the
 * error, a start tag of an entity or probe element followed by '='. */
static void entity_hint(const reader_t *r, unsigned line, unsigned column,
                        char *hint, size_t size) {
  static const char *const names[] = {"site",    "node",   "communicator",
                                      "process", "thread", "probe"};
  hint[0] = '\0';
  size_t ls = 0;
  for (unsigned l = 1; l < line && ls < r->len; ls++)
    if (r->text[ls] == '\n')
      l++;
  size_t le = ls;
  while (le < r->len && r->text[le] != '\n')
    le++;
  size_t best_eq = 0;
  int best_name = -1;
  for (size_t i = ls; i < le; i++) {
    if (r->text[i] != '<')
      continue;
    for (int k = 0; k < (int)(sizeof names / sizeof *names); k++) {
      size_t n = strlen(names[k]);
      if (i + 1 + n > le || memcmp(r->text + i + 1, names[k], n) != 0)
        continue;
      size_t j = i + 1 + n;
      while (j < le && (r->text[j] == ' ' || r->text[j] == '\t'))
        j++;
      if (j >= le || r->text[j] != '=')
        continue;
      /* The last such tag that begins before the error. */
      if (best_name < 0 || column == 0 || i - ls < column) {
        best_eq = j;
        best_name = k;
      }
    }
  }
  if (best_name < 0)
    return;
  size_t v = best_eq + 1;
  while (v < le && (r->text[v] == ' ' || r->text[v] == '\t'))
    v++;
  const char *value = "...";
  int value_len = 3;
  if (v < le && (r->text[v] == '"' || r->text[v] == '\'')) {
    char quote = r->text[v];
    size_t e = v + 1;
    while (e < le && r->text[e] != quote && r->text[e] != '<')
      e++;
    if (e < le && r->text[e] == quote && e - v - 1 < 200) {
      value = r->text + v + 1;
      value_len = (int)(e - v - 1);
    }
  }
  snprintf(hint, size, " (write <%s id=\"%.*s\"/>)", names[best_name],
           value_len, value);
}

/* libxml2's structured errors, of the parser and of the validation (which
 * runs on the parser's own validation context so that they come here). */
/* The line and column where libxml2's parser stands. */
static pos_t parser_pos(xmlParserCtxtPtr ctxt) {
  pos_t p = {ctxt->input ? (unsigned)ctxt->input->line : 0,
             ctxt->input ? (unsigned)ctxt->input->col : 0};
  return p;
}

/* A DOCTYPE: a request sent to a running program has none (MIR_UNTRUSTED);
 * a request file may name its DTD, but declares nothing itself. */
void mir_req_on_internal_subset(void *ctx, const xmlChar *name,
                                const xmlChar *external_id,
                                const xmlChar *system_id) {
  xmlParserCtxtPtr ctxt = ctx;
  reader_t *r = ctxt->_private;
  if (r->untrusted) {
    pos_t p = parser_pos(ctxt);
    mir_req_report(
        r, "error", p.line, p.column,
        "a request sent to a running program has no DOCTYPE (its DTD is "
        "the program's own)");
    r->parse_failed = 1;
    xmlStopParser(ctxt);
    return;
  }
  r->internal_subset(ctx, name, external_id, system_id);
}

/* Entity declarations could make a short request expand into gigabytes
 * (in attribute values libxml2 replaces references whatever the options):
 * none is accepted, at translation time or at run time. */
void mir_req_on_entity_decl(void *ctx, const xmlChar *name, int type,
                            const xmlChar *public_id, const xmlChar *system_id,
                            xmlChar *content) {
  (void)type;
  (void)public_id;
  (void)system_id;
  (void)content;
  xmlParserCtxtPtr ctxt = ctx;
  reader_t *r = ctxt->_private;
  pos_t p = parser_pos(ctxt);
  mir_req_report(
      r, "error", p.line, p.column,
      "entity declarations are not accepted in MIR requests (<!ENTITY "
      "%s ...>)",
      (const char *)name);
  r->parse_failed = 1;
  xmlStopParser(ctxt);
}

void mir_req_on_error(void *data, MIR_XML_ERROR e) {
  xmlParserCtxtPtr ctxt = data;
  reader_t *r = ctxt ? ctxt->_private : NULL;
  if (!r || !e)
    return;
  const char *severity = e->level == XML_ERR_WARNING ? "warning" : "error";
  char message[1024];
  snprintf(message, sizeof message, "%s",
           e->message ? e->message : "invalid XML");
  size_t n = strlen(message);
  while (n > 0 && (message[n - 1] == '\n' || message[n - 1] == ' '))
    message[--n] = '\0';
  if (e->domain == XML_FROM_VALID) {
    pos_t p = mir_req_node_pos(r, e->node);
    mir_req_report(r, severity, p.line, p.column, "%s", message);
    return;
  }
  if (r->parse_failed)
    return;
  if (e->level != XML_ERR_WARNING)
    r->parse_failed = 1;
  unsigned line = e->line > 0 ? (unsigned)e->line : 0;
  unsigned column = e->int2 > 0 ? (unsigned)e->int2 : 0;
  char hint[256] = "";
  if (e->code == XML_ERR_NAME_REQUIRED ||
      e->code == XML_ERR_ATTRIBUTE_WITHOUT_VALUE ||
      e->code == XML_ERR_ATTRIBUTE_NOT_STARTED ||
      e->code == XML_ERR_GT_REQUIRED || e->code == XML_ERR_SPACE_REQUIRED)
    entity_hint(r, line, column, hint, sizeof hint);
  mir_req_report(r, severity, line, column, "%s%s", message, hint);
}
