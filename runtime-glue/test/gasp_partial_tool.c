/*
 * gasp_partial_tool.c - a GASP tool that defines only gasp_init and
 * gasp_event_notify (the runtime's defaults provide the other three),
 * linked as an archive before the runtime library, as upc-instrument
 * --tool links tools. Linked with gasp_defaults.c (runtime.gasp_partial).
 *
 * It counts each thread's events and, at exit (its atexit handler), checks
 * that gasp_init was called once on every thread and that every thread
 * received events: prints "partial tool: all N threads initialised and
 * received events", or fails with status 1.
 */
#include <gasp.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

#define MAX_THREADS 64

struct _gasp_context_S {
  int thread;
  atomic_int events; /* read by the atexit handler of another thread */
};

static struct _gasp_context_S contexts[MAX_THREADS];
static atomic_int init_calls, registered;

static void fail(const char *msg) {
  fprintf(stderr, "partial tool: thread %d: %s\n", gasp_upc_mythread(), msg);
  _exit(1);
}

static void report(void) {
  int t = gasp_upc_threads();
  if (atomic_load(&init_calls) != t)
    fail("gasp_init was not called once per thread");
  for (int i = 0; i < t; ++i)
    if (atomic_load(&contexts[i].events) == 0)
      fail("a thread received no event");
  printf("partial tool: all %d threads initialised and received events\n", t);
}

gasp_context_t gasp_init(gasp_model_t srcmodel, int *argc, char ***argv) {
  (void)argc;
  (void)argv;
  int t = gasp_upc_mythread();
  if (srcmodel != GASP_MODEL_UPC || t < 0 || t >= MAX_THREADS)
    fail("gasp_init: unexpected model or thread");
  atomic_fetch_add(&init_calls, 1);
  contexts[t].thread = t;
  if (!atomic_exchange(&registered, 1))
    atexit(report);
  return &contexts[t];
}

void gasp_event_notify(gasp_context_t context, unsigned int evttag,
                       gasp_evttype_t evttype, const char *filename,
                       int linenum, int colnum, ...) {
  (void)evttype;
  (void)filename;
  (void)linenum;
  (void)colnum;
  if (context != &contexts[gasp_upc_mythread()])
    fail("an event with another thread's context");
  if (evttag < GASP_UPC_USEREVT_START && !gasp_upc_event_name(evttag))
    fail("an unknown event");
  atomic_fetch_add(&context->events, 1);
}
