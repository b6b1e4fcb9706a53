/*
 * otf2_merge.c - upc-otf2-merge: one OTF2 archive from the archives the
 * trace tool writes per process on the MPI backend (docs/gasp-tools.md).
 *
 *   upc-otf2-merge OUT.otf2 IN.otf2...
 *
 * Every input defines the same UPC threads as locations (location t = UPC
 * thread t) and holds the events of its own process's threads. The output
 * has each thread's events once, one location group per input process
 * under a system tree node per host, strings and regions defined once
 * (regions are the same when all their attributes are), and timestamps
 * moved to the earliest process's start: each input's clock properties
 * give its start on the real-time clock (the clock-alignment rule of
 * docs/gasp-tools.md, "Report formats", which upc-prof merge applies to
 * JSON traces; test/Run/trace-clock-alignment.test checks that both give
 * the same times). Inputs that do not fit (another
 * thread count, a thread's events in two inputs) are refused before
 * anything is written; a failure leaves no output behind.
 */
#ifndef _GNU_SOURCE
#define _GNU_SOURCE
#endif
#include <ftw.h>
#include <inttypes.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include <otf2/otf2.h>

#include "otf2_archive.h"

static const char *prog = "upc-otf2-merge";

static void die(const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  fprintf(stderr, "%s: error: ", prog);
  vfprintf(stderr, fmt, ap);
  fputc('\n', stderr);
  va_end(ap);
  exit(1);
}

static void *xrealloc(void *p, size_t n) {
  p = realloc(p, n ? n : 1);
  if (!p)
    die("out of memory");
  return p;
}

/* A growing array of uint32_t, indexed by an input's reference. */
typedef struct {
  uint32_t *v;
  size_t n;
} map_t;

static void map_set(map_t *m, uint64_t i, uint32_t value) {
  if (i >= m->n) {
    size_t n = (size_t)i + 1 > 2 * m->n ? (size_t)i + 1 : 2 * m->n;
    m->v = xrealloc(m->v, n * sizeof *m->v);
    memset(m->v + m->n, 0xff, (n - m->n) * sizeof *m->v);
    m->n = n;
  }
  m->v[i] = value;
}

static uint32_t map_get(const map_t *m, uint64_t i, const char *what,
                        const char *path) {
  if (i >= m->n || m->v[i] == UINT32_MAX)
    die("%s: refers to an undefined %s (%" PRIu64 ")", path, what, i);
  return m->v[i];
}

/* ------------------------------------------------------------------------
 * Output definitions: strings and regions, each defined once.
 * ------------------------------------------------------------------------ */

typedef struct {
  uint32_t name, canonical, descr, file, begin, end;
  OTF2_RegionRole role;
  OTF2_Paradigm paradigm;
  OTF2_RegionFlag flags;
} region_t;

static char **strings;
static uint32_t nstrings;
static region_t *regions;
static uint32_t nregions;

/* Linear search is enough: a trace has one region per event kind and
 * source position, and a merge runs once. */
static uint32_t string_id(const char *s) {
  for (uint32_t i = 0; i < nstrings; ++i)
    if (strcmp(strings[i], s) == 0)
      return i;
  strings = xrealloc(strings, (nstrings + 1) * sizeof *strings);
  strings[nstrings] = strdup(s);
  if (!strings[nstrings])
    die("out of memory");
  return nstrings++;
}

static int same_region(const region_t *a, const region_t *b) {
  return a->name == b->name && a->canonical == b->canonical &&
         a->descr == b->descr && a->file == b->file && a->begin == b->begin &&
         a->end == b->end && a->role == b->role && a->paradigm == b->paradigm &&
         a->flags == b->flags;
}

static uint32_t region_id(const region_t *r) {
  for (uint32_t i = 0; i < nregions; ++i)
    if (same_region(&regions[i], r))
      return i;
  regions = xrealloc(regions, (nregions + 1) * sizeof *regions);
  regions[nregions] = *r;
  return nregions++;
}

/* ------------------------------------------------------------------------
 * Inputs
 * ------------------------------------------------------------------------ */

typedef struct {
  const char *path;
  OTF2_Reader *reader;
  map_t strings, regions; /* input ref -> output id */
  region_t *raw_regions;  /* as read, input string refs */
  uint32_t *raw_region_refs;
  uint32_t nraw;
  uint64_t realtime, length, resolution;
  uint32_t host; /* input string ref of its first system tree node */
  int has_host;
  uint64_t *events; /* per location */
  uint64_t nlocations;
} input_t;

static OTF2_CallbackCode on_clock(void *user, uint64_t resolution,
                                  uint64_t offset, uint64_t length,
                                  uint64_t realtime) {
  input_t *in = user;
  (void)offset;
  in->resolution = resolution;
  in->length = length;
  in->realtime = realtime;
  return OTF2_CALLBACK_SUCCESS;
}

static OTF2_CallbackCode on_string(void *user, OTF2_StringRef self,
                                   const char *s) {
  input_t *in = user;
  map_set(&in->strings, self, string_id(s));
  return OTF2_CALLBACK_SUCCESS;
}

static OTF2_CallbackCode on_node(void *user, OTF2_SystemTreeNodeRef self,
                                 OTF2_StringRef name, OTF2_StringRef cls,
                                 OTF2_SystemTreeNodeRef parent) {
  input_t *in = user;
  (void)self, (void)cls, (void)parent;
  if (!in->has_host) {
    in->host = name;
    in->has_host = 1;
  }
  return OTF2_CALLBACK_SUCCESS;
}

static OTF2_CallbackCode on_location(void *user, OTF2_LocationRef self,
                                     OTF2_StringRef name,
                                     OTF2_LocationType type, uint64_t events,
                                     OTF2_LocationGroupRef group) {
  input_t *in = user;
  (void)name, (void)type, (void)group;
  if (self >= in->nlocations) {
    in->events = xrealloc(in->events, (size_t)(self + 1) * sizeof(uint64_t));
    memset(in->events + in->nlocations, 0,
           (size_t)(self + 1 - in->nlocations) * sizeof(uint64_t));
    in->nlocations = self + 1;
  }
  in->events[self] = events;
  return OTF2_CALLBACK_SUCCESS;
}

static OTF2_CallbackCode on_region(void *user, OTF2_RegionRef self,
                                   OTF2_StringRef name, OTF2_StringRef canon,
                                   OTF2_StringRef descr, OTF2_RegionRole role,
                                   OTF2_Paradigm paradigm,
                                   OTF2_RegionFlag flags, OTF2_StringRef file,
                                   uint32_t begin, uint32_t end) {
  input_t *in = user;
  in->raw_regions =
      xrealloc(in->raw_regions, (in->nraw + 1) * sizeof *in->raw_regions);
  in->raw_region_refs = xrealloc(in->raw_region_refs,
                                 (in->nraw + 1) * sizeof *in->raw_region_refs);
  region_t r = {name, canon, descr, file, begin, end, role, paradigm, flags};
  in->raw_regions[in->nraw] = r;
  in->raw_region_refs[in->nraw++] = self;
  return OTF2_CALLBACK_SUCCESS;
}

static void read_definitions(input_t *in) {
  struct stat st;
  if (stat(in->path, &st) != 0)
    die("%s: no such archive", in->path);
  in->reader = OTF2_Reader_Open(in->path);
  if (!in->reader)
    die("%s: cannot open the OTF2 archive", in->path);
  OTF2_Reader_SetSerialCollectiveCallbacks(in->reader);
  OTF2_GlobalDefReader *g = OTF2_Reader_GetGlobalDefReader(in->reader);
  if (!g)
    die("%s: not an OTF2 archive (no global definitions)", in->path);
  OTF2_GlobalDefReaderCallbacks *cb = OTF2_GlobalDefReaderCallbacks_New();
  OTF2_GlobalDefReaderCallbacks_SetClockPropertiesCallback(cb, on_clock);
  OTF2_GlobalDefReaderCallbacks_SetStringCallback(cb, on_string);
  OTF2_GlobalDefReaderCallbacks_SetSystemTreeNodeCallback(cb, on_node);
  OTF2_GlobalDefReaderCallbacks_SetLocationCallback(cb, on_location);
  OTF2_GlobalDefReaderCallbacks_SetRegionCallback(cb, on_region);
  OTF2_Reader_RegisterGlobalDefCallbacks(in->reader, g, cb, in);
  OTF2_GlobalDefReaderCallbacks_Delete(cb);
  uint64_t n = 0;
  if (OTF2_Reader_ReadAllGlobalDefinitions(in->reader, g, &n) != OTF2_SUCCESS)
    die("%s: cannot read its definitions", in->path);
  OTF2_Reader_CloseGlobalDefReader(in->reader, g);
  if (in->resolution != 1000000000u)
    die("%s: not written by the trace tool (clock resolution %" PRIu64 ")",
        in->path, in->resolution);
  /* Regions, now that every string is known. */
  for (uint32_t i = 0; i < in->nraw; ++i) {
    region_t r = in->raw_regions[i];
    r.name = map_get(&in->strings, r.name, "string", in->path);
    r.canonical = map_get(&in->strings, r.canonical, "string", in->path);
    r.descr = map_get(&in->strings, r.descr, "string", in->path);
    r.file = map_get(&in->strings, r.file, "string", in->path);
    map_set(&in->regions, in->raw_region_refs[i], region_id(&r));
  }
}

/* ------------------------------------------------------------------------
 * Events
 * ------------------------------------------------------------------------ */

typedef struct {
  OTF2_Archive *out;
  OTF2_EvtWriter **writers; /* per location */
  uint64_t *counts;
  input_t *in;
  uint64_t shift, end;
} copy_t;

static OTF2_EvtWriter *writer_of(copy_t *c, OTF2_LocationRef loc,
                                 OTF2_TimeStamp *t) {
  *t += c->shift;
  if (*t > c->end)
    c->end = *t;
  ++c->counts[loc];
  if (!c->writers[loc]) {
    c->writers[loc] = OTF2_Archive_GetEvtWriter(c->out, loc);
    if (!c->writers[loc])
      die("cannot write the events of location %" PRIu64, loc);
  }
  return c->writers[loc];
}

/* Each callback copies one record; a failed write stops the reading. */
static OTF2_CallbackCode copied(OTF2_ErrorCode rc) {
  return rc == OTF2_SUCCESS ? OTF2_CALLBACK_SUCCESS : OTF2_CALLBACK_ERROR;
}

static uint32_t region_of(copy_t *c, OTF2_RegionRef region) {
  return map_get(&c->in->regions, region, "region", c->in->path);
}

static OTF2_CallbackCode on_enter(OTF2_LocationRef loc, OTF2_TimeStamp t,
                                  void *user, OTF2_AttributeList *attrs,
                                  OTF2_RegionRef region) {
  copy_t *c = user;
  (void)attrs;
  OTF2_EvtWriter *w = writer_of(c, loc, &t);
  return copied(OTF2_EvtWriter_Enter(w, NULL, t, region_of(c, region)));
}

static OTF2_CallbackCode on_leave(OTF2_LocationRef loc, OTF2_TimeStamp t,
                                  void *user, OTF2_AttributeList *attrs,
                                  OTF2_RegionRef region) {
  copy_t *c = user;
  (void)attrs;
  OTF2_EvtWriter *w = writer_of(c, loc, &t);
  return copied(OTF2_EvtWriter_Leave(w, NULL, t, region_of(c, region)));
}

/* The RMA records name window 0 and a rank of the communicator of every
 * UPC thread, which the output defines as the inputs do. */
static OTF2_CallbackCode on_put(OTF2_LocationRef loc, OTF2_TimeStamp t,
                                void *user, OTF2_AttributeList *attrs,
                                OTF2_RmaWinRef win, uint32_t remote,
                                uint64_t bytes, uint64_t id) {
  (void)attrs;
  OTF2_EvtWriter *w = writer_of(user, loc, &t);
  return copied(OTF2_EvtWriter_RmaPut(w, NULL, t, win, remote, bytes, id));
}

static OTF2_CallbackCode on_get(OTF2_LocationRef loc, OTF2_TimeStamp t,
                                void *user, OTF2_AttributeList *attrs,
                                OTF2_RmaWinRef win, uint32_t remote,
                                uint64_t bytes, uint64_t id) {
  (void)attrs;
  OTF2_EvtWriter *w = writer_of(user, loc, &t);
  return copied(OTF2_EvtWriter_RmaGet(w, NULL, t, win, remote, bytes, id));
}

static OTF2_CallbackCode on_complete(OTF2_LocationRef loc, OTF2_TimeStamp t,
                                     void *user, OTF2_AttributeList *attrs,
                                     OTF2_RmaWinRef win, uint64_t id) {
  (void)attrs;
  OTF2_EvtWriter *w = writer_of(user, loc, &t);
  return copied(OTF2_EvtWriter_RmaOpCompleteBlocking(w, NULL, t, win, id));
}

/* The inputs' only metric is the trace tool's (otf2_archive.h), which the
 * output defines with the same reference. */
static OTF2_CallbackCode on_metric(OTF2_LocationRef loc, OTF2_TimeStamp t,
                                   void *user, OTF2_AttributeList *attrs,
                                   OTF2_MetricRef metric, uint8_t n,
                                   const OTF2_Type *types,
                                   const OTF2_MetricValue *values) {
  copy_t *c = user;
  (void)attrs;
  if (metric != UPCGT_OTF2_METRIC || n != 1 || types[0] != OTF2_TYPE_UINT64)
    die("%s: a metric the trace tool does not write", c->in->path);
  OTF2_EvtWriter *w = writer_of(c, loc, &t);
  return copied(upcgt_otf2_write_metric(w, t, values[0].unsigned_int));
}

static void copy_events(copy_t *c, const uint8_t *mine) {
  input_t *in = c->in;
  int any = 0;
  for (uint64_t l = 0; l < in->nlocations; ++l)
    if (mine[l]) {
      OTF2_Reader_SelectLocation(in->reader, l);
      any = 1;
    }
  if (!any)
    return;
  OTF2_Reader_OpenDefFiles(in->reader);
  OTF2_Reader_OpenEvtFiles(in->reader);
  for (uint64_t l = 0; l < in->nlocations; ++l)
    if (mine[l]) {
      OTF2_DefReader *d = OTF2_Reader_GetDefReader(in->reader, l);
      if (d) {
        uint64_t n;
        OTF2_Reader_ReadAllLocalDefinitions(in->reader, d, &n);
        OTF2_Reader_CloseDefReader(in->reader, d);
      }
      OTF2_Reader_GetEvtReader(in->reader, l);
    }
  OTF2_Reader_CloseDefFiles(in->reader);
  OTF2_GlobalEvtReader *g = OTF2_Reader_GetGlobalEvtReader(in->reader);
  if (!g)
    die("%s: cannot read its events", in->path);
  OTF2_GlobalEvtReaderCallbacks *cb = OTF2_GlobalEvtReaderCallbacks_New();
  OTF2_GlobalEvtReaderCallbacks_SetEnterCallback(cb, on_enter);
  OTF2_GlobalEvtReaderCallbacks_SetLeaveCallback(cb, on_leave);
  OTF2_GlobalEvtReaderCallbacks_SetRmaPutCallback(cb, on_put);
  OTF2_GlobalEvtReaderCallbacks_SetRmaGetCallback(cb, on_get);
  OTF2_GlobalEvtReaderCallbacks_SetRmaOpCompleteBlockingCallback(cb,
                                                                 on_complete);
  OTF2_GlobalEvtReaderCallbacks_SetMetricCallback(cb, on_metric);
  OTF2_Reader_RegisterGlobalEvtCallbacks(in->reader, g, cb, c);
  OTF2_GlobalEvtReaderCallbacks_Delete(cb);
  uint64_t n = 0;
  if (OTF2_Reader_ReadAllGlobalEvents(in->reader, g, &n) != OTF2_SUCCESS)
    die("%s: cannot read its events", in->path);
  OTF2_Reader_CloseGlobalEvtReader(in->reader, g);
  OTF2_Reader_CloseEvtFiles(in->reader);
}

/* ------------------------------------------------------------------------
 * Output
 * ------------------------------------------------------------------------ */

static char out_dir[4096], out_name[1024];
static int out_created;

static int remove_entry(const char *path, const struct stat *st, int flag,
                        struct FTW *ftw) {
  (void)st, (void)flag, (void)ftw;
  return remove(path);
}

/* A failed merge leaves no partial archive. */
static void remove_output(void) {
  if (!out_created)
    return;
  char p[6000];
  snprintf(p, sizeof p, "%s/%s", out_dir, out_name);
  nftw(p, remove_entry, 16, FTW_DEPTH | FTW_PHYS);
  snprintf(p, sizeof p, "%s/%s.otf2", out_dir, out_name);
  remove(p);
  snprintf(p, sizeof p, "%s/%s.def", out_dir, out_name);
  remove(p);
}

static void split_output(const char *path) {
  if (upcgt_otf2_split_path(path, out_dir, sizeof out_dir, out_name,
                            sizeof out_name) != 0)
    die("%s names no archive", path);
  char p[6000];
  struct stat st;
  snprintf(p, sizeof p, "%s/%s.otf2", out_dir, out_name);
  int exists = stat(p, &st) == 0;
  snprintf(p, sizeof p, "%s/%s", out_dir, out_name);
  if (exists || stat(p, &st) == 0)
    die("%s/%s.otf2 (or %s) exists: remove it first", out_dir, out_name, p);
}

int main(int argc, char **argv) {
  if (argc < 3) {
    fprintf(stderr, "usage: %s OUT.otf2 IN.otf2...\n", prog);
    return 2;
  }
  split_output(argv[1]);
  int ninputs = argc - 2;
  input_t *in = calloc((size_t)ninputs, sizeof *in);
  if (!in)
    die("out of memory");
  uint64_t origin = UINT64_MAX;
  for (int i = 0; i < ninputs; ++i) {
    in[i].path = argv[i + 2];
    read_definitions(&in[i]);
    if (in[i].nlocations != in[0].nlocations)
      die("%s: a run of %" PRIu64 " threads, but %s is of %" PRIu64, in[i].path,
          in[i].nlocations, in[0].path, in[0].nlocations);
    if (in[i].realtime < origin)
      origin = in[i].realtime;
  }
  uint64_t nloc = in[0].nlocations;
  if (nloc == 0)
    die("%s: defines no location (not an archive of the trace tool)",
        in[0].path);
  /* owner[t]: the input that holds thread t's events. */
  int *owner = malloc((size_t)nloc * sizeof *owner);
  uint8_t *mine = calloc((size_t)nloc, 1);
  if (!owner || !mine)
    die("out of memory");
  for (uint64_t t = 0; t < nloc; ++t) {
    owner[t] = -1;
    for (int i = 0; i < ninputs; ++i)
      if (in[i].events[t]) {
        if (owner[t] >= 0)
          die("%s: thread %" PRIu64 " is also in %s", in[i].path, t,
              in[owner[t]].path);
        owner[t] = i;
      }
    /* Every thread has events (its exit at least) in its process's archive:
     * none means that archive is missing. */
    if (owner[t] < 0)
      die("no archive holds the events of UPC thread %" PRIu64
          " (a run of %" PRIu64 " threads)",
          t, nloc);
  }

  OTF2_Archive *out =
      OTF2_Archive_Open(out_dir, out_name, OTF2_FILEMODE_WRITE, 1 << 20,
                        4 << 20, OTF2_SUBSTRATE_POSIX, OTF2_COMPRESSION_NONE);
  if (!out)
    die("cannot create the OTF2 archive %s/%s.otf2", out_dir, out_name);
  out_created = 1;
  atexit(remove_output);
  OTF2_Archive_SetFlushCallbacks(out, &upcgt_otf2_flush_callbacks, NULL);
  OTF2_Archive_SetSerialCollectiveCallbacks(out);
  OTF2_Archive_SetCreator(out, "upc-instrument upc-otf2-merge");
  OTF2_Archive_SetDescription(out, "GASP events of a UPC program (one "
                                   "location per UPC thread), merged from "
                                   "the archives of its processes");
  OTF2_Archive_OpenEvtFiles(out);
  copy_t c = {out,
              calloc((size_t)nloc, sizeof(OTF2_EvtWriter *)),
              calloc((size_t)nloc, sizeof(uint64_t)),
              NULL,
              0,
              0};
  if (!c.writers || !c.counts)
    die("out of memory");
  for (int i = 0; i < ninputs; ++i) {
    for (uint64_t t = 0; t < nloc; ++t)
      mine[t] = owner[t] == i;
    c.in = &in[i];
    c.shift = in[i].realtime - origin;
    copy_events(&c, mine);
    OTF2_Reader_Close(in[i].reader);
  }
  int bad = 0;
  for (uint64_t t = 0; t < nloc; ++t) {
    if (!c.writers[t])
      c.writers[t] = OTF2_Archive_GetEvtWriter(out, t); /* every location */
    if (c.writers[t])
      bad |= OTF2_Archive_CloseEvtWriter(out, c.writers[t]) != OTF2_SUCCESS;
  }
  bad |= OTF2_Archive_CloseEvtFiles(out) != OTF2_SUCCESS;
  bad |= OTF2_Archive_OpenDefFiles(out) != OTF2_SUCCESS;
  for (uint64_t t = 0; t < nloc; ++t) {
    OTF2_DefWriter *d = OTF2_Archive_GetDefWriter(out, t);
    if (d)
      OTF2_Archive_CloseDefWriter(out, d);
  }
  bad |= OTF2_Archive_CloseDefFiles(out) != OTF2_SUCCESS;

  /* The strings the definitions below need, before they are written: a
   * system tree node per host, a location group per process. */
  char buf[256];
  uint32_t s_node = string_id("node");
  uint32_t s_threads = string_id("UPC threads");
  uint32_t s_window = string_id("UPC shared space");
  uint32_t s_metric = string_id(UPCGT_OTF2_METRIC_NAME);
  uint32_t s_metric_descr = string_id(UPCGT_OTF2_METRIC_DESCR);
  uint32_t s_metric_unit = string_id(UPCGT_OTF2_METRIC_UNIT);
  uint32_t *node_of = malloc((size_t)ninputs * sizeof *node_of);
  uint32_t *host_name = malloc((size_t)ninputs * sizeof *host_name);
  uint32_t *group_name = malloc((size_t)ninputs * sizeof *group_name);
  uint32_t *loc_name = malloc((size_t)nloc * sizeof *loc_name);
  uint64_t *members = malloc((size_t)nloc * sizeof *members);
  if (!node_of || !host_name || !group_name || !loc_name || !members)
    die("out of memory");
  uint32_t nnodes = 0;
  for (int i = 0; i < ninputs; ++i) {
    uint32_t h = in[i].has_host
                     ? map_get(&in[i].strings, in[i].host, "string", in[i].path)
                     : string_id("unknown host");
    node_of[i] = UINT32_MAX;
    for (int k = 0; k < i; ++k)
      if (host_name[k] == h)
        node_of[i] = node_of[k];
    if (node_of[i] == UINT32_MAX)
      node_of[i] = nnodes++;
    host_name[i] = h;
    int first = -1, last = -1;
    for (uint64_t t = 0; t < nloc; ++t)
      if (owner[t] == i) {
        if (first < 0)
          first = (int)t;
        last = (int)t;
      }
    /* Named as the trace tool names a process (trace_otf2.c). */
    if (first == last)
      snprintf(buf, sizeof buf, "process of UPC thread %d", first);
    else
      snprintf(buf, sizeof buf, "process of UPC threads %d-%d", first, last);
    group_name[i] = string_id(buf);
  }
  for (uint64_t t = 0; t < nloc; ++t) {
    snprintf(buf, sizeof buf, "UPC thread %" PRIu64, t);
    loc_name[t] = string_id(buf);
    members[t] = t;
  }

  OTF2_GlobalDefWriter *g = OTF2_Archive_GetGlobalDefWriter(out);
  if (!g)
    die("cannot write the definitions");
  bad |= OTF2_GlobalDefWriter_WriteClockProperties(g, 1000000000u, 0, c.end + 1,
                                                   origin) != OTF2_SUCCESS;
  for (uint32_t i = 0; i < nstrings; ++i)
    bad |= OTF2_GlobalDefWriter_WriteString(g, i, strings[i]) != OTF2_SUCCESS;
  for (uint32_t i = 0; i < nregions; ++i) {
    const region_t *r = &regions[i];
    bad |= OTF2_GlobalDefWriter_WriteRegion(
               g, i, r->name, r->canonical, r->descr, r->role, r->paradigm,
               r->flags, r->file, r->begin, r->end) != OTF2_SUCCESS;
  }
  for (int i = 0; i < ninputs; ++i) {
    int first_of_node = 1;
    for (int k = 0; k < i; ++k)
      first_of_node &= node_of[k] != node_of[i];
    if (first_of_node)
      bad |= OTF2_GlobalDefWriter_WriteSystemTreeNode(
                 g, node_of[i], host_name[i], s_node,
                 OTF2_UNDEFINED_SYSTEM_TREE_NODE) != OTF2_SUCCESS;
  }
  for (int i = 0; i < ninputs; ++i)
    bad |= OTF2_GlobalDefWriter_WriteLocationGroup(
               g, (OTF2_LocationGroupRef)i, group_name[i],
               OTF2_LOCATION_GROUP_TYPE_PROCESS, node_of[i],
               OTF2_UNDEFINED_LOCATION_GROUP) != OTF2_SUCCESS;
  for (uint64_t t = 0; t < nloc; ++t)
    bad |= OTF2_GlobalDefWriter_WriteLocation(
               g, t, loc_name[t], OTF2_LOCATION_TYPE_CPU_THREAD, c.counts[t],
               (OTF2_LocationGroupRef)owner[t]) != OTF2_SUCCESS;
  /* As the trace tool defines them (trace_otf2.c): the UPC threads as a
   * communicator and the shared space as its RMA window. */
  bad |= OTF2_GlobalDefWriter_WriteGroup(
             g, 0, s_threads, OTF2_GROUP_TYPE_COMM_LOCATIONS, OTF2_PARADIGM_UPC,
             OTF2_GROUP_FLAG_NONE, (uint32_t)nloc, members) != OTF2_SUCCESS;
  bad |= OTF2_GlobalDefWriter_WriteGroup(
             g, 1, s_threads, OTF2_GROUP_TYPE_COMM_GROUP, OTF2_PARADIGM_UPC,
             OTF2_GROUP_FLAG_NONE, (uint32_t)nloc, members) != OTF2_SUCCESS;
  bad |= OTF2_GlobalDefWriter_WriteComm(g, 0, s_threads, 1, OTF2_UNDEFINED_COMM,
                                        OTF2_COMM_FLAG_NONE) != OTF2_SUCCESS;
  bad |= OTF2_GlobalDefWriter_WriteRmaWin(
             g, 0, s_window, 0, OTF2_RMA_WIN_FLAG_NONE) != OTF2_SUCCESS;
  bad |= upcgt_otf2_write_metric_defs(g, s_metric, s_metric_descr,
                                      s_metric_unit) != OTF2_SUCCESS;
  bad |= OTF2_Archive_CloseGlobalDefWriter(out, g) != OTF2_SUCCESS;
  bad |= OTF2_Archive_Close(out) != OTF2_SUCCESS;
  if (bad)
    die("error writing %s/%s.otf2", out_dir, out_name);
  out_created = 0; /* complete: keep it */
  return 0;
}
