/*
 * gasp_upc.h - the UPC events of the GASP performance tool interface
 * (GASP 1.4, sections 4 and 5) that upc-instrument raises, their vararg
 * types, and helpers for tool writers.
 *
 * As GASP 1.4, 5.5 requires, only the events this implementation raises are
 * defined here. Left out, because nothing in upc-instrument can raise them
 * (docs/gasp-events.md explains each):
 *   GASP_UPC_NB_GET_DATA, GASP_UPC_NB_PUT_DATA - the runtime does not see
 *                                            data arrive (MPI does);
 *   GASP_UPC_CACHE_MISS, GASP_UPC_CACHE_HIT,
 *   GASP_UPC_CACHE_INVALIDATE               - there is no software cache.
 *
 * Event numbers are 32-bit and follow the ranges of the PUPC proposal:
 * 0x00000000-0x5FFFFFFF events of the GASP specification, 0x60000000-
 * 0xBFFFFFFF events of this implementation (GASP_UPCI_*), 0xC0000000-
 * 0xFFFFFFFF user events.
 */
#ifndef _GASP_UPC_H_
#define _GASP_UPC_H_

#include <stddef.h> /* compiler-provided: size_t */

#ifdef __cplusplus
extern "C" {
#endif

/* Incremented when events are added to this header. */
#define GASP_UPC_VERSION 1

/* Pointers-to-shared and locks are passed with an extra level of
 * indirection, as pointers to these opaque types (GASP 1.4, 5.4). Read them
 * with the gasp_upc_pts_* helpers below; a gasp_upc_lock_t * is the address
 * of the lock's pointer-to-shared (upc_lock_t *), readable with the same
 * helpers. */
typedef void gasp_upc_PTS_t;
typedef void gasp_upc_lock_t;

/* The handle of a non-blocking transfer (Table 8): the upc_handle_t of
 * <upc_nb.h>. GASP_NB_TRIVIAL marks a transfer complete at its start (a
 * tool ignores SYNC events with it); GASP_UPC_NBI_TRIVIAL stands for all
 * the implicit-handle (_nbi) transfers of the thread, which upc_synci
 * completes together. GASP_UPC_NB_TRIVIAL is GASP 1.5's (Berkeley UPC's)
 * name of GASP_NB_TRIVIAL. */
typedef void *gasp_upc_nb_handle_t;
#define GASP_NB_TRIVIAL ((gasp_upc_nb_handle_t)0)
#define GASP_UPC_NB_TRIVIAL GASP_NB_TRIVIAL
#define GASP_UPC_NBI_TRIVIAL ((gasp_upc_nb_handle_t)-1)

/* The element type of upc_all_reduceT / upc_all_prefix_reduceT. */
typedef enum {
  GASP_UPC_REDUCTION_C,
  GASP_UPC_REDUCTION_UC,
  GASP_UPC_REDUCTION_S,
  GASP_UPC_REDUCTION_US,
  GASP_UPC_REDUCTION_I,
  GASP_UPC_REDUCTION_UI,
  GASP_UPC_REDUCTION_L,
  GASP_UPC_REDUCTION_UL,
  GASP_UPC_REDUCTION_F,
  GASP_UPC_REDUCTION_D,
  GASP_UPC_REDUCTION_LD
} gasp_upc_reduction_t;

/* No event: a value no event number takes (Berkeley UPC's gasp_upc.h),
 * for tools that keep "the last event seen". */
#define GASP_UPC_EVT_NONE 0u

/* User events: gasp_create_event returns numbers in this range. */
#define GASP_UPC_USEREVT_START 0xC0000000u
#define GASP_UPC_USEREVT_END 0xFFFFFFFFu

/* Each event with its types (START/END/ATOMIC) and varargs, in order. In
 * the varargs, upc_flag_t and upc_op_t are passed as int (GASP 1.4, 5.4). */

/* C events (GASP 1.4, Tables 1-2). */
#define GASP_C_FUNC 0x01000000u   /* S,E: const char *funcsig */
#define GASP_C_MALLOC 0x01000100u /* S: size_t nbytes
                                     E: size_t nbytes, void *returnptr */
#define GASP_C_REALLOC 0x01000200u /* S: void *ptr, size_t size
                                      E: void *ptr, size_t size,
                                         void *returnptr */
#define GASP_C_FREE 0x01000300u /* S,E: void *ptr */

/* Exit events (Table 3). */
#define GASP_UPC_COLLECTIVE_EXIT 0x02000000u    /* S,E: int status */
#define GASP_UPC_NONCOLLECTIVE_EXIT 0x02000100u /* A: int status */

/* Synchronization (Table 4): named is nonzero when the statement has an
 * expression, expr its value (0 when not named). */
#define GASP_UPC_NOTIFY 0x03000000u  /* S,E: int named, int expr */
#define GASP_UPC_WAIT 0x03000100u    /* S,E: int named, int expr */
#define GASP_UPC_BARRIER 0x03000200u /* S,E: int named, int expr */
#define GASP_UPC_FENCE 0x03000300u   /* S,E: (none) */

/* Work sharing (Table 5). */
#define GASP_UPC_FORALL 0x04000000u /* S,E: (none) */

/* Library (Table 6). */
#define GASP_UPC_GLOBAL_ALLOC 0x05000000u /* S: size_t nblocks, size_t nbytes
                                             E: size_t nblocks, size_t nbytes,
                                                gasp_upc_PTS_t *newshrd_ptr */
#define GASP_UPC_ALL_ALLOC 0x05000100u    /* as GASP_UPC_GLOBAL_ALLOC */
#define GASP_UPC_ALLOC 0x05000200u        /* S: size_t nbytes
                                             E: size_t nbytes,
                                                gasp_upc_PTS_t *newshrd_ptr */
#define GASP_UPC_FREE 0x05000300u /* S,E: gasp_upc_PTS_t *shrd_ptr */
#define GASP_UPC_GLOBAL_LOCK_ALLOC 0x05000400u /* S: (none)
                                                  E: gasp_upc_lock_t *lck */
#define GASP_UPC_ALL_LOCK_ALLOC 0x05000500u    /* as above */
#define GASP_UPC_LOCK_FREE 0x05000600u /* S,E: gasp_upc_lock_t *lck */
#define GASP_UPC_LOCK 0x05000700u      /* S,E: gasp_upc_lock_t *lck */
#define GASP_UPC_LOCK_ATTEMPT 0x05000800u /* S: gasp_upc_lock_t *lck
                                             E: gasp_upc_lock_t *lck,
                                                int result */
#define GASP_UPC_UNLOCK 0x05000900u /* S,E: gasp_upc_lock_t *lck */
#define GASP_UPC_MEMCPY 0x05000A00u /* S,E: gasp_upc_PTS_t *dst,
                                       gasp_upc_PTS_t *src, size_t n */
#define GASP_UPC_MEMGET 0x05000B00u /* S,E: void *dst, gasp_upc_PTS_t *src,
                                       size_t n */
#define GASP_UPC_MEMPUT 0x05000C00u /* S,E: gasp_upc_PTS_t *dst, void *src,
                                       size_t n */
#define GASP_UPC_MEMSET 0x05000D00u /* S,E: gasp_upc_PTS_t *dst, int c,
                                       size_t n */

/* Direct shared accesses (Table 7). is_relaxed is nonzero for relaxed
 * accesses. Extension (PUPC proposal 1.1, 3.2.5): two more varargs always
 * follow the GASP ones, const char *type and const char *name, the UPC
 * type and the name of the variable the access goes through ("" when it
 * has none); tools that read only the GASP arguments are unaffected. */
#define GASP_UPC_GET 0x06000000u /* S,E: int is_relaxed, void *dst,
                                    gasp_upc_PTS_t *src, size_t n,
                                    const char *type, const char *name */
#define GASP_UPC_PUT 0x06000100u /* S,E: int is_relaxed, gasp_upc_PTS_t *dst,
                                    void *src, size_t n,
                                    const char *type, const char *name */

/* Non-blocking transfers (Table 8), from <upc_nb.h>: upc_memget_nb/nbi
 * and upc_memput_nb/nbi raise the INIT events (is_relaxed is 1), upc_sync
 * and upc_synci NB_SYNC. */
#define GASP_UPC_NB_GET_INIT 0x07000000u /* S: int is_relaxed, void *dst,
                                            gasp_upc_PTS_t *src, size_t n
                                            E: the same,
                                            gasp_upc_nb_handle_t handle */
#define GASP_UPC_NB_PUT_INIT 0x07000200u /* S: int is_relaxed,
                                            gasp_upc_PTS_t *dst, void *src,
                                            size_t n
                                            E: the same,
                                            gasp_upc_nb_handle_t handle */
#define GASP_UPC_NB_SYNC 0x07000400u /* S,E: gasp_upc_nb_handle_t handle */

/* Collectives (Table 10). */
#define GASP_UPC_ALL_BROADCAST 0x08000000u /* S,E: gasp_upc_PTS_t *dst,
                                              gasp_upc_PTS_t *src,
                                              size_t nbytes, int upc_flags */
#define GASP_UPC_ALL_SCATTER 0x08000100u    /* as broadcast */
#define GASP_UPC_ALL_GATHER 0x08000200u     /* as broadcast */
#define GASP_UPC_ALL_GATHER_ALL 0x08000300u /* as broadcast */
#define GASP_UPC_ALL_EXCHANGE 0x08000400u   /* as broadcast */
#define GASP_UPC_ALL_PERMUTE 0x08000500u /* S,E: gasp_upc_PTS_t *dst,
                                            gasp_upc_PTS_t *src,
                                            gasp_upc_PTS_t *perm,
                                            size_t nbytes, int upc_flags */
#define GASP_UPC_ALL_REDUCE 0x08000600u /* S,E: gasp_upc_PTS_t *dst,
                                           gasp_upc_PTS_t *src, int upc_op,
                                           size_t nelems, size_t blk_size,
                                           void *func, int upc_flags,
                                           gasp_upc_reduction_t type */
#define GASP_UPC_ALL_PREFIX_REDUCE 0x08000700u /* as GASP_UPC_ALL_REDUCE */

/* Events of this implementation: library functions of UPC 1.3 that GASP
 * 1.4 predates. */
#define GASP_UPCI_ALL_FREE 0x60000000u      /* S,E: gasp_upc_PTS_t *shrd_ptr */
#define GASP_UPCI_ALL_LOCK_FREE 0x60000100u /* S,E: gasp_upc_lock_t *lck */

/* <upc_nb.h> transfers and calls without a GASP 1.4 event. */
#define GASP_UPCI_NB_MEMCPY_INIT 0x60000200u /* S: gasp_upc_PTS_t *dst,
                                                gasp_upc_PTS_t *src, size_t n
                                                E: the same,
                                                gasp_upc_nb_handle_t handle */
#define GASP_UPCI_NB_MEMSET_INIT 0x60000300u /* S: gasp_upc_PTS_t *dst, int c,
                                                size_t n
                                                E: the same,
                                                gasp_upc_nb_handle_t handle */
#define GASP_UPCI_NB_SYNC_ATTEMPT 0x60000400u /* S: gasp_upc_nb_handle_t h
                                                 E: gasp_upc_nb_handle_t h,
                                                    int complete */

/* <upc_atomic.h> (UPC 1.3, optional library 7.6), which GASP 1.4 predates;
 * named as GASP's own events. A domain is a pointer-to-shared, passed by
 * address: a tool that needs the type of an operation's values learns it
 * from the domain's ALLOC event. upc_type_t, upc_op_t and upc_atomichint_t
 * are passed as int. */
#define GASP_UPC_ATOMIC_DOMAIN_ALLOC 0x09000000u /* S: int type, int ops,
                                                    int hints
                                                    E: the same,
                                                    gasp_upc_PTS_t *domain */
#define GASP_UPC_ATOMIC_DOMAIN_FREE 0x09000100u /* S,E: gasp_upc_PTS_t
                                                   *domain */
#define GASP_UPC_ATOMIC 0x09000200u /* S,E: int is_relaxed,
                                       gasp_upc_PTS_t *domain,
                                       void *fetch_ptr, int op,
                                       gasp_upc_PTS_t *target,
                                       void *operand1, void *operand2 */

/* ------------------------------------------------------------------------
 * Helpers for tools (provided by the runtime; callable from gasp_* code on
 * the thread that received the event).
 * ------------------------------------------------------------------------ */

/* The thread a pointer-to-shared (or a lock) has affinity to. */
int gasp_upc_pts_thread(const gasp_upc_PTS_t *pts);
/* Its phase (element index within its block). */
size_t gasp_upc_pts_phase(const gasp_upc_PTS_t *pts);
/* Its address field: the byte offset in the owner's shared segment. */
size_t gasp_upc_pts_addrfield(const gasp_upc_PTS_t *pts);
/* The address of the data in this process, or NULL when this process
 * cannot address it (another node's memory with the MPI backend). */
void *gasp_upc_pts_local_address(const gasp_upc_PTS_t *pts);
/* MYTHREAD and THREADS of the calling thread. */
int gasp_upc_mythread(void);
int gasp_upc_threads(void);
/* The symbolic name of a system event ("GASP_UPC_PUT"), or NULL. */
const char *gasp_upc_event_name(unsigned int evttag);
/* The event with symbolic name \p name, or 0 with *found = 0. */
unsigned int gasp_upc_event_tag(const char *name, int *found);

#ifdef __cplusplus
}
#endif

#endif /* _GASP_UPC_H_ */
