/*
 * pupc.h - the UPC side of the GASP performance tool interface (GASP 1.4,
 * 5.2-5.3) and the PUPC timing functions (PUPC proposal 1.1, 3.5).
 *
 * In UPC code translated with --profile or --profile-local, the user-event
 * calls become GASP events at their source position; without either flag
 * pupc_event_start/end/atomic compile away (their arguments are not
 * evaluated). The functions below also exist in the runtime, for C code.
 */
#ifndef _PUPC_H_
#define _PUPC_H_

#ifdef __cplusplus
extern "C" {
#endif

/* Measurement control: 0 stops measurement, nonzero resumes it; returns the
 * previous setting. */
int pupc_control(int on);

/* User events. `desc` is NULL or a printf-style format for the values passed
 * to pupc_event_start/end/atomic. */
unsigned int pupc_create_event(const char *name, const char *desc);
void pupc_event_start(unsigned int evttag, ...);
void pupc_event_end(unsigned int evttag, ...);
void pupc_event_atomic(unsigned int evttag, ...);

/* The PUPC proposal 1.1 spellings, for programs written against it:
 * pupc_create_event(name) without a description, and pupc_event_stop for
 * pupc_event_end. */
#define pupc_create_event(...)                                                 \
  PUPCI_CREATE_EVENT(__VA_ARGS__, (const char *)0, 0)
#define PUPCI_CREATE_EVENT(name, desc, ...) (pupc_create_event)(name, desc)
void pupc_event_stop(unsigned int evttag, ...);

/* Timing: a global clock in ticks. */
typedef unsigned long long pupc_tick_t;
pupc_tick_t pupc_ticks_now(void);
unsigned int pupc_ticks_to_us(pupc_tick_t ticks);
unsigned int pupc_tick_granularityus(void);

#ifdef __cplusplus
}
#endif

#endif
