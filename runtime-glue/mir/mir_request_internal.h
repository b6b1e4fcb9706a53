/*
 * mir_request_internal.h - what the files of the MIR request reader share
 * (mir_request.c and mir_request_*.c; not installed, not for callers of
 * mir_request.h): the reader's state, the name tables, and the functions
 * one file provides to the others. The files call each other in one
 * direction only:
 *
 *   mir_request.c            the entry points: parse, read a file, free
 *     -> mir_request_sax.c      libxml2's parser hooks (positions, errors)
 *     -> mir_request_check.c    before validation: root, spellings, DTD
 *     -> mir_request_contents.c after validation: the request's contents
 *   mir_request.c, _check.c, _contents.c -> mir_request_values.c
 *                                            (attribute values)
 *   every file but _names.c -> mir_request_diag.c (diagnostics, memory,
 *                                                  positions)
 *   mir_request.c, _check.c, _contents.c -> mir_request_names.c (the
 *                                            catalog and the names)
 * mir_request_diag.c and mir_request_names.c call no other file.
 */
#ifndef UPC_MIR_REQUEST_INTERNAL_H
#define UPC_MIR_REQUEST_INTERNAL_H

#include <stddef.h>

#include <libxml/parser.h>
#include <libxml/tree.h>
#include <libxml/xmlerror.h>

#include "mir_request.h"

/* ------------------------------------------------------------------------
 * The catalog and the names (mir_request_names.c)
 * ------------------------------------------------------------------------ */

#define MIR_ACTIONS 5
#define MIR_KINDS 4

extern const char *const mir_req_level_names[MIR_LEVELS];
extern const char *const mir_req_aggregate_names[MIR_AGGREGATES];
extern const char *const mir_req_action_names[MIR_ACTIONS];
/* The root element of each request kind and the section defining it. */
extern const char *const mir_req_kind_roots[MIR_KINDS];
extern const char *const mir_req_kind_sections[MIR_KINDS];

/* The index of name in names[0..n), or -1. */
int mir_req_find_name(const char *const *names, int n, const char *name);

/* ------------------------------------------------------------------------
 * The reader's state and its diagnostics (mir_request_diag.c)
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
  startElementNsSAX2Func start_element;  /* libxml2's own */
  internalSubsetSAXFunc internal_subset; /* libxml2's own */
  int untrusted;                         /* MIR_UNTRUSTED: no DOCTYPE at all */
} reader_t;

/* A diagnostic through r's diag function; an "error" is counted. */
void mir_req_report(reader_t *r, const char *severity, unsigned line,
                    unsigned column, const char *fmt, ...);
/* Reports "out of memory" once and sets r->oom. */
void mir_req_out_of_memory(reader_t *r);
/* A malloc'ed copy of s (NULL for NULL, or out of memory). */
char *mir_req_dup_string(reader_t *r, const char *s);
/* The position of node's start tag (see mir_request_diag.c). */
pos_t mir_req_node_pos(const reader_t *r, const xmlNode *node);

/* ------------------------------------------------------------------------
 * libxml2's parser hooks (mir_request_sax.c); ctxt->_private is the
 * reader_t
 * ------------------------------------------------------------------------ */

#if LIBXML_VERSION >= 21200
#define MIR_XML_ERROR const xmlError *
#else
#define MIR_XML_ERROR xmlErrorPtr
#endif

void mir_req_on_start_element(void *ctx, const xmlChar *localname,
                              const xmlChar *prefix, const xmlChar *uri,
                              int nb_namespaces, const xmlChar **namespaces,
                              int nb_attributes, int nb_defaulted,
                              const xmlChar **attributes);
void mir_req_on_internal_subset(void *ctx, const xmlChar *name,
                                const xmlChar *external_id,
                                const xmlChar *system_id);
void mir_req_on_entity_decl(void *ctx, const xmlChar *name, int type,
                            const xmlChar *public_id, const xmlChar *system_id,
                            xmlChar *content);
void mir_req_on_error(void *data, MIR_XML_ERROR e);

/* ------------------------------------------------------------------------
 * Attribute values (mir_request_values.c)
 * ------------------------------------------------------------------------ */

int mir_req_is_element(const xmlNode *n, const char *name);
char *mir_req_attribute(reader_t *r, xmlNodePtr n, const char *name);
int mir_req_parse_integer(const char *s, long *value);
int mir_req_parse_boolean(const char *s);
char *mir_req_destination_path(reader_t *r, const char *reference, char *why,
                               size_t size);

/* ------------------------------------------------------------------------
 * Before validation (mir_request_check.c)
 * ------------------------------------------------------------------------ */

void mir_req_expected_kinds(unsigned kinds, char *out, size_t size);
void mir_req_fold_action_elements(reader_t *r, xmlNodePtr root);
void mir_req_fold_activate(reader_t *r, xmlNodePtr root);
void mir_req_reject_entity_references(reader_t *r, xmlNodePtr parent);
/* Validates doc against the compiled-in DTD of kind: 0, or -1 after an
 * error. */
int mir_req_validate(reader_t *r, xmlParserCtxtPtr ctxt, xmlDocPtr doc,
                     int kind);

/* ------------------------------------------------------------------------
 * After validation (mir_request_contents.c)
 * ------------------------------------------------------------------------ */

/* Fills req from the valid request root of the given kind. */
void mir_req_read_request(reader_t *r, xmlNodePtr root, int kind,
                          mir_request_t *req);

#endif
