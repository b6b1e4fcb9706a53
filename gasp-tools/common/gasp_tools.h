/*
 * gasp_tools.h - the part the GASP tools (dump, profile, trace) share:
 * thread contexts and the final report, clock, user event registry, event
 * signatures and the decoding of their varargs, formatting of values,
 * output file names.
 *
 * Everything here is internal to the tool libraries (prefix upcgt_); a
 * program links exactly one tool.
 */
#ifndef UPC_GASP_TOOLS_H
#define UPC_GASP_TOOLS_H

#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include "gasp.h"

#ifdef __cplusplus
extern "C" {
#endif

/* ------------------------------------------------------------------------
 * Clock: nanoseconds of CLOCK_MONOTONIC since the program started (the
 * tool library's constructor, before main). The same origin on every
 * thread, so timelines of different threads line up.
 * ------------------------------------------------------------------------ */

uint64_t upcgt_now_ns(void);
/* CLOCK_REALTIME at the origin, in ns since the epoch. */
uint64_t upcgt_start_realtime_ns(void);

/* ------------------------------------------------------------------------
 * Thread contexts (context.c). Every tool's struct _gasp_context_S has a
 * upcgt_ctx_t as its first member, so that what is the same in every tool
 * (gasp_control, the registry of contexts, the final report) is written
 * once, here, against that member.
 * ------------------------------------------------------------------------ */

typedef struct upcgt_ctx {
  int thread, threads; /* MYTHREAD, THREADS */
  int enabled; /* measuring (gasp_control) */
  int control; /* the last value given to gasp_control (GASP 1.4, 3.3) */
  int done;    /* after the thread's last exit event: no measuring */
} upcgt_ctx_t;

/* The shared part of a tool's context (its first member; NULL stays NULL). */
static inline upcgt_ctx_t *upcgt_ctx(gasp_context_t ctx) {
  return (upcgt_ctx_t *)(void *)ctx;
}

/* Writes the final output once: how is "exit" or "upc_global_exit",
 * by_thread the thread that ended the program (-1 at exit). */
typedef void upcgt_final_fn(const char *how, int by_thread);

/* First thing in every gasp_init. The first call, on any thread, makes the
 * registry of contexts (one slot per UPC thread) and, when final is not
 * NULL, has final("exit", -1) run from an atexit handler through
 * upcgt_final (the pthreads runtime has joined every UPC thread by then).
 * Every caller of a tool passes the same final. */
void upcgt_start(upcgt_final_fn *final);

/* Fills c for the calling UPC thread: measuring, control 1, not done. */
void upcgt_ctx_init(upcgt_ctx_t *c);

/* Publishes the context of c's thread (release: what the tool wrote into
 * its context before is visible to a reader of upcgt_context). */
void upcgt_register(upcgt_ctx_t *c);

/* THREADS as the registry has it (at least 1), after upcgt_start. */
int upcgt_nthreads(void);

/* The registered context of thread, or NULL. */
upcgt_ctx_t *upcgt_context(int thread);

/* gasp_control: sets c's measuring, returns the previous value (1 for a
 * NULL context).
 * The GASP entry points themselves (gasp_control, gasp_create_event, ...)
 * stay in each tool's own file, as one-line calls of these: that file is
 * the archive member gasp_init pulls into the link. Defined in a member of
 * their own, they would be pulled only if the program referenced them
 * before the runtime, whose weak defaults would win otherwise. */
int upcgt_control(upcgt_ctx_t *c, int on);

/* The GASP entry points every tool defines the same way: gasp_control,
 * gasp_create_event and gasp_event_notify (over the tool's own
 * gasp_event_notifyVA). A tool writes UPCGT_COMMON_ENTRY_POINTS once in its
 * own file, next to its gasp_init (see above for why they live there). */
#define UPCGT_COMMON_ENTRY_POINTS                                              \
  int gasp_control(gasp_context_t ctx, int on) {                               \
    return upcgt_control(upcgt_ctx(ctx), on);                                  \
  }                                                                            \
  unsigned int gasp_create_event(gasp_context_t ctx, const char *name,         \
                                 const char *desc) {                           \
    (void)ctx;                                                                 \
    return upcgt_userevt_create(name, desc);                                   \
  }                                                                            \
  void gasp_event_notify(gasp_context_t ctx, unsigned int tag,                 \
                         gasp_evttype_t type, const char *file, int line,      \
                         int col, ...) {                                       \
    va_list ap;                                                                \
    va_start(ap, col);                                                         \
    gasp_event_notifyVA(ctx, tag, type, file, line, col, ap);                  \
    va_end(ap);                                                                \
  }

/* Runs write(how, by_thread) once per process, unless the registry could
 * not be made. A caller that comes second (a global exit on another thread
 * meanwhile, or exit) waits until the first write is done, so that its
 * _exit cannot cut the output short. */
void upcgt_final(upcgt_final_fn *write, const char *how, int by_thread);
/* upcgt_final with the final given to upcgt_start: a tool's event path
 * calls it at upc_global_exit without naming its report's file. */
void upcgt_final_now(const char *how, int by_thread);

/* ------------------------------------------------------------------------
 * User events (gasp_create_event): numbers from GASP_UPC_USEREVT_START up,
 * one per distinct name (the same name gives the same number on every
 * thread; a NULL name always gives a new number). Creation takes a mutex;
 * looking an event up takes none.
 * ------------------------------------------------------------------------ */

typedef struct upcgt_userevt {
  const char *name; /* never NULL ("USER_EVENT_<n>" for a NULL name) */
  const char *desc; /* the printf format of the varargs, or NULL */
} upcgt_userevt_t;

unsigned int upcgt_userevt_create(const char *name, const char *desc);
/* The event of a user event number, or NULL when it was never created. */
const upcgt_userevt_t *upcgt_userevt_get(unsigned int tag);

static inline int upcgt_is_user_event(unsigned int tag) {
  return tag >= GASP_UPC_USEREVT_START; /* the range ends at UINT_MAX */
}

/* The name shown for an event: the symbolic name of a system event
 * (gasp_upc_event_name), a user event's name, else "GASP_EVENT_0x<hex>".
 * The result is either a string that lives as long as the program or buf. */
const char *upcgt_event_name(unsigned int tag, char *buf, size_t size);

/* "START", "END", "ATOMIC". */
const char *upcgt_type_name(gasp_evttype_t type);

/* ------------------------------------------------------------------------
 * Categories: what kind of UPC operation an event is, for the trace's
 * "cat" field and the profile's time per category and timeline. The first
 * UPCGT_TIMED_CATEGORIES are the operations a thread waits in or moves data
 * with; a thread's time outside them is computation.
 * ------------------------------------------------------------------------ */

typedef enum upcgt_category {
  UPCGT_CAT_SYNC,       /* barrier, notify, wait, fence */
  UPCGT_CAT_LOCK,       /* lock, lock attempt, unlock */
  UPCGT_CAT_DATA,       /* gets, puts, upc_mem*, non-blocking, atomics */
  UPCGT_CAT_COLLECTIVE, /* upc_all_* */
  UPCGT_CAT_MEMORY,     /* upc_alloc and upc_free families */
  UPCGT_TIMED_CATEGORIES,
  UPCGT_CAT_WORK_SHARING = UPCGT_TIMED_CATEGORIES, /* upc_forall */
  UPCGT_CAT_FUNCTION,
  UPCGT_CAT_USER,
  UPCGT_CAT_C_MEMORY, /* malloc, realloc, free */
  UPCGT_CAT_EXIT,
  UPCGT_CAT_OTHER
} upcgt_category_t;

upcgt_category_t upcgt_category(unsigned int tag);
/* "sync", "lock", "data", "collective", "memory", "work_sharing",
 * "function", "user", "c_memory", "exit", "other". */
const char *upcgt_category_name(upcgt_category_t cat);

/* ------------------------------------------------------------------------
 * Event signatures: the varargs of each system event and type, with the
 * exact C types of gasp_upc.h.
 * ------------------------------------------------------------------------ */

typedef enum upcgt_kind {
  UPCGT_INT,     /* int */
  UPCGT_SIZE,    /* size_t */
  UPCGT_PTR,     /* void * (local memory, function) */
  UPCGT_PTS,     /* gasp_upc_PTS_t *: shown as (thread,0xaddrfield,phase) */
  UPCGT_LOCK,    /* gasp_upc_lock_t *: the same */
  UPCGT_STR,     /* const char * */
  UPCGT_FLAGS,   /* int upc_flags (upc_flag_t) */
  UPCGT_OP,      /* int upc_op (upc_op_t) */
  UPCGT_REDTYPE  /* gasp_upc_reduction_t */
} upcgt_kind_t;

typedef struct upcgt_argspec {
  const char *name;
  upcgt_kind_t kind;
} upcgt_argspec_t;

#define UPCGT_MAX_ARGS 8

typedef struct upcgt_sig {
  unsigned char nargs;
  const upcgt_argspec_t *args;
} upcgt_sig_t;

/* The varargs of event tag with type; an event with none has nargs 0.
 * NULL for user events and events this implementation does not know. An
 * ATOMIC occurrence of a START/END event has the START varargs. */
const upcgt_sig_t *upcgt_signature(unsigned int tag, gasp_evttype_t type);

/* One decoded vararg (16 bytes). */
typedef union upcgt_val {
  int64_t i;     /* INT, FLAGS, OP, REDTYPE */
  uint64_t z;    /* SIZE */
  const void *p; /* PTR */
  const char *s; /* STR (NULL stays NULL) */
  struct {
    uint64_t addr;  /* gasp_upc_pts_addrfield */
    int32_t thread; /* gasp_upc_pts_thread; -1 for a NULL argument */
    uint32_t phase; /* gasp_upc_pts_phase */
  } pts;            /* PTS, LOCK */
} upcgt_val_t;

/* Reads sig's varargs from *ap (PTS through the runtime's helpers). */
void upcgt_decode(const upcgt_sig_t *sig, va_list *ap, upcgt_val_t *out);

/* Writes "name=value, name=value" (dump style) to buf; returns the length
 * the text would have (snprintf-like). */
size_t upcgt_format_args_text(char *buf, size_t size, const upcgt_sig_t *sig,
                              const upcgt_val_t *vals);
/* Writes one value as text: ints and sizes in decimal, pointers %p,
 * pointers-to-shared (thread,0xaddr,phase), strings quoted and escaped,
 * flags/ops/reduction types by their symbolic names. json != 0: as a JSON
 * value (numbers bare, everything else a JSON string). */
size_t upcgt_format_value(char *buf, size_t size, upcgt_kind_t kind,
                          const upcgt_val_t *val, int json);
/* s as the contents of a JSON string (no quotes), escaped. */
size_t upcgt_json_escape(char *buf, size_t size, const char *s, size_t len);

/* ------------------------------------------------------------------------
 * Misc
 * ------------------------------------------------------------------------ */

/* The value of an environment variable, or dflt when unset or empty. */
const char *upcgt_getenv(const char *name, const char *dflt);
/* An environment variable read as yes/no (1, y, yes, on, true). */
int upcgt_getenv_yes(const char *name, int dflt);
/* pattern with every '%' replaced by thread; returns 0, or -1 when it does
 * not fit. */
int upcgt_expand_thread(char *buf, size_t size, const char *pattern,
                        int thread);
/* The UPC threads this process runs (those with a registered context) and
 * the lowest of them: all THREADS with pthreads, one with MPI. */
int upcgt_local_threads(int *first);
/* Where this process writes an output named \p path: '%' is replaced by
 * its lowest thread; without '%', when other processes run the other
 * threads (MPI), ".<thread>" is appended so that processes do not write
 * over each other. "-", "stdout" and "stderr" are left alone. */
void upcgt_output_path(char *buf, size_t size, const char *path);

/* "upc-gasp-<tool>: warning: ..." on stderr. */
void upcgt_warn(const char *tool, const char *fmt, ...)
    __attribute__((__format__(__printf__, 2, 3)));

/* "upc-gasp-<tool>: wrote ..." on stderr when the tool has written its
 * output, so that the user finds it; in a run of several processes, each
 * says which threads' output it wrote. */
void upcgt_announce(const char *tool, const char *fmt, ...)
    __attribute__((__format__(__printf__, 2, 3)));

/* The bytes of an element of a reduction type (for the profile's bytes). */
size_t upcgt_reduction_elem_size(int redtype);

/* Appended text with truncation: writes what fits, always terminates,
 * returns the new length the text would have. */
size_t upcgt_append(char *buf, size_t size, size_t len, const char *fmt, ...)
    __attribute__((__format__(__printf__, 4, 5)));

#ifdef __cplusplus
}
#endif

#endif /* UPC_GASP_TOOLS_H */
