/*
 * runtime.c - the GASP context of each thread, gasp_init at start-up, and
 * the exit events (GASP 1.4, 3.2 and 5.4.1).
 */
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "core/internal.h"
#include "gasp/gasp_internal.h"

__thread gasp_context_t upcri_gasp_context;
/* upcr_gasp.h: opened by the MIR engine while a probe measures; the
 * upc_forall iterations counted meanwhile. */
__thread int upcr_gasp_gate;
__thread unsigned long long upcr_gasp_forall_iterations;

/* ------------------------------------------------------------------------
 * Start-up
 * ------------------------------------------------------------------------ */

/* One argument vector (argc + 1 pointers) per UPC thread of this process:
 * a tool that edits *argv in place (removing its own options, say) then
 * edits its thread's copy, not an array other threads read at the same
 * time. Allocated once and kept for the life of the process (main may
 * keep argv), reachable from here. */
static char **argv_copies;
static int argv_first, argv_slots;

/* On each UPC thread, after the start-up barriers: copies the vector *argv
 * into the thread's own and calls gasp_init with it (the tool may change
 * *argc and *argv; main receives the result). */
static void thread_start(int thread, int *argc, char ***argv) {
  char **mine = argv_copies + (size_t)(thread - argv_first) * argv_slots;
  int n = *argc;
  for (int i = 0; i < n && i < argv_slots - 1; ++i)
    mine[i] = (*argv)[i];
  mine[n < argv_slots - 1 ? n : argv_slots - 1] = NULL;
  *argv = mine;
  /* Assigned only when gasp_init returns: every event before that (the
   * static-data initialisation, gasp_init's own upcalls) sees no context
   * and raises nothing. */
  gasp_context_t ctx = gasp_init(GASP_MODEL_UPC, argc, argv);
  if (!ctx)
    upcri_fatal("the GASP tool's gasp_init returned NULL on thread %d",
                thread);
  upcri_gasp_context = ctx;
}

/* ------------------------------------------------------------------------
 * Exit
 * ------------------------------------------------------------------------ */

/* Where the calling thread's collective exit comes from: set by
 * upcr_gasp_main_return and upcr_gasp_exit, read once by upcr_exit. */
static __thread upcr_srcpos_t exit_pos;

int upcr_gasp_main_return(int status, upcr_srcpos_t pos) {
  exit_pos = pos;
  return status;
}

void upcr_gasp_exit(int status, upcr_srcpos_t pos) {
  exit_pos = pos;
  upcr_exit(status);
}

/* GASP_UPC_COLLECTIVE_EXIT START (before the exit barrier) or END (after
 * it) with the calling thread's status, at the position recorded by
 * upcr_gasp_main_return / upcr_gasp_exit; nothing without a context. */
static void collective_exit(int end, int status) {
  if (UPCR_GASP_ACTIVE())
    UPCRI_GASP_NOTIFY(GASP_UPC_COLLECTIVE_EXIT, end ? GASP_END : GASP_START,
                      exit_pos, status);
}

/* Where the calling thread's upc_global_exit is: set by
 * upcr_gasp_global_exit; unknown for a call of upcr_global_exit from a site
 * that is not instrumented (C code, excluded functions). */
static __thread upcr_srcpos_t global_exit_pos;

void upcr_gasp_global_exit(int status, upcr_srcpos_t pos) {
  global_exit_pos = pos;
  upcr_global_exit(status, pos);
}

static atomic_int global_exit_claimed;

/* upc_global_exit in a program that initialises GASP: raises
 * GASP_UPC_NONCOLLECTIVE_EXIT on the calling thread (at the position
 * upcr_gasp_global_exit recorded, else unknown) and ends the process
 * through exit(), once (atexit handlers run; see docs/gasp-runtime.md). */
static UPCR_NORETURN void global_exit(int status) {
  /* Raised by the runtime, like GASP_UPC_COLLECTIVE_EXIT, so that a tool
   * learns of every end of the program, also from sites that were not
   * instrumented. */
  if (UPCR_GASP_ACTIVE())
    UPCRI_GASP_NOTIFY(GASP_UPC_NONCOLLECTIVE_EXIT, GASP_ATOMIC,
                      global_exit_pos, status);
  /* exit() runs the atexit handlers (a tool's, that write its output) and
   * must run only once: a second thread calling upc_global_exit meanwhile
   * waits for the process to end, as a second runtime error does. The
   * other UPC threads are not stopped (nothing can stop a thread safely in
   * the middle of user or tool code): tools must expect callbacks from
   * them while their atexit handlers run. */
  if (atomic_exchange(&global_exit_claimed, 1)) {
    for (;;)
      pause();
  }
  fflush(stdout);
  fflush(stderr);
  upcrb_noncollective_exit();
  exit(status);
}

/* A runtime error at pos: on a thread with a context, ends the program as
 * upc_global_exit(status) would, the event at the error's position. */
static void error_exit(upcr_srcpos_t pos, int status) {
  if (!upcri_gasp_context)
    return;
  global_exit_pos = pos;
  global_exit(status);
}

/* ------------------------------------------------------------------------
 * Installation
 * ------------------------------------------------------------------------ */

static void setup(int argc, int first, int count) {
  size_t slots = (size_t)(argc > 0 ? argc : 0) + 1;
  argv_copies = calloc((size_t)count * slots, sizeof *argv_copies);
  if (!argv_copies)
    upcri_fatal("out of memory copying the arguments for %d threads", count);
  argv_first = first;
  argv_slots = (int)slots;
  upcri_hooks.thread_start = thread_start;
  upcri_hooks.collective_exit = collective_exit;
  upcri_hooks.global_exit = global_exit;
  upcri_hooks.error_exit = error_exit;
}

/* upcr.h's UPCR_REGISTER_FILE refers to this in an instrumented file, so
 * that the program links this file and its constructor. */
const char upcri_gasp_layer = 1;

__attribute__((__constructor__)) static void install(void) {
  upcri_hooks.setup = setup;
}
