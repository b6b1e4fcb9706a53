/*
 * entities.c - the entities of MIR requests (sections 4 and 5) in this
 * program: whether an id names one, and which UPC threads an entity
 * element selects; what a probe measures and its tuples both rest on it.
 *
 * Entities: the site is the program ("0"); nodes are hosts, numbered in
 * the order of their first process; a process is named by the lowest UPC
 * thread it runs (0 for the one process of the pthreads backend, the rank
 * with MPI); threads are UPC threads (MYTHREAD).
 */
#define _GNU_SOURCE
#include "engine.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int mire_entity_exists(mir_level_t level, const char *id) {
  char *end;
  errno = 0;
  long v = strtol(id, &end, 10);
  if (*id == '\0' || *end != '\0' || errno || v < 0)
    return 0;
  switch (level) {
  case MIR_SITE:
    return v == 0;
  case MIR_NODE:
    return v < mire_nnodes();
  case MIR_PROCESS:
    return v < mire_threads && mire_process_of((int)v) == v;
  case MIR_THREAD:
    return v < mire_threads;
  default:
    return 0;
  }
}

/* Whether thread t belongs to entity (level, v). */
int mire_thread_in(int t, mir_level_t level, long v) {
  switch (level) {
  case MIR_SITE:
    return 1;
  case MIR_NODE:
    return mire_node_of(t) == v;
  case MIR_PROCESS:
    return mire_process_of(t) == v;
  case MIR_THREAD:
    return t == v;
  default:
    return 0;
  }
}

static int is_wildcard(const char *id) {
  return strcmp(id, "*") == 0 || strcmp(id, "?") == 0;
}

/* Appends "level 'id'" of each unknown entity below e to buf (used of
 * size); returns how many. */
static int list_unknown(const mir_entity_t *e, size_t n, char *buf,
                        size_t size, size_t *used) {
  int found = 0;
  for (size_t i = 0; i < n; ++i) {
    if (!is_wildcard(e[i].id) && !mire_entity_exists(e[i].level, e[i].id)) {
      if (*used < size) {
        int w = snprintf(buf + *used, size - *used, "%s%s '%s'",
                         *used ? ", " : "", mir_level_name(e[i].level),
                         e[i].id);
        *used += w > 0 ? (size_t)w : 0;
      }
      ++found;
      continue; /* what it encloses selects nothing either */
    }
    found += list_unknown(e[i].children, e[i].nchildren, buf, size, used);
  }
  return found;
}

/* The explicit ids of the entity elements that do not exist, every one of
 * them, as an error message in buf; 0 when all exist. */
int mire_check_entities(const mir_entity_t *e, size_t n, char *buf,
                        size_t size) {
  char list[768];
  size_t used = 0;
  list[0] = '\0';
  int found = list_unknown(e, n, list, sizeof list, &used);
  if (!found)
    return 0;
  snprintf(buf, size, "no %s in this program (ids are those of a snapshot: "
           "snapshotreq)", list);
  return -1;
}

/* Marks in measures the threads that entity elements e select within the
 * threads set in allowed. */
void mire_select_threads(const mir_entity_t *e, size_t n,
                         const unsigned char *allowed,
                         unsigned char *measures) {
  unsigned char *inner = malloc((size_t)mire_threads);
  if (!inner)
    return;
  for (size_t i = 0; i < n; ++i) {
    int wild = is_wildcard(e[i].id);
    /* An entity that does not exist selects nothing, nor do the elements
     * inside it. */
    if (!wild && !mire_entity_exists(e[i].level, e[i].id))
      continue;
    long v = wild ? -1 : strtol(e[i].id, NULL, 10);
    for (int t = 0; t < mire_threads; ++t)
      inner[t] = allowed[t] && (wild || mire_thread_in(t, e[i].level, v));
    if (e[i].nchildren)
      mire_select_threads(e[i].children, e[i].nchildren, inner, measures);
    else
      for (int t = 0; t < mire_threads; ++t)
        measures[t] |= inner[t];
  }
  free(inner);
}
