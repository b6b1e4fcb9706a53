/*
 * reduce.c - upc_all_reduceT and upc_all_prefix_reduceT for every type
 * suffix (UPC 1.3 7.3.2).
 *
 * src is a shared array of blocks of blk_size elements (0: indefinite, all
 * on src's thread) starting at src with its own thread and phase; nelems
 * elements take part. Elements are read in runs (the part of a block that
 * is contiguous in one segment) with one get each, or in place when the
 * segment is addressable.
 *
 * The built-in operations (UPC_ADD ... UPC_MAX) combine a run with a typed
 * loop; UPC_FUNC and UPC_NONCOMM_FUNC call the function once per element,
 * strictly in index order, which UPC_NONCOMM_FUNC requires.
 *
 * reduce: for a built-in operation on at least UPCRI_SPLIT_MIN elements in
 * blocks (blk_size != 0) the work is split: each thread combines the
 * elements it has affinity to (contiguous in its segment, in index order)
 * and leaves its partial result in its internal area; after one internal
 * barrier the thread dst has affinity to combines the partial results in
 * thread order and writes dst. Integer results are the same as in index
 * order (the integer operations are associative and commutative, wrapping
 * included); UPC_ADD and UPC_MULT on floating types may round differently.
 * Otherwise the thread dst has affinity to combines every element in index
 * order.
 * prefix_reduce: dst has the same blocking as src (its own thread and
 * phase); every thread scans the whole of src in index order and writes the
 * elements of dst it has affinity to, so no thread waits for another.
 *
 * Integer arithmetic wraps (computed in unsigned long long), as it would on
 * the hardware; UPC_LOGAND/UPC_LOGOR give 0 or 1; the bitwise operations on
 * float, double and long double are errors.
 */
#include <stddef.h>
#include <stdio.h>
#include <string.h>

#include "atomic.h"
#include "collective.h"
#include "upc_types.h"

typedef void (*upcri_any_func_t)(void);

/* Typed loop of a built-in operation over p[0..n): acc = acc op p[i] (when
 * first, acc starts as p[0], as for step); with out (the scan kernel),
 * out[i] = acc after element i. */
typedef void (*upcri_kernel_t)(void *acc, const char *p, char *out, size_t n,
                               int op, int first);

typedef struct elem_ops {
  const char *suffix;
  size_t size;
  int is_float;
  /* acc = x (first) or acc = acc op x. */
  void (*step)(void *acc, const void *x, int op, upcri_any_func_t func,
               int first);
  upcri_kernel_t fold, scan; /* built-in operations only */
} elem_ops_t;

static int builtin_op(int op) {
  return op != UPC_FUNC && op != UPC_NONCOMM_FUNC;
}

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

/* The typed loops (UPCRI_DEFINE_KERNEL): one loop per operation, the
 * operation chosen once per run. elem_t is the element type. */
#define UPCRI_EACH(EXPR, STORE)                                                \
  for (; i < n; ++i) {                                                         \
    elem_t x;                                                                  \
    memcpy(&x, p + i * sizeof x, sizeof x);                                    \
    a = (elem_t)(EXPR);                                                        \
    STORE;                                                                     \
  }                                                                            \
  break;
#define UPCRI_STORE memcpy(out + i * sizeof a, &a, sizeof a)
#define UPCRI_INT_CASES(STORE)                                                 \
  case UPC_ADD:                                                                \
    UPCRI_EACH((unsigned long long)a + (unsigned long long)x, STORE)           \
  case UPC_MULT:                                                               \
    UPCRI_EACH((unsigned long long)a * (unsigned long long)x, STORE)           \
  case UPC_AND:                                                                \
    UPCRI_EACH(a & x, STORE)                                                   \
  case UPC_OR:                                                                 \
    UPCRI_EACH(a | x, STORE)                                                   \
  case UPC_XOR:                                                                \
    UPCRI_EACH(a ^ x, STORE)
#define UPCRI_FLOAT_CASES(STORE)                                               \
  case UPC_ADD:                                                                \
    UPCRI_EACH(a + x, STORE)                                                   \
  case UPC_MULT:                                                               \
    UPCRI_EACH(a * x, STORE)
#define UPCRI_DEFINE_KERNEL(NAME, T, CASES, STORE)                             \
  static void NAME(void *accp, const char *p, char *out, size_t n, int op,     \
                   int first) {                                                \
    typedef T elem_t;                                                          \
    elem_t a;                                                                  \
    size_t i = 0;                                                              \
    (void)out;                                                                 \
    if (first) {                                                               \
      memcpy(&a, p, sizeof a);                                                 \
      if (op == UPC_LOGAND || op == UPC_LOGOR)                                 \
        a = (elem_t)(a != 0);                                                  \
      STORE;                                                                   \
      i = 1;                                                                   \
    } else {                                                                   \
      memcpy(&a, accp, sizeof a);                                              \
    }                                                                          \
    switch (op) {                                                              \
      CASES(STORE)                                                             \
    case UPC_LOGAND:                                                           \
      UPCRI_EACH(a != 0 && x != 0, STORE)                                      \
    case UPC_LOGOR:                                                            \
      UPCRI_EACH(a != 0 || x != 0, STORE)                                      \
    case UPC_MIN:                                                              \
      UPCRI_EACH(x < a ? x : a, STORE)                                         \
    case UPC_MAX:                                                              \
      UPCRI_EACH(x > a ? x : a, STORE)                                         \
    default: /* not a built-in operation: not called */                        \
      break;                                                                   \
    }                                                                          \
    memcpy(accp, &a, sizeof a);                                                \
  }

#define UPCRI_DEFINE_STEP(SUF, T, OPS, KCASES, ISFLOAT)                              \
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
  UPCRI_DEFINE_KERNEL(fold_##SUF, T, KCASES, (void)0)                         \
  UPCRI_DEFINE_KERNEL(scan_##SUF, T, KCASES, UPCRI_STORE)                      \
  static const elem_ops_t ops_##SUF = {#SUF,       sizeof(T), ISFLOAT,        \
                                       step_##SUF, fold_##SUF, scan_##SUF};

UPCRI_DEFINE_STEP(C, signed char, UPCRI_INT_OPS, UPCRI_INT_CASES, 0)
UPCRI_DEFINE_STEP(UC, unsigned char, UPCRI_INT_OPS, UPCRI_INT_CASES, 0)
UPCRI_DEFINE_STEP(S, short, UPCRI_INT_OPS, UPCRI_INT_CASES, 0)
UPCRI_DEFINE_STEP(US, unsigned short, UPCRI_INT_OPS, UPCRI_INT_CASES, 0)
UPCRI_DEFINE_STEP(I, int, UPCRI_INT_OPS, UPCRI_INT_CASES, 0)
UPCRI_DEFINE_STEP(UI, unsigned int, UPCRI_INT_OPS, UPCRI_INT_CASES, 0)
UPCRI_DEFINE_STEP(L, long, UPCRI_INT_OPS, UPCRI_INT_CASES, 0)
UPCRI_DEFINE_STEP(UL, unsigned long, UPCRI_INT_OPS, UPCRI_INT_CASES, 0)
UPCRI_DEFINE_STEP(F, float, UPCRI_FLOAT_OPS, UPCRI_FLOAT_CASES, 1)
UPCRI_DEFINE_STEP(D, double, UPCRI_FLOAT_OPS, UPCRI_FLOAT_CASES, 1)
UPCRI_DEFINE_STEP(LD, long double, UPCRI_FLOAT_OPS, UPCRI_FLOAT_CASES, 1)

static void check_op(const elem_ops_t *ops, int op, upcri_any_func_t func,
                     const char *what, upcr_srcpos_t pos) {
  const upcri_op_info_t *o = upcri_find_op(op);
  switch (op) {
  case UPC_ADD:
  case UPC_MULT:
  case UPC_AND:
  case UPC_OR:
  case UPC_XOR:
  case UPC_LOGAND:
  case UPC_LOGOR:
  case UPC_MIN:
  case UPC_MAX:
  case UPC_FUNC:
  case UPC_NONCOMM_FUNC:
    break;
  default:
    upcri_error(pos, "%s: %d is not a reduction operation (UPC_ADD, "
                     "UPC_MULT, UPC_AND, UPC_OR, UPC_XOR, UPC_LOGAND, "
                     "UPC_LOGOR, UPC_MIN, UPC_MAX, UPC_FUNC or "
                     "UPC_NONCOMM_FUNC)",
                what, op);
  }
  if (ops->is_float && (op == UPC_AND || op == UPC_OR || op == UPC_XOR))
    upcri_error(pos, "%s: %s is a bitwise operation, not defined for "
                     "floating types",
                what, o->name);
  if ((op == UPC_FUNC || op == UPC_NONCOMM_FUNC) && !func)
    upcri_error(pos, "%s: %s with a null function", what, o->name);
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

/* Split reductions from this many elements on: below, one more barrier
 * costs more than the combining it spreads. */
#define UPCRI_SPLIT_MIN 2048

/* Writes out[0..n) to the elements of dst from *dw on that have affinity
 * to the calling thread, and moves *dw on by n elements. */
static void put_owned(run_walk_t *dw, const char *out, size_t n) {
  int me = upcri_mythread;
  for (size_t k = 0; k < n;) {
    size_t m = run_length(dw, n - k);
    if ((int)dw->p.thread == me)
      upcri_put_bytes(dw->p.thread, dw->p.offset, out + k * dw->elemsz,
                      m * dw->elemsz);
    run_advance(dw, m);
    k += m;
  }
}

/* Combines src[0..nelems) in order into acc. If prefix_dst is non-NULL
 * (prefix), the running value after each element is written to the element
 * of dst with the same index when that has affinity to the calling
 * thread. */
static void scan(const elem_ops_t *ops, upcr_shared_ptr_t src, int op,
                 size_t nelems, size_t blk, upcri_any_func_t func,
                 void *acc, const upcr_shared_ptr_t *prefix_dst) {
  long double bufs[2][UPCRI_CHUNK_BYTES / sizeof(long double)];
  char *buf = (char *)bufs[0], *out = (char *)bufs[1];
  size_t e = ops->size, per_chunk = UPCRI_CHUNK_BYTES / e;
  int builtin = builtin_op(op);
  run_walk_t w = {src, e, blk};
  if (blk == 0)
    w.p.phase = 0;
  run_walk_t dw = {prefix_dst ? *prefix_dst : UPCR_NULL_SHARED, e, blk};
  if (blk == 0)
    dw.p.phase = 0;
  int first = 1;
  for (size_t done = 0; done < nelems;) {
    size_t n = run_length(&w, nelems - done);
    const char *in = upcri_segment_base[w.p.thread];
    if (in && builtin && !prefix_dst) {
      in += w.p.offset; /* the whole run, in place */
    } else {
      if (n > per_chunk)
        n = per_chunk;
      if (in) {
        in += w.p.offset;
      } else {
        upcri_get_bytes(buf, w.p.thread, w.p.offset, n * e);
        in = buf;
      }
    }
    if (builtin) {
      (prefix_dst ? ops->scan : ops->fold)(acc, in, out, n, op, first);
      first = 0;
    } else {
      for (size_t i = 0; i < n; ++i) {
        ops->step(acc, in + i * e, op, func, first);
        first = 0;
        if (prefix_dst)
          memcpy(out + i * e, acc, e);
      }
    }
    if (prefix_dst)
      put_owned(&dw, out, n);
    run_advance(&w, n);
    done += n;
  }
}

/* The elements of [0, nelems) of a blocked array (blk != 0) from p that
 * have affinity to thread t: they are contiguous in t's segment, in index
 * order. Returns their number and, if any, sets *off to the first one's
 * offset. */
static size_t owned_range(upcr_shared_ptr_t p, size_t e, size_t nelems,
                          size_t blk, int t, upcr_offset_t *off) {
  size_t threads = (size_t)upcri_threads;
  /* Positions count from the start of p's block; t has the blocks b0,
   * b0 + THREADS, ... */
  size_t b0 = (size_t)((t - (int)p.thread + upcri_threads) % upcri_threads);
  size_t end = p.phase + nelems, cycle = blk * threads;
  size_t count = end / cycle * blk, rem = end % cycle;
  if (rem > b0 * blk)
    count += rem - b0 * blk < blk ? rem - b0 * blk : blk;
  if (b0 == 0) {
    count -= p.phase; /* positions before p, all in its block */
    *off = p.offset;
  } else if (count) {
    *off = upcr_add_shared(p, e, (ptrdiff_t)(b0 * blk - p.phase), blk).offset;
  }
  return count;
}

static __thread unsigned split_seq;

/* The split reduction (see the top): every thread calls it. */
static void split_reduce(const elem_ops_t *ops, upcr_shared_ptr_t dst,
                         upcr_shared_ptr_t src, int op, size_t nelems,
                         size_t blk, const char *what, upcr_srcpos_t pos) {
  int me = upcri_mythread;
  size_t e = ops->size;
  upcri_partial_t mine;
  memset(&mine, 0, sizeof mine);
  upcr_offset_t off = 0;
  size_t n = owned_range(src, e, nelems, blk, me, &off);
  if (n) {
    const char *base = upcri_segment_base[me];
    if (base) {
      ops->fold(&mine.value, base + off, NULL, n, op, 1);
    } else {
      long double buf[UPCRI_CHUNK_BYTES / sizeof(long double)];
      size_t per_chunk = sizeof buf / e;
      for (size_t done = 0; done < n;) {
        size_t m = n - done < per_chunk ? n - done : per_chunk;
        upcri_get_bytes(buf, (upcr_thread_t)me, off + done * e, m * e);
        ops->fold(&mine.value, (const char *)buf, NULL, m, op, done == 0);
        done += m;
      }
    }
    mine.present = 1;
  }
  /* Double-buffered: a thread writes this slot again two split reductions
   * later, after the barrier of the next one, which dst's thread reaches
   * only when done reading. */
  upcr_offset_t slot = upcri_internal_offset +
                       offsetof(upcri_internal_area_t, partial) +
                       (split_seq++ & 1) * sizeof(upcri_partial_t);
  upcri_put_bytes((upcr_thread_t)me, slot, &mine, sizeof mine);
  upcri_sync(what, UPCRI_ID_REDUCE, pos);
  if ((int)dst.thread == me) {
    long double acc;
    int first = 1;
    for (int t = 0; t < upcri_threads; ++t) {
      upcri_partial_t part;
      upcri_get_bytes(&part, (upcr_thread_t)t, slot, sizeof part);
      if (part.present) {
        ops->fold(&acc, (const char *)&part.value, NULL, 1, op, first);
        first = 0;
      }
    }
    upcri_put_bytes(dst.thread, dst.offset, &acc, e);
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
    if (builtin_op(op) && blk != 0 && nelems >= UPCRI_SPLIT_MIN &&
        upcri_threads > 1) {
      split_reduce(ops, dst, src, op, nelems, blk, what, pos);
    } else if ((int)dst.thread == upcri_mythread) {
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
