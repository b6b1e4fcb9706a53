/*
 * gasp_recorder.h - a GASP tool for the runtime's tests (gasp_recorder.c):
 * it writes every event a thread receives as one line of text into that
 * thread's log, reading the varargs with the exact types of gasp_upc.h,
 * and checks what it can check on its own (the context is the thread's,
 * START and END pair up, the data of GET/PUT is at the address the
 * helpers give, gasp_init once per thread, the exit events).
 *
 * A line is  NAME TYPE FILE:LINE:COL ARGS...  with NAME the event's
 * symbolic name (gasp_upc_event_name) or USER:<name> for a user event,
 * TYPE START, END or ATOMIC, FILE "?" when the position is unknown, and
 * each vararg formatted by its type:
 *   int %d, size_t %zu, void * %p, const char * "text" (or NULL),
 *   gasp_upc_PTS_t * pts(THREAD,ADDRFIELD,PHASE) (read with the helpers),
 *   gasp_upc_lock_t * lock(THREAD,ADDRFIELD),
 *   gasp_upc_reduction_t R_C ... R_LD.
 * Events raised through gasp_event_notifyVA start with "va ". Calls of
 * gasp_create_event and gasp_control are logged too:
 *   create_event "NAME" "DESC"      control ON -> PREVIOUS
 *
 * gasp_init expects "--gasp-tool-arg" as the first argument: it removes it
 * (editing the vector in place) and appends "tool-thread-<MYTHREAD>" (in a
 * vector of its own), so main sees both changes.
 */
#ifndef GASP_RECORDER_H
#define GASP_RECORDER_H

#include "upcr.h"

/* Forgets the calling thread's log. */
void rec_reset(void);
/* The next line of the calling thread's log must match the expectation
 * (printf-formatted; in it, '*' matches any run of non-blank characters).
 * A mismatch prints the log and ends the program with status 1. */
void rec_expect(const char *fmt, ...) __attribute__((__format__(printf, 1, 2)));
/* Every line was expected: checks that none is left, then forgets the log. */
void rec_done(void);
/* A line the calling thread's log must end with when the program ends
 * (after its last rec_reset): the exit events, checked by the recorder's
 * atexit handler, which prints "recorder: exit events checked on N
 * threads" or, after upc_global_exit, "recorder: noncollective exit
 * checked on thread T". */
void rec_expect_at_exit(const char *fmt, ...)
    __attribute__((__format__(printf, 1, 2)));
/* How many times gasp_init was called (all threads). */
int rec_init_calls(void);

/* The recorder's spelling of a pointer-to-shared and of a lock (rotating
 * static buffers: up to 8 in one expression). */
const char *rec_pts(upcr_shared_ptr_t p);
const char *rec_ppts(upcr_pshared_ptr_t p);
const char *rec_lock(upcr_pshared_ptr_t l);

#endif
