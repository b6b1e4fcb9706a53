/*
 * upc.h - the UPC standard library (UPC 1.3, 7.2).
 */
#ifndef _UPC_H_
#define _UPC_H_

#include <stddef.h>
#include <upc_types.h>

/* 7.2.1 Termination */
void upc_global_exit(int status);

/* 7.2.3 Memory allocation */
shared void *upc_global_alloc(size_t nblocks, size_t nbytes);
shared void *upc_all_alloc(size_t nblocks, size_t nbytes);
shared void *upc_alloc(size_t nbytes);
void upc_free(shared void *ptr);
void upc_all_free(shared void *ptr);

/* 7.2.4 Pointer-to-shared manipulation */
size_t upc_threadof(shared void *ptr);
size_t upc_phaseof(shared void *ptr);
shared void *upc_resetphase(shared void *ptr);
size_t upc_addrfield(shared void *ptr);
size_t upc_affinitysize(size_t totalsize, size_t nbytes, size_t threadid);

/* 7.2.5 Locks: upc_lock_t is a shared type of incomplete type. */
typedef shared struct __upc_lock upc_lock_t;
upc_lock_t *upc_global_lock_alloc(void);
upc_lock_t *upc_all_lock_alloc(void);
void upc_lock_free(upc_lock_t *ptr);
void upc_all_lock_free(upc_lock_t *ptr);
void upc_lock(upc_lock_t *ptr);
int upc_lock_attempt(upc_lock_t *ptr);
void upc_unlock(upc_lock_t *ptr);

/* 7.2.6 Shared string handling */
void upc_memcpy(shared void *restrict dst, shared const void *restrict src,
                size_t n);
void upc_memget(void *restrict dst, shared const void *restrict src, size_t n);
void upc_memput(shared void *restrict dst, const void *restrict src, size_t n);
void upc_memset(shared void *dst, int c, size_t n);

/* Deprecated and widely supported extensions, for existing programs. */

/* UPC 1.1; removed from the specification: use upc_alloc. */
shared void *upc_local_alloc(size_t nblocks, size_t nbytes)
    __attribute__((__deprecated__("use upc_alloc(nblocks * nbytes)")));
/* Berkeley UPC and GCC UPC: let the runtime make progress while polling. */
void upc_poll(void);

#endif
