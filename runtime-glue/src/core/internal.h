/*
 * internal.h - declarations shared by the files of the backend-independent
 * core. Not installed.
 */
#ifndef UPCR_CORE_INTERNAL_H
#define UPCR_CORE_INTERNAL_H

#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include "backend.h"
#include "upcr.h"

#define UPCRI_PRINTF(fmt, args) __attribute__((__format__(printf, fmt, args)))

/* ---- errors (error.c) ---------------------------------------------------- */

/* Prints "FILE:LINE:COL: error: MESSAGE" (or "upc runtime: error: MESSAGE"
 * when pos has no file), flushes stdio and ends the whole program with
 * status 1. Only the first error of a run is printed. */
UPCR_NORETURN void upcri_error(upcr_srcpos_t pos, const char *fmt, ...)
    UPCRI_PRINTF(2, 3);
/* Same, for errors not tied to a UPC construct (start-up, environment). */
UPCR_NORETURN void upcri_fatal(const char *fmt, ...) UPCRI_PRINTF(1, 2);
/* Writes pos as "FILE:LINE:COL" (or "FILE:LINE", or "unknown position"). */
void upcri_format_pos(char *buf, size_t size, upcr_srcpos_t pos);
/* Writes a byte count for people: "123 bytes", "64 MiB", "1.5 GiB". */
void upcri_format_size(char *buf, size_t size, uint64_t bytes);
/* How a fatal error ends the program: the backend's upcrb_claim_error and
 * upcrb_abort, bound by upcr_run (start.c) before anything can fail. Every
 * file reports errors through error.c, so error.c calls no file back (a
 * backend calls upcri_fatal). Unbound: the error is claimed and the process
 * ends with _exit. */
typedef struct upcri_ending {
  int (*claim_error)(void);
  UPCR_NORETURN void (*abort)(int status);
} upcri_ending_t;
extern upcri_ending_t upcri_ending;

/* ---- start-up state (start.c) -------------------------------------------- */

extern size_t upcri_heap_size;     /* UPC_SHARED_HEAP_SIZE, rounded */
extern uint64_t upcri_static_size; /* end of the static data in a segment */

/* ---- hooks of the layer above the core (start.c) -------------------------
 *
 * What the GASP layer (src/gasp) observes of the program's start and end.
 * The core calls the layer only through these hooks and never names it:
 * the layer installs setup from a constructor (gasp/runtime.c), and is
 * linked into every program with an instrumented file (UPCR_REGISTER_FILE
 * in upcr.h refers to it). Calls go one way: the layer calls the core, the
 * core calls back through the hooks. A NULL hook observes nothing. */
typedef struct upcri_hooks {
  /* Before the threads start, when some file was translated with
   * instrumentation: argc and the UPC threads [first, first + count) that
   * this process runs. Installs the hooks below. */
  void (*setup)(int argc, int first, int count);
  /* On each thread after the start-up barriers, before main (which gets the
   * argc and argv the hook leaves); every thread's hook returns before any
   * thread goes on. */
  void (*thread_start)(int thread, int *argc, char ***argv);
  /* Before (end == 0) and after (end == 1) the final barrier of exit(). */
  void (*collective_exit)(int end, int status);
  /* upc_global_exit(status) on the calling thread; may end the process. */
  void (*global_exit)(int status);
  /* A runtime error at pos on the calling thread, after its message; may
   * end the process (else the core aborts it). */
  void (*error_exit)(upcr_srcpos_t pos, int status);
} upcri_hooks_t;
extern upcri_hooks_t upcri_hooks;

/* ---- static data (static.c) ---------------------------------------------- */

/* Start-up passes: the main thread runs every ALLOC function once to lay out
 * the static data (sizing pass), before any segment exists; each UPC thread
 * then runs them again, which only checks that it asks for the same. */
void upcri_static_begin_layout(void);
void upcri_static_end_layout(void);
/* Reserves runtime-internal static space (same offset on every thread);
 * only during the layout pass. */
upcr_offset_t upcri_static_reserve(size_t bytes_per_thread);

/* ---- runtime-internal per-thread area (start.c) ------------------------- */

/* Each segment holds, at upcri_internal_offset, a small area the core uses
 * to pass values between threads through get/put (so it works unchanged when
 * segments are not shared memory). Double-buffered by the parity of a
 * per-thread sequence number: a buffer is rewritten only two synchronizing
 * steps later, when every thread has consumed it. */
typedef struct upcri_arrival {
  int kind;       /* upcri_sync_kind */
  int named;      /* nonzero: value is meaningful */
  int value;
  int line, col;  /* position of the construct */
  int has_file;
  char what[32];  /* "upc_barrier", "upc_notify", "upc_all_alloc", ... */
  char file[200]; /* position's file, truncated */
} upcri_arrival_t;

/* A thread's partial result of a split reduction (reduce.c). */
typedef struct upcri_partial {
  long double value; /* large and aligned enough for every type */
  int present;       /* the thread had elements */
} upcri_partial_t;

typedef struct upcri_internal_area {
  upcri_arrival_t arrival[2];   /* barrier arrivals, by phase parity */
  upcr_shared_ptr_t result[2];  /* collective results, by call parity */
  upcri_partial_t partial[2];   /* split reductions, by call parity */
} upcri_internal_area_t;

extern upcr_offset_t upcri_internal_offset;

/* ---- synchronization (barrier.c) ----------------------------------------- */

/* What a thread arrives at a barrier phase with. User barriers match each
 * other; library collectives and program exit only match the same. */
enum upcri_sync_kind {
  UPCRI_SYNC_USER = 0,    /* upc_barrier / upc_notify */
  UPCRI_SYNC_LIBRARY = 1, /* a collective library function */
  UPCRI_SYNC_EXIT = 2     /* exit from the program */
};

/* A complete barrier phase used inside the runtime (collectives, start-up,
 * exit): `what` names the library function for error messages, `id` tells
 * different functions apart (a thread in upc_all_alloc while another is in
 * upc_all_free is an error). */
void upcri_sync(const char *what, int id, upcr_srcpos_t pos);
/* The exit barrier: returns the program's exit status (the first nonzero
 * status in thread order, else 0). */
int upcri_sync_exit(int status);

/* ---- data movement helpers (copy.c) -------------------------------------- */

/* Checks that [offset, offset + n) lies inside thread's segment (and that
 * thread is valid); reports `what` at pos otherwise. */
void upcri_check_range(upcr_thread_t thread, upcr_offset_t offset, size_t n,
                       const char *what, upcr_srcpos_t pos);
/* Byte copies from/to any segment, local or not. */
void upcri_get_bytes(void *dst, upcr_thread_t thread, upcr_offset_t offset,
                     size_t n);
void upcri_put_bytes(upcr_thread_t thread, upcr_offset_t offset,
                     const void *src, size_t n);
/* Between two segments (memmove when both are addressable). */
void upcri_copy_bytes(upcr_thread_t dthread, upcr_offset_t doffset,
                      upcr_thread_t sthread, upcr_offset_t soffset, size_t n);

/* ---- heap (heap.c) ------------------------------------------------------- */

void upcri_heap_init(uint64_t heap_base, uint64_t heap_size);
/* Allocation of a lock object on the calling thread: like upc_alloc, flagged
 * so that upc_free refuses it and upc_lock_free accepts only it. */
upcr_shared_ptr_t upcri_alloc_lock_object(size_t nbytes, const char *what,
                                          upcr_srcpos_t pos);
void upcri_free_lock_object(upcr_shared_ptr_t ptr, const char *what,
                            upcr_srcpos_t pos);
/* Broadcasts a pointer from thread 0 to every thread inside a collective:
 * thread 0 passes the value, everyone gets it back. Synchronizes. */
upcr_shared_ptr_t upcri_broadcast_ptr(upcr_shared_ptr_t value,
                                      const char *what, int id,
                                      upcr_srcpos_t pos);

/* Identifiers of the library collectives, for upcri_sync. */
enum upcri_collective_id {
  UPCRI_ID_STARTUP = 1,
  UPCRI_ID_ALL_ALLOC,
  UPCRI_ID_ALL_FREE,
  UPCRI_ID_ALL_LOCK_ALLOC,
  UPCRI_ID_ALL_LOCK_FREE,
  UPCRI_ID_BROADCAST,
  UPCRI_ID_SCATTER,
  UPCRI_ID_GATHER,
  UPCRI_ID_GATHER_ALL,
  UPCRI_ID_EXCHANGE,
  UPCRI_ID_PERMUTE,
  UPCRI_ID_REDUCE,
  UPCRI_ID_PREFIX_REDUCE,
  UPCRI_ID_ATOMICDOMAIN_ALLOC,
  UPCRI_ID_ATOMICDOMAIN_FREE
};

#endif /* UPCR_CORE_INTERNAL_H */
