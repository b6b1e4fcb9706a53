/*
 * gasp_recorder.c - the recording GASP tool of the runtime's tests (see
 * gasp_recorder.h). Written as a tool is: it knows the runtime only
 * through gasp.h and the helpers of gasp_upc.h.
 */
#include "gasp_recorder.h"

#include <gasp.h>
#include <pthread.h>
#include <stdarg.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#define MAX_THREADS 64
#define MAX_LINES 64
#define LINE 240
#define MAX_DEPTH 32

struct _gasp_context_S {
  int magic;
  int thread;
  int on; /* the last value of gasp_control */
  char lines[MAX_LINES][LINE];
  int count, next; /* lines logged; the next one rec_expect matches */
  char at_exit[4][LINE];
  int at_exit_count;
  unsigned open[MAX_DEPTH]; /* tags of the START events not yet ended */
  int depth;
  int exited; /* COLLECTIVE_EXIT END was raised */
  char *argv[16];
  char marker[32];
};

#define MAGIC 0x6a5e7001

static struct _gasp_context_S contexts[MAX_THREADS];
static atomic_int init_calls;
static atomic_int noncollective_thread; /* thread + 1 */
static atomic_int atexit_registered, atexit_runs;

static UPCR_NORETURN void fail(const char *fmt, ...)
    __attribute__((__format__(printf, 1, 2)));
static void fail(const char *fmt, ...) {
  char msg[1024];
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(msg, sizeof msg, fmt, ap);
  va_end(ap);
  fflush(stdout);
  fprintf(stderr, "recorder: thread %d: %s\n", gasp_upc_mythread(), msg);
  _exit(1);
}

static struct _gasp_context_S *my_context(void) {
  int t = gasp_upc_mythread();
  if (t < 0 || t >= MAX_THREADS || contexts[t].magic != MAGIC)
    fail("no context on this thread");
  return &contexts[t];
}

static void dump(const struct _gasp_context_S *c) {
  fprintf(stderr, "recorder: log of thread %d:\n", c->thread);
  for (int i = 0; i < c->count; ++i)
    fprintf(stderr, "  %c %s\n", i == c->next ? '>' : ' ', c->lines[i]);
}

/* ------------------------------------------------------------------------
 * Formatting events
 * ------------------------------------------------------------------------ */

/* User events: name and description, by number. */
static pthread_mutex_t user_lock = PTHREAD_MUTEX_INITIALIZER;
static struct {
  unsigned tag;
  char name[32];
  int has_desc;
  char desc[16];
} user_events[32];
static int user_count;

static int find_user_event(unsigned tag, char *name, size_t n, char *desc,
                           size_t dn, int *has_desc) {
  int found = 0;
  pthread_mutex_lock(&user_lock);
  for (int i = 0; i < user_count; ++i)
    if (user_events[i].tag == tag) {
      snprintf(name, n, "%s", user_events[i].name);
      snprintf(desc, dn, "%s", user_events[i].desc);
      *has_desc = user_events[i].has_desc;
      found = 1;
    }
  pthread_mutex_unlock(&user_lock);
  return found;
}

/* The varargs of each system event, by type letter (see the header). */
static const char *signature(unsigned tag, gasp_evttype_t type) {
  int start = type == GASP_START;
  switch (tag) {
  case GASP_C_FUNC: return "s";
  case GASP_C_MALLOC: return start ? "z" : "zp";
  case GASP_C_REALLOC: return start ? "pz" : "pzp";
  case GASP_C_FREE: return "p";
  case GASP_UPC_COLLECTIVE_EXIT:
  case GASP_UPC_NONCOLLECTIVE_EXIT: return "i";
  case GASP_UPC_NOTIFY:
  case GASP_UPC_WAIT:
  case GASP_UPC_BARRIER: return "ii";
  case GASP_UPC_FENCE:
  case GASP_UPC_FORALL: return "";
  case GASP_UPC_GLOBAL_ALLOC:
  case GASP_UPC_ALL_ALLOC: return start ? "zz" : "zzP";
  case GASP_UPC_ALLOC: return start ? "z" : "zP";
  case GASP_UPC_FREE:
  case GASP_UPCI_ALL_FREE: return "P";
  case GASP_UPC_GLOBAL_LOCK_ALLOC:
  case GASP_UPC_ALL_LOCK_ALLOC: return start ? "" : "L";
  case GASP_UPC_LOCK_FREE:
  case GASP_UPC_LOCK:
  case GASP_UPC_UNLOCK:
  case GASP_UPCI_ALL_LOCK_FREE: return "L";
  case GASP_UPC_LOCK_ATTEMPT: return start ? "L" : "Li";
  case GASP_UPC_MEMCPY: return "PPz";
  case GASP_UPC_MEMGET: return "pPz";
  case GASP_UPC_MEMPUT: return "Ppz";
  case GASP_UPC_MEMSET: return "Piz";
  case GASP_UPC_GET: return "ipPzss";
  case GASP_UPC_PUT: return "iPpzss";
  case GASP_UPC_ALL_BROADCAST:
  case GASP_UPC_ALL_SCATTER:
  case GASP_UPC_ALL_GATHER:
  case GASP_UPC_ALL_GATHER_ALL:
  case GASP_UPC_ALL_EXCHANGE: return "PPzi";
  case GASP_UPC_ALL_PERMUTE: return "PPPzi";
  case GASP_UPC_ALL_REDUCE:
  case GASP_UPC_ALL_PREFIX_REDUCE: return "PPizzpir";
  default: return NULL;
  }
}

static void format_pts(char *buf, size_t n, const gasp_upc_PTS_t *p) {
  snprintf(buf, n, "pts(%d,%zu,%zu)", gasp_upc_pts_thread(p),
           gasp_upc_pts_addrfield(p), gasp_upc_pts_phase(p));
}

static const char *const reduction_names[] = {
    "R_C", "R_UC", "R_S", "R_US", "R_I", "R_UI",
    "R_L", "R_UL", "R_F", "R_D", "R_LD"};

/* Appends printf output to buf at *len. */
static void append(char *buf, size_t *len, const char *fmt, ...)
    __attribute__((__format__(printf, 3, 4)));
static void append(char *buf, size_t *len, const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  int k = vsnprintf(buf + *len, LINE - *len, fmt, ap);
  va_end(ap);
  if (k < 0 || (size_t)k >= LINE - *len)
    fail("event line too long: %s", buf);
  *len += (size_t)k;
}

static void record(gasp_context_t c, unsigned tag, gasp_evttype_t type,
                   const char *file, int line, int col, va_list ap,
                   int via_va) {
  if (!c || c->magic != MAGIC)
    fail("event %#x with a context gasp_init did not return", tag);
  if (c->thread != gasp_upc_mythread())
    fail("event %#x with the context of thread %d", tag, c->thread);
  if (c->exited)
    fail("event %#x after GASP_UPC_COLLECTIVE_EXIT END", tag);
  if (type != GASP_START && type != GASP_END && type != GASP_ATOMIC)
    fail("event %#x of type %d", tag, (int)type);
  /* START and END pair up, innermost first. */
  if (type == GASP_START) {
    if (c->depth == MAX_DEPTH)
      fail("too many nested events");
    c->open[c->depth++] = tag;
  } else if (type == GASP_END) {
    if (c->depth == 0 || c->open[c->depth - 1] != tag)
      fail("END of event %#x without its START", tag);
    --c->depth;
  }

  char buf[LINE];
  size_t len = 0;
  const char *sig;
  char uname[32], udesc[16];
  int has_desc = 0;
  if (via_va)
    append(buf, &len, "va ");
  if (tag >= GASP_UPC_USEREVT_START) {
    if (!find_user_event(tag, uname, sizeof uname, udesc, sizeof udesc,
                         &has_desc))
      fail("user event %#x was not created", tag);
    append(buf, &len, "USER:%s", uname);
    if (!has_desc)
      sig = "";
    else if (!strcmp(udesc, "%d"))
      sig = "i";
    else
      fail("user event %s: unexpected description %s", uname, udesc);
  } else {
    const char *name = gasp_upc_event_name(tag);
    sig = signature(tag, type);
    if (!name || !sig)
      fail("unknown event %#x", tag);
    append(buf, &len, "%s", name);
  }
  append(buf, &len, " %s %s:%d:%d",
         type == GASP_START ? "START" : type == GASP_END ? "END" : "ATOMIC",
         file ? file : "?", line, col);

  /* The data pointers of GET and PUT, for the checks below. */
  void *data = NULL;
  const gasp_upc_PTS_t *shared = NULL;
  size_t size = 0;
  for (const char *s = sig; *s; ++s) {
    char pts[64];
    switch (*s) {
    case 'i': append(buf, &len, " %d", va_arg(ap, int)); break;
    case 'z': {
      size_t z = va_arg(ap, size_t);
      size = z;
      append(buf, &len, " %zu", z);
      break;
    }
    case 'p': {
      void *p = va_arg(ap, void *);
      data = p;
      append(buf, &len, " %p", p);
      break;
    }
    case 's': {
      const char *str = va_arg(ap, const char *);
      if (str)
        append(buf, &len, " \"%s\"", str);
      else
        append(buf, &len, " NULL");
      break;
    }
    case 'P': {
      gasp_upc_PTS_t *p = va_arg(ap, gasp_upc_PTS_t *);
      if (!p)
        fail("%s: NULL gasp_upc_PTS_t *", buf);
      shared = p;
      format_pts(pts, sizeof pts, p);
      append(buf, &len, " %s", pts);
      break;
    }
    case 'L': {
      gasp_upc_lock_t *l = va_arg(ap, gasp_upc_lock_t *);
      if (!l)
        fail("%s: NULL gasp_upc_lock_t *", buf);
      if (gasp_upc_pts_phase(l) != 0)
        fail("%s: a lock with a phase", buf);
      append(buf, &len, " lock(%d,%zu)", gasp_upc_pts_thread(l),
             gasp_upc_pts_addrfield(l));
      break;
    }
    case 'r': {
      gasp_upc_reduction_t r = va_arg(ap, gasp_upc_reduction_t);
      if ((unsigned)r > GASP_UPC_REDUCTION_LD)
        fail("%s: reduction type %d", buf, (int)r);
      append(buf, &len, " %s", reduction_names[r]);
      break;
    }
    }
  }

  /* The value read is in *dst at GET END; the value written in *src at
   * PUT END, and at the address the helper gives. */
  if (type == GASP_END && (tag == GASP_UPC_GET || tag == GASP_UPC_PUT)) {
    void *local = gasp_upc_pts_local_address(shared);
    if (!local || !data || size == 0 || memcmp(local, data, size) != 0)
      fail("%s: the data is not at gasp_upc_pts_local_address", buf);
  }

  if (tag == GASP_UPC_COLLECTIVE_EXIT && type == GASP_END)
    c->exited = 1;
  if (tag == GASP_UPC_NONCOLLECTIVE_EXIT)
    atomic_store(&noncollective_thread, c->thread + 1);

  if (c->count == MAX_LINES) {
    dump(c);
    fail("log full");
  }
  memcpy(c->lines[c->count++], buf, len + 1);
}

/* ------------------------------------------------------------------------
 * The tool functions
 * ------------------------------------------------------------------------ */

static void check_exit(void);

gasp_context_t gasp_init(gasp_model_t srcmodel, int *argc, char ***argv) {
  int t = gasp_upc_mythread();
  if (srcmodel != GASP_MODEL_UPC)
    fail("gasp_init for model %d", (int)srcmodel);
  if (t < 0 || t >= MAX_THREADS || gasp_upc_threads() > MAX_THREADS)
    fail("thread %d of %d: too many", t, gasp_upc_threads());
  struct _gasp_context_S *c = &contexts[t];
  if (c->magic == MAGIC)
    fail("gasp_init called twice");
  atomic_fetch_add(&init_calls, 1);
  c->magic = MAGIC;
  c->thread = t;
  c->on = 1;

  /* Our option: removed in place (each thread edits its own vector). */
  int n = *argc;
  char **v = *argv;
  if (n < 2 || strcmp(v[1], "--gasp-tool-arg") != 0)
    fail("gasp_init: no --gasp-tool-arg argument");
  if (v[n] != NULL)
    fail("gasp_init: argv[argc] is not NULL");
  for (int i = 1; i < n; ++i)
    v[i] = v[i + 1];
  --n;
  /* And a vector of our own with one more argument. */
  if (n + 2 > (int)(sizeof c->argv / sizeof *c->argv))
    fail("gasp_init: too many arguments");
  for (int i = 0; i < n; ++i)
    c->argv[i] = v[i];
  snprintf(c->marker, sizeof c->marker, "tool-thread-%d", t);
  c->argv[n++] = c->marker;
  c->argv[n] = NULL;
  *argc = n;
  *argv = c->argv;

  if (!atomic_exchange(&atexit_registered, 1))
    atexit(check_exit);
  return c;
}

void gasp_event_notify(gasp_context_t context, unsigned int evttag,
                       gasp_evttype_t evttype, const char *filename,
                       int linenum, int colnum, ...) {
  va_list ap;
  va_start(ap, colnum);
  record(context, evttag, evttype, filename, linenum, colnum, ap, 0);
  va_end(ap);
}

void gasp_event_notifyVA(gasp_context_t context, unsigned int evttag,
                         gasp_evttype_t evttype, const char *filename,
                         int linenum, int colnum, va_list varargs) {
  va_list ap;
  va_copy(ap, varargs);
  record(context, evttag, evttype, filename, linenum, colnum, ap, 1);
  va_end(ap);
}

int gasp_control(gasp_context_t context, int on) {
  struct _gasp_context_S *c = my_context();
  if (context != c)
    fail("gasp_control with another context");
  int previous = c->on;
  c->on = on;
  char buf[LINE];
  snprintf(buf, sizeof buf, "control %d -> %d", on, previous);
  if (c->count == MAX_LINES)
    fail("log full");
  memcpy(c->lines[c->count++], buf, strlen(buf) + 1);
  return previous;
}

/* One number per name: every thread that creates "phase" gets the same. */
unsigned int gasp_create_event(gasp_context_t context, const char *name,
                               const char *desc) {
  struct _gasp_context_S *c = my_context();
  if (context != c)
    fail("gasp_create_event with another context");
  unsigned tag = 0;
  pthread_mutex_lock(&user_lock);
  for (int i = 0; i < user_count; ++i)
    if (!strcmp(user_events[i].name, name))
      tag = user_events[i].tag;
  if (!tag) {
    if (user_count == 32) {
      pthread_mutex_unlock(&user_lock);
      fail("too many user events");
    }
    tag = GASP_UPC_USEREVT_START + 0x100u + (unsigned)user_count;
    user_events[user_count].tag = tag;
    snprintf(user_events[user_count].name, sizeof user_events[0].name, "%s",
             name);
    user_events[user_count].has_desc = desc != NULL;
    snprintf(user_events[user_count].desc, sizeof user_events[0].desc, "%s",
             desc ? desc : "");
    ++user_count;
  }
  pthread_mutex_unlock(&user_lock);
  char buf[LINE];
  snprintf(buf, sizeof buf, "create_event \"%s\" %s%s%s", name,
           desc ? "\"" : "", desc ? desc : "NULL", desc ? "\"" : "");
  if (c->count == MAX_LINES)
    fail("log full");
  memcpy(c->lines[c->count++], buf, strlen(buf) + 1);
  return tag;
}

/* ------------------------------------------------------------------------
 * Expectations
 * ------------------------------------------------------------------------ */

/* '*' in the pattern matches any run of non-blank characters. */
static int match(const char *pat, const char *s) {
  for (; *pat; ++pat, ++s) {
    if (*pat == '*') {
      const char *t = s;
      while (*t && *t != ' ')
        ++t;
      for (;; --t) {
        if (match(pat + 1, t))
          return 1;
        if (t == s)
          return 0;
      }
    }
    if (*pat != *s)
      return 0;
  }
  return *s == 0;
}

void rec_reset(void) {
  struct _gasp_context_S *c = my_context();
  c->count = c->next = 0;
}

void rec_expect(const char *fmt, ...) {
  struct _gasp_context_S *c = my_context();
  char want[LINE];
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(want, sizeof want, fmt, ap);
  va_end(ap);
  if (c->next >= c->count || !match(want, c->lines[c->next])) {
    dump(c);
    fail("expected line %d: %s", c->next, want);
  }
  ++c->next;
}

void rec_done(void) {
  struct _gasp_context_S *c = my_context();
  if (c->next != c->count) {
    dump(c);
    fail("unexpected line %d", c->next);
  }
  c->count = c->next = 0;
}

void rec_expect_at_exit(const char *fmt, ...) {
  struct _gasp_context_S *c = my_context();
  if (c->at_exit_count == 4)
    fail("too many exit expectations");
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(c->at_exit[c->at_exit_count++], LINE, fmt, ap);
  va_end(ap);
}

static void check_log_at_exit(struct _gasp_context_S *c) {
  int ok = c->count == c->at_exit_count;
  for (int i = 0; ok && i < c->count; ++i)
    ok = match(c->at_exit[i], c->lines[i]);
  if (!ok || c->at_exit_count == 0) {
    fprintf(stderr, "recorder: expected at exit on thread %d:\n", c->thread);
    for (int i = 0; i < c->at_exit_count; ++i)
      fprintf(stderr, "    %s\n", c->at_exit[i]);
    c->next = -1;
    dump(c);
    fflush(stdout);
    _exit(1);
  }
}

/* Normal exit: runs on thread 0 once every thread has raised
 * GASP_UPC_COLLECTIVE_EXIT END and ended. upc_global_exit: runs on the
 * thread that called it while the others may still run; only its own log
 * is read. */
static void check_exit(void) {
  if (atomic_fetch_add(&atexit_runs, 1) != 0) {
    fprintf(stderr, "recorder: the atexit handler runs twice\n");
    _exit(1);
  }
  int g = atomic_load(&noncollective_thread);
  if (g) {
    if (g - 1 != gasp_upc_mythread()) {
      fprintf(stderr, "recorder: upc_global_exit on thread %d, atexit "
                      "handlers on thread %d\n", g - 1, gasp_upc_mythread());
      _exit(1);
    }
    check_log_at_exit(&contexts[g - 1]);
    printf("recorder: noncollective exit checked on thread %d\n", g - 1);
    return;
  }
  int threads = gasp_upc_threads();
  for (int t = 0; t < threads; ++t) {
    if (!contexts[t].exited) {
      fprintf(stderr, "recorder: thread %d did not raise "
                      "GASP_UPC_COLLECTIVE_EXIT END\n", t);
      _exit(1);
    }
    check_log_at_exit(&contexts[t]);
  }
  printf("recorder: exit events checked on %d threads\n", threads);
}

int rec_init_calls(void) { return atomic_load(&init_calls); }

/* ------------------------------------------------------------------------
 * Spellings for expectations
 * ------------------------------------------------------------------------ */

static char *rotating_buffer(void) {
  static __thread char bufs[8][64];
  static __thread int next;
  return bufs[next++ & 7];
}

const char *rec_pts(upcr_shared_ptr_t p) {
  char *b = rotating_buffer();
  snprintf(b, 64, "pts(%u,%llu,%u)", (unsigned)p.thread,
           (unsigned long long)p.offset, (unsigned)p.phase);
  return b;
}

const char *rec_ppts(upcr_pshared_ptr_t p) {
  return rec_pts(upcr_pshared_to_shared(p));
}

const char *rec_lock(upcr_pshared_ptr_t l) {
  char *b = rotating_buffer();
  snprintf(b, 64, "lock(%u,%llu)", (unsigned)l.thread,
           (unsigned long long)l.offset);
  return b;
}
