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

/* Every event gasp_upc.h defines (runtime.gasp_names checks the list
 * against the header). */
#define EVENT(NAME) {NAME, #NAME}
static const struct {
  unsigned int tag;
  const char *name;
} events[] = {
    EVENT(GASP_C_FUNC),
    EVENT(GASP_C_MALLOC),
    EVENT(GASP_C_REALLOC),
    EVENT(GASP_C_FREE),
    EVENT(GASP_UPC_COLLECTIVE_EXIT),
    EVENT(GASP_UPC_NONCOLLECTIVE_EXIT),
    EVENT(GASP_UPC_NOTIFY),
    EVENT(GASP_UPC_WAIT),
    EVENT(GASP_UPC_BARRIER),
    EVENT(GASP_UPC_FENCE),
    EVENT(GASP_UPC_FORALL),
    EVENT(GASP_UPC_GLOBAL_ALLOC),
    EVENT(GASP_UPC_ALL_ALLOC),
    EVENT(GASP_UPC_ALLOC),
    EVENT(GASP_UPC_FREE),
    EVENT(GASP_UPC_GLOBAL_LOCK_ALLOC),
    EVENT(GASP_UPC_ALL_LOCK_ALLOC),
    EVENT(GASP_UPC_LOCK_FREE),
    EVENT(GASP_UPC_LOCK),
    EVENT(GASP_UPC_LOCK_ATTEMPT),
    EVENT(GASP_UPC_UNLOCK),
    EVENT(GASP_UPC_MEMCPY),
    EVENT(GASP_UPC_MEMGET),
    EVENT(GASP_UPC_MEMPUT),
    EVENT(GASP_UPC_MEMSET),
    EVENT(GASP_UPC_GET),
    EVENT(GASP_UPC_PUT),
    EVENT(GASP_UPC_ALL_BROADCAST),
    EVENT(GASP_UPC_ALL_SCATTER),
    EVENT(GASP_UPC_ALL_GATHER),
    EVENT(GASP_UPC_ALL_GATHER_ALL),
    EVENT(GASP_UPC_ALL_EXCHANGE),
    EVENT(GASP_UPC_ALL_PERMUTE),
    EVENT(GASP_UPC_ALL_REDUCE),
    EVENT(GASP_UPC_ALL_PREFIX_REDUCE),
    EVENT(GASP_UPCI_ALL_FREE),
    EVENT(GASP_UPCI_ALL_LOCK_FREE),
    EVENT(GASP_UPC_NB_GET_INIT),
    EVENT(GASP_UPC_NB_PUT_INIT),
    EVENT(GASP_UPC_NB_SYNC),
    EVENT(GASP_UPCI_NB_MEMCPY_INIT),
    EVENT(GASP_UPCI_NB_MEMSET_INIT),
    EVENT(GASP_UPCI_NB_SYNC_ATTEMPT),
    EVENT(GASP_UPC_ATOMIC_DOMAIN_ALLOC),
    EVENT(GASP_UPC_ATOMIC_DOMAIN_FREE),
    EVENT(GASP_UPC_ATOMIC),
};
#undef EVENT

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
