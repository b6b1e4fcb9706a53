/*
 * upcr.h - the runtime interface that upc-instrument's translated C targets.
 *
 * Names and semantics follow the Berkeley UPC Runtime specification (upcr_*),
 * the interface in which Berkeley's static-data design is written; this is our
 * own, smaller subset plus a few typed helpers for the translator.
 * docs/runtime-interface.md lists every entry point and what it means.
 *
 * The translated C of every UPC file includes this header first. It therefore
 * includes no C library header (the user's feature-test macros such as
 * _GNU_SOURCE must still take effect in the user's own includes) and uses
 * only GNU C extensions that gcc and clang both accept without warnings under
 * -pedantic when spelled with __extension__ / double underscores.
 *
 * Shared memory: each UPC thread owns a segment. A pointer-to-shared is a
 * (thread, offset, phase) triple: the byte offset in the owner's segment and
 * the element index within its block. Offset 0 of every segment is reserved,
 * so the all-zero value is the null pointer-to-shared.
 *
 * The same translated C runs on every backend (pthreads, MPI); only the
 * runtime library it is linked with differs.
 */
#ifndef UPCR_H
#define UPCR_H

#include <stddef.h> /* compiler-provided: size_t, ptrdiff_t, offsetof */

#ifdef __cplusplus
extern "C" {
#endif

#define UPCR_INLINE static __inline__ __attribute__((__always_inline__))
#define UPCR_NORETURN __attribute__((__noreturn__))
#define UPCR_LIKELY(x) __builtin_expect(!!(x), 1)
#define UPCR_UNLIKELY(x) __builtin_expect(!!(x), 0)

typedef __UINT64_TYPE__ upcr_offset_t;
typedef __UINT32_TYPE__ upcr_thread_t;
typedef __UINT32_TYPE__ upcr_phase_t;

/* ------------------------------------------------------------------------
 * Source positions. Entry points that can detect a misuse of the UPC
 * language or library take the position of the construct in the UPC source,
 * so that their errors name it (and GASP events can carry it).
 * ------------------------------------------------------------------------ */

typedef struct upcr_srcpos {
  const char *file; /* as named to the translator, or by #line */
  int line;         /* 1-based */
  int col;          /* 1-based; 0 when unknown */
} upcr_srcpos_t;

#define UPCR_SRCPOS(file, line, col) ((upcr_srcpos_t){(file), (line), (col)})
#define UPCR_SRCPOS_UNKNOWN UPCR_SRCPOS(0, 0, 0)

/* ------------------------------------------------------------------------
 * Pointers-to-shared
 * ------------------------------------------------------------------------ */

/* Any block size, and `shared void *`. */
typedef struct upcr_shared_ptr {
  upcr_offset_t offset; /* byte offset in the owner's segment */
  upcr_thread_t thread; /* owner */
  upcr_phase_t phase;   /* element index within the block */
} upcr_shared_ptr_t;

/* Phaseless: pointers to block size 1 and to indefinitely blocked data, and
 * the proxies of such variables. The phase is always zero. Same layout. */
typedef struct upcr_pshared_ptr {
  upcr_offset_t offset;
  upcr_thread_t thread;
  upcr_phase_t unused; /* always 0 */
} upcr_pshared_ptr_t;

/* Null values: as expressions, and as initializers (static initializers
 * cannot use compound literals portably). */
#define UPCR_NULL_SHARED ((upcr_shared_ptr_t){0, 0, 0})
#define UPCR_NULL_PSHARED ((upcr_pshared_ptr_t){0, 0, 0})
#define UPCR_NULL_SHARED_INIT {0, 0, 0}
#define UPCR_NULL_PSHARED_INIT {0, 0, 0}
/* The initializer of a proxy whose variable the user initialized: makes the
 * proxy a strong definition (two initialized definitions clash at link time,
 * as in C); the runtime sets the proxy during start-up. */
#define UPCR_INITIALIZED_SHARED {0, 0, 0}
#define UPCR_INITIALIZED_PSHARED {0, 0, 0}

/* ------------------------------------------------------------------------
 * Threads
 * ------------------------------------------------------------------------ */

extern int upcri_threads;         /* THREADS */
extern __thread int upcri_mythread; /* MYTHREAD */
/* Base address of each thread's segment when the calling thread can address
 * it directly (all of them on pthreads; only its own with MPI), else NULL.
 * Indexed by thread. */
extern char **upcri_segment_base;

/* With a backend that lets every thread address every segment (pthreads),
 * translated code defines UPCR_ALL_SEGMENTS_ADDRESSABLE: accesses then have
 * no remote path at all, which lets the C compiler keep proxies and THREADS
 * in registers across loops. Its file record says so, and a runtime that
 * cannot honour it refuses to start (see UPCR_REGISTER_FILE). */
#ifdef UPCR_ALL_SEGMENTS_ADDRESSABLE
#define UPCRI_ADDRESSABLE(base) ((void)(base), 1)
#else
#define UPCRI_ADDRESSABLE(base) UPCR_LIKELY((base) != 0)
#endif

UPCR_INLINE int upcr_threads(void) { return upcri_threads; }
UPCR_INLINE int upcr_mythread(void) { return upcri_mythread; }

/* ------------------------------------------------------------------------
 * Pointer-to-shared arithmetic and conversion (inline; constants fold)
 * ------------------------------------------------------------------------ */

UPCR_INLINE int upcr_isnull_shared(upcr_shared_ptr_t p) {
  return p.offset == 0 && p.thread == 0;
}
UPCR_INLINE int upcr_isnull_pshared(upcr_pshared_ptr_t p) {
  return p.offset == 0 && p.thread == 0;
}

UPCR_INLINE upcr_pshared_ptr_t upcr_shared_to_pshared(upcr_shared_ptr_t p) {
  upcr_pshared_ptr_t r = {p.offset, p.thread, 0};
  return r;
}
UPCR_INLINE upcr_shared_ptr_t upcr_pshared_to_shared(upcr_pshared_ptr_t p) {
  upcr_shared_ptr_t r = {p.offset, p.thread, 0};
  return r;
}
UPCR_INLINE upcr_shared_ptr_t upcr_shared_resetphase(upcr_shared_ptr_t p) {
  p.phase = 0;
  return p;
}
/* Conversion between block sizes known only at run time ([*] arrays): the
 * phase survives only if the block sizes agree. */
UPCR_INLINE upcr_shared_ptr_t upcr_shared_reblock(upcr_shared_ptr_t p,
                                                  size_t fromblock,
                                                  size_t toblock) {
  if (fromblock != toblock)
    p.phase = 0;
  return p;
}

/* floor(a / b) and the matching non-negative remainder, for b > 0. */
UPCR_INLINE long long upcri_floordiv(long long a, long long b) {
  long long q = a / b;
  return (a % b != 0 && a < 0) ? q - 1 : q;
}

/* p + inc for an indefinitely blocked pointer: same thread. */
UPCR_INLINE upcr_pshared_ptr_t upcr_add_psharedI(upcr_pshared_ptr_t p,
                                                 size_t elemsz, ptrdiff_t inc) {
  p.offset += (upcr_offset_t)((long long)inc * (long long)elemsz);
  return p;
}

/* p + inc for block size 1: round-robin over the threads. */
UPCR_INLINE upcr_pshared_ptr_t upcr_add_pshared1(upcr_pshared_ptr_t p,
                                                 size_t elemsz, ptrdiff_t inc) {
  long long t = upcri_threads;
  if (UPCR_LIKELY(t == 1)) {
    p.offset += (upcr_offset_t)((long long)inc * (long long)elemsz);
    return p;
  }
  long long pos = (long long)p.thread + (long long)inc;
  long long rows = upcri_floordiv(pos, t);
  p.thread = (upcr_thread_t)(pos - rows * t);
  p.offset += (upcr_offset_t)(rows * (long long)elemsz);
  return p;
}

/* p + inc for blocks of blockelems elements (blockelems > 0). */
UPCR_INLINE upcr_shared_ptr_t upcr_add_shared(upcr_shared_ptr_t p,
                                              size_t elemsz, ptrdiff_t inc,
                                              size_t blockelems) {
  long long b = (long long)blockelems, t = upcri_threads;
  long long e = (long long)elemsz;
  long long phase = (long long)p.phase + (long long)inc;
  if (UPCR_LIKELY(t == 1)) {
    p.offset += (upcr_offset_t)((long long)inc * e);
    p.phase = (upcr_phase_t)(phase - upcri_floordiv(phase, b) * b);
    return p;
  }
  long long blocks = upcri_floordiv(phase, b);
  long long newphase = phase - blocks * b;
  long long pos = (long long)p.thread + blocks;
  long long rows = upcri_floordiv(pos, t);
  p.thread = (upcr_thread_t)(pos - rows * t);
  p.offset += (upcr_offset_t)(e * ((newphase - (long long)p.phase) + rows * b));
  p.phase = (upcr_phase_t)newphase;
  return p;
}

/* a - b in elements (both into the same shared array). */
UPCR_INLINE ptrdiff_t upcr_sub_psharedI(upcr_pshared_ptr_t a,
                                        upcr_pshared_ptr_t b, size_t elemsz) {
  return (ptrdiff_t)(((long long)a.offset - (long long)b.offset) /
                     (long long)elemsz);
}
UPCR_INLINE ptrdiff_t upcr_sub_pshared1(upcr_pshared_ptr_t a,
                                        upcr_pshared_ptr_t b, size_t elemsz) {
  long long rows =
      ((long long)a.offset - (long long)b.offset) / (long long)elemsz;
  return (ptrdiff_t)(rows * upcri_threads + ((long long)a.thread -
                                             (long long)b.thread));
}
UPCR_INLINE ptrdiff_t upcr_sub_shared(upcr_shared_ptr_t a, upcr_shared_ptr_t b,
                                      size_t elemsz, size_t blockelems) {
  long long e = (long long)elemsz, bl = (long long)blockelems;
  long long dphase = (long long)a.phase - (long long)b.phase;
  /* The offsets differ by whole rows of blocks plus the phase difference. */
  long long drows =
      ((long long)a.offset - (long long)b.offset) / e - dphase;
  return (ptrdiff_t)(drows * upcri_threads +
                     ((long long)a.thread - (long long)b.thread) * bl + dphase);
}

UPCR_INLINE int upcr_isequal_shared_shared(upcr_shared_ptr_t a,
                                           upcr_shared_ptr_t b) {
  return a.offset == b.offset && a.thread == b.thread;
}
UPCR_INLINE int upcr_isequal_shared_pshared(upcr_shared_ptr_t a,
                                            upcr_pshared_ptr_t b) {
  return a.offset == b.offset && a.thread == b.thread;
}
UPCR_INLINE int upcr_isequal_pshared_pshared(upcr_pshared_ptr_t a,
                                             upcr_pshared_ptr_t b) {
  return a.offset == b.offset && a.thread == b.thread;
}

UPCR_INLINE size_t upcr_threadof_shared(upcr_shared_ptr_t p) {
  return p.thread;
}
UPCR_INLINE size_t upcr_threadof_pshared(upcr_pshared_ptr_t p) {
  return p.thread;
}
UPCR_INLINE size_t upcr_phaseof_shared(upcr_shared_ptr_t p) { return p.phase; }
UPCR_INLINE size_t upcr_phaseof_pshared(upcr_pshared_ptr_t p) {
  (void)p;
  return 0;
}
UPCR_INLINE size_t upcr_addrfield_shared(upcr_shared_ptr_t p) {
  return (size_t)p.offset;
}
UPCR_INLINE size_t upcr_addrfield_pshared(upcr_pshared_ptr_t p) {
  return (size_t)p.offset;
}

/* A pointer-to-shared converted to an integer, which UPC leaves to the
 * implementation (Berkeley UPC allows it; UPC specification issue 11): the
 * thread above bit 40, the offset in its segment below; 0 for the null
 * pointer; equal pointers give equal integers, whatever their phase. */
UPCR_INLINE unsigned long long upcr_shared_to_integer(upcr_shared_ptr_t p) {
  return ((unsigned long long)p.thread << 40) | (unsigned long long)p.offset;
}
UPCR_INLINE unsigned long long upcr_pshared_to_integer(upcr_pshared_ptr_t p) {
  return upcr_shared_to_integer(upcr_pshared_to_shared(p));
}

/* A private pointer to shared data the calling thread can address (UPC: a
 * cast to a private pointer, defined for data with affinity to the thread).
 * The null pointer-to-shared gives NULL. */
void *upcri_unaddressable(upcr_thread_t thread);
UPCR_INLINE void *upcr_shared_to_local(upcr_shared_ptr_t p) {
  if (p.offset == 0 && p.thread == 0)
    return (void *)0;
  char *base = upcri_segment_base[p.thread];
  return UPCRI_ADDRESSABLE(base) ? (void *)(base + p.offset)
                                 : upcri_unaddressable(p.thread);
}
UPCR_INLINE void *upcr_pshared_to_local(upcr_pshared_ptr_t p) {
  return upcr_shared_to_local(upcr_pshared_to_shared(p));
}

/* ------------------------------------------------------------------------
 * Shared accesses: nbytes at byte offset `offset` from the element p points
 * to (offsets select struct members and bytes within an element; they never
 * move to another block). Relaxed accesses may be reordered with respect to
 * other relaxed accesses; strict ones are sequentially consistent with all
 * shared accesses of the calling thread.
 * ------------------------------------------------------------------------ */

/* Slow paths (data not directly addressable), in the runtime. */
void upcri_get_remote(void *dst, upcr_thread_t thread, upcr_offset_t offset,
                      size_t nbytes);
void upcri_put_remote(upcr_thread_t thread, upcr_offset_t offset,
                      const void *src, size_t nbytes);
/* Orders a strict access after everything before it / before everything
 * after it. */
void upcri_strict_before(void);
void upcri_strict_after(void);

UPCR_INLINE void upcr_get_shared(void *dst, upcr_shared_ptr_t src,
                                 ptrdiff_t offset, size_t nbytes) {
  char *base = upcri_segment_base[src.thread];
  if (UPCRI_ADDRESSABLE(base))
    __builtin_memcpy(dst, base + src.offset + offset, nbytes);
  else
    upcri_get_remote(dst, src.thread, src.offset + offset, nbytes);
}
UPCR_INLINE void upcr_get_pshared(void *dst, upcr_pshared_ptr_t src,
                                  ptrdiff_t offset, size_t nbytes) {
  upcr_get_shared(dst, upcr_pshared_to_shared(src), offset, nbytes);
}
UPCR_INLINE void upcr_put_shared(upcr_shared_ptr_t dst, ptrdiff_t offset,
                                 const void *src, size_t nbytes) {
  char *base = upcri_segment_base[dst.thread];
  if (UPCRI_ADDRESSABLE(base))
    __builtin_memcpy(base + dst.offset + offset, src, nbytes);
  else
    upcri_put_remote(dst.thread, dst.offset + offset, src, nbytes);
}
UPCR_INLINE void upcr_put_pshared(upcr_pshared_ptr_t dst, ptrdiff_t offset,
                                  const void *src, size_t nbytes) {
  upcr_put_shared(upcr_pshared_to_shared(dst), offset, src, nbytes);
}
UPCR_INLINE void upcr_get_shared_strict(void *dst, upcr_shared_ptr_t src,
                                        ptrdiff_t offset, size_t nbytes) {
  upcri_strict_before();
  upcr_get_shared(dst, src, offset, nbytes);
  upcri_strict_after();
}
UPCR_INLINE void upcr_get_pshared_strict(void *dst, upcr_pshared_ptr_t src,
                                         ptrdiff_t offset, size_t nbytes) {
  upcr_get_shared_strict(dst, upcr_pshared_to_shared(src), offset, nbytes);
}
UPCR_INLINE void upcr_put_shared_strict(upcr_shared_ptr_t dst,
                                        ptrdiff_t offset, const void *src,
                                        size_t nbytes) {
  upcri_strict_before();
  upcr_put_shared(dst, offset, src, nbytes);
  upcri_strict_after();
}
UPCR_INLINE void upcr_put_pshared_strict(upcr_pshared_ptr_t dst,
                                         ptrdiff_t offset, const void *src,
                                         size_t nbytes) {
  upcr_put_shared_strict(upcr_pshared_to_shared(dst), offset, src, nbytes);
}

/* Token pasting after expansion: unique names for the locals of nested
 * statement expressions (UPCRI_CAT(name_, __COUNTER__)), so that an access
 * in the value of another declares no shadowing local (-Wshadow). */
#define UPCRI_CAT2(a, b) a##b
#define UPCRI_CAT(a, b) UPCRI_CAT2(a, b)

/* Typed values, for the translator's expressions: the value read, and the
 * value written (converted to T), as in C. Local data is read and written
 * through a T lvalue, which lets the C compiler keep other values in
 * registers across the access. */
#define UPCRI_GET_VALUE_N(N, T, P, OFF, TOSHARED, STRICT)                      \
  __extension__({                                                              \
    upcr_shared_ptr_t UPCRI_CAT(upcri_p_, N) = TOSHARED(P);                    \
    ptrdiff_t UPCRI_CAT(upcri_o_, N) = (OFF);                                  \
    T UPCRI_CAT(upcri_v_, N);                                                  \
    char *UPCRI_CAT(upcri_b_, N) = upcri_segment_base[UPCRI_CAT(upcri_p_, N).thread]; \
    if (STRICT)                                                                \
      upcri_strict_before();                                                   \
    if (UPCRI_ADDRESSABLE(UPCRI_CAT(upcri_b_, N)))                             \
      UPCRI_CAT(upcri_v_, N) = *(T *)(void *)(UPCRI_CAT(upcri_b_, N) + UPCRI_CAT(upcri_p_, N).offset + UPCRI_CAT(upcri_o_, N)); \
    else                                                                       \
      upcri_get_remote(&UPCRI_CAT(upcri_v_, N), UPCRI_CAT(upcri_p_, N).thread, UPCRI_CAT(upcri_p_, N).offset + UPCRI_CAT(upcri_o_, N), \
                       sizeof(T));                                             \
    if (STRICT)                                                                \
      upcri_strict_after();                                                    \
    UPCRI_CAT(upcri_v_, N);                                                    \
  })
#define UPCRI_GET_VALUE(T, P, OFF, TOSHARED, STRICT)                           \
  UPCRI_GET_VALUE_N(__COUNTER__, T, P, OFF, TOSHARED, STRICT)
#define UPCRI_PUT_VALUE_N(N, T, P, OFF, V, TOSHARED, STRICT)                   \
  __extension__({                                                              \
    upcr_shared_ptr_t UPCRI_CAT(upcri_p_, N) = TOSHARED(P);                    \
    ptrdiff_t UPCRI_CAT(upcri_o_, N) = (OFF);                                  \
    T UPCRI_CAT(upcri_v_, N) = (V);                                            \
    char *UPCRI_CAT(upcri_b_, N) = upcri_segment_base[UPCRI_CAT(upcri_p_, N).thread]; \
    if (STRICT)                                                                \
      upcri_strict_before();                                                   \
    if (UPCRI_ADDRESSABLE(UPCRI_CAT(upcri_b_, N)))                             \
      *(T *)(void *)(UPCRI_CAT(upcri_b_, N) + UPCRI_CAT(upcri_p_, N).offset + UPCRI_CAT(upcri_o_, N)) = UPCRI_CAT(upcri_v_, N); \
    else                                                                       \
      upcri_put_remote(UPCRI_CAT(upcri_p_, N).thread, UPCRI_CAT(upcri_p_, N).offset + UPCRI_CAT(upcri_o_, N), &UPCRI_CAT(upcri_v_, N), \
                       sizeof(T));                                             \
    if (STRICT)                                                                \
      upcri_strict_after();                                                    \
    UPCRI_CAT(upcri_v_, N);                                                    \
  })
#define UPCRI_PUT_VALUE(T, P, OFF, V, TOSHARED, STRICT)                        \
  UPCRI_PUT_VALUE_N(__COUNTER__, T, P, OFF, V, TOSHARED, STRICT)
#define UPCRI_IDENTITY(P) (P)

#define UPCR_GET_SHARED_VALUE(T, P, OFF)                                       \
  UPCRI_GET_VALUE(T, P, OFF, UPCRI_IDENTITY, 0)
#define UPCR_GET_PSHARED_VALUE(T, P, OFF)                                      \
  UPCRI_GET_VALUE(T, P, OFF, upcr_pshared_to_shared, 0)
#define UPCR_GET_SHARED_VALUE_STRICT(T, P, OFF)                                \
  UPCRI_GET_VALUE(T, P, OFF, UPCRI_IDENTITY, 1)
#define UPCR_GET_PSHARED_VALUE_STRICT(T, P, OFF)                               \
  UPCRI_GET_VALUE(T, P, OFF, upcr_pshared_to_shared, 1)
#define UPCR_PUT_SHARED_VALUE(T, P, OFF, V)                                    \
  UPCRI_PUT_VALUE(T, P, OFF, V, UPCRI_IDENTITY, 0)
#define UPCR_PUT_PSHARED_VALUE(T, P, OFF, V)                                   \
  UPCRI_PUT_VALUE(T, P, OFF, V, upcr_pshared_to_shared, 0)
#define UPCR_PUT_SHARED_VALUE_STRICT(T, P, OFF, V)                             \
  UPCRI_PUT_VALUE(T, P, OFF, V, UPCRI_IDENTITY, 1)
#define UPCR_PUT_PSHARED_VALUE_STRICT(T, P, OFF, V)                            \
  UPCRI_PUT_VALUE(T, P, OFF, V, upcr_pshared_to_shared, 1)

/* ------------------------------------------------------------------------
 * Synchronization
 * ------------------------------------------------------------------------ */

#define UPCR_BARRIERFLAG_ANONYMOUS 1

/* Split-phase barrier (upc_notify / upc_wait; upc_barrier is both). Named
 * notifies of one barrier phase must agree on the value; an anonymous one
 * matches any. A mismatch, a wait without a notify or a second notify ends
 * the program with an error at the positions involved. Both imply a fence. */
void upcr_notify(int value, int flags, upcr_srcpos_t pos);
void upcr_wait(int value, int flags, upcr_srcpos_t pos);
void upcr_barrier(int value, int flags, upcr_srcpos_t pos);
/* upc_fence: a null strict access. */
void upcr_fence(void);

/* upc_forall: nonzero while the calling thread executes the body of a
 * upc_forall. A upc_forall started while it is set runs every iteration
 * (UPC 1.3, 6.6.2). */
extern __thread int upcr_forall_active;

/* The translation of a outermost upc_forall:
 *   { UPCR_FORALL_SCOPE; for (A; B; C) if (!UPCR_FORALL_MINE(test)) ; else S }
 * The scope's cleanup restores the state however the loop is left (break,
 * return, goto). */
UPCR_INLINE int upcri_forall_enter(void) {
  int nested = upcr_forall_active;
  upcr_forall_active = 1;
  return nested;
}
UPCR_INLINE void upcri_forall_leave(int *nested) {
  upcr_forall_active = *nested;
}
#define UPCR_FORALL_SCOPE                                                      \
  int upcr_forall_nested_ __attribute__((__cleanup__(upcri_forall_leave))) =   \
      upcri_forall_enter()
/* An iteration the calling thread executes: counted by MIR probes in the
 * files translated with instrumentation requests (upcr_gasp.h). */
#ifndef UPCR_GASP_GATED
#define UPCR_FORALL_ITERATION() ((void)0)
#endif
#define UPCR_FORALL_MINE(test)                                                 \
  ((upcr_forall_nested_ || (test)) && (UPCR_FORALL_ITERATION(), 1))

/* Affinity tests: an integer affinity i selects thread i mod THREADS (the
 * non-negative remainder); a pointer-to-shared the thread it points to. */
UPCR_INLINE int upcr_forall_affinity_int(long long affinity) {
  long long t = upcri_threads;
  long long r = affinity % t;
  return (r < 0 ? r + t : r) == upcri_mythread;
}
UPCR_INLINE int upcr_forall_affinity_unsigned(unsigned long long affinity) {
  return affinity % (unsigned long long)upcri_threads ==
         (unsigned long long)upcri_mythread;
}
UPCR_INLINE int upcr_forall_affinity_shared(upcr_shared_ptr_t p) {
  return p.thread == (upcr_thread_t)upcri_mythread;
}
UPCR_INLINE int upcr_forall_affinity_pshared(upcr_pshared_ptr_t p) {
  return p.thread == (upcr_thread_t)upcri_mythread;
}

/* Localized upc_forall loops. When the affinity of a upc_forall is element
 * i of a static shared array with blocks of b elements (or the integer i,
 * b = 1) and the loop steps i by one, the translator loops over the calling
 * thread's iterations only and reaches the thread's elements of arrays with
 * the same layout through private pointers: */

/* The calling thread's part of a static shared array (its proxy p points to
 * element 0, on thread 0; every thread's part is at the same offset). */
UPCR_INLINE void *upcr_local_part_pshared(upcr_pshared_ptr_t p) {
  return upcri_segment_base[upcri_mythread] + p.offset;
}
UPCR_INLINE void *upcr_local_part_shared(upcr_shared_ptr_t p) {
  return upcri_segment_base[upcri_mythread] + p.offset;
}
/* b = 1: the first i >= lo that the calling thread owns. */
UPCR_INLINE long long upcr_forall_first(long long lo) {
  long long t = upcri_threads, r = ((long long)upcri_mythread - lo) % t;
  return lo + (r < 0 ? r + t : r);
}
/* b > 1: the first block (of b elements) at or after the one holding lo
 * that the calling thread owns. */
UPCR_INLINE long long upcr_forall_first_block(long long lo, long long b) {
  long long first = upcri_floordiv(lo, b), t = upcri_threads;
  long long r = ((long long)upcri_mythread - first) % t;
  return first + (r < 0 ? r + t : r);
}

/* upc_localsizeof of N elements in blocks of B elements of ESZ bytes: the
 * most any thread holds (a constant expression when its operands are). */
#define UPCR_LOCALSIZEOF(N, B, ESZ)                                            \
  ((((((N) + (B)-1) / (B) + THREADS - 1) / THREADS) * (B) < (N)                \
        ? ((((N) + (B)-1) / (B) + THREADS - 1) / THREADS) * (B)                \
        : (N)) *                                                               \
   (ESZ))

/* ------------------------------------------------------------------------
 * Program start and termination
 * ------------------------------------------------------------------------ */

/* The translated file that defines main emits
 *   int main(int argc, char **argv) { return upcr_run(argc, argv, F); }
 * with F calling the user's main, renamed upcr_user_main. upcr_run reads
 * UPC_THREADS (default: the number of online processors) and
 * UPC_SHARED_HEAP_SIZE, starts the UPC threads, runs on every thread all
 * ALLOC functions, a barrier, all INIT functions, a barrier, then F; it
 * returns (or exits with) the program's exit status. */
typedef int (*upcr_user_main_t)(int argc, char **argv);
int upcr_run(int argc, char **argv, upcr_user_main_t user_main);

/* A misuse of UPC found by translated code: prints "FILE:LINE:COL: error:"
 * and the message, and ends the program with status 1. */
UPCR_NORETURN void upcr_error(upcr_srcpos_t pos, const char *fmt, ...)
    __attribute__((__format__(__printf__, 2, 3)));

/* exit() called from UPC code, and the return from main: the calling thread
 * waits until every thread has exited; the process then exits with the
 * first nonzero status in thread order (0 if all are 0). */
UPCR_NORETURN void upcr_exit(int status);

/* ------------------------------------------------------------------------
 * Static data (Berkeley's static-data design; docs/runtime-interface.md)
 * ------------------------------------------------------------------------ */

typedef struct upcr_startup_shalloc {
  upcr_shared_ptr_t *sptr_addr; /* the proxy to set */
  size_t blockbytes;            /* bytes per block */
  size_t numblocks;             /* blocks (times THREADS if mult_by_threads) */
  int mult_by_threads;
  size_t elemsz;       /* element size */
  const char *namestr; /* the variable's name as in the source */
  const char *typestr; /* its UPC type */
} upcr_startup_shalloc_t;

typedef struct upcr_startup_pshalloc {
  upcr_pshared_ptr_t *psptr_addr;
  size_t blockbytes;
  size_t numblocks;
  int mult_by_threads;
  size_t elemsz;
  const char *namestr;
  const char *typestr;
} upcr_startup_pshalloc_t;

/* Called by every thread from the ALLOC functions, with the same records in
 * the same order on every thread. Blocks are dealt round-robin from thread 0,
 * at the same segment offset on every thread; the memory is zeroed. The
 * proxy of a variable that several files define tentatively is the same
 * object, listed by each of them: it is allocated once. */
void upcr_startup_shalloc(upcr_startup_shalloc_t *infos, size_t count);
void upcr_startup_pshalloc(upcr_startup_pshalloc_t *infos, size_t count);

/* One dimension of a shared array with an initializer: the initializer
 * covers init_elems elements of this dimension, which has total_elems
 * elements (times THREADS if mult_by_threads). */
typedef struct upcr_startup_arrayinit_diminfo {
  size_t init_elems;
  size_t total_elems;
  int mult_by_threads;
} upcr_startup_arrayinit_diminfo_t;

/* Called by every thread from the INIT functions: writes the elements of the
 * initializer (a private array of dimensions init_elems, row-major) that
 * have affinity to the calling thread into the shared array dst (blocks of
 * blockelems elements; 0 = indefinite). Other elements stay zero. */
void upcr_startup_initarray(upcr_shared_ptr_t dst, const void *src,
                            const upcr_startup_arrayinit_diminfo_t *diminfos,
                            size_t dimcount, size_t elembytes,
                            size_t blockelems);
void upcr_startup_initparray(upcr_pshared_ptr_t dst, const void *src,
                             const upcr_startup_arrayinit_diminfo_t *diminfos,
                             size_t dimcount, size_t elembytes,
                             size_t blockelems);

/* What each translated file registers: its ALLOC and INIT functions
 * (UPCRI_ALLOC_<file>_<hash>, UPCRI_INIT_<file>_<hash>) and the THREADS it
 * was translated for (0: any). The runtime finds every record through the
 * ELF section below, without a link step, and refuses to run with another
 * thread count than a static-threads file's. */
typedef struct upcr_file_info {
  const char *file;
  int static_threads;
  void (*alloc)(void);
  void (*init)(void);
  unsigned flags; /* UPCR_FILE_* */
} upcr_file_info_t;

/* The file was compiled with UPCR_ALL_SEGMENTS_ADDRESSABLE. */
#define UPCR_FILE_ALL_SEGMENTS_ADDRESSABLE 1u
/* The file was translated with instrumentation (UPCR_GASP_INSTRUMENTED):
 * the runtime calls gasp_init on every thread before main. */
#define UPCR_FILE_GASP 2u
#ifdef UPCR_ALL_SEGMENTS_ADDRESSABLE
#define UPCRI_FILE_FLAGS_ADDRESSABLE UPCR_FILE_ALL_SEGMENTS_ADDRESSABLE
#else
#define UPCRI_FILE_FLAGS_ADDRESSABLE 0u
#endif
#ifdef UPCR_GASP_INSTRUMENTED
#define UPCRI_FILE_FLAGS (UPCRI_FILE_FLAGS_ADDRESSABLE | UPCR_FILE_GASP)
#else
#define UPCRI_FILE_FLAGS UPCRI_FILE_FLAGS_ADDRESSABLE
#endif

/* `retain` keeps the record when the program is linked with --gc-sections
 * by a linker that does not treat __start_/__stop_ references as roots
 * (lld does not, by default). */
#if defined(__has_attribute)
#if __has_attribute(__retain__)
#define UPCRI_RETAIN __retain__,
#endif
#endif
#ifndef UPCRI_RETAIN
#define UPCRI_RETAIN
#endif
/* An instrumented file links the runtime's GASP layer, which calls
 * gasp_init before main (from an archive, only an object that something
 * refers to is linked). */
#ifdef UPCR_GASP_INSTRUMENTED
extern const char upcri_gasp_layer;
#define UPCRI_LINK_GASP_LAYER(NAME)                                            \
  static const char *const NAME##_gasp_layer __attribute__((__used__)) =       \
      &upcri_gasp_layer;
#else
#define UPCRI_LINK_GASP_LAYER(NAME)
#endif
#define UPCR_REGISTER_FILE(NAME, FILE, STATIC_THREADS, ALLOC, INIT)            \
  UPCRI_LINK_GASP_LAYER(NAME)                                                  \
  static const upcr_file_info_t NAME                                           \
      __attribute__((__used__, UPCRI_RETAIN __section__("upcri_files"),        \
                     __aligned__(sizeof(void *)))) = {FILE, STATIC_THREADS,    \
                                                      ALLOC, INIT,             \
                                                      UPCRI_FILE_FLAGS}

/* An allocation record (upcr_startup_pshalloc_t or upcr_startup_shalloc_t)
 * that a function holds: a function-scope static shared object whose type
 * only the function can name. The record goes into SECTION, one of the
 * file's sections, whose records its ALLOC function allocates (from
 * __start_SECTION to __stop_SECTION). */
#define UPCR_STARTUP_RECORD(SECTION)                                           \
  __attribute__((__used__, UPCRI_RETAIN __section__(SECTION),                  \
                 __aligned__(sizeof(void *))))

/* ------------------------------------------------------------------------
 * The UPC library, as the translator calls it: upc_NAME is upcr_NAME with
 * the call's source position added. upc.h, upc_collective.h and friends for
 * C code declare the same functions under their UPC names, without
 * positions. Locks: upc_lock_t * is a phaseless pointer-to-shared to the
 * lock object, which lives with the thread that allocated it; waiters
 * acquire a lock in the order they asked for it. Collectives' flags are
 * UPC_IN_* | UPC_OUT_*. upcr_global_exit (upc_global_exit) ends every thread
 * at once with the status.
 * ------------------------------------------------------------------------ */

/* Types that library entries take or return (upc_thread_info_t,
 * upc_handle_t). */
#include <upc_castable_types.h>
#include <upc_nb_types.h>

#include "upcr_library.h"

/* ------------------------------------------------------------------------
 * The C spellings of the UPC language names that translated code keeps.
 * ------------------------------------------------------------------------ */

#define MYTHREAD (upcr_mythread())
#ifdef UPCR_STATIC_THREADS
#define THREADS (UPCR_STATIC_THREADS)
#else
#define THREADS (upcr_threads())
#endif
#define UPC_MAX_BLOCK_SIZE 2147483647UL
/* The most UPC threads a program runs (UPC_THREADS, -T): more is surely a
 * typo (each one is an OS thread or process with its own segment). The
 * translator's -T check reads this line. */
#define UPCR_MAX_THREADS 4096

#ifdef __cplusplus
}
#endif

/* Instrumented entry points, for files translated with instrumentation. */
#ifdef UPCR_GASP_INSTRUMENTED
#include "upcr_gasp.h"
#endif

#endif /* UPCR_H */
