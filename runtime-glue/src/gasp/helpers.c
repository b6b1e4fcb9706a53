/*
 * helpers.c - the helpers gasp_upc.h offers tool writers: reading the
 * pointers-to-shared and locks passed with events, the calling thread, and
 * the symbolic names of events.
 */
#include <string.h>

#include "core/internal.h"
#include "gasp/gasp_internal.h"

/* Every gasp_upc_PTS_t * and gasp_upc_lock_t * the runtime passes is the
 * address of a upcr_shared_ptr_t (wrappers.c, upcr_gasp.h). */
static const upcr_shared_ptr_t *pts_of(const gasp_upc_PTS_t *pts) {
  return (const upcr_shared_ptr_t *)pts;
}

int gasp_upc_pts_thread(const gasp_upc_PTS_t *pts) {
  return (int)pts_of(pts)->thread;
}

size_t gasp_upc_pts_phase(const gasp_upc_PTS_t *pts) {
  return (size_t)pts_of(pts)->phase;
}

size_t gasp_upc_pts_addrfield(const gasp_upc_PTS_t *pts) {
  return (size_t)pts_of(pts)->offset;
}

void *gasp_upc_pts_local_address(const gasp_upc_PTS_t *pts) {
  const upcr_shared_ptr_t *p = pts_of(pts);
  if (p->offset == 0 && p->thread == 0)
    return NULL; /* the null pointer-to-shared */
  /* Not upcr_shared_to_local: a tool asks, it has not made a UPC cast, so
   * memory this process cannot address is an answer, not an error. */
  if (!upcri_segment_base || p->thread >= (upcr_thread_t)upcri_threads)
    return NULL;
  char *base = upcri_segment_base[p->thread];
  return base ? base + p->offset : NULL;
}

int gasp_upc_mythread(void) { return upcri_mythread; }
int gasp_upc_threads(void) { return upcri_threads; }

/* Every event gasp_upc.h defines, from the event table
 * (runtime-glue/gasp-events). */
static const struct {
  unsigned int tag;
  const char *name;
} events[] = {
#define GASP_EVENT(NAME, CATEGORY, OTF2_ROLE) {NAME, #NAME},
#include "gasp_events.def"
};

const char *gasp_upc_event_name(unsigned int evttag) {
  for (size_t i = 0; i < sizeof events / sizeof *events; ++i)
    if (events[i].tag == evttag)
      return events[i].name;
  return NULL;
}

unsigned int gasp_upc_event_tag(const char *name, int *found) {
  if (name)
    for (size_t i = 0; i < sizeof events / sizeof *events; ++i)
      if (!strcmp(events[i].name, name)) {
        if (found)
          *found = 1;
        return events[i].tag;
      }
  if (found)
    *found = 0;
  return 0;
}
