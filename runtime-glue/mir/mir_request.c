/*
 * mir_request.c - reading MIR requests (instrreq, MIR section 4; ctrlreq,
 * section 5; snapshotreq, section 3) with libxml2.
 *
 * The text is parsed without network access and without loading or
 * expanding external entities, then validated against the DTD of its root
 * element (the .dtd files of translator/mir/, compiled in: mir_dtd.h),
 * then checked against what the specification says in prose and what this
 * engine can do. Every problem goes to the caller's diag function at its line
 * and column: libxml2's well-formedness errors where libxml2 puts them, every
 * other error at the '<' of the element it is about (the reader records
 * where each start tag begins while libxml2 builds the tree; libxml2 itself
 * only knows the line where a start tag ends). Columns count bytes.
 *
 * The specification's own examples are not all valid against its DTDs.
 * What is read anyway, with a warning, and what stays an error
 * (docs/mir.md repeats it):
 *
 * - <snapshotrequest .../> (MIR, section 3's example) is read as
 *   snapshotreq, the root element of the section's DTD, with the warning
 *   "snapshotrequest is read as snapshotreq (MIR, section 3's DTD)".
 * - <action type="X"/> inside a ctrlreq (MIR, section 5's three examples)
 *   is read as the ctrlreq's action attribute, which the section's DTD
 *   requires: a warning, and the element is removed before validation. An
 *   action element without type, with another type than the DTD's five,
 *   or holding elements is an error; so is one that disagrees with the
 *   action attribute or with another action element.
 * - activate="..." on an instrreq (MIR, section 4's text names the
 *   attribute "activate", its DTD "activated") is read as activated, with
 *   a warning; both present and different is an error.
 * - <thread="1045"/> (MIR, section 4's example) is not well-formed XML:
 *   libxml2's error, with a hint when the error is in such a start tag of
 *   an entity or probe element: (write <thread id="1045"/>).
 * - An unclosed <action type="VALUE"> (MIR, section 5's second example),
 *   the unclosed measuring start tag of section 4's example and the
 *   unclosed <snapshotrequest ...> of section 3's are libxml2's errors.
 *
 * Beyond the DTDs (each an error at the element):
 * - a metric not in mir_metrics.def (the message lists the catalog);
 * - interval, duration not a non-negative integer, delivery not an
 *   integer of -1 or more (milliseconds; blanks around and a '+' are
 *   allowed, as in XML Schema's integers of MIR, section 9); snapshotreq's
 *   stack not a non-negative integer;
 * - a destination other than a file: URI on this host or a plain path
 *   (relative paths stay relative);
 * - a measuring element with neither attribute nor aggregate (MIR,
 *   section 4);
 * - a communicator, at any depth: this engine has none;
 * - an entity with id="";
 * - a metric, or an aggregate function, given twice: measurement
 *   documents tell values apart by their order in the request (MIR,
 *   section 6), so a repetition is ambiguous;
 * - a ctrlreq without probe, said directly rather than by libxml2's
 *   content-model message (the DTD's probe+);
 * - an entity reference (&x;): entities are not replaced (no external one
 *   is read), so what an internal one stands for would be lost silently.
 * After an error found before validation (the root, the spellings above,
 * the probes), the DTD is not checked: libxml2 would only repeat it.
 */
#ifndef _GNU_SOURCE
#define _GNU_SOURCE /* O_CLOEXEC */
#endif
#include "mir_request.h"

#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include <libxml/parser.h>
#include <libxml/parserInternals.h>
#include <libxml/tree.h>
#include <libxml/uri.h>
#include <libxml/valid.h>
#include <libxml/xmlerror.h>

#include "mir_dtd.h"

/* ------------------------------------------------------------------------
 * The catalog and the names
 * ------------------------------------------------------------------------ */

const mir_metric_info_t mir_metrics[MIR_METRIC_COUNT_] = {
#define MIR_METRIC(NAME, UNIT, KIND, DESCRIPTION) {#NAME, UNIT, DESCRIPTION},
#include "mir_metrics.def"
#undef MIR_METRIC
};

int mir_metric_find(const char *name) {
  if (!name)
    return -1;
  for (int i = 0; i < MIR_METRIC_COUNT_; i++)
    if (strcmp(mir_metrics[i].name, name) == 0)
      return i;
  return -1;
}

static const char *const level_names[MIR_LEVELS] = {
    "site", "node", "communicator", "process", "thread"};

const char *mir_level_name(mir_level_t level) {
  return (unsigned)level < MIR_LEVELS ? level_names[level] : "?";
}

static const char *const aggregate_names[MIR_AGGREGATES] = {
    "AVERAGE", "MAXIMUM", "MINIMUM", "SUM", "VARIANCE"};

const char *mir_aggregate_name(mir_aggregate_t f) {
  return (unsigned)f < MIR_AGGREGATES ? aggregate_names[f] : "?";
}

#define MIR_ACTIONS 5
static const char *const action_names[MIR_ACTIONS] = {
    "VALUE", "ACTIVATE", "DEACTIVATE", "RESET", "REMOVE"};

const char *mir_action_name(mir_action_t a) {
  return (unsigned)a < MIR_ACTIONS ? action_names[a] : "?";
}

static int find_name(const char *const *names, int n, const char *name) {
  for (int i = 0; i < n; i++)
    if (strcmp(names[i], name) == 0)
      return i;
  return -1;
}

/* The root element of each request kind and the section defining it. */
static const char *const kind_roots[] = {"instrreq", "ctrlreq", "snapshotreq"};
static const char *const kind_sections[] = {"4", "5", "3"};
#define MIR_KINDS 3

/* ------------------------------------------------------------------------
 * The reader's state and its diagnostics
 * ------------------------------------------------------------------------ */

typedef struct {
  unsigned line, column;
} pos_t;

typedef struct {
  const char *text;
  size_t len;
  mir_diag_fn *diag;
  void *arg;
  int errors;
  int oom;
  /* After libxml2's first well-formedness error, what it reports next is
   * mostly a consequence of it: only the first is passed on. */
  int parse_failed;
  /* The start tags' positions, in document order; element nodes point at
   * theirs through _private (index + 1). */
  pos_t *pos;
  size_t npos, cap;
  size_t scan_off, scan_line_start;
  unsigned scan_line;
  startElementNsSAX2Func start_element; /* libxml2's own */
  internalSubsetSAXFunc internal_subset; /* libxml2's own */
  int untrusted; /* MIR_UNTRUSTED: no DOCTYPE at all */
} reader_t;

static void report(reader_t *r, const char *severity, unsigned line,
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

static void out_of_memory(reader_t *r) {
  if (!r->oom)
    report(r, "error", 0, 0, "out of memory");
  r->oom = 1;
}

static char *dup_string(reader_t *r, const char *s) {
  if (!s)
    return NULL;
  size_t n = strlen(s) + 1;
  char *d = malloc(n);
  if (!d) {
    out_of_memory(r);
    return NULL;
  }
  return memcpy(d, s, n);
}

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

/* The position of node's start tag: the one recorded while parsing, else
 * libxml2's line (where the start tag ends) without column. */
static pos_t node_pos(const reader_t *r, const xmlNode *node) {
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

/* Wraps libxml2's SAX2 start handler: once the node exists, the parser's
 * input points at the end of the start tag ('>' or "/>"), and the last '<'
 * before it begins the tag ('<' cannot occur in attribute values). */
static void on_start_element(void *ctx, const xmlChar *localname,
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
      out_of_memory(r);
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

#if LIBXML_VERSION >= 21200
#define MIR_XML_ERROR const xmlError *
#else
#define MIR_XML_ERROR xmlErrorPtr
#endif

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
static void on_internal_subset(void *ctx, const xmlChar *name,
                               const xmlChar *external_id,
                               const xmlChar *system_id) {
  xmlParserCtxtPtr ctxt = ctx;
  reader_t *r = ctxt->_private;
  if (r->untrusted) {
    pos_t p = parser_pos(ctxt);
    report(r, "error", p.line, p.column,
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
static void on_entity_decl(void *ctx, const xmlChar *name, int type,
                           const xmlChar *public_id, const xmlChar *system_id,
                           xmlChar *content) {
  (void)type;
  (void)public_id;
  (void)system_id;
  (void)content;
  xmlParserCtxtPtr ctxt = ctx;
  reader_t *r = ctxt->_private;
  pos_t p = parser_pos(ctxt);
  report(r, "error", p.line, p.column,
         "entity declarations are not accepted in MIR requests (<!ENTITY "
         "%s ...>)",
         (const char *)name);
  r->parse_failed = 1;
  xmlStopParser(ctxt);
}

static void on_error(void *data, MIR_XML_ERROR e) {
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
    pos_t p = node_pos(r, e->node);
    report(r, severity, p.line, p.column, "%s", message);
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
  report(r, severity, line, column, "%s%s", message, hint);
}

/* ------------------------------------------------------------------------
 * Small readers
 * ------------------------------------------------------------------------ */

static int is_element(const xmlNode *n, const char *name) {
  return n && n->type == XML_ELEMENT_NODE && !n->ns &&
         strcmp((const char *)n->name, name) == 0;
}

/* The attribute's value, malloc'ed; NULL when absent (or out of memory,
 * then r->oom is set). */
static char *attribute(reader_t *r, xmlNodePtr n, const char *name) {
  xmlChar *v = xmlGetNoNsProp(n, (const xmlChar *)name);
  if (!v)
    return NULL;
  char *s = dup_string(r, (const char *)v);
  xmlFree(v);
  return s;
}

static int is_blank(char c) {
  return c == ' ' || c == '\t' || c == '\n' || c == '\r';
}

/* An integer as XML Schema writes one (MIR, section 9 types these
 * attributes as integers): blanks around an optional sign and decimal
 * digits. 0 and *value, or -1. */
static int parse_integer(const char *s, long *value) {
  while (is_blank(*s))
    s++;
  int negative = *s == '-';
  if (*s == '-' || *s == '+')
    s++;
  if (*s < '0' || *s > '9')
    return -1;
  long v = 0;
  for (; *s >= '0' && *s <= '9'; s++) {
    int d = *s - '0';
    if (v > (LONG_MAX - d) / 10)
      return -1;
    v = v * 10 + d;
  }
  while (is_blank(*s))
    s++;
  if (*s)
    return -1;
  *value = negative ? -v : v;
  return 0;
}

static int parse_boolean(const char *s) {
  return s ? strcmp(s, "true") == 0 : -1;
}

/* The local path a destination names: a file: URI's path (on this host),
 * or a plain path (anything that is not a URI with a scheme), as libxml2's
 * URI parser reads RFC 2396. Relative paths stay relative. NULL with *why
 * set otherwise. */
static char *destination_path(reader_t *r, const char *reference, char *why,
                              size_t size) {
  if (!*reference) {
    snprintf(why, size, "the destination is empty");
    return NULL;
  }
  /* Room for a delivery's number and the temporary file's suffix: a
   * destination that cannot be written whole is refused, never cut. */
  if (strlen(reference) > MIR_MAX_DESTINATION) {
    snprintf(why, size,
             "the destination is too long (%zu bytes, at most %u)",
             strlen(reference), MIR_MAX_DESTINATION);
    return NULL;
  }
  xmlURIPtr uri = xmlParseURI(reference);
  if (!uri || !uri->scheme) {
    /* Not a URI (a path with a space, say), or one without scheme. */
    xmlFreeURI(uri);
    return dup_string(r, reference);
  }
  char *path = NULL;
  if (xmlStrcasecmp((const xmlChar *)uri->scheme, (const xmlChar *)"file") !=
      0) {
    snprintf(why, size,
             "'%s:' destinations are not supported (only file: URIs on "
             "this host and paths)",
             uri->scheme);
  } else if (uri->server && *uri->server &&
             strcmp(uri->server, "localhost") != 0) {
    snprintf(why, size, "a file: URI on another host ('%s') is not supported",
             uri->server);
  } else if (!uri->path || !*uri->path) {
    snprintf(why, size, "the file: URI names no path");
  } else {
    /* Percent-escapes (%20) stand for the characters themselves. */
    char *unescaped = xmlURIUnescapeString(uri->path, 0, NULL);
    path = dup_string(r, unescaped ? unescaped : uri->path);
    xmlFree(unescaped);
  }
  xmlFreeURI(uri);
  return path;
}

/* ------------------------------------------------------------------------
 * Freeing
 * ------------------------------------------------------------------------ */

static void free_entities(mir_entity_t *e, size_t n) {
  for (size_t i = 0; i < n; i++) {
    free(e[i].id);
    free_entities(e[i].children, e[i].nchildren);
  }
  free(e);
}

void mir_request_free(mir_request_t *req) {
  if (!req)
    return;
  free(req->from);
  free(req->to);
  free(req->metrics);
  if (req->measuring) {
    free(req->measuring->destination);
    free(req->measuring->destination_path);
    free(req->measuring);
  }
  free_entities(req->entities, req->nentities);
  for (size_t i = 0; i < req->nprobes; i++)
    free(req->probes[i]);
  free(req->probes);
  memset(req, 0, sizeof *req);
  req->activated = req->flush = req->named = -1;
}

int mir_measuring_is_empty(const mir_measuring_t *m) {
  return m->interval < 0 && !m->has_delivery && m->duration < 0 &&
         !m->destination && !m->has_aggregate_element;
}

int mir_request_is_defaults_only(const mir_request_t *req) {
  return req->kind == MIR_INSTRREQ && req->measuring && !req->from &&
         !req->to && req->nmetrics == 0 && !req->event && req->nentities == 0;
}

/* ------------------------------------------------------------------------
 * Before validation: the root and the specification's own spellings
 * ------------------------------------------------------------------------ */

/* "instrreq (MIR, section 4), ctrlreq (MIR, section 5) or ..." */
static void expected_kinds(unsigned kinds, char *out, size_t size) {
  int n = 0, total = 0;
  for (int k = 0; k < MIR_KINDS; k++)
    total += (kinds >> k) & 1;
  out[0] = '\0';
  for (int k = 0; k < MIR_KINDS; k++) {
    if (!((kinds >> k) & 1))
      continue;
    size_t used = strlen(out);
    snprintf(out + used, size - used, "%s%s (MIR, section %s)",
             n == 0           ? ""
             : n == total - 1 ? " or "
                              : ", ",
             kind_roots[k], kind_sections[k]);
    n++;
  }
  if (!n)
    snprintf(out, size, "no request at all");
}

/* <action type="X"/> elements of a ctrlreq (MIR, section 5's examples)
 * become its action attribute. */
static void fold_action_elements(reader_t *r, xmlNodePtr root) {
  char *attr = attribute(r, root, "action");
  char *value = attr ? dup_string(r, attr) : NULL;
  /* Who set value: the attribute, or the action element at this line. */
  pos_t from = {0, 0};
  xmlNodePtr next;
  for (xmlNodePtr n = root->children; n; n = next) {
    next = n->next;
    if (!is_element(n, "action"))
      continue;
    pos_t p = node_pos(r, n);
    char *type = attribute(r, n, "type");
    int has_elements = 0;
    for (xmlNodePtr c = n->children; c; c = c->next)
      has_elements |= c->type == XML_ELEMENT_NODE;
    if (!type) {
      report(r, "error", p.line, p.column,
             "<action> without type: write the action as an attribute, "
             "<ctrlreq action=\"VALUE\"> (MIR, section 5)");
    } else if (find_name(action_names, MIR_ACTIONS, type) < 0) {
      report(r, "error", p.line, p.column,
             "<action type=\"%s\"/>: the action is one of VALUE, ACTIVATE, "
             "DEACTIVATE, RESET, REMOVE (MIR, section 5)",
             type);
    } else if (has_elements) {
      report(r, "error", p.line, p.column,
             "<action type=\"%s\"> holds elements; it must be empty (or "
             "write <ctrlreq action=\"%s\">, MIR, section 5)",
             type, type);
    } else if (value && strcmp(value, type) != 0) {
      if (from.line)
        report(r, "error", p.line, p.column,
               "<action type=\"%s\"/> disagrees with <action type=\"%s\"/> "
               "at line %u",
               type, value, from.line);
      else
        report(r, "error", p.line, p.column,
               "<action type=\"%s\"/> disagrees with the ctrlreq's "
               "action=\"%s\"",
               type, value);
    } else {
      report(r, "warning", p.line, p.column,
             "<action type=\"%s\"/> is read as <ctrlreq action=\"%s\"> "
             "(MIR, section 5's examples; its DTD has the attribute)",
             type, type);
      if (!value) {
        value = dup_string(r, type);
        from = p;
      }
    }
    free(type);
    xmlUnlinkNode(n);
    xmlFreeNode(n);
  }
  if (value && !attr)
    xmlSetProp(root, (const xmlChar *)"action", (const xmlChar *)value);
  free(attr);
  free(value);
}

/* activate="..." on an instrreq (MIR, section 4's text) is its DTD's
 * activated. */
static void fold_activate(reader_t *r, xmlNodePtr root) {
  char *activate = attribute(r, root, "activate");
  if (!activate)
    return;
  pos_t p = node_pos(r, root);
  char *activated = attribute(r, root, "activated");
  if (activated && strcmp(activated, activate) != 0) {
    report(r, "error", p.line, p.column,
           "activate=\"%s\" disagrees with activated=\"%s\"", activate,
           activated);
  } else {
    report(r, "warning", p.line, p.column,
           "activate=\"%s\" is read as activated=\"%s\" (MIR, section 4's "
           "text; its DTD has activated)",
           activate, activate);
    if (!activated)
      xmlSetProp(root, (const xmlChar *)"activated", (const xmlChar *)activate);
    xmlUnsetProp(root, (const xmlChar *)"activate");
  }
  free(activate);
  free(activated);
}

/* Entity references stay references (no XML_PARSE_NOENT: no external
 * entity is read), which the reader would skip: what an internal one
 * stands for would be lost without a word. */
static void reject_entity_references(reader_t *r, xmlNodePtr parent) {
  for (xmlNodePtr n = parent->children; n; n = n->next) {
    if (n->type == XML_ENTITY_REF_NODE) {
      pos_t p = node_pos(r, parent);
      report(r, "error", p.line, p.column,
             "&%s;: MIR requests are read without entities (write what it "
             "stands for)",
             (const char *)n->name);
    } else if (n->type == XML_ELEMENT_NODE) {
      reject_entity_references(r, n);
    }
  }
}

static int validate(reader_t *r, xmlParserCtxtPtr ctxt, xmlDocPtr doc,
                    int kind) {
  const char *text = mir_dtd_text(kind_roots[kind]);
  xmlParserInputBufferPtr input =
      text ? xmlParserInputBufferCreateMem(text, (int)strlen(text),
                                           XML_CHAR_ENCODING_UTF8)
           : NULL;
  xmlDtdPtr dtd =
      input ? xmlIOParseDTD(NULL, input, XML_CHAR_ENCODING_UTF8) : NULL;
  if (!dtd) {
    report(r, "error", 0, 0, "internal error: the DTD of %s does not parse",
           kind_roots[kind]);
    return -1;
  }
  int errors = r->errors;
  int valid = xmlValidateDtd(&ctxt->vctxt, doc, dtd);
  xmlFreeDtd(dtd);
  if (valid)
    return 0;
  if (r->errors == errors) {
    pos_t p = node_pos(r, xmlDocGetRootElement(doc));
    report(r, "error", p.line, p.column, "not a valid %s (MIR, section %s)",
           kind_roots[kind], kind_sections[kind]);
  }
  return -1;
}

/* ------------------------------------------------------------------------
 * After validation: the request's contents
 * ------------------------------------------------------------------------ */

static int level_of(const xmlNode *n) {
  for (int l = 0; l < MIR_LEVELS; l++)
    if (is_element(n, level_names[l]))
      return l;
  return -1;
}

/* The entity elements among first and its siblings, nested ones too. */
static void read_entities(reader_t *r, xmlNodePtr first, mir_entity_t **out,
                          size_t *nout) {
  size_t n = 0;
  for (xmlNodePtr c = first; c; c = c->next)
    n += level_of(c) >= 0;
  *out = NULL;
  *nout = 0;
  if (!n)
    return;
  mir_entity_t *e = calloc(n, sizeof *e);
  if (!e) {
    out_of_memory(r);
    return;
  }
  *out = e;
  for (xmlNodePtr c = first; c; c = c->next) {
    int level = level_of(c);
    if (level < 0)
      continue;
    mir_entity_t *x = &e[(*nout)++];
    pos_t p = node_pos(r, c);
    x->level = (mir_level_t)level;
    x->line = p.line;
    x->id = attribute(r, c, "id");
    if (level == MIR_COMMUNICATOR)
      report(r, "error", p.line, p.column,
             "<communicator id=\"%s\">: upc-instrument's MIR engine has no "
             "communicators (MIR, section 3 has them for MPI); name sites, "
             "nodes, processes or threads",
             x->id ? x->id : "");
    else if (x->id && !*x->id)
      report(r, "error", p.line, p.column,
             "<%s id=\"\">: an empty identifier names no %s (use an "
             "identifier of a snapshot, \"*\" or \"?\", MIR, section 4)",
             level_names[level], level_names[level]);
    read_entities(r, c->children, &x->children, &x->nchildren);
  }
}

/* The attribute in milliseconds; -1 when absent or wrong (an error). */
static long read_milliseconds(reader_t *r, xmlNodePtr n, pos_t p,
                              const char *name, long minimum) {
  char *s = attribute(r, n, name);
  if (!s)
    return -1;
  long v;
  if (parse_integer(s, &v) != 0 || v < minimum) {
    if (minimum < 0)
      report(r, "error", p.line, p.column,
             "%s=\"%s\" is not a number of milliseconds (an integer, -1 "
             "or more: -1 is every measurement; MIR, section 4)",
             name, s);
    else
      report(r, "error", p.line, p.column,
             "%s=\"%s\" is not a number of milliseconds (a non-negative "
             "integer; MIR, section 4)",
             name, s);
    v = -1;
  }
  free(s);
  return v;
}

static mir_measuring_t *read_measuring(reader_t *r, xmlNodePtr n) {
  mir_measuring_t *m = calloc(1, sizeof *m);
  if (!m) {
    out_of_memory(r);
    return NULL;
  }
  pos_t p = node_pos(r, n);
  m->line = p.line;
  m->interval = read_milliseconds(r, n, p, "interval", 0);
  m->duration = read_milliseconds(r, n, p, "duration", 0);
  m->delivery = -1;
  char *delivery = attribute(r, n, "delivery");
  if (delivery) {
    m->has_delivery = 1;
    m->delivery = read_milliseconds(r, n, p, "delivery", -1);
    free(delivery);
  }
  m->destination = attribute(r, n, "destination");
  if (m->destination) {
    char why[512];
    m->destination_path = destination_path(r, m->destination, why, sizeof why);
    if (!m->destination_path && !r->oom)
      report(r, "error", p.line, p.column, "destination=\"%s\": %s",
             m->destination, why);
  }
  /* Emptiness is about the attributes written, whatever their values. */
  int written = xmlHasProp(n, (const xmlChar *)"interval") ||
                xmlHasProp(n, (const xmlChar *)"duration") || m->has_delivery ||
                m->destination;
  for (xmlNodePtr c = n->children; c; c = c->next) {
    if (!is_element(c, "aggregate"))
      continue;
    m->has_aggregate_element = 1;
    char *f = attribute(r, c, "function");
    int k = f ? find_name(aggregate_names, MIR_AGGREGATES, f) : -1;
    if (k >= 0) {
      int twice = 0;
      for (size_t i = 0; i < m->naggregates; i++)
        twice |= m->aggregates[i] == (mir_aggregate_t)k;
      if (twice) {
        /* The measurement document tells the values apart by the order of
         * the functions (MIR, section 6): a repeated one is ambiguous. */
        pos_t q = node_pos(r, c);
        report(r, "error", q.line, q.column,
               "aggregate function %s is given twice", f);
      } else {
        m->aggregates[m->naggregates++] = (mir_aggregate_t)k;
      }
    }
    free(f);
  }
  if (!written && !m->has_aggregate_element)
    report(r, "error", p.line, p.column,
           "a measuring element needs an attribute (interval, delivery, "
           "destination, duration) or an aggregate element (MIR, section 4)");
  return m;
}

static void read_metric(reader_t *r, mir_request_t *req, xmlNodePtr n) {
  pos_t p = node_pos(r, n);
  char *name = attribute(r, n, "name");
  int k = mir_metric_find(name);
  if (k < 0) {
    char list[2048] = "";
    for (int i = 0; i < MIR_METRIC_COUNT_; i++) {
      size_t used = strlen(list);
      snprintf(list + used, sizeof list - used, "%s%s", i ? ", " : "",
               mir_metrics[i].name);
    }
    report(r, "error", p.line, p.column,
           "unknown metric '%s'; upc-instrument's metrics (MIR, section 8) "
           "are %s",
           name ? name : "", list);
  } else {
    int twice = 0;
    for (size_t i = 0; i < req->nmetrics; i++)
      twice |= req->metrics[i] == (mir_metric_t)k;
    if (twice) {
      /* Measurement documents tell metrics apart by their order in the
       * request (MIR, section 6): a repeated one is ambiguous. */
      report(r, "error", p.line, p.column, "metric %s is requested twice",
             name);
    } else {
      mir_metric_t *grown =
          realloc(req->metrics, (req->nmetrics + 1) * sizeof *grown);
      if (!grown)
        out_of_memory(r);
      else {
        req->metrics = grown;
        req->metrics[req->nmetrics++] = (mir_metric_t)k;
      }
    }
  }
  free(name);
}

static void read_probe(reader_t *r, mir_request_t *req, xmlNodePtr n) {
  char *id = attribute(r, n, "id");
  if (!id)
    return;
  char **grown = realloc(req->probes, (req->nprobes + 1) * sizeof *grown);
  if (!grown) {
    out_of_memory(r);
    free(id);
    return;
  }
  req->probes = grown;
  req->probes[req->nprobes++] = id;
}

static void read_request(reader_t *r, xmlNodePtr root, int kind,
                         mir_request_t *req) {
  req->kind = (mir_request_kind_t)kind;
  char *s;
  if ((s = attribute(r, root, "activated"))) {
    req->activated = parse_boolean(s);
    free(s);
  }
  if ((s = attribute(r, root, "flush"))) {
    req->flush = parse_boolean(s);
    free(s);
  }
  if ((s = attribute(r, root, "named"))) {
    req->named = parse_boolean(s);
    free(s);
  }
  if ((s = attribute(r, root, "action"))) {
    int a = find_name(action_names, MIR_ACTIONS, s);
    req->action = a >= 0 ? (mir_action_t)a : MIR_ACTION_VALUE;
    free(s);
  }
  if ((s = attribute(r, root, "stack"))) {
    long v;
    if (parse_integer(s, &v) != 0 || v < 0) {
      pos_t p = node_pos(r, root);
      report(r, "error", p.line, p.column,
             "stack=\"%s\" is not a number of stack frames (a non-negative "
             "integer; MIR, section 3)",
             s);
    } else {
      req->stack = v;
    }
    free(s);
  }
  for (xmlNodePtr n = root->children; n; n = n->next) {
    if (is_element(n, "codeRegion")) {
      pos_t p = node_pos(r, n);
      req->from = attribute(r, n, "from");
      req->to = attribute(r, n, "to");
      req->region_line = p.line;
      req->region_column = p.column;
    } else if (is_element(n, "metric")) {
      read_metric(r, req, n);
    } else if (is_element(n, "event")) {
      req->event = 1;
    } else if (is_element(n, "measuring")) {
      req->measuring = read_measuring(r, n);
    } else if (is_element(n, "probe")) {
      read_probe(r, req, n);
    }
  }
  read_entities(r, root->children, &req->entities, &req->nentities);
}

/* ------------------------------------------------------------------------
 * The entry points
 * ------------------------------------------------------------------------ */

int mir_request_parse(const char *text, size_t len, const char *name,
                      unsigned kinds, mir_request_t *req, mir_diag_fn *diag,
                      void *arg) {
  reader_t r;
  memset(&r, 0, sizeof r);
  r.text = text;
  r.len = len;
  r.diag = diag;
  r.arg = arg;
  r.scan_line = 1;
  memset(req, 0, sizeof *req);
  req->activated = req->flush = req->named = -1;

  r.untrusted = (kinds & MIR_UNTRUSTED) != 0;
  kinds &= ~MIR_UNTRUSTED;
  if (len > MIR_MAX_REQUEST_BYTES) {
    report(&r, "error", 0, 0,
           "the request is too large (%zu bytes, at most %u)", len,
           MIR_MAX_REQUEST_BYTES);
    return -1;
  }
  if (len == 0) {
    report(&r, "error", 0, 0, "the request is empty");
    return -1;
  }
  xmlInitParser();
  xmlParserCtxtPtr ctxt = xmlCreateMemoryParserCtxt(text, (int)len);
  if (!ctxt) {
    out_of_memory(&r);
    return -1;
  }
  /* No network, no external DTD or entity loaded, entities not replaced
   * (XML_PARSE_NOENT, XML_PARSE_DTDLOAD are left out). */
  xmlCtxtUseOptions(ctxt, XML_PARSE_NONET);
  if (ctxt->input && name && !ctxt->input->filename)
    ctxt->input->filename = (char *)xmlStrdup((const xmlChar *)name);
  ctxt->_private = &r;
  ctxt->sax->serror = on_error;
  r.start_element = ctxt->sax->startElementNs;
  ctxt->sax->startElementNs = on_start_element;
  r.internal_subset = ctxt->sax->internalSubset;
  ctxt->sax->internalSubset = on_internal_subset;
  ctxt->sax->entityDecl = on_entity_decl;

  xmlParseDocument(ctxt);
  xmlDocPtr doc = ctxt->myDoc;
  ctxt->myDoc = NULL;
  int status = -1;
  xmlNodePtr root = doc ? xmlDocGetRootElement(doc) : NULL;
  if (!ctxt->wellFormed || !root || r.errors) {
    if (!r.errors)
      report(&r, "error", 0, 0, "not well-formed XML");
    goto done;
  }

  const char *root_name = (const char *)root->name;
  pos_t rp = node_pos(&r, root);
  int kind = root->ns ? -1 : find_name(kind_roots, MIR_KINDS, root_name);
  /* MIR, section 3's example says snapshotrequest; its DTD snapshotreq. */
  int alias =
      kind < 0 && !root->ns && strcmp(root_name, "snapshotrequest") == 0;
  if (alias)
    kind = MIR_SNAPSHOTREQ;
  char expected[256];
  expected_kinds(kinds, expected, sizeof expected);
  if (kind < 0) {
    report(&r, "error", rp.line, rp.column,
           "<%s> is not a MIR request: expected %s", root_name, expected);
    goto done;
  }
  if (!((kinds >> kind) & 1)) {
    report(&r, "error", rp.line, rp.column,
           "<%s> is not accepted here: expected %s", root_name, expected);
    goto done;
  }
  if (alias) {
    report(&r, "warning", rp.line, rp.column,
           "snapshotrequest is read as snapshotreq (MIR, section 3's DTD)");
    xmlNodeSetName(root, (const xmlChar *)"snapshotreq");
  }

  reject_entity_references(&r, root);
  if (kind == MIR_CTRLREQ) {
    fold_action_elements(&r, root);
    int probes = 0;
    for (xmlNodePtr n = root->children; n; n = n->next)
      probes |= is_element(n, "probe");
    if (!probes && !r.errors)
      report(&r, "error", rp.line, rp.column,
             "a ctrlreq names the probes it controls: <probe id=\"...\"/> "
             "(MIR, section 5)");
  } else if (kind == MIR_INSTRREQ) {
    fold_activate(&r, root);
  }
  /* After those errors, libxml2 would only repeat them in its words (a
   * missing action attribute, a content model without probe). */
  if (r.errors || validate(&r, ctxt, doc, kind) != 0)
    goto done;

  read_request(&r, root, kind, req);
  if (!r.errors)
    status = 0;

done:
  if (status != 0)
    mir_request_free(req);
  xmlFreeDoc(doc);
  xmlFreeParserCtxt(ctxt);
  free(r.pos);
  return status;
}

int mir_request_parse_file(const char *path, unsigned kinds, mir_request_t *req,
                           mir_diag_fn *diag, void *arg) {
  memset(req, 0, sizeof *req);
  req->activated = req->flush = req->named = -1;
  /* O_NONBLOCK: opening a FIFO must not wait for a writer; it is then
   * refused as not a regular file. */
  int fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC);
  struct stat st;
  char *text = NULL;
  size_t len = 0;
  const char *why = NULL;
  int error = 0;
  if (fd < 0 || fstat(fd, &st) != 0)
    error = errno;
  else if (!S_ISREG(st.st_mode))
    why = "not a regular file";
  else if (st.st_size > (off_t)MIR_MAX_REQUEST_BYTES)
    why = "the request is too large (at most 1 MiB)";
  else if (!(text = malloc((size_t)st.st_size + 1)))
    error = ENOMEM;
  while (text && !error && !why) {
    ssize_t n = read(fd, text + len, (size_t)st.st_size + 1 - len);
    if (n < 0 && errno == EINTR)
      continue;
    if (n < 0)
      error = errno;
    else if (n == 0)
      break;
    else if ((len += (size_t)n) > (size_t)st.st_size)
      why = "the file grew while it was read";
  }
  if (fd >= 0)
    close(fd);
  if (error || why) {
    char message[1024];
    snprintf(message, sizeof message, "cannot read the request %s: %s", path,
             why ? why : strerror(error));
    if (diag)
      diag(arg, "error", 0, 0, message);
    free(text);
    return -1;
  }
  int status =
      mir_request_parse(text ? text : "", len, path, kinds, req, diag, arg);
  free(text);
  return status;
}
