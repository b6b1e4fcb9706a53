/*
 * mir_request_values.c - small readers of the MIR request reader: element
 * names, attribute values, XML Schema integers and booleans, and the local
 * path a destination names (a file: URI on this host or a plain path, by
 * libxml2's URI parser). Apart so that the checks before and after
 * validation share them.
 */
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <libxml/tree.h>
#include <libxml/uri.h>
#include <libxml/xmlstring.h>

#include "mir_request_internal.h"

int mir_req_is_element(const xmlNode *n, const char *name) {
  return n && n->type == XML_ELEMENT_NODE && !n->ns &&
         strcmp((const char *)n->name, name) == 0;
}

/* The attribute's value, malloc'ed; NULL when absent (or out of memory,
 * then r->oom is set). */
char *mir_req_attribute(reader_t *r, xmlNodePtr n, const char *name) {
  xmlChar *v = xmlGetNoNsProp(n, (const xmlChar *)name);
  if (!v)
    return NULL;
  char *s = mir_req_dup_string(r, (const char *)v);
  xmlFree(v);
  return s;
}

static int is_blank(char c) {
  return c == ' ' || c == '\t' || c == '\n' || c == '\r';
}

/* An integer as XML Schema writes one (MIR, section 9 types these
 * attributes as integers): blanks around an optional sign and decimal
 * digits. 0 and *value, or -1. */
int mir_req_parse_integer(const char *s, long *value) {
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

int mir_req_parse_boolean(const char *s) {
  return s ? strcmp(s, "true") == 0 : -1;
}

/* The local path a destination names: a file: URI's path (on this host),
 * or a plain path (anything that is not a URI with a scheme), as libxml2's
 * URI parser reads RFC 2396. Relative paths stay relative. NULL with *why
 * set otherwise. */
char *mir_req_destination_path(reader_t *r, const char *reference, char *why,
                               size_t size) {
  if (!*reference) {
    snprintf(why, size, "the destination is empty");
    return NULL;
  }
  /* Room for a delivery's number and the temporary file's suffix: a
   * destination that cannot be written whole is refused, never cut. */
  if (strlen(reference) > MIR_MAX_DESTINATION) {
    snprintf(why, size, "the destination is too long (%zu bytes, at most %u)",
             strlen(reference), MIR_MAX_DESTINATION);
    return NULL;
  }
  xmlURIPtr uri = xmlParseURI(reference);
  if (!uri || !uri->scheme) {
    /* Not a URI (a path with a space, say), or one without scheme. */
    xmlFreeURI(uri);
    return mir_req_dup_string(r, reference);
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
    path = mir_req_dup_string(r, unescaped ? unescaped : uri->path);
    xmlFree(unescaped);
  }
  xmlFreeURI(uri);
  return path;
}
