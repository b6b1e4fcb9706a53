/*
 * mir_document.c - the documents of the MIR engine: measurement (MIR,
 * section 6), snapshot (section 3), probe (section 4) and errors
 * (section 7), written by libxml2's text writer into memory: UTF-8,
 * indented by two spaces, the XML declaration first, a newline last.
 *
 * Strings from the program (identifiers, names, stack frames, messages)
 * may hold anything; what XML 1.0 cannot carry (control characters,
 * malformed UTF-8) is written as '?', so that every document is
 * well-formed.
 */
#include "mir_document.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <libxml/xmlwriter.h>

/* ------------------------------------------------------------------------
 * Writing
 * ------------------------------------------------------------------------ */

typedef struct {
  xmlBufferPtr buf;
  xmlTextWriterPtr w;
  int failed;
  char *scratch; /* sanitize()'s buffer */
  size_t scratch_size;
} doc_t;

static int doc_begin(doc_t *d) {
  memset(d, 0, sizeof *d);
  d->buf = xmlBufferCreate();
  d->w = d->buf ? xmlNewTextWriterMemory(d->buf, 0) : NULL;
  if (!d->w || xmlTextWriterSetIndent(d->w, 1) < 0 ||
      xmlTextWriterSetIndentString(d->w, (const xmlChar *)"  ") < 0 ||
      xmlTextWriterStartDocument(d->w, NULL, "UTF-8", NULL) < 0)
    d->failed = 1;
  return d->failed ? -1 : 0;
}

/* The document, malloc'ed, ending with exactly one newline; NULL when
 * something failed (memory). */
static char *doc_end(doc_t *d) {
  char *out = NULL;
  if (d->w) {
    if (!d->failed && xmlTextWriterEndDocument(d->w) < 0)
      d->failed = 1;
    xmlFreeTextWriter(d->w); /* flushes into buf */
  }
  if (!d->failed && d->buf) {
    const char *text = (const char *)xmlBufferContent(d->buf);
    size_t n = (size_t)xmlBufferLength(d->buf);
    while (n > 0 && text[n - 1] == '\n')
      n--;
    out = malloc(n + 2);
    if (out) {
      memcpy(out, text, n);
      out[n] = '\n';
      out[n + 1] = '\0';
    }
  }
  if (d->buf)
    xmlBufferFree(d->buf);
  free(d->scratch);
  return out;
}

/* The length of the UTF-8 sequence of a character XML 1.0 allows at s
 * (Char: #x9 | #xA | #xD | [#x20-#xD7FF] | [#xE000-#xFFFD] |
 * [#x10000-#x10FFFF]), or 0. */
static size_t xml_char(const unsigned char *s) {
  unsigned c = s[0];
  if (c < 0x80)
    return c >= 0x20 || c == '\t' || c == '\n' || c == '\r' ? 1 : 0;
  size_t n;
  unsigned cp;
  if (c >= 0xc2 && c <= 0xdf) {
    n = 2;
    cp = c & 0x1f;
  } else if (c >= 0xe0 && c <= 0xef) {
    n = 3;
    cp = c & 0x0f;
  } else if (c >= 0xf0 && c <= 0xf4) {
    n = 4;
    cp = c & 0x07;
  } else {
    return 0;
  }
  for (size_t i = 1; i < n; i++) {
    if ((s[i] & 0xc0) != 0x80)
      return 0;
    cp = (cp << 6) | (s[i] & 0x3f);
  }
  if ((n == 3 && cp < 0x800) || (n == 4 && (cp < 0x10000 || cp > 0x10ffff)))
    return 0; /* overlong or beyond Unicode */
  if ((cp >= 0xd800 && cp <= 0xdfff) || cp == 0xfffe || cp == 0xffff)
    return 0;
  return n;
}

/* s, or a copy of it with what XML cannot carry replaced by '?'. */
static const char *sanitize(doc_t *d, const char *s) {
  if (!s)
    return "";
  const unsigned char *u = (const unsigned char *)s;
  size_t i = 0, n;
  while (u[i] && (n = xml_char(u + i)) > 0)
    i += n;
  if (!u[i])
    return s;
  size_t len = strlen(s);
  if (d->scratch_size < len + 1) {
    char *grown = realloc(d->scratch, len + 1);
    if (!grown) {
      d->failed = 1;
      return "";
    }
    d->scratch = grown;
    d->scratch_size = len + 1;
  }
  size_t o = 0;
  for (i = 0; u[i];) {
    n = xml_char(u + i);
    if (n == 0) {
      d->scratch[o++] = '?';
      i++;
    } else {
      memcpy(d->scratch + o, u + i, n);
      o += n;
      i += n;
    }
  }
  d->scratch[o] = '\0';
  return d->scratch;
}

static void start(doc_t *d, const char *name) {
  if (!d->failed && xmlTextWriterStartElement(d->w, (const xmlChar *)name) < 0)
    d->failed = 1;
}

static void end(doc_t *d) {
  if (!d->failed && xmlTextWriterEndElement(d->w) < 0)
    d->failed = 1;
}

static void attribute(doc_t *d, const char *name, const char *value) {
  if (d->failed)
    return;
  value = sanitize(d, value);
  if (!d->failed && xmlTextWriterWriteAttribute(d->w, (const xmlChar *)name,
                                                (const xmlChar *)value) < 0)
    d->failed = 1;
}

static void text_element(doc_t *d, const char *name, const char *text) {
  if (d->failed)
    return;
  text = sanitize(d, text);
  if (!d->failed && xmlTextWriterWriteElement(d->w, (const xmlChar *)name,
                                              (const xmlChar *)text) < 0)
    d->failed = 1;
}

/* ------------------------------------------------------------------------
 * Measurement (MIR, section 6)
 * ------------------------------------------------------------------------ */

/* Attribute positions: 0 is probeId, 1 + level the entities'. */
#define POSITIONS (1 + MIR_LEVELS)

static const char *const attribute_names[POSITIONS] = {
    "probeId", "siteId", "nodeId", "communicatorId", "processId", "threadId"};

static int same_id(const char *a, const char *b) {
  return a == b || (a && b && strcmp(a, b) == 0);
}

static int is_number(const char *s) {
  if (!*s)
    return 0;
  for (; *s; s++)
    if (*s < '0' || *s > '9')
      return 0;
  return 1;
}

/* Two decimal numbers of any length, by value. */
static int compare_numbers(const char *a, const char *b) {
  while (*a == '0' && a[1])
    a++;
  while (*b == '0' && b[1])
    b++;
  size_t la = strlen(a), lb = strlen(b);
  if (la != lb)
    return la < lb ? -1 : 1;
  return strcmp(a, b);
}

static int sign(int c) { return (c > 0) - (c < 0); }

/* Ids of one level: equal ids are equal whatever selected them; else the
 * entity named first in the last defining request first, those that
 * "*" or "?" selected after (the section leaves their order open): by
 * number when both are numbers, numbers before other ids (so that the
 * order is total), others by strcmp. A null id first. */
static int compare_level(const char *x, unsigned ox, const char *y,
                         unsigned oy) {
  if (same_id(x, y))
    return 0;
  if (ox != oy)
    return ox < oy ? -1 : 1;
  if (!x)
    return -1;
  if (!y)
    return 1;
  int nx = is_number(x), ny = is_number(y);
  if (nx != ny)
    return nx ? -1 : 1;
  if (nx) {
    int c = compare_numbers(x, y);
    if (c)
      return c;
  }
  return sign(strcmp(x, y));
}

/* Sorting (MIR, section 6, step 2): the probe, then site, node,
 * communicator, process and thread, then the metric. */
static int compare_tuples(const mir_tuple_t *a, const mir_tuple_t *b) {
  if (!same_id(a->probe, b->probe)) {
    if (a->probe_order != b->probe_order)
      return a->probe_order < b->probe_order ? -1 : 1;
    if (!a->probe)
      return -1;
    if (!b->probe)
      return 1;
    return sign(strcmp(a->probe, b->probe));
  }
  for (int l = 0; l < MIR_LEVELS; l++) {
    int c = compare_level(a->ids[l], a->order[l], b->ids[l], b->order[l]);
    if (c)
      return c;
  }
  if (a->metric_order != b->metric_order)
    return a->metric_order < b->metric_order ? -1 : 1;
  return 0;
}

/* A stable merge sort: tuples that compare equal keep the caller's
 * order. */
static void sort_tuples(mir_tuple_t *t, mir_tuple_t *tmp, size_t n) {
  if (n < 2)
    return;
  size_t h = n / 2;
  sort_tuples(t, tmp, h);
  sort_tuples(t + h, tmp, n - h);
  size_t i = 0, j = h, o = 0;
  while (i < h && j < n)
    tmp[o++] = compare_tuples(&t[j], &t[i]) < 0 ? t[j++] : t[i++];
  while (i < h)
    tmp[o++] = t[i++];
  while (j < n)
    tmp[o++] = t[j++];
  memcpy(t, tmp, n * sizeof *t);
}

/* The id of attribute k that compression and merging see. With one probe
 * in the document probeId is removed from every element (MIR, section 6,
 * step 3), and nothing is merged by it: gathering all the elements is the
 * root step's job. Entity ids are merged by whether compression removed
 * them or not (the example's communicator c1). */
static const char *id_at(const mir_tuple_t *t, int k, int several) {
  return k == 0 ? (several ? t->probe : NULL) : t->ids[k - 1];
}

/* Whether compression keeps attribute k: probeId when the document holds
 * several probes, an entity's id as the tuple says; a null id never. */
static int kept(const mir_tuple_t *t, int k, int several) {
  if (!id_at(t, k, several))
    return 0;
  return k == 0 || t->keep[k - 1] != 0;
}

/* The end of the run of tuples from i on with tuple i's id at k. */
static size_t run_end(const mir_tuple_t *t, size_t i, size_t hi, int k,
                      int several) {
  size_t j = i + 1;
  while (j < hi && same_id(id_at(&t[j], k, several), id_at(&t[i], k, several)))
    j++;
  return j;
}

/* How many elements the merging step leaves at the top of t[lo..hi) from
 * attribute k on. */
static size_t count_elements(const mir_tuple_t *t, size_t lo, size_t hi, int k,
                             int several) {
  if (k == POSITIONS)
    return hi - lo;
  size_t n = 0;
  for (size_t i = lo; i < hi;) {
    size_t j = run_end(t, i, hi, k, several);
    n += id_at(&t[i], k, several) && j - i > 1
             ? 1
             : count_elements(t, i, j, k + 1, several);
    i = j;
  }
  return n;
}

/* Plain decimal text of v (MIR, section 9 types value as decimal): exact
 * digits for integers below 2^53; otherwise the 15 significant digits of
 * %.15g when they read back as v, else 17, written without exponent. */
static void format_value(double v, char *out, size_t size) {
  if (isnan(v)) {
    snprintf(out, size, "NaN");
    return;
  }
  if (isinf(v)) {
    snprintf(out, size, v < 0 ? "-INF" : "INF");
    return;
  }
  if (v == 0) {
    snprintf(out, size, "0"); /* -0 too */
    return;
  }
  if ((v < 0 ? -v : v) < 9007199254740992.0 && v == (double)(long long)v) {
    snprintf(out, size, "%.0f", v);
    return;
  }
  char e[64];
  snprintf(e, sizeof e, "%.14e", v);
  if (strtod(e, NULL) != v)
    snprintf(e, sizeof e, "%.16e", v);
  /* e is [-]d.ddd...e[+-]x: the digits, then the exponent (whatever the
   * locale's decimal point). */
  char digits[32];
  size_t nd = 0;
  const char *p = e;
  int negative = *p == '-';
  if (negative)
    p++;
  for (; *p && *p != 'e' && *p != 'E'; p++)
    if (*p >= '0' && *p <= '9' && nd < sizeof digits - 1)
      digits[nd++] = *p;
  long exponent = *p ? strtol(p + 1, NULL, 10) : 0;
  while (nd > 1 && digits[nd - 1] == '0')
    nd--;
  digits[nd] = '\0';
  /* The value is 0.digits times 10^(exponent + 1). */
  long point = exponent + 1;
  size_t o = 0;
#define PUT(c)                                                                 \
  do {                                                                         \
    if (o + 1 < size)                                                          \
      out[o++] = (c);                                                          \
  } while (0)
  if (negative)
    PUT('-');
  if (point <= 0) {
    PUT('0');
    PUT('.');
    for (long i = 0; i < -point; i++)
      PUT('0');
    for (size_t i = 0; i < nd; i++)
      PUT(digits[i]);
  } else {
    for (long i = 0; i < point || (size_t)i < nd; i++) {
      if (i == point)
        PUT('.');
      PUT((size_t)i < nd ? digits[i] : '0');
    }
  }
#undef PUT
  out[o] = '\0';
}

/* Writes t[lo..hi) from attribute k on (MIR, section 6, step 3's
 * merging): a run of n > 1 tuples with the same non-null id at k becomes
 * one element, with that id if it is kept, holding the run; a single
 * tuple, or tuples without id at k, go on to the next attribute. merged
 * says which attributes enclosing elements already carry. Grouping is by
 * the ids even where compression removed the attribute: the group then
 * has no attribute (section 6's example, communicator c1). */
static void write_elements(doc_t *d, const mir_tuple_t *t, size_t lo, size_t hi,
                           int k, unsigned merged, int several) {
  if (k == POSITIONS) {
    for (size_t i = lo; i < hi; i++) {
      start(d, "measurement");
      for (int a = 0; a < POSITIONS; a++)
        if (!(merged & (1u << a)) && kept(&t[i], a, several))
          attribute(d, attribute_names[a], id_at(&t[i], a, several));
      char value[400];
      format_value(t[i].value, value, sizeof value);
      attribute(d, "value", value);
      end(d);
    }
    return;
  }
  for (size_t i = lo; i < hi;) {
    size_t j = run_end(t, i, hi, k, several);
    if (id_at(&t[i], k, several) && j - i > 1) {
      start(d, "measurement");
      if (kept(&t[i], k, several))
        attribute(d, attribute_names[k], id_at(&t[i], k, several));
      write_elements(d, t, i, j, k + 1, merged | 1u << k, several);
      end(d);
    } else {
      write_elements(d, t, i, j, k + 1, merged, several);
    }
    i = j;
  }
}

/* Section 6's example wraps the single measurement of communicator c2 in
 * an element of its own; its algorithm merges n > 1 elements only, which
 * is what is written here: <measurement processId="p3" value="5"/>
 * directly under the root. Its example also lists p2 before p1, which "*"
 * selected: their order is left open; here it is p1, p2. */
char *mir_measurement_document(mir_tuple_t *tuples, size_t n) {
  if (n > 0) {
    mir_tuple_t *tmp = malloc(n * sizeof *tmp);
    if (!tmp)
      return NULL;
    sort_tuples(tuples, tmp, n);
    free(tmp);
  }
  int several = 0;
  for (size_t i = 1; i < n; i++)
    several |= !same_id(tuples[i].probe, tuples[0].probe);

  doc_t d;
  doc_begin(&d);
  size_t top = count_elements(tuples, 0, n, 0, several);
  if (top != 1)
    start(&d, "measurement"); /* the root, or the empty document */
  write_elements(&d, tuples, 0, n, 0, 0, several);
  if (top != 1)
    end(&d);
  return doc_end(&d);
}

/* ------------------------------------------------------------------------
 * Snapshot (MIR, section 3), probe (section 4), errors (section 7)
 * ------------------------------------------------------------------------ */

/* The children of an entity that the snapshot's DTD lets it hold, in its
 * order: levels below the parent's, level by level (the caller's order
 * within a level). A site holds nodes or, when it has none,
 * communicators, processes and threads; a communicator only processes. */
static int allowed(int parent, const mir_snapshot_entity_t *children, size_t n,
                   int level) {
  if (parent < 0)
    return 1;
  if (level <= parent)
    return 0;
  if (parent == MIR_COMMUNICATOR)
    return level == MIR_PROCESS;
  if (parent == MIR_SITE) {
    int nodes = 0;
    for (size_t i = 0; i < n; i++)
      nodes |= children[i].level == MIR_NODE;
    return nodes ? level == MIR_NODE : level != MIR_NODE;
  }
  return 1;
}

static void write_entities(doc_t *d, int parent, const mir_snapshot_entity_t *e,
                           size_t n);

static void write_entity(doc_t *d, const mir_snapshot_entity_t *e) {
  start(d, mir_level_name(e->level));
  attribute(d, "id", e->id);
  if (e->name)
    attribute(d, "name", e->name);
  if (e->level == MIR_THREAD && e->master >= 0)
    attribute(d, "master", e->master ? "true" : "false");
  write_entities(d, (int)e->level, e->children, e->nchildren);
  /* Stacks: a thread's, or a process's that has no thread. */
  int threads = 0;
  for (size_t i = 0; i < e->nchildren; i++)
    threads |= e->children[i].level == MIR_THREAD;
  if (e->level == MIR_THREAD || (e->level == MIR_PROCESS && !threads))
    for (size_t i = 0; i < e->nstack; i++)
      text_element(d, "stack", e->stack[i]);
  end(d);
}

static void write_entities(doc_t *d, int parent, const mir_snapshot_entity_t *e,
                           size_t n) {
  for (int level = 0; level < MIR_LEVELS; level++) {
    if (!allowed(parent, e, n, level))
      continue;
    for (size_t i = 0; i < n; i++)
      if ((int)e[i].level == level)
        write_entity(d, &e[i]);
  }
}

char *mir_snapshot_document(const mir_snapshot_entity_t *entities, size_t n) {
  doc_t d;
  doc_begin(&d);
  start(&d, "snapshot");
  write_entities(&d, -1, entities, n);
  end(&d);
  return doc_end(&d);
}

char *mir_probe_document(const char *id) {
  doc_t d;
  doc_begin(&d);
  start(&d, "probe");
  attribute(&d, "id", id);
  end(&d);
  return doc_end(&d);
}

/* errors.dtd requires an error: none given writes "unspecified error". */
char *mir_errors_document(const char *const *messages, size_t n) {
  doc_t d;
  doc_begin(&d);
  start(&d, "errors");
  for (size_t i = 0; i < n; i++)
    text_element(&d, "error", messages[i]);
  if (n == 0)
    text_element(&d, "error", "unspecified error");
  end(&d);
  return doc_end(&d);
}
