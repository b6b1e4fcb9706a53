/*
 * upcr_mir.h - the probes of MIR instrumentation requests (Monitoring and
 * Instrumentation Requests, section 4) in translated C. upc-instrument
 * --mir-request places each probe around the statements of its region:
 *
 *   UPCR_MIR_PROBE_DEFINE(upcri_mir_probe_ID, "ID", "from", "to", line,
 *                         column, "<instrreq>...", ...);    (file scope)
 *   { UPCR_MIR_REGION(upcri_mir_probe_ID); statements }
 *
 * upc-instrument --mir-dormant defines a dormant site on each region instead,
 * with no request: the engine binds a probe to it when an instrumentation
 * request naming the region reaches the running program, and finds the
 * SIR of each object in the section upcr_mir_sir:
 *
 *   UPCR_MIR_SITE_DEFINE(upcri_mir_site_N, "REGION-ID", line, column);
 *   UPCR_MIR_SIR_DEFINE("<sir ...>...</sir>");
 *
 * The definition puts a pointer to the probe in the section
 * upcr_mir_probes, where the MIR engine (runtime-glue/src/mir, linked by
 * --mir-request) finds every probe of the program at start-up and reads
 * its requests: the defaults-only requests that preceded it, then its own.
 * The region's cleanup ends the measurement however the block is left.
 *
 * An inactive probe costs a relaxed load, a branch, and the cleanup's
 * test (bench/mir measures it).
 */
#ifndef UPCR_MIR_H
#define UPCR_MIR_H

#ifdef __cplusplus
extern "C" {
#endif

typedef struct upcr_mir_probe {
  int active; /* measuring: set by the engine (relaxed atomics) */
  const char *id, *from, *to;
  int line, column; /* where the region starts in the UPC source */
  const char *const *requests; /* NULL-terminated; NULL: a dormant site */
  void *engine; /* the engine's record of the probe (atomic: a dormant
                   site's is set while the program runs) */
} upcr_mir_probe_t;

/* The state of one execution of a region on the calling thread. */
typedef struct upcr_mir_frame {
  upcr_mir_probe_t *probe; /* NULL: not measuring */
  unsigned slot;           /* the engine's */
} upcr_mir_frame_t;

void upcri_mir_begin(upcr_mir_probe_t *probe, upcr_mir_frame_t *frame);
void upcri_mir_end(upcr_mir_frame_t *frame);

static inline void upcri_mir_cleanup(upcr_mir_frame_t *frame) {
  if (__builtin_expect(frame->probe != 0, 0))
    upcri_mir_end(frame);
}

#define UPCR_MIR_PROBE_DEFINE(NAME, ID, FROM, TO, LINE, COLUMN, ...)          \
  static const char *const NAME##_requests_[] = {__VA_ARGS__, 0};             \
  static upcr_mir_probe_t NAME = {0,    ID,     FROM,               TO,       \
                                  LINE, COLUMN, NAME##_requests_, 0};         \
  static upcr_mir_probe_t *const NAME##_entry_                                 \
      __attribute__((__used__, __section__("upcr_mir_probes"))) = &NAME

#define UPCR_MIR_SITE_DEFINE(NAME, ID, LINE, COLUMN)                           \
  static upcr_mir_probe_t NAME = {0, ID, ID, ID, LINE, COLUMN, 0, 0};          \
  static upcr_mir_probe_t *const NAME##_entry_                                 \
      __attribute__((__used__, __section__("upcr_mir_probes"))) = &NAME

#define UPCR_MIR_SIR_DEFINE(TEXT)                                              \
  static const char *const upcri_mir_sir_                                      \
      __attribute__((__used__, __section__("upcr_mir_sir"))) = TEXT

#define UPCRI_MIR_CAT2(a, b) a##b
#define UPCRI_MIR_CAT(a, b) UPCRI_MIR_CAT2(a, b)
#define UPCRI_MIR_REGION_N(P, N)                                               \
  upcr_mir_frame_t UPCRI_MIR_CAT(upcri_mir_frame_, N)                          \
      __attribute__((__cleanup__(upcri_mir_cleanup))) = {0, 0};                \
  if (__builtin_expect(__atomic_load_n(&(P).active, __ATOMIC_RELAXED), 0))     \
    upcri_mir_begin(&(P), &UPCRI_MIR_CAT(upcri_mir_frame_, N))
#define UPCR_MIR_REGION(P) UPCRI_MIR_REGION_N(P, __COUNTER__)

#ifdef __cplusplus
}
#endif

#endif
