/*
 * mir_request_diag.c - the MIR request reader's diagnostics: a message to
 * the caller's diag function (errors counted), out of memory reported once,
 * copies of strings, and the line and column of an element's start tag.
 * Every other file of the reader reports through these; they call nothing
 * of the reader themselves.
 */
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <libxml/tree.h>

#include "mir_request_internal.h"

void mir_req_report(reader_t *r, const char *severity, unsigned line,
                    unsigned column, const char *fmt, ...) {
  char small[512];
  char *big = NULL;
  const char *text = small;
  va_list ap;
  va_start(ap, fmt);
  int n = vsnprintf(small, sizeof small, fmt, ap);
  va_end(ap);
  if (n < 0) {
    text = "(unprintable message)";
  } else if ((size_t)n >= sizeof small && (big = malloc((size_t)n + 1))) {
    va_start(ap, fmt);
    vsnprintf(big, (size_t)n + 1, fmt, ap);
    va_end(ap);
    text = big;
  }
  if (strcmp(severity, "error") == 0)
    r->errors++;
  if (r->diag)
    r->diag(r->arg, severity, line, column, text);
  free(big);
}

void mir_req_out_of_memory(reader_t *r) {
  if (!r->oom)
    mir_req_report(r, "error", 0, 0, "out of memory");
  r->oom = 1;
}

char *mir_req_dup_string(reader_t *r, const char *s) {
  if (!s)
    return NULL;
  size_t n = strlen(s) + 1;
  char *d = malloc(n);
  if (!d) {
    mir_req_out_of_memory(r);
    return NULL;
  }
  return memcpy(d, s, n);
}

/* The position of node's start tag: the one recorded while parsing, else
 * libxml2's line (where the start tag ends) without column. */
pos_t mir_req_node_pos(const reader_t *r, const xmlNode *node) {
  pos_t p = {0, 0};
  if (!node)
    return p;
  uintptr_t i = (uintptr_t)node->_private;
  if (node->type == XML_ELEMENT_NODE && i > 0 && i <= r->npos)
    return r->pos[i - 1];
  long line = xmlGetLineNo(node);
  p.line = line > 0 ? (unsigned)line : 0;
  return p;
}
