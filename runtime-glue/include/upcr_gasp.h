/*
 * upcr_gasp.h - the instrumented runtime entry points that translated C
 * calls at the sites upc-instrument instruments (--profile, --profile-local,
 * --profile-only; docs/gasp-events.md).
 *
 * upcr.h includes this header when the translated file defines
 * UPCR_GASP_INSTRUMENTED before including it; the file's record then tells
 * the runtime to call gasp_init on every thread before main.
 *
 * Naming: the instrumented form of the entry point upcr_NAME is
 * upcr_gasp_NAME, with the same parameters (the last one is always the
 * source position); it raises the GASP START event, does what upcr_NAME
 * does, and raises the END event, with the varargs of gasp_upc.h. Sites
 * that are not instrumented call upcr_NAME and cost nothing more.
 *
 * Every event goes to the calling thread's context; before gasp_init
 * returned on that thread (static-data initialisation) there is no context
 * and no event is raised.
 */
#ifndef UPCR_GASP_H
#define UPCR_GASP_H

#include "gasp.h"

#ifdef __cplusplus
extern "C" {
#endif

/* The calling thread's GASP context; NULL until gasp_init returned on it. */
extern __thread gasp_context_t upcri_gasp_context;

#ifdef UPCR_GASP_GATED
/* A file translated with MIR instrumentation requests (upcr_mir.h) raises
 * its events only while a probe measures on the calling thread: the MIR
 * engine opens this gate then (and only on a thread with a context), so
 * that a program whose probes are all inactive pays one thread-local load
 * per instrumented site. */
extern __thread int upcr_gasp_gate;
#define UPCR_GASP_ACTIVE() UPCR_UNLIKELY(upcr_gasp_gate != 0)
/* Gate 2: a measuring probe counts local accesses or upc_forall
 * iterations, which a localized upc_forall does not raise; it then runs
 * its ordinary translation. With gate 1 (time, remote accesses, waits) the
 * localized loop is exact: its accesses are local by construction. */
#define UPCR_GASP_LOCAL_ACTIVE() UPCR_UNLIKELY(upcr_gasp_gate > 1)
/* The upc_forall iterations the thread executed while the gate was open
 * (GASP has no event per iteration). */
extern __thread unsigned long long upcr_gasp_forall_iterations;
#define UPCR_FORALL_ITERATION()                                                \
  ((void)(UPCR_GASP_ACTIVE() ? ++upcr_gasp_forall_iterations : 0))
#else
#define UPCR_GASP_ACTIVE() UPCR_UNLIKELY(upcri_gasp_context != 0)
#define UPCR_GASP_LOCAL_ACTIVE() UPCR_GASP_ACTIVE()
#endif

/* Every instrumented object refers to the five functions a tool defines. A
 * tool is an archive linked before the runtime library, and the linker
 * takes an archive member only for a symbol still undefined: without these
 * references, a program whose instrumented code raises no event inline
 * (only upcr_gasp_* calls, say with --profile-only) would get the runtime's
 * default functions instead and silently leave the tool out. */
static const struct {
  gasp_context_t (*init)(gasp_model_t, int *, char ***);
  void (*notify)(gasp_context_t, unsigned int, gasp_evttype_t, const char *,
                 int, int, ...);
  void (*notify_va)(gasp_context_t, unsigned int, gasp_evttype_t,
                    const char *, int, int, va_list);
  int (*control)(gasp_context_t, int);
  unsigned int (*create_event)(gasp_context_t, const char *, const char *);
} upcri_gasp_tool_functions_ __attribute__((__used__)) = {
    gasp_init, gasp_event_notify, gasp_event_notifyVA, gasp_control,
    gasp_create_event};

/* Raises one event at a source position (used by the macros below). */
#define UPCRI_GASP_NOTIFY(TAG, TYPE, POS, ...)                                 \
  gasp_event_notify(upcri_gasp_context, (TAG), (TYPE), (POS).file,             \
                    (POS).line, (POS).col, __VA_ARGS__)
#define UPCRI_GASP_NOTIFY0(TAG, TYPE, POS)                                     \
  gasp_event_notify(upcri_gasp_context, (TAG), (TYPE), (POS).file,             \
                    (POS).line, (POS).col)

/* ------------------------------------------------------------------------
 * Shared accesses (GASP_UPC_GET / GASP_UPC_PUT). LOCAL_TOO is 1 with
 * --profile-local; with --profile (0) an access to data with affinity to
 * the calling thread raises no event, decided at run time. TYPESTR and
 * NAMESTR are the extension varargs (gasp_upc.h). The pointer-to-shared
 * passed to the tool designates the bytes accessed (member offsets
 * included), as a upcr_shared_ptr_t.
 * ------------------------------------------------------------------------ */

#define UPCRI_GASP_GET_VALUE_N(N, T, P, OFF, TOSHARED, STRICT, LOCAL_TOO, POS, \
                             TYPESTR, NAMESTR)                                 \
  __extension__({                                                              \
    upcr_shared_ptr_t UPCRI_CAT(upcri_gp_, N) = TOSHARED(P);                   \
    ptrdiff_t UPCRI_CAT(upcri_go_, N) = (OFF);                                 \
    T UPCRI_CAT(upcri_gv_, N);                                                 \
    if (UPCR_GASP_ACTIVE() &&                                                  \
        ((LOCAL_TOO) || UPCRI_CAT(upcri_gp_, N).thread != (upcr_thread_t)upcri_mythread)) { \
      upcr_srcpos_t UPCRI_CAT(upcri_gpos_, N) = (POS);                         \
      upcr_shared_ptr_t UPCRI_CAT(upcri_gsrc_, N) = UPCRI_CAT(upcri_gp_, N);   \
      UPCRI_CAT(upcri_gsrc_, N).offset += (upcr_offset_t)UPCRI_CAT(upcri_go_, N); \
      UPCRI_GASP_NOTIFY(GASP_UPC_GET, GASP_START, UPCRI_CAT(upcri_gpos_, N), !(STRICT), \
                        (void *)&UPCRI_CAT(upcri_gv_, N), (gasp_upc_PTS_t *)&UPCRI_CAT(upcri_gsrc_, N), \
                        (size_t)sizeof(T), (const char *)(TYPESTR),            \
                        (const char *)(NAMESTR));                              \
      UPCRI_CAT(upcri_gv_, N) = UPCRI_GET_VALUE(T, UPCRI_CAT(upcri_gp_, N), UPCRI_CAT(upcri_go_, N), UPCRI_IDENTITY, \
                                  STRICT);                                     \
      UPCRI_GASP_NOTIFY(GASP_UPC_GET, GASP_END, UPCRI_CAT(upcri_gpos_, N), !(STRICT), \
                        (void *)&UPCRI_CAT(upcri_gv_, N), (gasp_upc_PTS_t *)&UPCRI_CAT(upcri_gsrc_, N), \
                        (size_t)sizeof(T), (const char *)(TYPESTR),            \
                        (const char *)(NAMESTR));                              \
    } else {                                                                   \
      UPCRI_CAT(upcri_gv_, N) = UPCRI_GET_VALUE(T, UPCRI_CAT(upcri_gp_, N), UPCRI_CAT(upcri_go_, N), UPCRI_IDENTITY, \
                                  STRICT);                                     \
    }                                                                          \
    UPCRI_CAT(upcri_gv_, N);                                                   \
  })
#define UPCRI_GASP_GET_VALUE(T, P, OFF, TOSHARED, STRICT, LOCAL_TOO, POS,      \
                             TYPESTR, NAMESTR)                                 \
  UPCRI_GASP_GET_VALUE_N(__COUNTER__, T, P, OFF, TOSHARED, STRICT, LOCAL_TOO, POS, \
                             TYPESTR, NAMESTR)
#define UPCRI_GASP_PUT_VALUE_N(N, T, P, OFF, V, TOSHARED, STRICT, LOCAL_TOO, POS, \
                             TYPESTR, NAMESTR)                                 \
  __extension__({                                                              \
    upcr_shared_ptr_t UPCRI_CAT(upcri_gp_, N) = TOSHARED(P);                   \
    ptrdiff_t UPCRI_CAT(upcri_go_, N) = (OFF);                                 \
    T UPCRI_CAT(upcri_gv_, N) = (V);                                           \
    if (UPCR_GASP_ACTIVE() &&                                                  \
        ((LOCAL_TOO) || UPCRI_CAT(upcri_gp_, N).thread != (upcr_thread_t)upcri_mythread)) { \
      upcr_srcpos_t UPCRI_CAT(upcri_gpos_, N) = (POS);                         \
      upcr_shared_ptr_t UPCRI_CAT(upcri_gdst_, N) = UPCRI_CAT(upcri_gp_, N);   \
      UPCRI_CAT(upcri_gdst_, N).offset += (upcr_offset_t)UPCRI_CAT(upcri_go_, N); \
      UPCRI_GASP_NOTIFY(GASP_UPC_PUT, GASP_START, UPCRI_CAT(upcri_gpos_, N), !(STRICT), \
                        (gasp_upc_PTS_t *)&UPCRI_CAT(upcri_gdst_, N), (void *)&UPCRI_CAT(upcri_gv_, N), \
                        (size_t)sizeof(T), (const char *)(TYPESTR),            \
                        (const char *)(NAMESTR));                              \
      (void)UPCRI_PUT_VALUE(T, UPCRI_CAT(upcri_gp_, N), UPCRI_CAT(upcri_go_, N), UPCRI_CAT(upcri_gv_, N), \
                            UPCRI_IDENTITY, STRICT);                           \
      UPCRI_GASP_NOTIFY(GASP_UPC_PUT, GASP_END, UPCRI_CAT(upcri_gpos_, N), !(STRICT), \
                        (gasp_upc_PTS_t *)&UPCRI_CAT(upcri_gdst_, N), (void *)&UPCRI_CAT(upcri_gv_, N), \
                        (size_t)sizeof(T), (const char *)(TYPESTR),            \
                        (const char *)(NAMESTR));                              \
    } else {                                                                   \
      (void)UPCRI_PUT_VALUE(T, UPCRI_CAT(upcri_gp_, N), UPCRI_CAT(upcri_go_, N), UPCRI_CAT(upcri_gv_, N), \
                            UPCRI_IDENTITY, STRICT);                           \
    }                                                                          \
    UPCRI_CAT(upcri_gv_, N);                                                   \
  })
#define UPCRI_GASP_PUT_VALUE(T, P, OFF, V, TOSHARED, STRICT, LOCAL_TOO, POS,   \
                             TYPESTR, NAMESTR)                                 \
  UPCRI_GASP_PUT_VALUE_N(__COUNTER__, T, P, OFF, V, TOSHARED, STRICT, LOCAL_TOO, POS, \
                             TYPESTR, NAMESTR)

/* The instrumented forms of UPCR_GET_SHARED_VALUE and friends. */
#define UPCR_GASP_GET_SHARED_VALUE(T, P, OFF, LOCAL_TOO, POS, TYPESTR, NAME)   \
  UPCRI_GASP_GET_VALUE(T, P, OFF, UPCRI_IDENTITY, 0, LOCAL_TOO, POS, TYPESTR,  \
                       NAME)
#define UPCR_GASP_GET_PSHARED_VALUE(T, P, OFF, LOCAL_TOO, POS, TYPESTR, NAME)  \
  UPCRI_GASP_GET_VALUE(T, P, OFF, upcr_pshared_to_shared, 0, LOCAL_TOO, POS,   \
                       TYPESTR, NAME)
#define UPCR_GASP_GET_SHARED_VALUE_STRICT(T, P, OFF, LOCAL_TOO, POS, TYPESTR,  \
                                          NAME)                                \
  UPCRI_GASP_GET_VALUE(T, P, OFF, UPCRI_IDENTITY, 1, LOCAL_TOO, POS, TYPESTR,  \
                       NAME)
#define UPCR_GASP_GET_PSHARED_VALUE_STRICT(T, P, OFF, LOCAL_TOO, POS, TYPESTR, \
                                           NAME)                               \
  UPCRI_GASP_GET_VALUE(T, P, OFF, upcr_pshared_to_shared, 1, LOCAL_TOO, POS,   \
                       TYPESTR, NAME)
#define UPCR_GASP_PUT_SHARED_VALUE(T, P, OFF, V, LOCAL_TOO, POS, TYPESTR,      \
                                   NAME)                                       \
  UPCRI_GASP_PUT_VALUE(T, P, OFF, V, UPCRI_IDENTITY, 0, LOCAL_TOO, POS,        \
                       TYPESTR, NAME)
#define UPCR_GASP_PUT_PSHARED_VALUE(T, P, OFF, V, LOCAL_TOO, POS, TYPESTR,     \
                                    NAME)                                      \
  UPCRI_GASP_PUT_VALUE(T, P, OFF, V, upcr_pshared_to_shared, 0, LOCAL_TOO,     \
                       POS, TYPESTR, NAME)
#define UPCR_GASP_PUT_SHARED_VALUE_STRICT(T, P, OFF, V, LOCAL_TOO, POS,        \
                                          TYPESTR, NAME)                       \
  UPCRI_GASP_PUT_VALUE(T, P, OFF, V, UPCRI_IDENTITY, 1, LOCAL_TOO, POS,        \
                       TYPESTR, NAME)
#define UPCR_GASP_PUT_PSHARED_VALUE_STRICT(T, P, OFF, V, LOCAL_TOO, POS,       \
                                           TYPESTR, NAME)                      \
  UPCRI_GASP_PUT_VALUE(T, P, OFF, V, upcr_pshared_to_shared, 1, LOCAL_TOO,     \
                       POS, TYPESTR, NAME)

/* ------------------------------------------------------------------------
 * Scoped events: a block-scope variable whose cleanup raises the END event
 * however the scope is left (return, break, goto).
 * ------------------------------------------------------------------------ */

typedef struct upcri_gasp_scope {
  unsigned int tag;
  const char *funcsig; /* GASP_C_FUNC only */
  upcr_srcpos_t pos;
  int active; /* whether START was raised (END is raised only then) */
} upcri_gasp_scope_t;

upcri_gasp_scope_t upcri_gasp_scope_begin(unsigned int tag,
                                          const char *funcsig,
                                          upcr_srcpos_t pos);
void upcri_gasp_scope_end(upcri_gasp_scope_t *scope);

#ifdef UPCR_GASP_GATED
/* MIR: whether to raise is decided here, by the gate, so that a scope
 * entered while no probe measures costs a load and a branch, not two calls
 * (bench/mir: 10 ns per call of a small function before). */
#define UPCRI_GASP_SCOPE_BEGIN(TAG, SIG, POS)                                  \
  (UPCR_GASP_ACTIVE() ? upcri_gasp_scope_begin((TAG), (SIG), (POS))            \
                      : (upcri_gasp_scope_t){0, 0, {0, 0, 0}, 0})
UPCR_INLINE void upcri_gasp_scope_leave(upcri_gasp_scope_t *scope) {
  if (UPCR_UNLIKELY(scope->active))
    upcri_gasp_scope_end(scope);
}
#define UPCRI_GASP_SCOPE_END upcri_gasp_scope_leave
#else
/* With a tool the context is always there: the runtime decides (the inline
 * test made the n-body kernel of bench/gasp 6% slower with --profile). */
#define UPCRI_GASP_SCOPE_BEGIN(TAG, SIG, POS)                                  \
  upcri_gasp_scope_begin((TAG), (SIG), (POS))
#define UPCRI_GASP_SCOPE_END upcri_gasp_scope_end
#endif

/* GASP_C_FUNC: the first declaration of an instrumented function body. */
#define UPCR_GASP_FUNCTION_SCOPE(SIG, POS)                                     \
  upcri_gasp_scope_t upcr_gasp_function_                                       \
      __attribute__((__cleanup__(UPCRI_GASP_SCOPE_END), __unused__)) =         \
          UPCRI_GASP_SCOPE_BEGIN(GASP_C_FUNC, (SIG), (POS))
/* GASP_UPC_FORALL: { UPCR_GASP_FORALL_SCOPE(pos); <the upc_forall> } */
#define UPCR_GASP_FORALL_SCOPE(POS)                                            \
  upcri_gasp_scope_t UPCRI_CAT(upcr_gasp_forall_, __COUNTER__)                 \
      __attribute__((__cleanup__(UPCRI_GASP_SCOPE_END), __unused__)) =         \
          UPCRI_GASP_SCOPE_BEGIN(GASP_UPC_FORALL, 0, (POS))

/* ------------------------------------------------------------------------
 * C memory allocation (GASP_C_MALLOC / REALLOC / FREE), for calls of the C
 * library's malloc, realloc and free in UPC sources.
 * ------------------------------------------------------------------------ */

void *upcr_gasp_c_malloc(size_t nbytes, upcr_srcpos_t pos);
void *upcr_gasp_c_realloc(void *ptr, size_t size, upcr_srcpos_t pos);
void upcr_gasp_c_free(void *ptr, upcr_srcpos_t pos);

/* ------------------------------------------------------------------------
 * Exit. upcr_gasp_exit is exit() (a collective exit) at an instrumented
 * site; upcr_gasp_main_return(status, pos) is the value of `return status;`
 * in main: it records where the program's collective exit comes from. The
 * runtime raises GASP_UPC_COLLECTIVE_EXIT START/END around the final
 * barrier on every thread whose context exists, and
 * GASP_UPC_NONCOLLECTIVE_EXIT on a thread that calls upc_global_exit (at
 * the position upcr_gasp_global_exit gives; unknown when the call site was
 * not instrumented). docs/gasp-runtime.md describes the end of a program.
 * ------------------------------------------------------------------------ */

UPCR_NORETURN void upcr_gasp_exit(int status, upcr_srcpos_t pos);
int upcr_gasp_main_return(int status, upcr_srcpos_t pos);

/* ------------------------------------------------------------------------
 * Synchronization and library calls: upcr_gasp_NAME is upcr_NAME plus its
 * events (gasp_upc.h lists the varargs).
 * ------------------------------------------------------------------------ */

void upcr_gasp_notify(int value, int flags, upcr_srcpos_t pos);
void upcr_gasp_wait(int value, int flags, upcr_srcpos_t pos);
void upcr_gasp_barrier(int value, int flags, upcr_srcpos_t pos);
void upcr_gasp_fence(upcr_srcpos_t pos);

/* The library: one instrumented entry per function of the library table
 * that raises an event. */
#include "upcr_gasp_library.h"

/* ------------------------------------------------------------------------
 * User events (pupc.h). With instrumentation, pupc_create_event(name, desc)
 * becomes upcr_gasp_create_event(name, desc) and pupc_event_start/end/atomic
 * (tag, ...) become UPCR_GASP_USER_EVENT(tag, GASP_START/END/ATOMIC, pos)
 * or, with arguments, UPCR_GASP_USER_EVENT_ARGS(tag, type, pos, ...);
 * without it, the latter compile away. pupc_create_event and
 * pupc_control also exist as functions (the runtime's, for code compiled
 * without instrumentation): they ask the tool when GASP is initialised and
 * otherwise behave on their own (numbers from GASP_UPC_USEREVT_START up;
 * the last value given to pupc_control).
 * ------------------------------------------------------------------------ */

unsigned int upcr_gasp_create_event(const char *name, const char *desc);
#define UPCR_GASP_USER_EVENT(TAG, TYPE, POS)                                   \
  (UPCR_GASP_ACTIVE() ? UPCRI_GASP_NOTIFY0((unsigned int)(TAG), (TYPE), POS)   \
                      : (void)0)
#define UPCR_GASP_USER_EVENT_ARGS(TAG, TYPE, POS, ...)                         \
  (UPCR_GASP_ACTIVE()                                                          \
       ? UPCRI_GASP_NOTIFY((unsigned int)(TAG), (TYPE), POS, __VA_ARGS__)      \
       : (void)0)

#ifdef __cplusplus
}
#endif

#endif /* UPCR_GASP_H */
