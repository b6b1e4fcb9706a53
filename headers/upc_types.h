/*
 * upc_types.h - types and constants shared by the UPC libraries (UPC 1.3, 7.3).
 */
#ifndef _UPC_TYPES_H_
#define _UPC_TYPES_H_

/* Operations of the reduction collectives and atomics. */
typedef int upc_op_t;
#define UPC_ADD 0
#define UPC_MULT 1
#define UPC_AND 2
#define UPC_OR 3
#define UPC_XOR 4
#define UPC_LOGAND 5
#define UPC_LOGOR 6
#define UPC_MIN 7
#define UPC_MAX 8
#define UPC_FUNC 9
#define UPC_NONCOMM_FUNC 10

/* Element types for the libraries that take a type argument. */
typedef int upc_type_t;
#define UPC_CHAR 0
#define UPC_UCHAR 1
#define UPC_SHORT 2
#define UPC_USHORT 3
#define UPC_INT 4
#define UPC_UINT 5
#define UPC_LONG 6
#define UPC_ULONG 7
#define UPC_LLONG 8
#define UPC_ULLONG 9
#define UPC_INT8 10
#define UPC_UINT8 11
#define UPC_INT16 12
#define UPC_UINT16 13
#define UPC_INT32 14
#define UPC_UINT32 15
#define UPC_INT64 16
#define UPC_UINT64 17
#define UPC_FLOAT 18
#define UPC_DOUBLE 19
#define UPC_LDOUBLE 20
#define UPC_PTS 21

/* Synchronisation flags of the collectives: one IN and one OUT flag may be
 * or-ed together; 0 means UPC_IN_ALLSYNC | UPC_OUT_ALLSYNC. */
typedef int upc_flag_t;
#define UPC_IN_ALLSYNC 0
#define UPC_IN_NOSYNC 1
#define UPC_IN_MYSYNC 2
#define UPC_OUT_ALLSYNC 0
#define UPC_OUT_NOSYNC 4
#define UPC_OUT_MYSYNC 8

#endif
