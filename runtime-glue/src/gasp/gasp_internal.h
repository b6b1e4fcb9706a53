/*
 * gasp_internal.h - what the GASP sources of the runtime share. Not
 * installed. The core knows nothing of this layer but its hooks
 * (core/internal.h).
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

/* Start-up and exit (runtime.c) are the core's hooks (core/internal.h),
 * which runtime.c installs from a constructor. */

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
