/*
 * upc.h (C side) - the UPC standard library (UPC 1.3, 7.2) for C code:
 * translated files and plain C files linked into a UPC program. The same
 * functions as the UPC header, with pointers-to-shared spelled as upcr.h's
 * types: `shared void *` is upcr_shared_ptr_t and `upc_lock_t *` is
 * upcr_pshared_ptr_t.
 *
 * Like upcr.h, this header includes no C library header (only the
 * compiler's <stddef.h>).
 */
#ifndef _UPC_H_
#define _UPC_H_

#include <stddef.h>

#include <upc_types.h>
#include <upcr.h>

#ifdef __cplusplus
extern "C" {
#endif

/* 7.2.1 Termination */
UPCR_NORETURN void upc_global_exit(int status);

/* 7.2.3 Memory allocation. A request for zero bytes returns the null
 * pointer-to-shared. */
upcr_shared_ptr_t upc_global_alloc(size_t nblocks, size_t nbytes);
upcr_shared_ptr_t upc_all_alloc(size_t nblocks, size_t nbytes);
upcr_shared_ptr_t upc_alloc(size_t nbytes);
void upc_free(upcr_shared_ptr_t ptr);
void upc_all_free(upcr_shared_ptr_t ptr);

/* 7.2.4 Pointer-to-shared manipulation */
size_t upc_threadof(upcr_shared_ptr_t ptr);
size_t upc_phaseof(upcr_shared_ptr_t ptr);
upcr_shared_ptr_t upc_resetphase(upcr_shared_ptr_t ptr);
size_t upc_addrfield(upcr_shared_ptr_t ptr);
size_t upc_affinitysize(size_t totalsize, size_t nbytes, size_t threadid);

/* 7.2.5 Locks: a upc_lock_t * is a upcr_pshared_ptr_t. */
upcr_pshared_ptr_t upc_global_lock_alloc(void);
upcr_pshared_ptr_t upc_all_lock_alloc(void);
void upc_lock_free(upcr_pshared_ptr_t ptr);
void upc_all_lock_free(upcr_pshared_ptr_t ptr);
void upc_lock(upcr_pshared_ptr_t ptr);
int upc_lock_attempt(upcr_pshared_ptr_t ptr);
void upc_unlock(upcr_pshared_ptr_t ptr);

/* 7.2.6 Shared string handling */
void upc_memcpy(upcr_shared_ptr_t dst, upcr_shared_ptr_t src, size_t n);
void upc_memget(void *dst, upcr_shared_ptr_t src, size_t n);
void upc_memput(upcr_shared_ptr_t dst, const void *src, size_t n);
void upc_memset(upcr_shared_ptr_t dst, int c, size_t n);

/* UPC 1.1's upc_local_alloc (removed from the specification: use
 * upc_alloc), and Berkeley UPC's upc_poll. */
upcr_shared_ptr_t upc_local_alloc(size_t nblocks, size_t nbytes)
    __attribute__((__deprecated__("use upc_alloc(nblocks * nbytes)")));
void upc_poll(void);

#ifdef __cplusplus
}
#endif

#endif
