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
 *
 * This file holds the entry points (parse a text or a file, free a
 * request), which run the steps in order; the steps are in files of their
 * own, sharing mir_request_internal.h: libxml2's parser hooks
 * (mir_request_sax.c), the checks before validation and the validation
 * (mir_request_check.c), the contents after it (mir_request_contents.c),
 * attribute values (mir_request_values.c), diagnostics
 * (mir_request_diag.c) and the names (mir_request_names.c).
 */
#ifndef _GNU_SOURCE
#define _GNU_SOURCE /* O_CLOEXEC */
#endif
#include "mir_request.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include <libxml/parser.h>
#include <libxml/parserInternals.h>
#include <libxml/tree.h>

#include "mir_request_internal.h"

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
  for (size_t i = 0; i < req->nresources; i++)
    free(req->resources[i]);
  free(req->resources);
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
    mir_req_report(&r, "error", 0, 0,
                   "the request is too large (%zu bytes, at most %u)", len,
                   MIR_MAX_REQUEST_BYTES);
    return -1;
  }
  if (len == 0) {
    mir_req_report(&r, "error", 0, 0, "the request is empty");
    return -1;
  }
  xmlInitParser();
  xmlParserCtxtPtr ctxt = xmlCreateMemoryParserCtxt(text, (int)len);
  if (!ctxt) {
    mir_req_out_of_memory(&r);
    return -1;
  }
  /* No network, no external DTD or entity loaded, entities not replaced
   * (XML_PARSE_NOENT, XML_PARSE_DTDLOAD are left out). */
  xmlCtxtUseOptions(ctxt, XML_PARSE_NONET);
  if (ctxt->input && name && !ctxt->input->filename)
    ctxt->input->filename = (char *)xmlStrdup((const xmlChar *)name);
  ctxt->_private = &r;
  ctxt->sax->serror = mir_req_on_error;
  r.start_element = ctxt->sax->startElementNs;
  ctxt->sax->startElementNs = mir_req_on_start_element;
  r.internal_subset = ctxt->sax->internalSubset;
  ctxt->sax->internalSubset = mir_req_on_internal_subset;
  ctxt->sax->entityDecl = mir_req_on_entity_decl;

  xmlParseDocument(ctxt);
  xmlDocPtr doc = ctxt->myDoc;
  ctxt->myDoc = NULL;
  int status = -1;
  xmlNodePtr root = doc ? xmlDocGetRootElement(doc) : NULL;
  if (!ctxt->wellFormed || !root || r.errors) {
    if (!r.errors)
      mir_req_report(&r, "error", 0, 0, "not well-formed XML");
    goto done;
  }

  const char *root_name = (const char *)root->name;
  pos_t rp = mir_req_node_pos(&r, root);
  int kind = root->ns
                 ? -1
                 : mir_req_find_name(mir_req_kind_roots, MIR_KINDS, root_name);
  /* MIR, section 3's example says snapshotrequest; its DTD snapshotreq. */
  int alias =
      kind < 0 && !root->ns && strcmp(root_name, "snapshotrequest") == 0;
  if (alias)
    kind = MIR_SNAPSHOTREQ;
  char expected[256];
  mir_req_expected_kinds(kinds, expected, sizeof expected);
  if (kind < 0) {
    mir_req_report(&r, "error", rp.line, rp.column,
                   "<%s> is not a MIR request: expected %s", root_name,
                   expected);
    goto done;
  }
  if (!((kinds >> kind) & 1)) {
    mir_req_report(&r, "error", rp.line, rp.column,
                   "<%s> is not accepted here: expected %s", root_name,
                   expected);
    goto done;
  }
  if (alias) {
    mir_req_report(
        &r, "warning", rp.line, rp.column,
        "snapshotrequest is read as snapshotreq (MIR, section 3's DTD)");
    xmlNodeSetName(root, (const xmlChar *)"snapshotreq");
  }

  mir_req_reject_entity_references(&r, root);
  if (kind == MIR_CTRLREQ) {
    mir_req_fold_action_elements(&r, root);
    int probes = 0;
    for (xmlNodePtr n = root->children; n; n = n->next)
      probes |= mir_req_is_element(n, "probe");
    if (!probes && !r.errors)
      mir_req_report(
          &r, "error", rp.line, rp.column,
          "a ctrlreq names the probes it controls: <probe id=\"...\"/> "
          "(MIR, section 5)");
  } else if (kind == MIR_INSTRREQ) {
    mir_req_fold_activate(&r, root);
  }
  /* After those errors, libxml2 would only repeat them in its words (a
   * missing action attribute, a content model without probe). */
  if (r.errors || mir_req_validate(&r, ctxt, doc, kind) != 0)
    goto done;

  mir_req_read_request(&r, root, kind, req);
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
