/*
 * upc_castable_types.h - the types and flags of <upc_castable.h> (UPC 1.3,
 * optional library, 7.7 Castability functions), shared by its UPC side,
 * its C side and the runtime. Include <upc_castable.h> instead.
 */
#ifndef _UPC_CASTABLE_TYPES_H_
#define _UPC_CASTABLE_TYPES_H_

/* Kinds of shared memory a thread's data can be cast from. */
#define UPC_CASTABLE_ALL_ALLOC (1 << 0)
#define UPC_CASTABLE_GLOBAL_ALLOC (1 << 1)
#define UPC_CASTABLE_ALLOC (1 << 2)
#define UPC_CASTABLE_STATIC (1 << 3)
#define UPC_CASTABLE_ALL                                                       \
  (UPC_CASTABLE_ALL_ALLOC | UPC_CASTABLE_GLOBAL_ALLOC | UPC_CASTABLE_ALLOC |   \
   UPC_CASTABLE_STATIC)

/* What upc_thread_info tells of a thread: the kinds upc_cast is guaranteed
 * to succeed for, and those it probably succeeds for (a superset). */
typedef struct _S_upc_thread_info {
  int guaranteedCastable;
  int probablyCastable;
} upc_thread_info_t;

#endif
