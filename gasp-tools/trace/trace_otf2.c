/*
 * trace_otf2.c - OTF2 output of the trace tool (see trace.c).
 *
 * The archive is written serially by the one thread that converts the
 * recorded events after the program ran: event files location by location
 * (location i = UPC thread i, each in its own location group, as MPI ranks
 * are), then the global definitions: clock (ns since the program started),
 * strings, one region per event kind and source position (named like the
 * JSON slices, with the source file and line), the UPC threads as a
 * communicator and one RMA window, "UPC shared space", that the RmaPut and
 * RmaGet records name.
 */
#ifndef _GNU_SOURCE
#define _GNU_SOURCE
#endif
#include <errno.h>
#include <ftw.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include <otf2/otf2.h>

#include "gasp_tools.h"
#include "otf2_archive.h"
#include "trace_otf2.h"

#define TOOL "trace"

typedef struct region {
  uint32_t tag;
  const char *name_ptr, *file_ptr; /* the lookup key, with tag/line/col */
  int line, col;
  uint32_t name, canonical, descr, file; /* string ids */
} region_t;

struct upcgt_otf2 {
  OTF2_Archive *archive;
  OTF2_EvtWriter *writer; /* the current location's */
  int threads;
  uint64_t *events; /* per location */
  int location;
  /* strings: ids are indices */
  char **strings;
  uint32_t nstrings, capstrings;
  uint32_t *string_hash; /* index + 1, 0 = empty */
  uint32_t string_mask;
  /* regions: ids are indices */
  region_t *regions;
  uint32_t nregions, capregions;
  uint32_t *region_hash;
  uint32_t region_mask;
};

static uint64_t hash_bytes(const char *s) {
  uint64_t h = 1469598103934665603ull;
  for (; *s; ++s)
    h = (h ^ (unsigned char)*s) * 1099511628211ull;
  return h;
}

static uint64_t hash_region(uint32_t tag, const char *name, const char *file,
                            int line, int col) {
  uint64_t h = (uint64_t)(uintptr_t)name * 0x9E3779B97F4A7C15ull;
  h ^= (uint64_t)(uintptr_t)file * 0xC2B2AE3D27D4EB4Full;
  h ^= ((uint64_t)tag << 32 | (uint32_t)line) * 0x165667B19E3779F9ull;
  h ^= (uint64_t)(uint32_t)col * 0x27D4EB2F165667C5ull;
  return h ^ (h >> 31);
}

/* Grows an index hash table to twice its size (or 256). */
static int rehash(uint32_t **table, uint32_t *mask, uint32_t count,
                  uint64_t (*hash_of)(struct upcgt_otf2 *, uint32_t),
                  struct upcgt_otf2 *o) {
  uint32_t cap = *table ? 2 * (*mask + 1) : 256;
  uint32_t *t = calloc(cap, sizeof *t);
  if (!t)
    return -1;
  for (uint32_t i = 0; i < count; ++i) {
    uint32_t j = (uint32_t)hash_of(o, i) & (cap - 1);
    while (t[j])
      j = (j + 1) & (cap - 1);
    t[j] = i + 1;
  }
  free(*table);
  *table = t;
  *mask = cap - 1;
  return 0;
}

static uint64_t string_hash_of(struct upcgt_otf2 *o, uint32_t i) {
  return hash_bytes(o->strings[i]);
}

static uint64_t region_hash_of(struct upcgt_otf2 *o, uint32_t i) {
  const region_t *r = &o->regions[i];
  return hash_region(r->tag, r->name_ptr, r->file_ptr, r->line, r->col);
}

/* The id of a string (defined once). */
static uint32_t string_id(struct upcgt_otf2 *o, const char *s) {
  if (!s)
    s = "";
  if (2 * (o->nstrings + 1) > (o->string_hash ? o->string_mask + 1 : 0) &&
      rehash(&o->string_hash, &o->string_mask, o->nstrings, string_hash_of,
             o) != 0)
    return OTF2_UNDEFINED_STRING;
  uint32_t j = (uint32_t)hash_bytes(s) & o->string_mask;
  for (; o->string_hash[j]; j = (j + 1) & o->string_mask)
    if (strcmp(o->strings[o->string_hash[j] - 1], s) == 0)
      return o->string_hash[j] - 1;
  if (o->nstrings == o->capstrings) {
    uint32_t cap = o->capstrings ? 2 * o->capstrings : 256;
    char **n = realloc(o->strings, cap * sizeof *n);
    if (!n)
      return OTF2_UNDEFINED_STRING;
    o->strings = n;
    o->capstrings = cap;
  }
  char *copy = strdup(s);
  if (!copy)
    return OTF2_UNDEFINED_STRING;
  o->strings[o->nstrings] = copy;
  o->string_hash[j] = ++o->nstrings;
  return o->nstrings - 1;
}

uint32_t upcgt_otf2_region(upcgt_otf2_t *o, uint32_t tag, const char *name,
                           const char *file, int line, int col) {
  if (2 * (o->nregions + 1) > (o->region_hash ? o->region_mask + 1 : 0) &&
      rehash(&o->region_hash, &o->region_mask, o->nregions, region_hash_of,
             o) != 0)
    return 0;
  uint32_t j = (uint32_t)hash_region(tag, name, file, line, col) &
               o->region_mask;
  for (; o->region_hash[j]; j = (j + 1) & o->region_mask) {
    const region_t *r = &o->regions[o->region_hash[j] - 1];
    if (r->tag == tag && r->name_ptr == name && r->file_ptr == file &&
        r->line == line && r->col == col)
      return o->region_hash[j] - 1;
  }
  if (o->nregions == o->capregions) {
    uint32_t cap = o->capregions ? 2 * o->capregions : 256;
    region_t *n = realloc(o->regions, cap * sizeof *n);
    if (!n)
      return 0;
    o->regions = n;
    o->capregions = cap;
  }
  region_t *r = &o->regions[o->nregions];
  char buf[1024], ebuf[48];
  r->tag = tag;
  r->name_ptr = name;
  r->file_ptr = file;
  r->line = line;
  r->col = col;
  r->name = string_id(o, name);
  snprintf(buf, sizeof buf, "%s@%s:%d:%d", name, file ? file : "<unknown>",
           line, col);
  r->canonical = string_id(o, buf);
  r->descr = string_id(o, upcgt_event_name(tag, ebuf, sizeof ebuf));
  r->file = string_id(o, file ? file : "<unknown>");
  o->region_hash[j] = ++o->nregions;
  return o->nregions - 1;
}

static int remove_entry(const char *path, const struct stat *st, int flag,
                        struct FTW *ftw) {
  (void)st, (void)flag, (void)ftw;
  return remove(path);
}

/* Removes an earlier archive dir/name (anchor name.otf2, name.def, name/);
 * -1 if dir/name exists and is not one. */
static int remove_old_archive(const char *dir, const char *name) {
  char anchor[4096], defs[4096], sub[4096];
  snprintf(anchor, sizeof anchor, "%s/%s.otf2", dir, name);
  snprintf(defs, sizeof defs, "%s/%s.def", dir, name);
  snprintf(sub, sizeof sub, "%s/%s", dir, name);
  struct stat st;
  int has_anchor = stat(anchor, &st) == 0;
  int has_sub = stat(sub, &st) == 0;
  if (has_sub && !has_anchor) {
    upcgt_warn(TOOL, "%s exists and is not an OTF2 archive (no %s); not "
                     "replacing it",
               sub, anchor);
    return -1;
  }
  if (has_sub)
    nftw(sub, remove_entry, 16, FTW_DEPTH | FTW_PHYS);
  if (has_anchor)
    remove(anchor);
  remove(defs);
  return 0;
}

upcgt_otf2_t *upcgt_otf2_open(const char *path, int threads) {
  char dir[4096], name[1024];
  if (upcgt_otf2_split_path(path, dir, sizeof dir, name, sizeof name) != 0) {
    upcgt_warn(TOOL, "GASP_TRACE_OTF2=%s names no archive", path);
    return NULL;
  }
  if (remove_old_archive(dir, name) != 0)
    return NULL;
  upcgt_otf2_t *o = calloc(1, sizeof *o);
  if (!o)
    return NULL;
  o->threads = threads;
  o->location = -1;
  o->events = calloc((size_t)threads, sizeof *o->events);
  o->archive = OTF2_Archive_Open(dir, name, OTF2_FILEMODE_WRITE, 1 << 20,
                                 4 << 20, OTF2_SUBSTRATE_POSIX,
                                 OTF2_COMPRESSION_NONE);
  if (!o->archive || !o->events) {
    upcgt_warn(TOOL, "cannot create the OTF2 archive %s/%s.otf2", dir, name);
    free(o->events);
    free(o);
    return NULL;
  }
  OTF2_Archive_SetFlushCallbacks(o->archive, &upcgt_otf2_flush_callbacks,
                                 NULL);
  OTF2_Archive_SetSerialCollectiveCallbacks(o->archive);
  OTF2_Archive_SetCreator(o->archive, "upc-instrument upc-gasp-trace");
  OTF2_Archive_SetDescription(o->archive,
                              "GASP events of a UPC program (one location "
                              "per UPC thread)");
  OTF2_Archive_OpenEvtFiles(o->archive);
  /* Region 0 exists so that a failed lookup still names a region. */
  upcgt_otf2_region(o, 0, "GASP_EVENT", NULL, 0, 0);
  return o;
}

void upcgt_otf2_location_begin(upcgt_otf2_t *o, int thread) {
  o->location = thread;
  o->writer = OTF2_Archive_GetEvtWriter(o->archive, (OTF2_LocationRef)thread);
}

#define COUNT(o) ((o)->events[(o)->location]++)

void upcgt_otf2_enter(upcgt_otf2_t *o, uint64_t ts, uint32_t region) {
  if (o->writer && OTF2_EvtWriter_Enter(o->writer, NULL, ts, region) ==
                       OTF2_SUCCESS)
    COUNT(o);
}

void upcgt_otf2_leave(upcgt_otf2_t *o, uint64_t ts, uint32_t region) {
  if (o->writer && OTF2_EvtWriter_Leave(o->writer, NULL, ts, region) ==
                       OTF2_SUCCESS)
    COUNT(o);
}

void upcgt_otf2_rma(upcgt_otf2_t *o, uint64_t ts, int is_put, uint32_t remote,
                    uint64_t bytes, uint64_t id) {
  if (!o->writer || remote >= (uint32_t)o->threads)
    return;
  OTF2_ErrorCode rc =
      is_put ? OTF2_EvtWriter_RmaPut(o->writer, NULL, ts, 0, remote, bytes, id)
             : OTF2_EvtWriter_RmaGet(o->writer, NULL, ts, 0, remote, bytes, id);
  if (rc == OTF2_SUCCESS)
    COUNT(o);
}

void upcgt_otf2_rma_complete(upcgt_otf2_t *o, uint64_t ts, uint64_t id) {
  if (o->writer &&
      OTF2_EvtWriter_RmaOpCompleteBlocking(o->writer, NULL, ts, 0, id) ==
          OTF2_SUCCESS)
    COUNT(o);
}

void upcgt_otf2_in_flight(upcgt_otf2_t *o, uint64_t ts, uint64_t bytes) {
  if (o->writer &&
      upcgt_otf2_write_metric(o->writer, ts, bytes) == OTF2_SUCCESS)
    COUNT(o);
}

void upcgt_otf2_location_end(upcgt_otf2_t *o) {
  if (o->writer)
    OTF2_Archive_CloseEvtWriter(o->archive, o->writer);
  o->writer = NULL;
}

static void region_kind(uint32_t tag, OTF2_RegionRole *role,
                        OTF2_Paradigm *paradigm) {
  *paradigm = OTF2_PARADIGM_UPC;
  if (upcgt_is_user_event(tag)) {
    *role = OTF2_REGION_ROLE_CODE;
    *paradigm = OTF2_PARADIGM_USER;
    return;
  }
  /* GASP_C_FUNC's regions are the compiler's (function entry and exit),
   * the others the UPC runtime's. */
  if (tag == GASP_C_FUNC)
    *paradigm = OTF2_PARADIGM_COMPILER;
  switch (tag) {
#define GASP_EVENT(NAME, CATEGORY, OTF2_ROLE)                                  \
  case NAME:                                                                   \
    *role = OTF2_REGION_ROLE_##OTF2_ROLE;                                      \
    return;
#include "gasp_events.def"
  default:
    *role = OTF2_REGION_ROLE_FUNCTION;
    return;
  }
}

int upcgt_otf2_close(upcgt_otf2_t *o, uint64_t trace_end) {
  int bad = 0;
  if (o->writer)
    upcgt_otf2_location_end(o);
  bad |= OTF2_Archive_CloseEvtFiles(o->archive) != OTF2_SUCCESS;

  /* Local definitions: none, but every location has its file. */
  bad |= OTF2_Archive_OpenDefFiles(o->archive) != OTF2_SUCCESS;
  for (int t = 0; t < o->threads; ++t) {
    OTF2_DefWriter *dw =
        OTF2_Archive_GetDefWriter(o->archive, (OTF2_LocationRef)t);
    if (dw)
      OTF2_Archive_CloseDefWriter(o->archive, dw);
  }
  bad |= OTF2_Archive_CloseDefFiles(o->archive) != OTF2_SUCCESS;

  /* Strings used by the definitions below, before they are written. */
  char buf[256];
  uint32_t s_node = string_id(o, "node");
  gethostname(buf, sizeof buf - 1);
  buf[sizeof buf - 1] = '\0';
  uint32_t s_host = string_id(o, buf);
  uint32_t s_threads = string_id(o, "UPC threads");
  uint32_t s_window = string_id(o, "UPC shared space");
  uint32_t s_metric = string_id(o, UPCGT_OTF2_METRIC_NAME);
  uint32_t s_metric_descr = string_id(o, UPCGT_OTF2_METRIC_DESCR);
  uint32_t s_metric_unit = string_id(o, UPCGT_OTF2_METRIC_UNIT);
  uint32_t *s_loc = calloc((size_t)o->threads, sizeof *s_loc);
  uint64_t *members = calloc((size_t)o->threads, sizeof *members);
  if (!s_loc || !members) {
    free(s_loc);
    free(members);
    OTF2_Archive_Close(o->archive);
    return -1;
  }
  for (int t = 0; t < o->threads; ++t) {
    snprintf(buf, sizeof buf, "UPC thread %d", t);
    s_loc[t] = string_id(o, buf);
    members[t] = (uint64_t)t;
  }
  /* Location groups are processes: this process's threads in one, named
   * apart from its locations (ViTE refuses a group and a location of one
   * name: "container ... already exists"); each thread of another process
   * (MPI) in a group of its own, numbered by the thread. */
  int first;
  int local = upcgt_local_threads(&first);
  uint32_t *s_group = calloc((size_t)o->threads, sizeof *s_group);
  if (!s_group) {
    free(s_loc);
    free(members);
    OTF2_Archive_Close(o->archive);
    return -1;
  }
  for (int t = 0; t < o->threads; ++t) {
    int mine = t >= first && t < first + local;
    if (mine && local > 1)
      snprintf(buf, sizeof buf, "process of UPC threads %d-%d", first,
               first + local - 1);
    else
      snprintf(buf, sizeof buf, "process of UPC thread %d", mine ? first : t);
    s_group[t] = string_id(o, buf);
  }

  OTF2_GlobalDefWriter *g = OTF2_Archive_GetGlobalDefWriter(o->archive);
  if (!g) {
    free(s_loc);
    free(members);
    OTF2_Archive_Close(o->archive);
    return -1;
  }
  bad |= OTF2_GlobalDefWriter_WriteClockProperties(
             g, 1000000000u, 0, trace_end + 1, upcgt_start_realtime_ns()) !=
         OTF2_SUCCESS;
  for (uint32_t i = 0; i < o->nstrings; ++i)
    bad |= OTF2_GlobalDefWriter_WriteString(g, i, o->strings[i]) !=
           OTF2_SUCCESS;
  for (uint32_t i = 0; i < o->nregions; ++i) {
    const region_t *r = &o->regions[i];
    OTF2_RegionRole role;
    OTF2_Paradigm paradigm;
    region_kind(r->tag, &role, &paradigm);
    bad |= OTF2_GlobalDefWriter_WriteRegion(
               g, i, r->name, r->canonical, r->descr, role, paradigm,
               OTF2_REGION_FLAG_NONE, r->file, (uint32_t)(r->line > 0 ? r->line : 0),
               (uint32_t)(r->line > 0 ? r->line : 0)) != OTF2_SUCCESS;
  }
  bad |= OTF2_GlobalDefWriter_WriteSystemTreeNode(
             g, 0, s_host, s_node, OTF2_UNDEFINED_SYSTEM_TREE_NODE) !=
         OTF2_SUCCESS;
  for (int t = 0; t < o->threads; ++t) {
    int mine = t >= first && t < first + local;
    if (!mine || t == first)
      bad |= OTF2_GlobalDefWriter_WriteLocationGroup(
                 g, (OTF2_LocationGroupRef)t, s_group[t],
                 OTF2_LOCATION_GROUP_TYPE_PROCESS, 0,
                 OTF2_UNDEFINED_LOCATION_GROUP) != OTF2_SUCCESS;
  }
  for (int t = 0; t < o->threads; ++t) {
    int mine = t >= first && t < first + local;
    bad |= OTF2_GlobalDefWriter_WriteLocation(
               g, (OTF2_LocationRef)t, s_loc[t], OTF2_LOCATION_TYPE_CPU_THREAD,
               o->events[t],
               (OTF2_LocationGroupRef)(mine ? first : t)) != OTF2_SUCCESS;
  }
  /* The UPC threads as a communicator (rank i = location i = thread i),
   * and the shared address space as its RMA window. */
  bad |= OTF2_GlobalDefWriter_WriteGroup(
             g, 0, s_threads, OTF2_GROUP_TYPE_COMM_LOCATIONS,
             OTF2_PARADIGM_UPC, OTF2_GROUP_FLAG_NONE, (uint32_t)o->threads,
             members) != OTF2_SUCCESS;
  bad |= OTF2_GlobalDefWriter_WriteGroup(
             g, 1, s_threads, OTF2_GROUP_TYPE_COMM_GROUP, OTF2_PARADIGM_UPC,
             OTF2_GROUP_FLAG_NONE, (uint32_t)o->threads, members) !=
         OTF2_SUCCESS;
  bad |= OTF2_GlobalDefWriter_WriteComm(g, 0, s_threads, 1,
                                        OTF2_UNDEFINED_COMM,
                                        OTF2_COMM_FLAG_NONE) != OTF2_SUCCESS;
  bad |= OTF2_GlobalDefWriter_WriteRmaWin(g, 0, s_window, 0,
                                          OTF2_RMA_WIN_FLAG_NONE) !=
         OTF2_SUCCESS;
  bad |= upcgt_otf2_write_metric_defs(g, s_metric, s_metric_descr,
                                      s_metric_unit) != OTF2_SUCCESS;
  bad |= OTF2_Archive_CloseGlobalDefWriter(o->archive, g) != OTF2_SUCCESS;
  bad |= OTF2_Archive_Close(o->archive) != OTF2_SUCCESS;

  for (uint32_t i = 0; i < o->nstrings; ++i)
    free(o->strings[i]);
  free(o->strings);
  free(o->string_hash);
  free(o->regions);
  free(o->region_hash);
  free(o->events);
  free(s_loc);
  free(s_group);
  free(members);
  free(o);
  return bad ? -1 : 0;
}
