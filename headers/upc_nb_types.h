/*
 * upc_nb_types.h - the handle type of <upc_nb.h> (UPC 1.3, optional
 * library, 7.9.3), and the Berkeley UPC spellings of the non-blocking
 * transfers, shared by its UPC side and its C side. Include <upc_nb.h>
 * instead.
 */
#ifndef _UPC_NB_TYPES_H_
#define _UPC_NB_TYPES_H_

/* A private, opaque value naming one transfer of the calling thread. */
typedef struct __upc_nb_op *upc_handle_t;
/* A handle of a transfer complete at its start: syncing it does nothing. */
#define UPC_COMPLETE_HANDLE ((upc_handle_t)0)

/* Berkeley UPC's names of the same operations (its "memcpy extensions"
 * proposal, which UPC 1.3 standardized), for existing programs. Each is the
 * UPC 1.3 function; `#ifdef bupc_memget_async` tests for them. */
typedef upc_handle_t bupc_handle_t;
#define BUPC_COMPLETE_HANDLE UPC_COMPLETE_HANDLE
#define bupc_memcpy_async upc_memcpy_nb
#define bupc_memget_async upc_memget_nb
#define bupc_memput_async upc_memput_nb
#define bupc_memset_async upc_memset_nb
#define bupc_waitsync upc_sync
#define bupc_trysync upc_sync_attempt
#define bupc_memcpy_asynci upc_memcpy_nbi
#define bupc_memget_asynci upc_memget_nbi
#define bupc_memput_asynci upc_memput_nbi
#define bupc_memset_asynci upc_memset_nbi
#define bupc_waitsynci upc_synci
#define bupc_trysynci upc_synci_attempt

#endif
