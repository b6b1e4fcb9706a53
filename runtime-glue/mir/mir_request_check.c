/*
 * mir_request_check.c - the MIR request reader before and during
 * validation: the request kinds expected, the specification's own
 * spellings read anyway (<action type="X"/> in a ctrlreq, activate= on an
 * instrreq), entity references refused, then the DTD of the root's kind
 * (compiled in: mir_dtd.h). See mir_request.c for what is accepted and
 * why.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <libxml/parser.h>
#include <libxml/tree.h>
#include <libxml/valid.h>

#include "mir_dtd.h"
#include "mir_request_internal.h"

/* "instrreq (MIR, section 4), ctrlreq (MIR, section 5) or ..." */
void mir_req_expected_kinds(unsigned kinds, char *out, size_t size) {
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
             mir_req_kind_roots[k], mir_req_kind_sections[k]);
    n++;
  }
  if (!n)
    snprintf(out, size, "no request at all");
}

/* <action type="X"/> elements of a ctrlreq (MIR, section 5's examples)
 * become its action attribute. */
void mir_req_fold_action_elements(reader_t *r, xmlNodePtr root) {
  char *attr = mir_req_attribute(r, root, "action");
  char *value = attr ? mir_req_dup_string(r, attr) : NULL;
  /* Who set value: the attribute, or the action element at this line. */
  pos_t from = {0, 0};
  xmlNodePtr next;
  for (xmlNodePtr n = root->children; n; n = next) {
    next = n->next;
    if (!mir_req_is_element(n, "action"))
      continue;
    pos_t p = mir_req_node_pos(r, n);
    char *type = mir_req_attribute(r, n, "type");
    int has_elements = 0;
    for (xmlNodePtr c = n->children; c; c = c->next)
      has_elements |= c->type == XML_ELEMENT_NODE;
    if (!type) {
      mir_req_report(r, "error", p.line, p.column,
                     "<action> without type: write the action as an attribute, "
                     "<ctrlreq action=\"VALUE\"> (MIR, section 5)");
    } else if (mir_req_find_name(mir_req_action_names, MIR_ACTIONS, type) < 0) {
      mir_req_report(
          r, "error", p.line, p.column,
          "<action type=\"%s\"/>: the action is one of VALUE, ACTIVATE, "
          "DEACTIVATE, RESET, REMOVE (MIR, section 5)",
          type);
    } else if (has_elements) {
      mir_req_report(
          r, "error", p.line, p.column,
          "<action type=\"%s\"> holds elements; it must be empty (or "
          "write <ctrlreq action=\"%s\">, MIR, section 5)",
          type, type);
    } else if (value && strcmp(value, type) != 0) {
      if (from.line)
        mir_req_report(
            r, "error", p.line, p.column,
            "<action type=\"%s\"/> disagrees with <action type=\"%s\"/> "
            "at line %u",
            type, value, from.line);
      else
        mir_req_report(r, "error", p.line, p.column,
                       "<action type=\"%s\"/> disagrees with the ctrlreq's "
                       "action=\"%s\"",
                       type, value);
    } else {
      mir_req_report(r, "warning", p.line, p.column,
                     "<action type=\"%s\"/> is read as <ctrlreq action=\"%s\"> "
                     "(MIR, section 5's examples; its DTD has the attribute)",
                     type, type);
      if (!value) {
        value = mir_req_dup_string(r, type);
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
void mir_req_fold_activate(reader_t *r, xmlNodePtr root) {
  char *activate = mir_req_attribute(r, root, "activate");
  if (!activate)
    return;
  pos_t p = mir_req_node_pos(r, root);
  char *activated = mir_req_attribute(r, root, "activated");
  if (activated && strcmp(activated, activate) != 0) {
    mir_req_report(r, "error", p.line, p.column,
                   "activate=\"%s\" disagrees with activated=\"%s\"", activate,
                   activated);
  } else {
    mir_req_report(
        r, "warning", p.line, p.column,
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
void mir_req_reject_entity_references(reader_t *r, xmlNodePtr parent) {
  for (xmlNodePtr n = parent->children; n; n = n->next) {
    if (n->type == XML_ENTITY_REF_NODE) {
      pos_t p = mir_req_node_pos(r, parent);
      mir_req_report(
          r, "error", p.line, p.column,
          "&%s;: MIR requests are read without entities (write what it "
          "stands for)",
          (const char *)n->name);
    } else if (n->type == XML_ELEMENT_NODE) {
      mir_req_reject_entity_references(r, n);
    }
  }
}

int mir_req_validate(reader_t *r, xmlParserCtxtPtr ctxt, xmlDocPtr doc,
                     int kind) {
  const char *text = mir_dtd_text(mir_req_kind_roots[kind]);
  xmlParserInputBufferPtr input =
      text ? xmlParserInputBufferCreateMem(text, (int)strlen(text),
                                           XML_CHAR_ENCODING_UTF8)
           : NULL;
  xmlDtdPtr dtd =
      input ? xmlIOParseDTD(NULL, input, XML_CHAR_ENCODING_UTF8) : NULL;
  if (!dtd) {
    mir_req_report(r, "error", 0, 0,
                   "internal error: the DTD of %s does not parse",
                   mir_req_kind_roots[kind]);
    return -1;
  }
  int errors = r->errors;
  int valid = xmlValidateDtd(&ctxt->vctxt, doc, dtd);
  xmlFreeDtd(dtd);
  if (valid)
    return 0;
  if (r->errors == errors) {
    pos_t p = mir_req_node_pos(r, xmlDocGetRootElement(doc));
    mir_req_report(r, "error", p.line, p.column,
                   "not a valid %s (MIR, section %s)", mir_req_kind_roots[kind],
                   mir_req_kind_sections[kind]);
  }
  return -1;
}
