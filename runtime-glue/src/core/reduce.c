/*
 * reduce.c - upc_all_reduceT and upc_all_prefix_reduceT for every type
 * suffix (UPC 1.3 7.3.2).
 *
 * src is a shared array of blocks of blk_size elements (0: indefinite, all
 * on src's thread) starting at src with its own thread and phase; nelems
 * elements take part. Elements are read in runs (the part of a block that
 * is contiguous in one segment) with one get each, and combined strictly in
 * index order, which UPC_NONCOMM_FUNC requires and the other operations
 * allow.
 *
 * reduce: the thread dst has affinity to computes the result and writes it.
 * prefix_reduce: dst has the same blocking as src (its own thread and
 * phase); every thread scans the whole of src and writes the elements of dst
 * it has affinity to, so no thread waits for another.
 *
 * Integer arithmetic wraps (computed in unsigned long long), as it would on
 * the hardware; UPC_LOGAND/UPC_LOGOR give 0 or 1; the bitwise operations on
 * float, double and long double are errors.
 */
#include <stdio.h>
#include <string.h>

#include "collective.h"
#include "upc_types.h"

typedef void (*upcri_any_func_t)(void);

typedef struct elem_ops {
  const char *suffix;
  size_t size;
  int is_float;
  /* acc = x (first) or acc = acc op x. */
  void (*step)(void *acc, const void *x, int op, upcri_any_func_t func,
               int first);
} elem_ops_t;

/* The types' step functions. Integer ADD and MULT go through unsigned long
 * long so that overflow wraps instead of being undefined. */
#define UPCRI_INT_OPS(T)                                                       \
  case UPC_ADD:                                                                \
    a = (T)((unsigned long long)a + (unsigned long long)x);                    \
    break;                                                                     \
  case UPC_MULT:                                                               \
    a = (T)((unsigned long long)a * (unsigned long long)x);                    \
    break;                                                                     \
  case UPC_AND:                                                                \
    a = (T)(a & x);                                                            \
    break;                                                                     \
  case UPC_OR:                                                                 \
    a = (T)(a | x);                                                            \
    break;                                                                     \
  case UPC_XOR:                                                                \
    a = (T)(a ^ x);                                                            \
    break;
#define UPCRI_FLOAT_OPS(T)                                                     \
  case UPC_ADD:                                                                \
    a = a + x;                                                                 \
    break;                                                                     \
  case UPC_MULT:                                                               \
    a = a * x;                                                                 \
    break;

#define UPCRI_DEFINE_STEP(SUF, T, OPS, ISFLOAT)                                \
  static void step_##SUF(void *accp, const void *xp, int op,                   \
                         upcri_any_func_t func, int first) {                   \
    T a, x;                                                                    \
    memcpy(&x, xp, sizeof x);                                                  \
    if (first) {                                                               \
      a = (op == UPC_LOGAND || op == UPC_LOGOR) ? (T)(x != 0) : x;             \
      memcpy(accp, &a, sizeof a);                                              \
      return;                                                                  \
    }                                                                          \
    memcpy(&a, accp, sizeof a);                                                \
    switch (op) {                                                              \
      OPS(T)                                                                   \
    case UPC_LOGAND:                                                           \
      a = (T)(a != 0 && x != 0);                                               \
      break;                                                                   \
    case UPC_LOGOR:                                                            \
      a = (T)(a != 0 || x != 0);                                               \
      break;                                                                   \
    case UPC_MIN:                                                              \
      a = x < a ? x : a;                                                       \
      break;                                                                   \
    case UPC_MAX:                                                              \
      a = x > a ? x : a;                                                       \
      break;                                                                   \
    default: /* UPC_FUNC, UPC_NONCOMM_FUNC (checked before) */               \
      a = ((T(*)(T, T))func)(a, x);                                            \
      break;                                                                   \
    }                                                                          \
    memcpy(accp, &a, sizeof a);                                                \
  }                                                                            \
  static const elem_ops_t ops_##SUF = {#SUF, sizeof(T), ISFLOAT, step_##SUF};

UPCRI_DEFINE_STEP(C, signed char, UPCRI_INT_OPS, 0)
UPCRI_DEFINE_STEP(UC, unsigned char, UPCRI_INT_OPS, 0)
UPCRI_DEFINE_STEP(S, short, UPCRI_INT_OPS, 0)
UPCRI_DEFINE_STEP(US, unsigned short, UPCRI_INT_OPS, 0)
UPCRI_DEFINE_STEP(I, int, UPCRI_INT_OPS, 0)
UPCRI_DEFINE_STEP(UI, unsigned int, UPCRI_INT_OPS, 0)
UPCRI_DEFINE_STEP(L, long, UPCRI_INT_OPS, 0)
UPCRI_DEFINE_STEP(UL, unsigned long, UPCRI_INT_OPS, 0)
UPCRI_DEFINE_STEP(F, float, UPCRI_FLOAT_OPS, 1)
UPCRI_DEFINE_STEP(D, double, UPCRI_FLOAT_OPS, 1)
UPCRI_DEFINE_STEP(LD, long double, UPCRI_FLOAT_OPS, 1)

static const char *const op_names[] = {
    "UPC_ADD", "UPC_MULT", "UPC_AND",  "UPC_OR",   "UPC_XOR",         "UPC_LOGAND",
    "UPC_LOGOR", "UPC_MIN", "UPC_MAX", "UPC_FUNC", "UPC_NONCOMM_FUNC"};

static void check_op(const elem_ops_t *ops, int op, upcri_any_func_t func,
                     const char *what, upcr_srcpos_t pos) {
  if (op < UPC_ADD || op > UPC_NONCOMM_FUNC)
    upcri_error(pos, "%s: %d is not a reduction operation (UPC_ADD ... "
                     "UPC_NONCOMM_FUNC)",
                what, op);
  if (ops->is_float && (op == UPC_AND || op == UPC_OR || op == UPC_XOR))
    upcri_error(pos, "%s: %s is a bitwise operation, not defined for "
                     "floating types",
                what, op_names[op]);
  if ((op == UPC_FUNC || op == UPC_NONCOMM_FUNC) && !func)
    upcri_error(pos, "%s: %s with a null function", what, op_names[op]);
}

/* Walks elements [0, nelems) of a blocked array from p, calling visit on
 * runs of consecutive elements in one segment. */
typedef struct run_walk {
  upcr_shared_ptr_t p;
  size_t elemsz, blk;
} run_walk_t;

/* Length of the run starting at w->p, at most left elements. */
static size_t run_length(const run_walk_t *w, size_t left) {
  if (w->blk == 0)
    return left;
  size_t room = w->blk - w->p.phase;
  return room < left ? room : left;
}

static void run_advance(run_walk_t *w, size_t n) {
  if (w->blk == 0)
    w->p.offset += (upcr_offset_t)(n * w->elemsz);
  else
    w->p = upcr_add_shared(w->p, w->elemsz, (ptrdiff_t)n, w->blk);
}

static void check_array(upcr_shared_ptr_t p, size_t nelems, size_t elemsz,
                        size_t blk, const char *what, const char *name,
                        upcr_srcpos_t pos) {
  if (upcr_isnull_shared(p))
    upcri_error(pos, "%s: %s is a null pointer-to-shared", what, name);
  if ((int)p.thread >= upcri_threads)
    upcri_error(pos, "%s: %s has affinity to thread %u, but THREADS is %d",
                what, name, (unsigned)p.thread, upcri_threads);
  if (blk && p.phase >= blk)
    upcri_error(pos, "%s: %s has phase %u in blocks of %zu elements", what,
                name, (unsigned)p.phase, blk);
  /* Every run must lie inside its segment. */
  run_walk_t w = {p, elemsz, blk};
  if (blk == 0)
    w.p.phase = 0;
  for (size_t done = 0; done < nelems;) {
    size_t n = run_length(&w, nelems - done);
    upcri_check_range(w.p.thread, w.p.offset, n * elemsz, what, pos);
    run_advance(&w, n);
    done += n;
  }
}

#define UPCRI_CHUNK_BYTES 8192

/* Combines src[0..nelems) in order. For each element, if out_dst is
 * non-NULL (prefix), the running value is written to the element of dst
 * with the same index when it has affinity to the calling thread. */
static void scan(const elem_ops_t *ops, upcr_shared_ptr_t src, int op,
                 size_t nelems, size_t blk, upcri_any_func_t func,
                 void *acc, const upcr_shared_ptr_t *prefix_dst) {
  char buf[UPCRI_CHUNK_BYTES];
  size_t e = ops->size, per_chunk = sizeof buf / e;
  run_walk_t w = {src, e, blk};
  if (blk == 0)
    w.p.phase = 0;
  upcr_shared_ptr_t d = prefix_dst ? *prefix_dst : UPCR_NULL_SHARED;
  if (blk == 0)
    d.phase = 0;
  int me = upcri_mythread, first = 1;
  for (size_t done = 0; done < nelems;) {
    size_t n = run_length(&w, nelems - done);
    if (n > per_chunk)
      n = per_chunk;
    upcri_get_bytes(buf, w.p.thread, w.p.offset, n * e);
    for (size_t i = 0; i < n; ++i) {
      ops->step(acc, buf + i * e, op, func, first);
      first = 0;
      if (prefix_dst) {
        if ((int)d.thread == me)
          upcri_put_bytes(d.thread, d.offset, acc, e);
        if (blk == 0)
          d.offset += e;
        else
          d = upcr_add_shared(d, e, 1, blk);
      }
    }
    run_advance(&w, n);
    done += n;
  }
}

static void reduce(const elem_ops_t *ops, upcr_shared_ptr_t dst,
                   upcr_shared_ptr_t src, int op, size_t nelems, size_t blk,
                   upcri_any_func_t func, int flags, upcr_srcpos_t pos) {
  char what[48];
  snprintf(what, sizeof what, "upc_all_reduce%s", ops->suffix);
  check_op(ops, op, func, what, pos);
  upcri_coll_enter(flags, what, UPCRI_ID_REDUCE, pos);
  if (nelems) {
    check_array(src, nelems, ops->size, blk, what, "src", pos);
    if (upcr_isnull_shared(dst))
      upcri_error(pos, "%s: dst is a null pointer-to-shared", what);
    upcri_check_range(dst.thread, dst.offset, ops->size, what, pos);
    if ((int)dst.thread == upcri_mythread) {
      long double acc; /* large and aligned enough for every type */
      scan(ops, src, op, nelems, blk, func, &acc, NULL);
      upcri_put_bytes(dst.thread, dst.offset, &acc, ops->size);
    }
  }
  upcri_coll_leave(flags, what, UPCRI_ID_REDUCE, pos);
}

static void prefix_reduce(const elem_ops_t *ops, upcr_shared_ptr_t dst,
                          upcr_shared_ptr_t src, int op, size_t nelems,
                          size_t blk, upcri_any_func_t func, int flags,
                          upcr_srcpos_t pos) {
  char what[48];
  snprintf(what, sizeof what, "upc_all_prefix_reduce%s", ops->suffix);
  check_op(ops, op, func, what, pos);
  upcri_coll_enter(flags, what, UPCRI_ID_PREFIX_REDUCE, pos);
  if (nelems) {
    check_array(src, nelems, ops->size, blk, what, "src", pos);
    check_array(dst, nelems, ops->size, blk, what, "dst", pos);
    long double acc;
    scan(ops, src, op, nelems, blk, func, &acc, &dst);
  }
  upcri_coll_leave(flags, what, UPCRI_ID_PREFIX_REDUCE, pos);
}

#define UPCRI_REDUCE_ENTRIES(SUF, T)                                           \
  void upcr_all_reduce##SUF(upcr_shared_ptr_t dst, upcr_shared_ptr_t src,      \
                            int op, size_t nelems, size_t blk_size,            \
                            T (*func)(T, T), int flags, upcr_srcpos_t pos) {   \
    reduce(&ops_##SUF, dst, src, op, nelems, blk_size,                         \
           (upcri_any_func_t)func, flags, pos);                                \
  }                                                                            \
  void upcr_all_prefix_reduce##SUF(                                            \
      upcr_shared_ptr_t dst, upcr_shared_ptr_t src, int op, size_t nelems,     \
      size_t blk_size, T (*func)(T, T), int flags, upcr_srcpos_t pos) {        \
    prefix_reduce(&ops_##SUF, dst, src, op, nelems, blk_size,                  \
                  (upcri_any_func_t)func, flags, pos);                         \
  }

UPCRI_REDUCE_ENTRIES(C, signed char)
UPCRI_REDUCE_ENTRIES(UC, unsigned char)
UPCRI_REDUCE_ENTRIES(S, short)
UPCRI_REDUCE_ENTRIES(US, unsigned short)
UPCRI_REDUCE_ENTRIES(I, int)
UPCRI_REDUCE_ENTRIES(UI, unsigned int)
UPCRI_REDUCE_ENTRIES(L, long)
UPCRI_REDUCE_ENTRIES(UL, unsigned long)
UPCRI_REDUCE_ENTRIES(F, float)
UPCRI_REDUCE_ENTRIES(D, double)
UPCRI_REDUCE_ENTRIES(LD, long double)
