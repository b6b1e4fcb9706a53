/*
 * upc_collective.h - the UPC collective library (UPC 1.3, 7.3).
 */
#ifndef _UPC_COLLECTIVE_H_
#define _UPC_COLLECTIVE_H_

#include <stddef.h>
#include <upc_types.h>

/* Relocalization collectives */
void upc_all_broadcast(shared void *restrict dst,
                       shared const void *restrict src, size_t nbytes,
                       upc_flag_t flags);
void upc_all_scatter(shared void *restrict dst, shared const void *restrict src,
                     size_t nbytes, upc_flag_t flags);
void upc_all_gather(shared void *restrict dst, shared const void *restrict src,
                    size_t nbytes, upc_flag_t flags);
void upc_all_gather_all(shared void *restrict dst,
                        shared const void *restrict src, size_t nbytes,
                        upc_flag_t flags);
void upc_all_exchange(shared void *restrict dst,
                      shared const void *restrict src, size_t nbytes,
                      upc_flag_t flags);
void upc_all_permute(shared void *restrict dst, shared const void *restrict src,
                     shared const int *restrict perm, size_t nbytes,
                     upc_flag_t flags);

/* Computational collectives: one reduce and one prefix reduce per type. */
#define __UPC_REDUCE_DECLS(T, TYPE)                                            \
  void upc_all_reduce##T(shared void *restrict dst,                            \
                         shared const void *restrict src, upc_op_t op,         \
                         size_t nelems, size_t blk_size,                       \
                         TYPE (*func)(TYPE, TYPE), upc_flag_t flags);          \
  void upc_all_prefix_reduce##T(shared void *restrict dst,                     \
                                shared const void *restrict src, upc_op_t op,  \
                                size_t nelems, size_t blk_size,                \
                                TYPE (*func)(TYPE, TYPE), upc_flag_t flags);
__UPC_REDUCE_DECLS(C, signed char)
__UPC_REDUCE_DECLS(UC, unsigned char)
__UPC_REDUCE_DECLS(S, short)
__UPC_REDUCE_DECLS(US, unsigned short)
__UPC_REDUCE_DECLS(I, int)
__UPC_REDUCE_DECLS(UI, unsigned int)
__UPC_REDUCE_DECLS(L, long)
__UPC_REDUCE_DECLS(UL, unsigned long)
__UPC_REDUCE_DECLS(F, float)
__UPC_REDUCE_DECLS(D, double)
__UPC_REDUCE_DECLS(LD, long double)
#undef __UPC_REDUCE_DECLS

#endif
