/*
 * bupc_extensions_types.h - the types and constants of <bupc_extensions.h>
 * (Berkeley UPC's extensions), shared by its UPC side and its C side.
 * Include <bupc_extensions.h> (or <upc.h>) instead.
 *
 * Only what the extensions define is here: this implementation does not
 * define __BERKELEY_UPC__ (programs test it to use Berkeley UPC's compiler
 * and runtime internals too), so programs test BUPC_TICK_MAX and the
 * BUPC_*_DESIGN_* macros below for what they use.
 */
#ifndef _BUPC_EXTENSIONS_TYPES_H_
#define _BUPC_EXTENSIONS_TYPES_H_

#include <stddef.h>

/* The VIS designs provided (Bonachea's memcpy proposal): lists of
 * (address, length) and lists of addresses (SG_DESIGN_A, _B), strides of
 * fixed-size chunks and multi-level strides (STRIDED_DESIGN_A, _B). */
#ifndef BUPC_SG_DESIGN_A
#define BUPC_SG_DESIGN_A 1
#endif
#ifndef BUPC_SG_DESIGN_B
#define BUPC_SG_DESIGN_B 1
#endif
#ifndef BUPC_STRIDED_DESIGN_A
#define BUPC_STRIDED_DESIGN_A 1
#endif
#ifndef BUPC_STRIDED_DESIGN_B
#define BUPC_STRIDED_DESIGN_B 1
#endif

/* A private region of a bupc_mem*_vlist list. (bupc_smemvec_t, the shared
 * one, is defined by each side's header: its address is a pointer-to-shared
 * there, upcr_shared_ptr_t here.) */
typedef struct bupc_pmemvec_S {
  void *addr;
  size_t len;
} bupc_pmemvec_t;

/* Ticks of bupc_ticks_now: nanoseconds, as upc_tick_t. */
typedef __UINT64_TYPE__ bupc_tick_t;
#define BUPC_TICK_MAX ((bupc_tick_t)-1)
#define BUPC_TICK_MIN ((bupc_tick_t)0)

/* bupc_thread_distance's levels, increasing with the distance (compare
 * with <= and >=): the same thread, threads of one process, processes of
 * one node, (unused: a farther level within a node), other nodes. */
#define BUPC_THREADS_SAME 0
#define BUPC_THREADS_VERYNEAR 10
#define BUPC_THREADS_NEAR 20
#define BUPC_THREADS_FAR 30
#define BUPC_THREADS_VERYFAR 40

/* The smallest buffer bupc_dump_shared accepts. */
#define BUPC_DUMP_MIN_LENGTH 100
#define UPC_DUMP_MIN_LENGTH BUPC_DUMP_MIN_LENGTH

/* BUPC_USE_UPC_NAMESPACE, defined before the header, names the extensions
 * with upc_ as Berkeley UPC does (upc_handle_t and UPC_COMPLETE_HANDLE are
 * UPC 1.3's own, the same). */
#ifdef BUPC_USE_UPC_NAMESPACE
#define upc_thread_distance bupc_thread_distance
#define UPC_THREADS_SAME BUPC_THREADS_SAME
#define UPC_THREADS_VERYNEAR BUPC_THREADS_VERYNEAR
#define UPC_THREADS_NEAR BUPC_THREADS_NEAR
#define UPC_THREADS_FAR BUPC_THREADS_FAR
#define UPC_THREADS_VERYFAR BUPC_THREADS_VERYFAR
#define upc_waitsync bupc_waitsync
#define upc_trysync bupc_trysync
#define upc_waitsync_all bupc_waitsync_all
#define upc_trysync_all bupc_trysync_all
#define upc_waitsync_some bupc_waitsync_some
#define upc_trysync_some bupc_trysync_some
#define upc_memcpy_async bupc_memcpy_async
#define upc_memget_async bupc_memget_async
#define upc_memput_async bupc_memput_async
#define upc_memset_async bupc_memset_async
#define upc_waitsynci bupc_waitsynci
#define upc_trysynci bupc_trysynci
#define upc_memcpy_asynci bupc_memcpy_asynci
#define upc_memget_asynci bupc_memget_asynci
#define upc_memput_asynci bupc_memput_asynci
#define upc_memset_asynci bupc_memset_asynci
#define upc_pmemvec_t bupc_pmemvec_t
#define upc_smemvec_t bupc_smemvec_t
#define upc_memcpy_vlist bupc_memcpy_vlist
#define upc_memput_vlist bupc_memput_vlist
#define upc_memget_vlist bupc_memget_vlist
#define upc_memcpy_vlist_async bupc_memcpy_vlist_async
#define upc_memput_vlist_async bupc_memput_vlist_async
#define upc_memget_vlist_async bupc_memget_vlist_async
#define upc_memcpy_ilist bupc_memcpy_ilist
#define upc_memput_ilist bupc_memput_ilist
#define upc_memget_ilist bupc_memget_ilist
#define upc_memcpy_ilist_async bupc_memcpy_ilist_async
#define upc_memput_ilist_async bupc_memput_ilist_async
#define upc_memget_ilist_async bupc_memget_ilist_async
#define upc_memcpy_fstrided bupc_memcpy_fstrided
#define upc_memput_fstrided bupc_memput_fstrided
#define upc_memget_fstrided bupc_memget_fstrided
#define upc_memcpy_fstrided_async bupc_memcpy_fstrided_async
#define upc_memput_fstrided_async bupc_memput_fstrided_async
#define upc_memget_fstrided_async bupc_memget_fstrided_async
#define upc_memcpy_strided bupc_memcpy_strided
#define upc_memput_strided bupc_memput_strided
#define upc_memget_strided bupc_memget_strided
#define upc_memcpy_strided_async bupc_memcpy_strided_async
#define upc_memput_strided_async bupc_memput_strided_async
#define upc_memget_strided_async bupc_memget_strided_async
#endif

#endif
