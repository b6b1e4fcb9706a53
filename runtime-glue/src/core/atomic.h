/*
 * atomic.h - the operations and types of <upc_atomic.h> as the runtime sees
 * them: the tables generated from the library table (library_constants.c)
 * and the lookups atomic.c and reduce.c use.
 */
#ifndef UPCRI_ATOMIC_H
#define UPCRI_ATOMIC_H

#include <stddef.h>

#include <upc_atomic.h>

/* The class of an operation (optional library 7.6.3); NONE for those of
 * the collectives only. */
typedef enum {
  UPCRI_OP_NONE,
  UPCRI_OP_ACCESS,
  UPCRI_OP_BITWISE,
  UPCRI_OP_NUMERIC
} upcri_op_class_t;

typedef struct upcri_op_info {
  int op;
  const char *name;
  upcri_op_class_t op_class;
} upcri_op_info_t;

/* How a type's values are operated on. */
typedef enum {
  UPCRI_AMO_INT,
  UPCRI_AMO_UINT,
  UPCRI_AMO_FLOAT,
  UPCRI_AMO_PTS
} upcri_amo_class_t;

typedef struct upcri_atomic_type {
  int type;
  const char *name;
  size_t size;
  upcri_amo_class_t amo_class;
  int allowed_ops; /* the operations the type allows (7.6.3), OR-ed */
} upcri_atomic_type_t;

/* Every upc_op_t value and every type atomics accept (generated). */
extern const upcri_op_info_t upcri_ops[];
extern const int upcri_op_count;
extern const upcri_atomic_type_t upcri_atomic_types[];
extern const int upcri_atomic_type_count;

/* The entry of a single operation, or NULL when op is not one (0, a set of
 * several, an unknown bit). */
const upcri_op_info_t *upcri_find_op(int op);

#endif /* UPCRI_ATOMIC_H */
