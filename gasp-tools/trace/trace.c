/*
 * trace.c - the GASP "trace" tool: a timeline of every event, written when
 * the program ends as
 *   - Chrome trace event JSON (GASP_TRACE_FILE, default gasp_trace.json),
 *     for Perfetto and speedscope: one track per UPC thread, "B"/"E" slices
 *     for START/END, "i" instants for ATOMIC, args with the source position
 *     and the decoded varargs; for each get or put, a flow arrow ("s"/"f")
 *     from the origin to the target thread and a counter ("C") of the
 *     origin's RMA bytes in flight;
 *   - OTF2 (GASP_TRACE_OTF2, default archive gasp_trace: gasp_trace.otf2),
 *     which Vampir and ViTE open: one location per UPC thread, a region per
 *     event kind and source position, Enter/Leave records, RmaPut/RmaGet
 *     records for GET/PUT/MEMGET/MEMPUT/MEMSET and the non-blocking
 *     transfers' INIT events.
 * GASP_TRACE_FORMAT=json|otf2|both chooses (default both; json when the
 * tool was built without OTF2).
 *
 * Design. While the program runs, each thread appends fixed-layout binary
 * records (time, tag, type, position, decoded varargs, a user event's
 * formatted text) to its own anonymous temporary file through a buffered
 * stdio stream, one fwrite per record: no locks shared between threads, no
 * allocation, nothing formatted but user events. When the program ends, one
 * thread converts every thread's records, thread after thread, to JSON and
 * OTF2. The converter matches START and END with a stack per thread, so
 * both outputs are always well nested: an END whose START was not recorded
 * (gasp_control) is dropped, regions opened above the matching START are
 * closed with it, and regions still open at the end of a thread's records
 * (exit() inside a function; threads that upc_global_exit cut short) are
 * closed when the conversion starts.
 *
 * When: at exit (an atexit handler; the pthreads runtime has joined every
 * UPC thread by then), or at GASP_UPC_NONCOLLECTIVE_EXIT (upc_global_exit
 * ends the process with _exit, so the calling thread converts right away).
 * In the latter case the other threads may still run: their streams are
 * flushed under the stream's lock and read up to that point only (whole
 * records, since each is one fwrite). Written once; a second global exit
 * waits for the first conversion to finish.
 */
#ifndef _GNU_SOURCE
#define _GNU_SOURCE
#endif
#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/types.h>
#include <unistd.h>

#include "gasp_tools.h"
#include "trace_otf2.h"

#define TOOL "trace"
#define TEXT_MAX 1024 /* a user event's formatted varargs */

/* ------------------------------------------------------------------------
 * Records
 * ------------------------------------------------------------------------ */

typedef struct trec {
  uint64_t ts;      /* ns since the program started */
  const char *file; /* the program's own strings: valid until it ends */
  uint32_t tag;
  int32_t line, col;
  uint8_t type;
  uint8_t nargs;     /* upcgt_val_t values follow */
  uint16_t textlen;  /* then this many bytes of text */
} trec_t;

#define REC_ALIGN 8
#define REC_MAX                                                                \
  (sizeof(trec_t) + UPCGT_MAX_ARGS * sizeof(upcgt_val_t) + TEXT_MAX + REC_ALIGN)

static size_t rec_size(const trec_t *r) {
  size_t n = sizeof *r + r->nargs * sizeof(upcgt_val_t) + r->textlen;
  return (n + REC_ALIGN - 1) / REC_ALIGN * REC_ALIGN;
}

struct _gasp_context_S {
  upcgt_ctx_t base; /* first: see gasp_tools.h */
  FILE *f;          /* this thread's records; NULL: not traced */
};

static void finalize(const char *how, int by_thread);

/* An unlinked temporary file in $TMPDIR (default /tmp). */
static FILE *temp_stream(void) {
  const char *dir = upcgt_getenv("TMPDIR", "/tmp");
  char path[4096];
  snprintf(path, sizeof path, "%s/upc-gasp-trace.XXXXXX", dir);
  int fd = mkstemp(path);
  if (fd < 0)
    return NULL;
  unlink(path);
  FILE *f = fdopen(fd, "w+");
  if (!f) {
    close(fd);
    return NULL;
  }
  setvbuf(f, NULL, _IOFBF, 1 << 16);
  return f;
}

gasp_context_t gasp_init(gasp_model_t srcmodel, int *argc, char ***argv) {
  (void)srcmodel;
  (void)argc;
  (void)argv;
  upcgt_start(finalize); /* the conversion at exit */
  struct _gasp_context_S *ctx = calloc(1, sizeof *ctx);
  if (!ctx)
    return NULL;
  upcgt_ctx_init(&ctx->base);
  ctx->f = temp_stream();
  if (!ctx->f)
    upcgt_warn(TOOL, "cannot create a temporary file in %s: %m; thread %d "
                     "is not traced",
               upcgt_getenv("TMPDIR", "/tmp"), ctx->base.thread);
  upcgt_register(&ctx->base);
  return ctx;
}

void gasp_event_notifyVA(gasp_context_t ctx, unsigned int tag,
                         gasp_evttype_t type, const char *file, int line,
                         int col, va_list varargs) {
  if (!ctx || !ctx->base.enabled || ctx->base.done || !ctx->f)
    return;
  _Alignas(16) unsigned char buf[REC_MAX];
  trec_t *r = (trec_t *)buf;
  r->ts = upcgt_now_ns();
  r->file = file;
  r->tag = tag;
  r->line = line;
  r->col = col;
  r->type = (uint8_t)type;
  r->nargs = 0;
  r->textlen = 0;
  va_list ap;
  va_copy(ap, varargs);
  if (upcgt_is_user_event(tag)) {
    const upcgt_userevt_t *e = upcgt_userevt_get(tag);
    if (e && e->desc) {
      char *text = (char *)(r + 1);
      int k = vsnprintf(text, TEXT_MAX, e->desc, ap);
      if (k > 0)
        r->textlen = (uint16_t)(k < TEXT_MAX ? k : TEXT_MAX - 1);
    }
  } else {
    const upcgt_sig_t *sig = upcgt_signature(tag, type);
    if (sig && sig->nargs) {
      upcgt_val_t vals[UPCGT_MAX_ARGS];
      upcgt_decode(sig, &ap, vals);
      memcpy(r + 1, vals, sig->nargs * sizeof *vals);
      r->nargs = sig->nargs;
    }
  }
  va_end(ap);
  size_t n = rec_size(r);
  memset(buf + sizeof *r + r->nargs * sizeof(upcgt_val_t) + r->textlen, 0,
         n - (sizeof *r + r->nargs * sizeof(upcgt_val_t) + r->textlen));
  fwrite(buf, 1, n, ctx->f);
  if (tag == GASP_UPC_COLLECTIVE_EXIT && type == GASP_END) {
    fflush(ctx->f);
    ctx->base.done = 1;
  } else if (tag == GASP_UPC_NONCOLLECTIVE_EXIT) {
    ctx->base.done = 1;
    upcgt_final(finalize, "upc_global_exit", ctx->base.thread);
  }
}

/* gasp_control, gasp_create_event and gasp_event_notify, in this file: see
 * upcgt_control in gasp_tools.h for why. */
UPCGT_COMMON_ENTRY_POINTS

/* ------------------------------------------------------------------------
 * Conversion
 * ------------------------------------------------------------------------ */

/* Reads one thread's records, up to `len` bytes, with pread (the owner may
 * still append behind that point). */
typedef struct reader {
  int fd;
  off_t pos, len;
  unsigned char *buf;
  size_t have, at, cap;
} reader_t;

static const trec_t *reader_next(reader_t *rd) {
  if (rd->have - rd->at < sizeof(trec_t) ||
      rd->have - rd->at < rec_size((const trec_t *)(rd->buf + rd->at))) {
    memmove(rd->buf, rd->buf + rd->at, rd->have - rd->at);
    rd->have -= rd->at;
    rd->at = 0;
    while (rd->have < rd->cap && rd->pos < rd->len) {
      size_t want = rd->cap - rd->have;
      if ((off_t)want > rd->len - rd->pos)
        want = (size_t)(rd->len - rd->pos);
      ssize_t k = pread(rd->fd, rd->buf + rd->have, want, rd->pos);
      if (k < 0 && errno == EINTR)
        continue;
      if (k <= 0)
        break;
      rd->have += (size_t)k;
      rd->pos += k;
    }
    if (rd->have < sizeof(trec_t) ||
        rd->have < rec_size((const trec_t *)rd->buf))
      return NULL;
  }
  const trec_t *r = (const trec_t *)(rd->buf + rd->at);
  rd->at += rec_size(r);
  return r;
}

typedef struct frame {
  uint32_t tag;
  const char *name; /* as shown */
  const char *cat;
  uint32_t region;
  uint64_t rma_id; /* 0: no RMA operation open */
  uint64_t rma_bytes;
  uint32_t rma_target; /* the thread with affinity to the accessed memory */
} frame_t;

typedef struct conv {
  FILE *json; /* NULL: no JSON */
  int json_first;
  upcgt_otf2_t *otf2; /* NULL: no OTF2 */
  int thread;
  frame_t *stack;
  size_t depth, cap;
  uint64_t last_ts, max_ts, rma_ids;
  uint64_t end_ts; /* when the conversion started: regions still open end */
  uint64_t in_flight; /* bytes of the thread's RMA operations open */
  size_t events;
} conv_t;

/* The name shown for an event: a function's signature, a user event's
 * name, or the event's symbolic name. */
static const char *display_name(const trec_t *r, const upcgt_val_t *vals,
                                char *buf, size_t size) {
  if (r->tag == GASP_C_FUNC && r->nargs >= 1 && vals[0].s)
    return vals[0].s;
  return upcgt_event_name(r->tag, buf, size);
}

static void json_ts(FILE *f, uint64_t ts) {
  fprintf(f, "%" PRIu64 ".%03u", ts / 1000, (unsigned)(ts % 1000));
}

static void json_str(FILE *f, const char *s, size_t len) {
  char small[512];
  size_t need = upcgt_json_escape(small, sizeof small, s, len);
  if (need < sizeof small) {
    fputs(small, f);
    return;
  }
  char *big = malloc(need + 1);
  if (big) {
    upcgt_json_escape(big, need + 1, s, len);
    fputs(big, f);
    free(big);
  }
}

/* {"name":..,"cat":..,"ph":..,"ts":..,"pid":0,"tid":..  (no closing) */
static void json_head(conv_t *c, const char *ph, const char *name,
                      const char *cat, uint64_t ts) {
  FILE *f = c->json;
  fputs(c->json_first ? "\n" : ",\n", f);
  c->json_first = 0;
  fputs("{\"name\":\"", f);
  json_str(f, name, strlen(name));
  fprintf(f, "\",\"cat\":\"%s\",\"ph\":\"%s\",\"ts\":", cat, ph);
  json_ts(f, ts);
  fprintf(f, ",\"pid\":0,\"tid\":%d", c->thread);
  if (ph[0] == 'i')
    fputs(",\"s\":\"t\"", f);
}

static void json_args(conv_t *c, const trec_t *r, const upcgt_val_t *vals,
                      const char *text, int with_loc) {
  FILE *f = c->json;
  const upcgt_sig_t *sig =
      upcgt_is_user_event(r->tag) ? NULL
                                  : upcgt_signature(r->tag, (gasp_evttype_t)r->type);
  int any = 0;
  fputs(",\"args\":{", f);
  if (with_loc) {
    fputs("\"loc\":\"", f);
    const char *file = r->file ? r->file : "<unknown>";
    json_str(f, file, strlen(file));
    fprintf(f, ":%d:%d\"", (int)r->line, (int)r->col);
    any = 1;
  }
  if (sig && r->nargs == sig->nargs) {
    for (unsigned i = 0; i < r->nargs; ++i) {
      char v[1024];
      upcgt_format_value(v, sizeof v, sig->args[i].kind, &vals[i], 1);
      fprintf(f, "%s\"%s\":%s", any ? "," : "", sig->args[i].name, v);
      any = 1;
    }
  }
  if (r->textlen) {
    fprintf(f, "%s\"text\":\"", any ? "," : "");
    json_str(f, text, r->textlen);
    fputs("\"", f);
  }
  fputs("}}", f);
}

static int is_rma(uint32_t tag) {
  return tag == GASP_UPC_GET || tag == GASP_UPC_PUT ||
         tag == GASP_UPC_MEMGET || tag == GASP_UPC_MEMPUT ||
         tag == GASP_UPC_MEMSET || tag == GASP_UPC_NB_GET_INIT ||
         tag == GASP_UPC_NB_PUT_INIT || tag == GASP_UPCI_NB_MEMSET_INIT;
}

/* The RMA operation of a START: whether it is a put, its target and size. */
static int rma_of(const trec_t *r, const upcgt_val_t *v, int *is_put,
                  uint32_t *remote, uint64_t *bytes) {
  const upcgt_val_t *pts, *n;
  switch (r->tag) {
  case GASP_UPC_GET:
  case GASP_UPC_NB_GET_INIT:
    if (r->nargs < 4) return 0;
    *is_put = 0, pts = &v[2], n = &v[3];
    break;
  case GASP_UPC_PUT:
  case GASP_UPC_NB_PUT_INIT:
    if (r->nargs < 4) return 0;
    *is_put = 1, pts = &v[1], n = &v[3];
    break;
  case GASP_UPC_MEMGET:
    if (r->nargs < 3) return 0;
    *is_put = 0, pts = &v[1], n = &v[2];
    break;
  case GASP_UPC_MEMPUT:
  case GASP_UPC_MEMSET:
  case GASP_UPCI_NB_MEMSET_INIT:
    if (r->nargs < 3) return 0;
    *is_put = 1, pts = &v[0], n = &v[2];
    break;
  default:
    return 0;
  }
  if (pts->pts.thread < 0)
    return 0;
  *remote = (uint32_t)pts->pts.thread;
  *bytes = n->z;
  return 1;
}

/* The thread's "RMA bytes in flight" counter at ts. A counter is the
 * process's in the Chrome format: one name per thread keeps the threads'
 * series apart in every viewer. */
static void json_in_flight(conv_t *c, uint64_t ts) {
  char name[64];
  snprintf(name, sizeof name, "RMA bytes in flight (UPC thread %d)", c->thread);
  json_head(c, "C", name, "data", ts);
  fprintf(c->json, ",\"args\":{\"bytes\":%" PRIu64 "}}", c->in_flight);
}

/* An RMA operation in the JSON: a flow arrow from the origin thread's slice
 * to the target thread (Chrome trace format's flow events; the ids name the
 * origin thread, so that merged traces of several processes keep them
 * apart), and the origin's "RMA bytes in flight" counter. */
static void json_rma_begin(conv_t *c, const frame_t *fr, uint64_t ts) {
  if (fr->rma_target != (uint32_t)c->thread) {
    json_head(c, "s", "RMA", "data", ts);
    fprintf(c->json, ",\"id\":\"%d.%" PRIu64 "\"}", c->thread, fr->rma_id);
  }
  json_in_flight(c, ts);
}

static void json_rma_end(conv_t *c, const frame_t *fr, uint64_t ts) {
  if (fr->rma_target != (uint32_t)c->thread) {
    /* The arrow's head, on the target's track; "bp":"e" binds it to the
     * slice enclosing ts there. */
    int origin = c->thread;
    c->thread = (int)fr->rma_target;
    json_head(c, "f", "RMA", "data", ts);
    c->thread = origin;
    fprintf(c->json, ",\"bp\":\"e\",\"id\":\"%d.%" PRIu64 "\"}", origin,
            fr->rma_id);
  }
  json_in_flight(c, ts);
}

/* Closes the top frame at ts; r: the END record, or NULL when closed
 * without one. */
static void close_top(conv_t *c, uint64_t ts, const trec_t *r,
                      const upcgt_val_t *vals, const char *text) {
  frame_t *fr = &c->stack[--c->depth];
  if (fr->rma_id)
    c->in_flight -= fr->rma_bytes;
  if (c->json) {
    json_head(c, "E", fr->name, fr->cat, ts);
    /* Viewers merge the args of B and E: E has only what START lacked
     * (results such as a new pointer, a user event's own text). */
    if (r && (r->textlen || upcgt_signature(r->tag, GASP_END) !=
                                upcgt_signature(r->tag, GASP_START)))
      json_args(c, r, vals, text, 0);
    else
      fputs("}", c->json);
    if (fr->rma_id)
      json_rma_end(c, fr, ts);
  }
  if (c->otf2) {
    if (fr->rma_id) {
      upcgt_otf2_rma_complete(c->otf2, ts, fr->rma_id);
      upcgt_otf2_in_flight(c->otf2, ts, c->in_flight);
    }
    upcgt_otf2_leave(c->otf2, ts, fr->region);
  }
}

static void convert_record(conv_t *c, const trec_t *r) {
  const upcgt_val_t *vals = (const upcgt_val_t *)(r + 1);
  const char *text = (const char *)(vals + r->nargs);
  char namebuf[48];
  uint64_t ts = r->ts < c->last_ts ? c->last_ts : r->ts;
  c->last_ts = ts;
  ++c->events;
  if (r->type == GASP_END) {
    size_t d = c->depth;
    while (d && c->stack[d - 1].tag != r->tag)
      --d;
    if (!d)
      return; /* START not recorded */
    while (c->depth > d)
      close_top(c, ts, NULL, NULL, NULL);
    close_top(c, ts, r, vals, text);
    return;
  }
  const char *name = display_name(r, vals, namebuf, sizeof namebuf);
  const char *cat = upcgt_category_name(upcgt_category(r->tag));
  uint32_t region = 0;
  if (c->otf2)
    region = upcgt_otf2_region(c->otf2, r->tag, name, r->file, r->line,
                               r->col);
  if (r->type == GASP_ATOMIC) {
    if (c->json) {
      json_head(c, "i", name, cat, ts);
      json_args(c, r, vals, text, 1);
    }
    if (c->otf2) {
      upcgt_otf2_enter(c->otf2, ts, region);
      upcgt_otf2_leave(c->otf2, ts, region);
    }
    return;
  }
  /* START */
  if (c->depth == c->cap) {
    size_t cap = c->cap ? 2 * c->cap : 64;
    frame_t *s = realloc(c->stack, cap * sizeof *s);
    if (!s)
      return;
    c->stack = s;
    c->cap = cap;
  }
  frame_t *fr = &c->stack[c->depth++];
  fr->tag = r->tag;
  /* A name in namebuf does not outlive this call: keep only program
   * strings and registered names (upcgt_event_name's other results). */
  fr->name = name == namebuf ? "GASP_EVENT" : name;
  fr->cat = cat;
  fr->region = region;
  fr->rma_id = 0;
  int is_put;
  if (is_rma(r->tag) &&
      rma_of(r, vals, &is_put, &fr->rma_target, &fr->rma_bytes)) {
    fr->rma_id = ++c->rma_ids;
    c->in_flight += fr->rma_bytes;
  }
  if (c->json) {
    json_head(c, "B", name, cat, ts);
    json_args(c, r, vals, text, 1);
    if (fr->rma_id)
      json_rma_begin(c, fr, ts);
  }
  if (c->otf2) {
    upcgt_otf2_enter(c->otf2, ts, region);
    if (fr->rma_id) {
      upcgt_otf2_rma(c->otf2, ts, is_put, fr->rma_target, fr->rma_bytes,
                     fr->rma_id);
      upcgt_otf2_in_flight(c->otf2, ts, c->in_flight);
    }
  }
}

static void convert_thread(conv_t *c, int thread, int fd, off_t len) {
  reader_t rd = {fd, 0, len, NULL, 0, 0, (size_t)1 << 20};
  rd.buf = malloc(rd.cap);
  if (!rd.buf)
    return;
  c->thread = thread;
  c->depth = 0;
  c->last_ts = 0;
  c->in_flight = 0;
  if (c->otf2)
    upcgt_otf2_location_begin(c->otf2, thread);
  const trec_t *r;
  while ((r = reader_next(&rd)))
    convert_record(c, r);
  /* Still open: the thread was in them when the program ended. */
  uint64_t end = c->end_ts > c->last_ts ? c->end_ts : c->last_ts;
  if (c->depth)
    c->last_ts = end;
  while (c->depth)
    close_top(c, end, NULL, NULL, NULL);
  if (c->otf2)
    upcgt_otf2_location_end(c->otf2);
  if (c->last_ts > c->max_ts)
    c->max_ts = c->last_ts;
  free(rd.buf);
}

enum { FMT_JSON = 1, FMT_OTF2 = 2 };

static int formats(void) {
  const char *f = upcgt_getenv("GASP_TRACE_FORMAT", NULL);
#ifdef UPCGT_HAVE_OTF2
  const int dflt = FMT_JSON | FMT_OTF2;
#else
  const int dflt = FMT_JSON;
#endif
  if (!f)
    return dflt;
  int want = strcmp(f, "json") == 0   ? FMT_JSON
             : strcmp(f, "otf2") == 0 ? FMT_OTF2
             : strcmp(f, "both") == 0 ? FMT_JSON | FMT_OTF2
                                      : 0;
  if (!want) {
    upcgt_warn(TOOL, "GASP_TRACE_FORMAT=%s is not json, otf2 or both; "
                     "using the default",
               f);
    return dflt;
  }
#ifndef UPCGT_HAVE_OTF2
  if (want & FMT_OTF2) {
    upcgt_warn(TOOL, "this trace tool was built without OTF2; writing JSON "
                     "only");
    want = FMT_JSON;
  }
#endif
  return want;
}

/* Through upcgt_final: once, at exit or at the first global exit. */
static void finalize(const char *how, int by_thread) {
  int nthreads = upcgt_nthreads();
  /* Snapshot every stream: whole records up to the current end. */
  off_t *lens = calloc((size_t)nthreads, sizeof *lens);
  int *fds = calloc((size_t)nthreads, sizeof *fds);
  for (int t = 0; lens && fds && t < nthreads; ++t) {
    /* The registry holds each context's first member. */
    struct _gasp_context_S *ctx = (struct _gasp_context_S *)upcgt_context(t);
    fds[t] = -1;
    if (!ctx || !ctx->f)
      continue;
    flockfile(ctx->f);
    fflush(ctx->f);
    lens[t] = ftello(ctx->f);
    fds[t] = fileno(ctx->f);
    funlockfile(ctx->f);
  }
  int fmt = formats();
  int wrote_json = 0, wrote_otf2 = 0;
  conv_t c;
  memset(&c, 0, sizeof c);
  c.json_first = 1;
  c.end_ts = upcgt_now_ns();
  char jpath_buf[4096], opath_buf[4096];
  upcgt_output_path(jpath_buf, sizeof jpath_buf,
                    upcgt_getenv("GASP_TRACE_FILE", "gasp_trace.json"));
  upcgt_output_path(opath_buf, sizeof opath_buf,
                    upcgt_getenv("GASP_TRACE_OTF2", "gasp_trace"));
  const char *jpath = jpath_buf;
  if (fmt & FMT_JSON) {
    c.json = strcmp(jpath, "-") == 0 ? stdout : fopen(jpath, "w");
    if (!c.json)
      upcgt_warn(TOOL, "cannot write GASP_TRACE_FILE=%s: %m", jpath);
    else {
      setvbuf(c.json, NULL, _IOFBF, 1 << 20);
      fputs("{\"traceEvents\":[", c.json);
      json_head(&c, "M", "process_name", "__metadata", 0);
      fprintf(c.json, ",\"args\":{\"name\":\"UPC program (%d thread%s)\"}}",
              nthreads, nthreads == 1 ? "" : "s");
      for (int t = 0; t < nthreads; ++t) {
        c.thread = t;
        json_head(&c, "M", "thread_name", "__metadata", 0);
        fprintf(c.json, ",\"args\":{\"name\":\"UPC thread %d\"}}", t);
        json_head(&c, "M", "thread_sort_index", "__metadata", 0);
        fprintf(c.json, ",\"args\":{\"sort_index\":%d}}", t);
      }
    }
  }
#ifdef UPCGT_HAVE_OTF2
  if (fmt & FMT_OTF2)
    c.otf2 = upcgt_otf2_open(opath_buf, nthreads);
#endif
  for (int t = 0; lens && fds && t < nthreads; ++t) {
    if (fds[t] >= 0) {
      convert_thread(&c, t, fds[t], lens[t]);
    } else if (c.otf2) {
      upcgt_otf2_location_begin(c.otf2, t); /* every location defined */
      upcgt_otf2_location_end(c.otf2);
    }
  }
  if (c.json) {
    /* The start on the real-time clock lets upc-prof align the traces of
     * several processes; first_thread / local_threads say whose they are. */
    int first;
    int local = upcgt_local_threads(&first);
    fprintf(c.json,
            "\n],\"displayTimeUnit\":\"ns\",\"otherData\":{"
            "\"tool\":\"upc-gasp-trace\",\"threads\":%d,"
            "\"first_thread\":%d,\"local_threads\":%d,"
            "\"start_realtime_ns\":%" PRIu64 ","
            "\"ended_by\":\"%s\",\"ended_on_thread\":%d}}\n",
            nthreads, first, local, upcgt_start_realtime_ns(), how, by_thread);
    if (c.json == stdout)
      fflush(c.json);
    else if (fclose(c.json) != 0)
      upcgt_warn(TOOL, "error writing %s: %m", jpath);
    else
      wrote_json = 1;
  }
#ifdef UPCGT_HAVE_OTF2
  if (c.otf2 && upcgt_otf2_close(c.otf2, c.max_ts) != 0)
    upcgt_warn(TOOL, "error writing the OTF2 archive");
  else if (c.otf2)
    wrote_otf2 = 1;
#endif
  /* The archive's anchor file: GASP_TRACE_OTF2 may end in .otf2 or not. */
  size_t olen = strlen(opath_buf);
  const char *oext =
      olen > 5 && strcmp(opath_buf + olen - 5, ".otf2") == 0 ? "" : ".otf2";
  if (wrote_json && wrote_otf2)
    upcgt_announce(TOOL, "the trace to %s and %s%s", jpath, opath_buf, oext);
  else if (wrote_json)
    upcgt_announce(TOOL, "the trace to %s", jpath);
  else if (wrote_otf2)
    upcgt_announce(TOOL, "the trace to %s%s", opath_buf, oext);
  free(c.stack);
  free(lens);
  free(fds);
}
