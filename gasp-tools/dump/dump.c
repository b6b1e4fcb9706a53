/*
 * dump.c - the GASP "dump" tool: one text line per event, in the format of
 * Berkeley UPC's reference dump tool,
 *
 *   MYTHREAD/THREADS seconds> [file:line:col] TAG TYPE  { args }
 *
 * e.g.  1/2 0.001234> [heat.upc:40:5] GASP_UPC_PUT START { is_relaxed=1,
 *       dst=(0,0x40,0), src=0x7ffc..., n=8, type="double", name="u" }
 *
 * Output (GASP_DUMPFILE): default "gasp_dump.%", one file per thread ('%'
 * becomes MYTHREAD); a name without '%' is one file all threads share; "-"
 * or "stdout" and "stderr" name those streams. Every line is written with
 * one fwrite, which holds the stream's lock, so lines of threads sharing a
 * stream never mix. GASP_FLUSH=1 flushes after every line (for programs
 * that may die without exiting).
 *
 * Completeness: files are fully buffered; a thread flushes its stream at its
 * GASP_UPC_COLLECTIVE_EXIT END (and exit() flushes every stream after the
 * runtime joined the threads). upc_global_exit ends the process with
 * _exit(), which flushes nothing: the thread that raises
 * GASP_UPC_NONCOLLECTIVE_EXIT flushes every stream (fflush(NULL) takes each
 * stream's lock, so it is safe while other threads still write).
 *
 * Threads: a context per UPC thread, no shared mutable state on the event
 * path (the stream's own lock is uncontended for per-thread files).
 */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "gasp_tools.h"

#define TOOL "dump"
#define LINE_BYTES 4096

struct _gasp_context_S {
  upcgt_ctx_t base; /* first: see gasp_tools.h */
  int flush_each;   /* GASP_FLUSH */
  FILE *out;      /* NULL: this thread's output could not be opened */
};

/* A stream every thread shares (stdout, stderr, or a file without '%'):
 * opened once, by the first thread to initialise. */
static pthread_once_t shared_once = PTHREAD_ONCE_INIT;
static FILE *shared_out;
static const char *dump_pattern;

static void open_shared(void) {
  dump_pattern = upcgt_getenv("GASP_DUMPFILE", "gasp_dump.%");
  if (strcmp(dump_pattern, "-") == 0 || strcmp(dump_pattern, "stdout") == 0)
    shared_out = stdout;
  else if (strcmp(dump_pattern, "stderr") == 0)
    shared_out = stderr;
  else if (!strchr(dump_pattern, '%')) {
    shared_out = fopen(dump_pattern, "w");
    if (!shared_out)
      upcgt_warn(TOOL, "cannot open GASP_DUMPFILE=%s: %m; no dump",
                 dump_pattern);
    else
      setvbuf(shared_out, NULL, _IOFBF, 1 << 16);
  }
}

/* The line at exit that says where the dump went (the standard streams
 * need none). Every line itself was written as its event happened. */
static void announce(const char *how, int by_thread) {
  (void)how, (void)by_thread;
  if (shared_out == stdout || shared_out == stderr)
    return;
  if (!strchr(dump_pattern, '%')) {
    if (shared_out)
      upcgt_announce(TOOL, "the events to %s", dump_pattern);
    return;
  }
  int first;
  int local = upcgt_local_threads(&first);
  char one[4096], last[4096];
  if (upcgt_expand_thread(one, sizeof one, dump_pattern, first) ||
      upcgt_expand_thread(last, sizeof last, dump_pattern, first + local - 1))
    return;
  if (local == 1)
    upcgt_announce(TOOL, "the events to %s", one);
  else
    upcgt_announce(TOOL, "the events to %s ... %s, a file per thread", one,
                   last);
}

gasp_context_t gasp_init(gasp_model_t srcmodel, int *argc, char ***argv) {
  (void)srcmodel;
  (void)argc;
  (void)argv;
  upcgt_start(announce);
  pthread_once(&shared_once, open_shared);
  struct _gasp_context_S *ctx = calloc(1, sizeof *ctx);
  if (!ctx)
    return NULL;
  upcgt_ctx_init(&ctx->base);
  ctx->flush_each = upcgt_getenv_yes("GASP_FLUSH", 0);
  if (strchr(dump_pattern, '%') && strcmp(dump_pattern, "-") != 0) {
    char path[4096];
    if (upcgt_expand_thread(path, sizeof path, dump_pattern,
                            ctx->base.thread)) {
      upcgt_warn(TOOL, "GASP_DUMPFILE=%s is too long; no dump", dump_pattern);
    } else {
      ctx->out = fopen(path, "w");
      if (!ctx->out)
        upcgt_warn(TOOL, "cannot open %s: %m; no dump of thread %d", path,
                   ctx->base.thread);
      else
        setvbuf(ctx->out, NULL, _IOFBF, 1 << 16);
    }
  } else {
    ctx->out = shared_out;
  }
  upcgt_register(&ctx->base);
  return ctx;
}

void gasp_event_notifyVA(gasp_context_t ctx, unsigned int tag,
                         gasp_evttype_t type, const char *file, int line,
                         int col, va_list varargs) {
  if (!ctx || !ctx->base.enabled || !ctx->out)
    return;
  double secs = (double)upcgt_now_ns() * 1e-9;
  char buf[LINE_BYTES], namebuf[48];
  const char *name = upcgt_event_name(tag, namebuf, sizeof namebuf);
  size_t n = upcgt_append(buf, sizeof buf, 0, "%d/%d %.6f> [%s:%d:%d] %s %-5s { ",
                          ctx->base.thread, ctx->base.threads, secs,
                          file ? file : "<unknown>", line, col, name,
                          upcgt_type_name(type));
  va_list ap;
  va_copy(ap, varargs);
  if (upcgt_is_user_event(tag)) {
    const upcgt_userevt_t *e = upcgt_userevt_get(tag);
    if (e && e->desc && n < sizeof buf) {
      int k = vsnprintf(buf + n, sizeof buf - n, e->desc, ap);
      if (k > 0)
        n += (size_t)k;
    }
  } else {
    const upcgt_sig_t *sig = upcgt_signature(tag, type);
    if (sig && sig->nargs) {
      upcgt_val_t vals[UPCGT_MAX_ARGS];
      upcgt_decode(sig, &ap, vals);
      if (n < sizeof buf)
        n += upcgt_format_args_text(buf + n, sizeof buf - n, sig, vals);
    }
  }
  va_end(ap);
  static const char tail[] = " }\n", cut[] = "... }\n";
  if (n + sizeof tail > sizeof buf) { /* truncated: end with "..." */
    n = sizeof buf - sizeof cut;
    memcpy(buf + n, cut, sizeof cut);
    n += sizeof cut - 1;
  } else {
    memcpy(buf + n, tail, sizeof tail);
    n += sizeof tail - 1;
  }
  fwrite(buf, 1, n, ctx->out);
  if (ctx->flush_each)
    fflush(ctx->out);
  if (tag == GASP_UPC_COLLECTIVE_EXIT && type == GASP_END)
    fflush(ctx->out);
  else if (tag == GASP_UPC_NONCOLLECTIVE_EXIT) {
    fflush(NULL); /* every thread's stream: the process ends with _exit */
    upcgt_final(announce, "upc_global_exit", ctx->base.thread);
  }
}

/* gasp_control, gasp_create_event and gasp_event_notify, in this file: see
 * upcgt_control in gasp_tools.h for why. */
UPCGT_COMMON_ENTRY_POINTS
