/*
 * gasp_internal.h - what the core (start-up and exit) needs from the GASP
 * layer of the runtime, and what the GASP sources share. Not installed.
 *
 * The GASP layer (src/gasp) raises the events of gasp_upc.h at run time:
 * the instrumented entry points of upcr_gasp.h, gasp_init on every thread
 * of an instrumented program, the exit events, the pupc.h functions, the
 * helpers for tool writers and the default (weak) GASP functions for
 * programs linked without a tool. docs/gasp-runtime.md describes it.
 */
#ifndef UPCR_GASP_INTERNAL_H
#define UPCR_GASP_INTERNAL_H

#include "upcr.h"
#include "upcr_gasp.h"

/* ---- start-up (runtime.c) ------------------------------------------------ */

/* Called once on the process's main thread before the UPC threads start,
 * when some file record has UPCR_FILE_GASP: prepares a private copy of the
 * argument vector for each of the `count` UPC threads from `first` that
 * this process runs. */
void upcri_gasp_setup(int argc, int first, int count);
/* Nonzero once upcri_gasp_setup ran: gasp_init is called on every thread
 * of this process. Written before the threads start, then only read. */
extern int upcri_gasp_enabled;
/* On each UPC thread, after the start-up barriers: copies the vector *argv
 * into the thread's own and calls gasp_init with it (the tool may change
 * *argc and *argv; main receives the result). */
void upcri_gasp_thread_init(int thread, int *argc, char ***argv);

/* ---- exit (runtime.c) ---------------------------------------------------- */

/* GASP_UPC_COLLECTIVE_EXIT START (before the exit barrier) or END (after
 * it) with the calling thread's status, at the position recorded by
 * upcr_gasp_main_return / upcr_gasp_exit; nothing without a context. */
void upcri_gasp_collective_exit(gasp_evttype_t type, int status);
/* upc_global_exit in a program that initialises GASP: raises
 * GASP_UPC_NONCOLLECTIVE_EXIT on the calling thread (at the position
 * upcr_gasp_global_exit recorded, else unknown) and ends the process
 * through exit(), once (atexit handlers run; see docs/gasp-runtime.md). */
UPCR_NORETURN void upcri_gasp_global_exit(int status);
/* A runtime error at \p pos on a thread with a context: ends the program as
 * upc_global_exit(status) would, the event at the error's position. */
UPCR_NORETURN void upcri_gasp_error_exit(upcr_srcpos_t pos, int status);

/* ---- user events (user.c) ------------------------------------------------ */

/* A new user event number, unique in the process: GASP_UPC_USEREVT_START
 * upwards, GASP_UPC_USEREVT_END once the range is used up. */
unsigned int upcri_gasp_new_user_event(void);

/* ---- defaults (default_*.c) ---------------------------------------------
 *
 * The GASP functions a tool provides (gasp_init, gasp_event_notify,
 * gasp_event_notifyVA, gasp_control, gasp_create_event) have defaults in
 * the runtime library, so that an instrumented program links and runs
 * without a tool (GASP 1.4, 3.1.3 and 3.2 allow "dummy" versions).
 *
 * A tool (or the user's own object) that defines some or all of them must
 * win, and never clash, whatever it is linked with:
 *   - each default is alone in its source file, hence in its own archive
 *     member: the linker pulls a member only for a symbol still undefined,
 *     so a tool's definition keeps the default out, and defining one
 *     function never drags in the default of another;
 *   - each default is weak: when its member is pulled all the same (an
 *     object file of the tool listed after the runtime library, or a
 *     member of a tool archive pulled later for another of its symbols),
 *     the tool's strong definition takes precedence instead of being a
 *     duplicate symbol. Separate files also keep the compiler from
 *     inlining a default into its callers.
 * What weak symbols cannot do: a static link does not replace a weak
 * definition it already has by one from a later archive member that
 * nothing else pulls, and an executable's own (default) definition is
 * preferred to a shared object's. So a tool archive must come before the
 * runtime library on the link line (upc-instrument --tool does so), its
 * gasp_init should be in the member that defines gasp_event_notify (which
 * instrumented code references), and a tool in a shared object must be on
 * the link line before the runtime library. docs/gasp-runtime.md says
 * more. */
#define UPCRI_GASP_DEFAULT __attribute__((__weak__))

#endif /* UPCR_GASP_INTERNAL_H */
