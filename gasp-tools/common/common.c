/*
 * common.c - clock, user event registry, event names, environment,
 * messages, output paths and small text helpers shared by the GASP tools
 * (the messages and paths ask context.c's registry which threads run here).
 */
#ifndef _GNU_SOURCE
#define _GNU_SOURCE
#endif
#include <pthread.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <time.h>

#include "gasp_tools.h"

/* ------------------------------------------------------------------------
 * Clock
 * ------------------------------------------------------------------------ */

static uint64_t start_ns, start_realtime_ns;

static uint64_t clock_ns(clockid_t id) {
  struct timespec ts;
  clock_gettime(id, &ts);
  return (uint64_t)ts.tv_sec * 1000000000u + (uint64_t)ts.tv_nsec;
}

/* Runs when the program starts (the tool's objects are linked in because
 * the runtime calls gasp_init), before any UPC thread exists. */
__attribute__((__constructor__)) static void upcgt_clock_init(void) {
  start_ns = clock_ns(CLOCK_MONOTONIC);
  start_realtime_ns = clock_ns(CLOCK_REALTIME);
}

uint64_t upcgt_now_ns(void) { return clock_ns(CLOCK_MONOTONIC) - start_ns; }

uint64_t upcgt_start_realtime_ns(void) { return start_realtime_ns; }

/* ------------------------------------------------------------------------
 * User events. Entries live in chunks that never move; an entry is
 * published by a release store of the count, so readers need no lock.
 * ------------------------------------------------------------------------ */

#define UE_CHUNK_BITS 8
#define UE_CHUNK (1u << UE_CHUNK_BITS)
#define UE_MAX_CHUNKS 4096u /* 1M user events */

typedef struct ue_entry {
  upcgt_userevt_t pub;
  int anonymous; /* created with a NULL name: never shared */
} ue_entry_t;

static pthread_mutex_t ue_lock = PTHREAD_MUTEX_INITIALIZER;
static _Atomic(ue_entry_t *) ue_chunks[UE_MAX_CHUNKS];
static atomic_uint ue_published;
static unsigned ue_count; /* under ue_lock */

static ue_entry_t *ue_entry(unsigned idx) {
  ue_entry_t *chunk = atomic_load_explicit(&ue_chunks[idx >> UE_CHUNK_BITS],
                                           memory_order_acquire);
  return chunk ? &chunk[idx & (UE_CHUNK - 1)] : NULL;
}

unsigned int upcgt_userevt_create(const char *name, const char *desc) {
  unsigned id;
  pthread_mutex_lock(&ue_lock);
  if (name) {
    for (unsigned i = 0; i < ue_count; ++i) {
      ue_entry_t *e = ue_entry(i);
      if (!e->anonymous && strcmp(e->pub.name, name) == 0) {
        pthread_mutex_unlock(&ue_lock);
        return GASP_UPC_USEREVT_START + i;
      }
    }
  }
  if (ue_count >= UE_MAX_CHUNKS * UE_CHUNK) {
    pthread_mutex_unlock(&ue_lock);
    upcgt_warn("tools", "more than %u user events; '%s' is not recorded",
               UE_MAX_CHUNKS * UE_CHUNK, name ? name : "(null)");
    return GASP_UPC_USEREVT_END;
  }
  unsigned idx = ue_count;
  ue_entry_t *entry = ue_entry(idx);
  if (!entry) {
    ue_entry_t *c = calloc(UE_CHUNK, sizeof *c);
    if (!c) {
      pthread_mutex_unlock(&ue_lock);
      upcgt_warn("tools", "out of memory creating user event '%s'",
                 name ? name : "(null)");
      return GASP_UPC_USEREVT_END;
    }
    atomic_store_explicit(&ue_chunks[idx >> UE_CHUNK_BITS], c,
                          memory_order_release);
    entry = &c[0];
  }
  char fallback[32];
  entry->anonymous = !name;
  if (!name) {
    snprintf(fallback, sizeof fallback, "USER_EVENT_%u", idx);
    name = fallback;
  }
  entry->pub.name = strdup(name);
  entry->pub.desc = desc ? strdup(desc) : NULL;
  if (!entry->pub.name)
    entry->pub.name = "USER_EVENT";
  ue_count = idx + 1;
  atomic_store_explicit(&ue_published, ue_count, memory_order_release);
  id = GASP_UPC_USEREVT_START + idx;
  pthread_mutex_unlock(&ue_lock);
  return id;
}

const upcgt_userevt_t *upcgt_userevt_get(unsigned int tag) {
  if (!upcgt_is_user_event(tag))
    return NULL;
  unsigned idx = tag - GASP_UPC_USEREVT_START;
  if (idx >= atomic_load_explicit(&ue_published, memory_order_acquire))
    return NULL;
  return &ue_entry(idx)->pub;
}

/* ------------------------------------------------------------------------
 * Names
 * ------------------------------------------------------------------------ */

const char *upcgt_event_name(unsigned int tag, char *buf, size_t size) {
  if (upcgt_is_user_event(tag)) {
    const upcgt_userevt_t *e = upcgt_userevt_get(tag);
    if (e)
      return e->name;
    snprintf(buf, size, "USER_EVENT_0x%08x", tag);
    return buf;
  }
  const char *n = gasp_upc_event_name(tag);
  if (n)
    return n;
  snprintf(buf, size, "GASP_EVENT_0x%08x", tag);
  return buf;
}

const char *upcgt_type_name(gasp_evttype_t type) {
  switch (type) {
  case GASP_START:
    return "START";
  case GASP_END:
    return "END";
  case GASP_ATOMIC:
    return "ATOMIC";
  }
  return "?";
}

/* ------------------------------------------------------------------------
 * Environment, files, messages
 * ------------------------------------------------------------------------ */

const char *upcgt_getenv(const char *name, const char *dflt) {
  const char *v = getenv(name);
  return v && *v ? v : dflt;
}

int upcgt_getenv_yes(const char *name, int dflt) {
  const char *v = getenv(name);
  if (!v || !*v)
    return dflt;
  return strcmp(v, "1") == 0 || strcasecmp(v, "y") == 0 ||
         strcasecmp(v, "yes") == 0 || strcasecmp(v, "on") == 0 ||
         strcasecmp(v, "true") == 0;
}

int upcgt_expand_thread(char *buf, size_t size, const char *pattern,
                        int thread) {
  size_t len = 0;
  for (const char *p = pattern; *p; ++p) {
    if (*p == '%')
      len = upcgt_append(buf, size, len, "%d", thread);
    else
      len = upcgt_append(buf, size, len, "%c", *p);
  }
  if (len == 0 && size)
    buf[0] = '\0';
  return len < size ? 0 : -1;
}

/* "upc-gasp-<tool>: <prefix><message>" on stderr. */
static void message(const char *tool, const char *prefix, const char *fmt,
                    va_list ap) {
  char msg[8192];
  vsnprintf(msg, sizeof msg, fmt, ap);
  fprintf(stderr, "upc-gasp-%s: %s%s\n", tool, prefix, msg);
}

void upcgt_warn(const char *tool, const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  message(tool, "warning: ", fmt, ap);
  va_end(ap);
}

void upcgt_announce(const char *tool, const char *fmt, ...) {
  char prefix[64] = "wrote ";
  int first;
  int local = upcgt_local_threads(&first);
  if (local < upcgt_nthreads())
    snprintf(prefix, sizeof prefix, "thread%s %d%s: wrote ",
             local == 1 ? "" : "s", first, local == 1 ? "" : "...");
  va_list ap;
  va_start(ap, fmt);
  message(tool, prefix, fmt, ap);
  va_end(ap);
}

size_t upcgt_append(char *buf, size_t size, size_t len, const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  int n;
  if (len < size)
    n = vsnprintf(buf + len, size - len, fmt, ap);
  else
    n = vsnprintf(NULL, 0, fmt, ap);
  va_end(ap);
  return n > 0 ? len + (size_t)n : len;
}

void upcgt_output_path(char *buf, size_t size, const char *path) {
  int first;
  int local = upcgt_local_threads(&first);
  if (!strcmp(path, "-") || !strcmp(path, "stdout") ||
      !strcmp(path, "stderr") ||
      (!strchr(path, '%') && local >= upcgt_nthreads())) {
    snprintf(buf, size, "%s", path);
    return;
  }
  if (strchr(path, '%'))
    upcgt_expand_thread(buf, size, path, first);
  else
    snprintf(buf, size, "%s.%d", path, first);
}
