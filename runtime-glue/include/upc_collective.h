/*
 * upc_collective.h (C side) - the UPC collective library (UPC 1.3, 7.3) for
 * C code, with pointers-to-shared as upcr_shared_ptr_t, except the `perm`
 * argument of upc_all_permute: a `shared const int *` (block size 1), so a
 * phaseless upcr_pshared_ptr_t.
 */
#ifndef _UPC_COLLECTIVE_H_
#define _UPC_COLLECTIVE_H_

#include <stddef.h>

#include <upc_types.h>
#include <upcr.h>

#ifdef __cplusplus
extern "C" {
#endif

void upc_all_broadcast(upcr_shared_ptr_t dst, upcr_shared_ptr_t src,
                       size_t nbytes, upc_flag_t flags);
void upc_all_scatter(upcr_shared_ptr_t dst, upcr_shared_ptr_t src,
                     size_t nbytes, upc_flag_t flags);
void upc_all_gather(upcr_shared_ptr_t dst, upcr_shared_ptr_t src,
                    size_t nbytes, upc_flag_t flags);
void upc_all_gather_all(upcr_shared_ptr_t dst, upcr_shared_ptr_t src,
                        size_t nbytes, upc_flag_t flags);
void upc_all_exchange(upcr_shared_ptr_t dst, upcr_shared_ptr_t src,
                      size_t nbytes, upc_flag_t flags);
void upc_all_permute(upcr_shared_ptr_t dst, upcr_shared_ptr_t src,
                     upcr_pshared_ptr_t perm, size_t nbytes, upc_flag_t flags);

#define __UPCR_C_REDUCE_DECLS(T, TYPE)                                         \
  void upc_all_reduce##T(upcr_shared_ptr_t dst, upcr_shared_ptr_t src,         \
                         upc_op_t op, size_t nelems, size_t blk_size,          \
                         TYPE (*func)(TYPE, TYPE), upc_flag_t flags);          \
  void upc_all_prefix_reduce##T(upcr_shared_ptr_t dst, upcr_shared_ptr_t src,  \
                                upc_op_t op, size_t nelems, size_t blk_size,   \
                                TYPE (*func)(TYPE, TYPE), upc_flag_t flags);
__UPCR_C_REDUCE_DECLS(C, signed char)
__UPCR_C_REDUCE_DECLS(UC, unsigned char)
__UPCR_C_REDUCE_DECLS(S, short)
__UPCR_C_REDUCE_DECLS(US, unsigned short)
__UPCR_C_REDUCE_DECLS(I, int)
__UPCR_C_REDUCE_DECLS(UI, unsigned int)
__UPCR_C_REDUCE_DECLS(L, long)
__UPCR_C_REDUCE_DECLS(UL, unsigned long)
__UPCR_C_REDUCE_DECLS(F, float)
__UPCR_C_REDUCE_DECLS(D, double)
__UPCR_C_REDUCE_DECLS(LD, long double)
#undef __UPCR_C_REDUCE_DECLS

#ifdef __cplusplus
}
#endif

#endif
