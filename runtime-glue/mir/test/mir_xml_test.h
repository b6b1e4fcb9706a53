/*
 * mir_xml_test.h - what the files of mir_xml_test share: the groups (one
 * file each, run by mir_xml_test.c) and the checks they use
 * (mir_xml_test_check.c). A failed check prints the file and line of the
 * check in its group and counts in failures.
 */
#ifndef UPC_MIR_XML_TEST_H
#define UPC_MIR_XML_TEST_H

#include <stddef.h>

#include "mir_document.h"
#include "mir_request.h"

/* The groups: mir_xml_test_GROUP.c. */
void test_requests(void);
void test_errors(void);
void test_erratic(void);
void test_measurement(void);
void test_documents(void);

/* The checks: mir_xml_test_check.c. */
extern int failures;
extern const char *out_dir;

#define ALL                                                                    \
  ((1u << MIR_INSTRREQ) | (1u << MIR_CTRLREQ) | (1u << MIR_SNAPSHOTREQ))
#define INSTR (1u << MIR_INSTRREQ)
#define CTRL (1u << MIR_CTRLREQ)
#define SNAP (1u << MIR_SNAPSHOTREQ)

void fail(const char *file, int line, const char *fmt, const char *a,
          const char *b);

#define CHECK(cond)                                                            \
  do {                                                                         \
    if (!(cond))                                                               \
      fail(__FILE__, __LINE__, "check failed: %s%s", #cond, "");               \
  } while (0)

#define CHECK_STR(got, want) check_str(__FILE__, __LINE__, #got, (got), (want))

void check_str(const char *file, int line, const char *what, const char *got,
               const char *want);

/* '*' matches any text (newlines too). */
int glob_match(const char *p, const char *s);

/* Requests. */

typedef struct {
  char text[16384];
} diags_t;

/* A mir_diag_fn appending to a diags_t. */
void collect(void *arg, const char *severity, unsigned line, unsigned column,
             const char *message);

int parse_ok_at(const char *file, int line, const char *name, const char *text,
                unsigned kinds, mir_request_t *req, const char *want);
#define PARSE_OK(name, text, kinds, req, want)                                 \
  parse_ok_at(__FILE__, __LINE__, name, text, kinds, req, want)

void parse_fails_at(const char *file, int line, const char *name,
                    const char *text, unsigned kinds, const char *want);
#define PARSE_FAILS(name, text, kinds, want)                                   \
  parse_fails_at(__FILE__, __LINE__, name, text, kinds, want)

void check_entity(const char *file, int line, const mir_entity_t *e,
                  mir_level_t level, const char *id, unsigned eline,
                  size_t nchildren);
#define CHECK_ENTITY(e, level, id, line, n)                                    \
  check_entity(__FILE__, __LINE__, e, level, id, line, n)

/* The catalog as mir_metrics.def lists it, for the unknown-metric error. */
extern const char catalog[];

/* Documents. */

#define XML_DECL "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
#define N(array) (sizeof(array) / sizeof *(array))

void check_document_at(const char *file, int line, const char *name, char *doc,
                       const char *want);
#define CHECK_DOCUMENT(name, doc, want)                                        \
  check_document_at(__FILE__, __LINE__, name, doc, want)

#endif
