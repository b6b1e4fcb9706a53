/*
 * atomic.c - atomic memory operations (UPC 1.3, optional library, 7.6).
 *
 * A domain is a small object in thread 0's shared heap (allocated like a
 * lock, so that upc_free refuses it): a magic word, the type, the set of
 * operations, the hints, and for UPC_PTS a UPC lock. Every thread keeps the
 * domains it allocated in a private cache, so that an operation reads
 * nothing remote before the atomic itself.
 *
 * Integer types use the backend's atomics (upcrb_amo: the processor's on
 * pthreads, MPI_Fetch_and_op and MPI_Compare_and_swap on MPI): UPC_SUB,
 * UPC_INC and UPC_DEC are additions of -x, 1 and -1. Floating types are
 * compare-and-swap loops on their bits over the same integer atomics (MPI
 * implementations' floating accumulates are not dependable: backend.h);
 * their UPC_CSWAP compares values (-0.0 equals 0.0; a NaN equals nothing).
 * A pointer-to-shared (16 bytes) has no atomic anywhere: UPC_PTS domains
 * operate under their lock, which is atomic among the operations of the
 * domain, all the specification asks (7.6.2); upc_atomic_isfast says 0.
 */
#include <string.h>

#include "atomic.h"
#include "internal.h"

#define UPCRI_DOMAIN_MAGIC 0x55504144u /* "UPAD" */

typedef struct upcri_domain_object {
  uint32_t magic, type, ops, hints;
  upcr_pshared_ptr_t lock; /* UPC_PTS: the domain's lock */
} upcri_domain_object_t;

/* A domain as a thread knows it. */
typedef struct upcri_domain {
  upcr_pshared_ptr_t ptr;
  const upcri_atomic_type_t *type;
  int ops;
  upcr_pshared_ptr_t lock;
  /* From type, for every operation's path: */
  uint64_t size;
  upcri_amo_class_t amo_class;
  upcrb_amo_type_t bits; /* the backend's integer type of the values */
} upcri_domain_t;

static upcrb_amo_type_t amo_type(const upcri_atomic_type_t *t);

static upcri_domain_t make_domain(upcr_pshared_ptr_t ptr,
                                  const upcri_atomic_type_t *t, int ops,
                                  upcr_pshared_ptr_t lock) {
  upcri_domain_t d = {ptr, t, ops, lock, t->size, t->amo_class, amo_type(t)};
  return d;
}

/* The segments' size (fixed once the program runs), read by every
 * operation's range check. */
static uint64_t segment_size;

#define UPCRI_DOMAIN_CACHE 16
static __thread upcri_domain_t domain_cache[UPCRI_DOMAIN_CACHE];
static __thread int domains_cached;

const upcri_op_info_t *upcri_find_op(int op) {
  for (int i = 0; i < upcri_op_count; ++i)
    if (upcri_ops[i].op == op)
      return &upcri_ops[i];
  return NULL;
}

static const upcri_atomic_type_t *find_type(int type) {
  for (int i = 0; i < upcri_atomic_type_count; ++i)
    if (upcri_atomic_types[i].type == type)
      return &upcri_atomic_types[i];
  return NULL;
}

/* Checks a type and a set of operations; reports the first problem. */
static const upcri_atomic_type_t *check_type_ops(int type, int ops,
                                                 const char *what,
                                                 upcr_srcpos_t pos) {
  const upcri_atomic_type_t *t = find_type(type);
  if (!t)
    upcri_error(pos, "%s: %d is not a type of the atomic library (UPC_INT, "
                     "UPC_UINT, UPC_LONG, UPC_ULONG, UPC_INT32, UPC_UINT32, "
                     "UPC_INT64, UPC_UINT64, UPC_FLOAT, UPC_DOUBLE or UPC_PTS)",
                what, type);
  if (ops == 0)
    upcri_error(pos, "%s: the set of operations is empty", what);
  int rest = ops;
  for (int i = 0; i < upcri_op_count; ++i) {
    const upcri_op_info_t *o = &upcri_ops[i];
    if (!(ops & o->op))
      continue;
    rest &= ~o->op;
    if (o->op_class == UPCRI_OP_NONE)
      upcri_error(pos, "%s: %s is not an atomic operation", what, o->name);
    if (!(t->allowed_ops & o->op))
      upcri_error(pos, "%s: %s is not allowed on %s (%s)", what, o->name,
                  t->name,
                  t->amo_class == UPCRI_AMO_PTS
                      ? "UPC_PTS allows only UPC_GET, UPC_SET and UPC_CSWAP"
                      : "bitwise operations need an integer type");
  }
  if (rest)
    upcri_error(pos, "%s: 0x%x is not an operation of upc_op_t", what,
                (unsigned)rest);
  return t;
}

upcr_pshared_ptr_t upcr_all_atomicdomain_alloc(int type, int ops, int hints,
                                               upcr_srcpos_t pos) {
  static const char what[] = "upc_all_atomicdomain_alloc";
  const upcri_atomic_type_t *t = check_type_ops(type, ops, what, pos);
  if (hints < UPC_ATOMIC_HINT_DEFAULT || hints > UPC_ATOMIC_HINT_THROUGHPUT)
    upcri_error(pos, "%s: %d is not a hint (UPC_ATOMIC_HINT_DEFAULT, "
                     "UPC_ATOMIC_HINT_LATENCY or UPC_ATOMIC_HINT_THROUGHPUT)",
                what, hints);
  upcr_shared_ptr_t p = UPCR_NULL_SHARED;
  if (upcri_mythread == 0) {
    p = upcri_alloc_lock_object(sizeof(upcri_domain_object_t), what, pos);
    upcri_domain_object_t init = {UPCRI_DOMAIN_MAGIC, (uint32_t)type,
                                  (uint32_t)ops, (uint32_t)hints,
                                  UPCR_NULL_PSHARED};
    if (t->amo_class == UPCRI_AMO_PTS)
      init.lock = upcr_global_lock_alloc(pos);
    upcri_put_bytes(p.thread, p.offset, &init, sizeof init);
    upcrb_fence();
  }
  /* Every thread stores the same value: relaxed atomics, no data race. */
  __atomic_store_n(&segment_size, (uint64_t)upcrb_segment_size(),
                   __ATOMIC_RELAXED);
  /* Broadcasting synchronizes: the object is complete everywhere. */
  upcr_pshared_ptr_t d = upcr_shared_to_pshared(
      upcri_broadcast_ptr(p, what, UPCRI_ID_ATOMICDOMAIN_ALLOC, pos));
  if (domains_cached < UPCRI_DOMAIN_CACHE) {
    upcri_domain_object_t obj;
    upcri_get_bytes(&obj, d.thread, d.offset, sizeof obj);
    domain_cache[domains_cached++] = make_domain(d, t, ops, obj.lock);
  }
  return d;
}

/* The domain d is, from the cache or from its object (then in a slot of
 * its own, valid until the next lookup). */
static __thread upcri_domain_t uncached;
static const upcri_domain_t *find_uncached(upcr_pshared_ptr_t d,
                                           const char *what,
                                           upcr_srcpos_t pos);

/* Every operation's first step: inline for the common case, one cached
 * domain. */
static inline const upcri_domain_t *
find_domain(upcr_pshared_ptr_t d, const char *what, upcr_srcpos_t pos) {
  if (__builtin_expect(domains_cached > 0 &&
                           domain_cache[0].ptr.offset == d.offset &&
                           domain_cache[0].ptr.thread == d.thread,
                       1))
    return &domain_cache[0];
  return find_uncached(d, what, pos);
}

/* The index of d in the calling thread's cache, or -1. */
static int cached_index(upcr_pshared_ptr_t d) {
  for (int i = 0; i < domains_cached; ++i)
    if (domain_cache[i].ptr.offset == d.offset &&
        domain_cache[i].ptr.thread == d.thread)
      return i;
  return -1;
}

static const upcri_domain_t *find_uncached(upcr_pshared_ptr_t d,
                                           const char *what,
                                           upcr_srcpos_t pos) {
  int i = cached_index(d);
  if (i >= 0)
    return &domain_cache[i];
  if (upcr_isnull_pshared(d))
    upcri_error(pos, "%s: the domain pointer is null", what);
  upcri_check_range(d.thread, d.offset, sizeof(upcri_domain_object_t), what,
                    pos);
  upcri_domain_object_t obj;
  upcri_get_bytes(&obj, d.thread, d.offset, sizeof obj);
  if (obj.magic != UPCRI_DOMAIN_MAGIC)
    upcri_error(pos, "%s: the pointer (thread %u, offset %llu) is not an "
                     "atomic domain (or the domain was freed)",
                what, (unsigned)d.thread, (unsigned long long)d.offset);
  const upcri_atomic_type_t *t = find_type((int)obj.type);
  if (!t)
    upcri_error(pos, "%s: the domain (thread %u, offset %llu) is corrupt",
                what, (unsigned)d.thread, (unsigned long long)d.offset);
  uncached = make_domain(d, t, (int)obj.ops, obj.lock);
  return &uncached;
}

void upcr_all_atomicdomain_free(upcr_pshared_ptr_t ptr, upcr_srcpos_t pos) {
  static const char what[] = "upc_all_atomicdomain_free";
  if (upcr_isnull_pshared(ptr))
    return;
  upcr_pshared_ptr_t lock = find_domain(ptr, what, pos)->lock;
  int i = cached_index(ptr);
  if (i >= 0)
    domain_cache[i] = domain_cache[--domains_cached];
  upcri_sync(what, UPCRI_ID_ATOMICDOMAIN_FREE, pos);
  if (upcri_mythread == 0) {
    uint32_t zero = 0;
    upcri_put_bytes(ptr.thread, ptr.offset, &zero, sizeof zero);
    if (!upcr_isnull_pshared(lock))
      upcr_lock_free(lock, pos);
    upcri_free_lock_object(upcr_pshared_to_shared(ptr), what, pos);
  }
}

/* The backend's integer type of a type's values (a floating type's bits). */
static upcrb_amo_type_t amo_type(const upcri_atomic_type_t *t) {
  int wide = t->size == 8;
  if (t->amo_class == UPCRI_AMO_INT)
    return wide ? UPCRB_AMO_I64 : UPCRB_AMO_I32;
  return wide ? UPCRB_AMO_U64 : UPCRB_AMO_U32;
}

/* A value of any atomic type but UPC_PTS. */
typedef union upcri_value {
  uint32_t u32;
  uint64_t u64;
  float f32;
  double f64;
} upcri_value_t;

static upcri_value_t load_value(const void *p, size_t size) {
  upcri_value_t v;
  memset(&v, 0, sizeof v);
  memcpy(&v, p, size);
  return v;
}

/* UPC_SUB, UPC_INC and UPC_DEC on integers: an addition of -x, 1 or -1,
 * exact modulo 2^N. */
static upcri_value_t integer_addend(int op, const void *operand, size_t size) {
  static const uint64_t zero = 0;
  upcri_value_t v = load_value(operand ? operand : &zero, size);
  uint64_t x = size == 8 ? v.u64 : v.u32;
  x = op == UPC_SUB ? 0u - x : op == UPC_INC ? 1u : op == UPC_DEC ? ~0ull : x;
  if (size == 8)
    v.u64 = x;
  else
    v.u32 = (uint32_t)x;
  return v;
}

/* What a floating operation stores: old op operand. */
static upcri_value_t float_result(int op, upcri_value_t old,
                                  const upcri_value_t *a, int wide) {
  double x = wide ? old.f64 : old.f32, y = a ? (wide ? a->f64 : a->f32) : 0,
         r = x;
  switch (op) {
  case UPC_SET:
    r = y;
    break;
  case UPC_ADD:
    r = x + y;
    break;
  case UPC_SUB:
    r = x - y;
    break;
  case UPC_MULT:
    r = x * y;
    break;
  case UPC_INC:
    r = x + 1;
    break;
  case UPC_DEC:
    r = x - 1;
    break;
  case UPC_MIN:
    r = y < x ? y : x;
    break;
  case UPC_MAX:
    r = y > x ? y : x;
    break;
  }
  upcri_value_t v = old;
  if (wide)
    v.f64 = r;
  else
    v.f32 = (float)r; /* float arithmetic in double rounds as float would */
  return v;
}

/* A floating operation: compare-and-swap on the bits until no other thread
 * changed them in between. UPC_CSWAP compares values (-0.0 equals 0.0, a
 * NaN equals nothing) and stores only when they are equal. */
static void float_operation(const upcri_domain_t *d, upcr_thread_t thread,
                            upcr_offset_t offset, int op,
                            const void *operand1, const void *operand2,
                            void *fetch) {
  int wide = d->size == 8;
  upcri_value_t seen, none = {0};
  upcri_value_t a = operand1 ? load_value(operand1, d->size) : none,
                b = operand2 ? load_value(operand2, d->size) : none;
  upcrb_amo(thread, offset, d->bits, UPCRB_AMO_GET, NULL, &seen);
  while (op != UPC_GET) {
    upcri_value_t next;
    if (op == UPC_CSWAP) {
      if (wide ? seen.f64 != a.f64 : seen.f32 != a.f32)
        break;
      next = b;
    } else {
      next = float_result(op, seen, operand1 ? &a : NULL, wide);
    }
    upcri_value_t before;
    upcrb_amo_cswap(thread, offset, d->bits, &seen, &next, &before);
    if (memcmp(&before, &seen, d->size) == 0)
      break; /* stored */
    seen = before;
  }
  if (fetch)
    memcpy(fetch, &seen, d->size);
}

/* UPC_PTS, under the domain's lock. */
static void pts_operation(const upcri_domain_t *d, void *fetch, int op,
                          upcr_shared_ptr_t target, const void *operand1,
                          const void *operand2, upcr_srcpos_t pos) {
  upcr_shared_ptr_t before, value;
  upcr_lock(d->lock, pos);
  upcri_get_bytes(&before, target.thread, target.offset, sizeof before);
  if (op == UPC_SET || op == UPC_CSWAP) {
    int store = 1;
    if (op == UPC_CSWAP) {
      memcpy(&value, operand1, sizeof value);
      store = upcr_isequal_shared_shared(before, value);
      memcpy(&value, operand2, sizeof value);
    } else {
      memcpy(&value, operand1, sizeof value);
    }
    if (store)
      upcri_put_bytes(target.thread, target.offset, &value, sizeof value);
  }
  upcr_unlock(d->lock, pos);
  if (fetch)
    memcpy(fetch, &before, sizeof before);
}

/* Reports what operation() found wrong; does not return. */
static UPCR_NORETURN __attribute__((noinline, cold)) void
report_misuse(const upcri_domain_t *d, void *fetch, int op,
              upcr_shared_ptr_t target, const void *operand1,
              const void *operand2, const char *what, upcr_srcpos_t pos) {
  const upcri_op_info_t *o = upcri_find_op(op);
  if (!o || o->op_class == UPCRI_OP_NONE)
    upcri_error(pos, "%s: %d is not one atomic operation", what, op);
  if (!(d->ops & op))
    upcri_error(pos, "%s: %s is not an operation of this domain (allocated "
                     "for %s)",
                what, o->name, d->type->name);
  if (op == UPC_GET && !fetch)
    upcri_error(pos, "%s: UPC_GET needs a fetch_ptr", what);
  if (!operand1 && op != UPC_GET && op != UPC_INC && op != UPC_DEC)
    upcri_error(pos, "%s: %s needs operand1", what, o->name);
  if (!operand2 && op == UPC_CSWAP)
    upcri_error(pos, "%s: UPC_CSWAP needs operand2", what);
  upcri_check_range(target.thread, target.offset, d->size, what, pos);
  upcri_error(pos, "%s: the target (offset %llu of thread %u) is not "
                   "aligned for %s",
              what, (unsigned long long)target.offset,
              (unsigned)target.thread, d->type->name);
}

static inline __attribute__((always_inline)) void
operation(upcr_pshared_ptr_t domain, void *fetch, int op,
          upcr_shared_ptr_t target, const void *operand1,
          const void *operand2, const char *what, upcr_srcpos_t pos) {
  const upcri_domain_t *d = find_domain(domain, what, pos);
  /* Every misuse in one test (the domain's operations were checked when it
   * was allocated, so one bit of them is valid for its type); the messages
   * are computed off this path. */
  uint64_t segment = __atomic_load_n(&segment_size, __ATOMIC_RELAXED);
  if (!segment)
    segment = upcrb_segment_size();
  int bad = (op & (op - 1)) != 0 || !(d->ops & op) ||
            (op == UPC_GET && !fetch) ||
            (!operand1 && op != UPC_GET && op != UPC_INC && op != UPC_DEC) ||
            (!operand2 && op == UPC_CSWAP) ||
            (int)target.thread >= upcri_threads ||
            (target.offset == 0 && target.thread == 0) ||
            target.offset > segment - d->size ||
            (target.offset & (d->size - 1)) != 0; /* sizes: 4, 8, 16 */
  if (__builtin_expect(bad, 0))
    report_misuse(d, fetch, op, target, operand1, operand2, what, pos);
  /* The commonest operation first. */
  if (op == UPC_ADD && d->amo_class != UPCRI_AMO_FLOAT &&
      d->amo_class != UPCRI_AMO_PTS) {
    upcrb_amo(target.thread, target.offset, d->bits, UPCRB_AMO_ADD, operand1,
              fetch);
    return;
  }
  if (d->amo_class == UPCRI_AMO_PTS) {
    pts_operation(d, fetch, op, target, operand1, operand2, pos);
    return;
  }
  if (d->amo_class == UPCRI_AMO_FLOAT) {
    float_operation(d, target.thread, target.offset, op, operand1, operand2,
                    fetch);
    return;
  }
  upcrb_amo_type_t type = d->bits;
  upcri_value_t k;
  upcrb_amo_op_t amo = UPCRB_AMO_ADD;
  switch (op) {
  case UPC_GET:
    upcrb_amo(target.thread, target.offset, type, UPCRB_AMO_GET, NULL, fetch);
    return;
  case UPC_CSWAP: {
    upcri_value_t before;
    upcrb_amo_cswap(target.thread, target.offset, type, operand1, operand2,
                    &before);
    if (fetch)
      memcpy(fetch, &before, d->size);
    return;
  }
  case UPC_SUB:
  case UPC_INC:
  case UPC_DEC:
    k = integer_addend(op, operand1, d->size);
    upcrb_amo(target.thread, target.offset, type, UPCRB_AMO_ADD, &k, fetch);
    return;
  case UPC_SET:
    amo = UPCRB_AMO_SET;
    break;
  case UPC_MULT:
    amo = UPCRB_AMO_MULT;
    break;
  case UPC_MIN:
    amo = UPCRB_AMO_MIN;
    break;
  case UPC_MAX:
    amo = UPCRB_AMO_MAX;
    break;
  case UPC_AND:
    amo = UPCRB_AMO_AND;
    break;
  case UPC_OR:
    amo = UPCRB_AMO_OR;
    break;
  case UPC_XOR:
    amo = UPCRB_AMO_XOR;
    break;
  }
  upcrb_amo(target.thread, target.offset, type, amo, operand1, fetch);
}

/* A strict operation is ordered with the thread's other accesses (a fence
 * on each side); a relaxed one only with itself. */
void upcr_atomic_strict(upcr_pshared_ptr_t domain, void *fetch_ptr, int op,
                        upcr_shared_ptr_t target, const void *operand1,
                        const void *operand2, upcr_srcpos_t pos) {
  upcrb_fence();
  operation(domain, fetch_ptr, op, target, operand1, operand2,
            "upc_atomic_strict", pos);
  upcrb_fence();
}

void upcr_atomic_relaxed(upcr_pshared_ptr_t domain, void *fetch_ptr, int op,
                         upcr_shared_ptr_t target, const void *operand1,
                         const void *operand2, upcr_srcpos_t pos) {
  operation(domain, fetch_ptr, op, target, operand1, operand2,
            "upc_atomic_relaxed", pos);
}

int upcr_atomic_isfast(int type, int ops, upcr_shared_ptr_t addr,
                       upcr_srcpos_t pos) {
  (void)addr;
  const upcri_atomic_type_t *t =
      check_type_ops(type, ops, "upc_atomic_isfast", pos);
  return t->amo_class != UPCRI_AMO_PTS;
}
