/*
 * trace_otf2.h - the OTF2 side of the trace tool (trace_otf2.c, built when
 * libotf2 was found; UPCGT_HAVE_OTF2). The converter in trace.c calls these
 * from one thread, location by location, after the program ran.
 */
#ifndef UPC_GASP_TRACE_OTF2_H
#define UPC_GASP_TRACE_OTF2_H

#include <stdint.h>

typedef struct upcgt_otf2 upcgt_otf2_t;

#ifdef UPCGT_HAVE_OTF2

/* Opens an archive for `threads` locations at `path` ("dir/name", a
 * trailing ".otf2" dropped: dir/name.otf2, dir/name.def, dir/name/).
 * Replaces an existing OTF2 archive of that name; refuses to touch a
 * directory that is not one. NULL (and a warning) on failure. */
upcgt_otf2_t *upcgt_otf2_open(const char *path, int threads);

/* The region of an event kind at a source position; `name` is what viewers
 * show (the event's name, a function's signature, a user event's name). */
uint32_t upcgt_otf2_region(upcgt_otf2_t *o, uint32_t tag, const char *name,
                           const char *file, int line, int col);

void upcgt_otf2_location_begin(upcgt_otf2_t *o, int thread);
void upcgt_otf2_enter(upcgt_otf2_t *o, uint64_t ts, uint32_t region);
void upcgt_otf2_leave(upcgt_otf2_t *o, uint64_t ts, uint32_t region);
/* A one-sided transfer to (put) or from (get) UPC thread `remote`, and its
 * completion. */
void upcgt_otf2_rma(upcgt_otf2_t *o, uint64_t ts, int is_put, uint32_t remote,
                    uint64_t bytes, uint64_t id);
void upcgt_otf2_rma_complete(upcgt_otf2_t *o, uint64_t ts, uint64_t id);
/* The location's RMA bytes in flight from ts on. */
void upcgt_otf2_in_flight(upcgt_otf2_t *o, uint64_t ts, uint64_t bytes);
void upcgt_otf2_location_end(upcgt_otf2_t *o);

/* Writes the definitions and closes; 0 on success. trace_end: the last
 * timestamp (ns since the program started). */
int upcgt_otf2_close(upcgt_otf2_t *o, uint64_t trace_end);

#else /* built without OTF2: nothing is ever opened */

static inline upcgt_otf2_t *upcgt_otf2_open(const char *path, int threads) {
  (void)path, (void)threads;
  return 0;
}
static inline uint32_t upcgt_otf2_region(upcgt_otf2_t *o, uint32_t tag,
                                         const char *name, const char *file,
                                         int line, int col) {
  (void)o, (void)tag, (void)name, (void)file, (void)line, (void)col;
  return 0;
}
static inline void upcgt_otf2_location_begin(upcgt_otf2_t *o, int thread) {
  (void)o, (void)thread;
}
static inline void upcgt_otf2_enter(upcgt_otf2_t *o, uint64_t ts,
                                    uint32_t region) {
  (void)o, (void)ts, (void)region;
}
static inline void upcgt_otf2_leave(upcgt_otf2_t *o, uint64_t ts,
                                    uint32_t region) {
  (void)o, (void)ts, (void)region;
}
static inline void upcgt_otf2_rma(upcgt_otf2_t *o, uint64_t ts, int is_put,
                                  uint32_t remote, uint64_t bytes,
                                  uint64_t id) {
  (void)o, (void)ts, (void)is_put, (void)remote, (void)bytes, (void)id;
}
static inline void upcgt_otf2_rma_complete(upcgt_otf2_t *o, uint64_t ts,
                                           uint64_t id) {
  (void)o, (void)ts, (void)id;
}
static inline void upcgt_otf2_in_flight(upcgt_otf2_t *o, uint64_t ts,
                                        uint64_t bytes) {
  (void)o, (void)ts, (void)bytes;
}
static inline void upcgt_otf2_location_end(upcgt_otf2_t *o) { (void)o; }
static inline int upcgt_otf2_close(upcgt_otf2_t *o, uint64_t trace_end) {
  (void)o, (void)trace_end;
  return 0;
}

#endif

#endif
