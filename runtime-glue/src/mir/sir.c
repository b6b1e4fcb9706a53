/*
 * sir.c - the program's SIR (MIR, section 2), answered by the running
 * program: upc-instrument --mir-dormant compiles each object's SIR
 * document into the section upcr_mir_sir (upcr_mir.h); a SIR request
 * gets the file elements its resources name, from all the objects, in
 * one document (a header's file, described by every object that includes
 * it, once).
 */
#define _GNU_SOURCE
#include "engine.h"

#include <stdlib.h>
#include <string.h>

#include <libxml/parser.h>
#include <libxml/tree.h>

extern const char *const __start_upcr_mir_sir[] __attribute__((weak));
extern const char *const __stop_upcr_mir_sir[] __attribute__((weak));

/* Whether a resource's in names a file element's name: as written, as a
 * file: URI, or by its last component. */
static int names_file(const char *in, const char *name) {
  if (strcmp(in, "*") == 0)
    return 1;
  if (strncmp(in, "file://", 7) == 0) {
    in += 7;
    const char *slash = strchr(in, '/'); /* file://host/path */
    in = slash ? slash : in;
  }
  if (strcmp(in, name) == 0)
    return 1;
  const char *a = strrchr(in, '/'), *b = strrchr(name, '/');
  return strcmp(a ? a + 1 : in, b ? b + 1 : name) == 0;
}

static char *sir_errors(const char *message) {
  return mir_errors_document(&message, 1);
}

char *mire_sir_answer(char *const *resources, size_t n) {
  if (!__start_upcr_mir_sir || __start_upcr_mir_sir == __stop_upcr_mir_sir)
    return sir_errors("this program has no SIR compiled in: build it with "
                      "upc-instrument --mir-dormant, or take its SIR with "
                      "upc-instrument --sir");
  xmlDocPtr out = xmlNewDoc((const xmlChar *)"1.0");
  xmlNodePtr root = out ? xmlNewNode(NULL, (const xmlChar *)"sir") : NULL;
  unsigned char *found = calloc(n + 1, 1);
  if (!root || !found) {
    xmlFreeDoc(out);
    free(found);
    return NULL;
  }
  xmlDocSetRootElement(out, root);
  xmlNewProp(root, (const xmlChar *)"language", (const xmlChar *)"upc");
  xmlNewProp(root, (const xmlChar *)"version", (const xmlChar *)"1");
  for (size_t r = 0; r < n; ++r) {
    xmlNodePtr res = xmlNewChild(root, NULL, (const xmlChar *)"resource", NULL);
    xmlNewProp(res, (const xmlChar *)"in", (const xmlChar *)resources[r]);
  }
  for (const char *const *s = __start_upcr_mir_sir; s < __stop_upcr_mir_sir;
       ++s) {
    /* Written by upc-instrument; read without network or DTD all the
     * same. */
    xmlDocPtr doc = xmlReadMemory(*s, (int)strlen(*s), "sir.xml", NULL,
                                  XML_PARSE_NONET | XML_PARSE_NOBLANKS);
    xmlNodePtr sir = doc ? xmlDocGetRootElement(doc) : NULL;
    for (xmlNodePtr f = sir ? sir->children : NULL; f; f = f->next) {
      if (f->type != XML_ELEMENT_NODE ||
          strcmp((const char *)f->name, "file") != 0)
        continue;
      xmlChar *id = xmlGetProp(f, (const xmlChar *)"id");
      xmlChar *name = xmlGetProp(f, (const xmlChar *)"name");
      int wanted = 0, seen = 0;
      for (size_t r = 0; id && name && r < n; ++r)
        if (names_file(resources[r], (const char *)name))
          wanted = found[r] = 1;
      for (xmlNodePtr g = root->children; id && g; g = g->next) {
        xmlChar *other = xmlGetProp(g, (const xmlChar *)"id");
        seen |= other && xmlStrEqual(other, id);
        xmlFree(other);
      }
      if (wanted && !seen)
        xmlAddChild(root, xmlDocCopyNode(f, out, 1));
      xmlFree(id);
      xmlFree(name);
    }
    xmlFreeDoc(doc);
  }
  char *answer = NULL;
  for (size_t r = 0; r < n && !answer; ++r)
    if (!found[r]) {
      const char *parts[] = {"no file '", resources[r],
                             "' in this program's SIR (name a file as "
                             "compiled, or '*' for all of them)"};
      size_t len = strlen(parts[0]) + strlen(parts[1]) + strlen(parts[2]);
      char *message = malloc(len + 1);
      if (message) {
        strcat(strcat(strcpy(message, parts[0]), parts[1]), parts[2]);
        answer = sir_errors(message);
        free(message);
      }
    }
  if (!answer) {
    xmlChar *text = NULL;
    int size = 0;
    xmlDocDumpFormatMemoryEnc(out, &text, &size, "UTF-8", 1);
    answer = text ? strndup((const char *)text, (size_t)size) : NULL;
    xmlFree(text);
  }
  free(found);
  xmlFreeDoc(out);
  return answer;
}
