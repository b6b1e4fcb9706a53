/*
 * user.c - user events, measurement control and timing (pupc.h; GASP 1.4,
 * 5.2-5.3; PUPC proposal 1.1, 3.5).
 *
 * The functions go to the tool when GASP is initialised on the calling
 * thread; otherwise (a program with no instrumented file, or a call before
 * gasp_init) they behave on their own: event numbers from this process's
 * counter, measurement control remembered per thread, no events.
 */
#include <limits.h>
#include <stdarg.h>
#include <stdatomic.h>
#include <time.h>

#include "core/internal.h"
#include "gasp/gasp_internal.h"
#include "pupc.h"

/* ------------------------------------------------------------------------
 * User events
 * ------------------------------------------------------------------------ */

static atomic_uint next_user_event = GASP_UPC_USEREVT_START;

unsigned int upcri_gasp_new_user_event(void) {
  unsigned int id = atomic_load(&next_user_event);
  /* Stops at the end of the range rather than wrapping into system event
   * numbers. */
  while (id != GASP_UPC_USEREVT_END &&
         !atomic_compare_exchange_weak(&next_user_event, &id, id + 1))
    ;
  return id;
}

unsigned int upcr_gasp_create_event(const char *name, const char *desc) {
  if (UPCR_GASP_ACTIVE())
    return gasp_create_event(upcri_gasp_context, name, desc);
  return upcri_gasp_new_user_event();
}

/* Parenthesized: pupc.h also defines pupc_create_event as a macro (for the
 * one-argument form of the PUPC proposal). */
unsigned int(pupc_create_event)(const char *name, const char *desc) {
  return upcr_gasp_create_event(name, desc);
}

/* Raised with an unknown position: these are the functions of C code
 * compiled without the translator (instrumented UPC code raises user
 * events inline, at their position, with UPCR_GASP_USER_EVENT). */
#define USER_EVENT(TYPE, EVTTAG)                                               \
  do {                                                                         \
    if (UPCR_GASP_ACTIVE()) {                                                  \
      va_list ap;                                                              \
      va_start(ap, EVTTAG);                                                    \
      gasp_event_notifyVA(upcri_gasp_context, (EVTTAG), (TYPE), NULL, 0, 0,    \
                          ap);                                                 \
      va_end(ap);                                                              \
    }                                                                          \
  } while (0)

void pupc_event_start(unsigned int evttag, ...) {
  USER_EVENT(GASP_START, evttag);
}
void pupc_event_end(unsigned int evttag, ...) { USER_EVENT(GASP_END, evttag); }
/* The PUPC proposal's name for pupc_event_end. */
void pupc_event_stop(unsigned int evttag, ...) {
  USER_EVENT(GASP_END, evttag);
}
void pupc_event_atomic(unsigned int evttag, ...) {
  USER_EVENT(GASP_ATOMIC, evttag);
}

/* ------------------------------------------------------------------------
 * Measurement control
 * ------------------------------------------------------------------------ */

/* Without a tool: the last value given on this thread (GASP contexts, and
 * so measurement control, are per thread). */
static __thread int measuring = 1;

int pupc_control(int on) {
  if (UPCR_GASP_ACTIVE())
    return gasp_control(upcri_gasp_context, on);
  int previous = measuring;
  measuring = on;
  return previous;
}

/* ------------------------------------------------------------------------
 * Timing: CLOCK_MONOTONIC in nanoseconds, the clock of upc_ticks_now. It is
 * one clock for the whole machine, so ticks of different threads compare.
 * ------------------------------------------------------------------------ */

pupc_tick_t pupc_ticks_now(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (pupc_tick_t)ts.tv_sec * 1000000000ull + (pupc_tick_t)ts.tv_nsec;
}

unsigned int pupc_ticks_to_us(pupc_tick_t ticks) {
  pupc_tick_t us = ticks / 1000;
  /* The interface's unsigned int holds about 71 minutes; longer intervals
   * saturate rather than wrap. */
  return us > UINT_MAX ? UINT_MAX : (unsigned int)us;
}

unsigned int pupc_tick_granularityus(void) {
  struct timespec res;
  if (clock_getres(CLOCK_MONOTONIC, &res) != 0)
    return 1;
  pupc_tick_t ns =
      (pupc_tick_t)res.tv_sec * 1000000000ull + (pupc_tick_t)res.tv_nsec;
  pupc_tick_t us = (ns + 999) / 1000;
  if (us < 1)
    return 1;
  return us > UINT_MAX ? UINT_MAX : (unsigned int)us;
}
