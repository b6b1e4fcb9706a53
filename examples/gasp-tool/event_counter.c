/*
 * event_counter.c - a complete GASP tool in one file, written only against
 * the public headers (gasp.h, gasp_upc.h): it counts the events each UPC
 * thread receives, by event and type, and thread 0 prints the totals of all
 * threads when the program ends.
 *
 * Build a UPC program with it instead of a ready-made tool:
 *   upc-instrument --profile cc prog.upc event_counter.c -o prog
 *   UPC_THREADS=4 ./prog
 *
 * Everything a tool must know is here: gasp_init runs once per UPC thread
 * before main and returns that thread's context; every event arrives on the
 * thread that caused it, with that context, so per-thread counters need no
 * locks; gasp_control turns measurement off and on; gasp_create_event hands
 * out user event numbers. Each process prints the counts of its own UPC
 * threads (all of them with the pthreads backend, one with MPI) at the end
 * of the collective exit, which its threads reach after all of them stopped
 * raising events.
 */
#include <gasp.h>

#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum { MAX_THREADS = 1024, MAX_KINDS = 64 };

struct kind {
  unsigned int tag;
  unsigned long long count[3]; /* by gasp_evttype_t */
};

struct _gasp_context_S {
  int thread;
  int measuring;
  struct kind kinds[MAX_KINDS];
  int nkinds;
  unsigned long long user; /* user events, all tags together */
};

static struct _gasp_context_S *contexts[MAX_THREADS];
static atomic_uint next_user_event = GASP_UPC_USEREVT_START;
static atomic_int threads_here; /* UPC threads of this process */
static atomic_int threads_done;

gasp_context_t gasp_init(gasp_model_t model, int *argc, char ***argv) {
  (void)argc;
  (void)argv;
  if (model != GASP_MODEL_UPC)
    return NULL;
  struct _gasp_context_S *c = calloc(1, sizeof *c);
  if (!c)
    abort();
  c->thread = gasp_upc_mythread();
  c->measuring = 1;
  if (c->thread < MAX_THREADS)
    contexts[c->thread] = c;
  atomic_fetch_add(&threads_here, 1);
  return c;
}

static void count(struct _gasp_context_S *c, unsigned int tag,
                  gasp_evttype_t type) {
  if (tag >= GASP_UPC_USEREVT_START) {
    c->user++;
    return;
  }
  for (int i = 0; i < c->nkinds; i++)
    if (c->kinds[i].tag == tag) {
      c->kinds[i].count[type]++;
      return;
    }
  if (c->nkinds < MAX_KINDS) {
    c->kinds[c->nkinds].tag = tag;
    c->kinds[c->nkinds++].count[type] = 1;
  }
}

static void report(void) {
  int threads = gasp_upc_threads();
  printf("event_counter: events of %d of %d thread(s)\n",
         atomic_load(&threads_here), threads);
  for (int t = 0; t < threads && t < MAX_THREADS; t++) {
    struct _gasp_context_S *c = contexts[t];
    if (!c)
      continue;
    for (int i = 0; i < c->nkinds; i++) {
      const char *name = gasp_upc_event_name(c->kinds[i].tag);
      printf("  thread %d %-28s start %llu end %llu atomic %llu\n", t,
             name ? name : "?", c->kinds[i].count[GASP_START],
             c->kinds[i].count[GASP_END], c->kinds[i].count[GASP_ATOMIC]);
    }
    if (c->user)
      printf("  thread %d %-28s %llu\n", t, "user events", c->user);
  }
  fflush(stdout);
}

void gasp_event_notifyVA(gasp_context_t context, unsigned int evttag,
                         gasp_evttype_t evttype, const char *filename,
                         int linenum, int colnum, va_list varargs) {
  (void)filename;
  (void)linenum;
  (void)colnum;
  (void)varargs; /* a counter needs no arguments */
  struct _gasp_context_S *c = context;
  if (!c)
    return;
  if (c->measuring)
    count(c, evttag, evttype);
  /* The end of the collective exit: every thread has stopped raising
   * events; the last one of this process to get here prints the totals.
   * (gasp_init has returned on every thread before any event.) */
  if (evttag == GASP_UPC_COLLECTIVE_EXIT && evttype == GASP_END &&
      atomic_fetch_add(&threads_done, 1) + 1 == atomic_load(&threads_here))
    report();
}

void gasp_event_notify(gasp_context_t context, unsigned int evttag,
                       gasp_evttype_t evttype, const char *filename,
                       int linenum, int colnum, ...) {
  va_list ap;
  va_start(ap, colnum);
  gasp_event_notifyVA(context, evttag, evttype, filename, linenum, colnum, ap);
  va_end(ap);
}

int gasp_control(gasp_context_t context, int on) {
  struct _gasp_context_S *c = context;
  int was = c ? c->measuring : 1;
  if (c)
    c->measuring = on;
  return was;
}

unsigned int gasp_create_event(gasp_context_t context, const char *name,
                               const char *desc) {
  (void)context;
  (void)name;
  (void)desc;
  return atomic_fetch_add(&next_user_event, 1);
}
