/*
 * backend.c - the pthreads backend: every UPC thread is a POSIX thread of
 * one process and every segment is directly addressable, so data movement
 * is memcpy and atomics are the compiler's __atomic builtins.
 *
 * Waiting: a waiter spins briefly (a barrier or lock hand-off between
 * running threads takes well under a microsecond), then sleeps on a Linux
 * futex, because UPC threads often outnumber cores (4 threads on 2 cores in
 * the tests). Wakers make the futex system call only when someone may be
 * asleep on that word (a counter per hash bucket of addresses).
 */
#include <errno.h>
#include <limits.h>
#include <linux/futex.h>
#include <pthread.h>
#include <sched.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/syscall.h>
#include <time.h>
#include <unistd.h>

#include "backend.h"

static size_t segment_size;
/* How long a waiter spins before it sleeps, in nanoseconds. */
static long spin_ns;

/* ------------------------------------------------------------------------
 * Waiting on 32-bit words
 * ------------------------------------------------------------------------ */

#define SLEEPER_BUCKETS 64
static atomic_uint sleepers[SLEEPER_BUCKETS];

static atomic_uint *sleepers_of(const uint32_t *addr) {
  uintptr_t a = (uintptr_t)addr >> 2;
  return &sleepers[(a ^ (a >> 6) ^ (a >> 12)) % SLEEPER_BUCKETS];
}

static void cpu_relax(void) {
#if defined(__x86_64__) || defined(__i386__)
  __builtin_ia32_pause();
#elif defined(__aarch64__)
  __asm__ __volatile__("yield");
#endif
}

static long now_ns(void) {
  struct timespec t;
  clock_gettime(CLOCK_MONOTONIC, &t);
  return t.tv_sec * 1000000000L + t.tv_nsec;
}

/* Blocks while *addr == old (may return early). The spin is bounded by time,
 * not by a count: a pause instruction costs from 1 to over 100 cycles
 * depending on the processor. */
static void wait_word(uint32_t *addr, uint32_t old) {
  long deadline = 0;
  for (int i = 0;; ++i) {
    if (__atomic_load_n(addr, __ATOMIC_ACQUIRE) != old)
      return;
    if ((i & 31) == 0) {
      long now = now_ns();
      if (i == 0)
        deadline = now + spin_ns;
      else if (now >= deadline)
        break;
    }
    cpu_relax();
  }
  atomic_uint *count = sleepers_of(addr);
  atomic_fetch_add(count, 1);
  if (__atomic_load_n(addr, __ATOMIC_SEQ_CST) == old) {
    /* The timeout only bounds the damage of a lost wake-up; callers loop. */
    struct timespec timeout = {0, 100 * 1000 * 1000};
    syscall(SYS_futex, addr, FUTEX_WAIT_PRIVATE, old, &timeout, NULL, 0);
  }
  atomic_fetch_sub(count, 1);
}

/* The caller changed *addr with a sequentially consistent operation. */
static void wake_word(uint32_t *addr) {
  if (atomic_load(sleepers_of(addr)) != 0)
    syscall(SYS_futex, addr, FUTEX_WAKE_PRIVATE, INT_MAX, NULL, NULL, 0);
}

/* ------------------------------------------------------------------------
 * Start-up, threads, exit
 * ------------------------------------------------------------------------ */

void upcrb_init(int *argc, char ***argv, int requested_threads, int *first,
                int *count) {
  (void)argc;
  (void)argv;
  upcri_threads = requested_threads;
  *first = 0;
  *count = requested_threads;
  /* Spinning only pays while every thread can have a core: a hand-off
   * between running threads takes well under a microsecond. */
  long cpus = sysconf(_SC_NPROCESSORS_ONLN);
  spin_ns = cpus >= requested_threads ? 5000 : 200;
}

int upcrb_all_segments_addressable(void) { return 1; }

int upcrb_thread_locality(upcr_thread_t a, upcr_thread_t b) {
  (void)a;
  (void)b;
  return UPCRB_SAME_PROCESS; /* every UPC thread is a thread of this one */
}

/* Segments are MAP_NORESERVE anonymous memory: only touched pages count. */
uint64_t upcrb_segment_limit(char *what, size_t what_size) {
  (void)what;
  (void)what_size;
  return UINT64_MAX;
}

int upcrb_segments_create(size_t size) {
  int t = upcri_threads;
  char **bases = calloc((size_t)t, sizeof *bases);
  if (!bases)
    return -1;
  for (int i = 0; i < t; ++i) {
    void *p = mmap(NULL, size, PROT_READ | PROT_WRITE,
                   MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
    if (p == MAP_FAILED) {
      int err = errno;
      while (i-- > 0)
        munmap(bases[i], size);
      free(bases);
      errno = err;
      return -1;
    }
    bases[i] = p;
  }
  segment_size = size;
  upcri_segment_base = bases;
  return 0;
}

size_t upcrb_segment_size(void) { return segment_size; }

static upcrb_thread_main_t thread_entry;
static pthread_t *os_threads;

static void *start_thread(void *arg) {
  thread_entry((int)(intptr_t)arg);
  return NULL; /* not reached: thread_entry ends in upcrb_thread_exit */
}

void upcrb_run_threads(upcrb_thread_main_t thread_main, size_t stack_bytes) {
  thread_entry = thread_main;
  int t = upcri_threads;
  os_threads = calloc((size_t)t, sizeof *os_threads);
  if (!os_threads) {
    fprintf(stderr, "upc runtime: error: out of memory starting %d threads\n",
            t);
    upcrb_abort(1);
  }
  pthread_attr_t attr;
  pthread_attr_init(&attr);
  pthread_attr_setstacksize(&attr, stack_bytes);
  for (int i = 1; i < t; ++i) {
    int err = pthread_create(&os_threads[i], &attr, start_thread,
                             (void *)(intptr_t)i);
    if (err) {
      fprintf(stderr, "upc runtime: error: cannot start UPC thread %d of %d "
                      "(stack of %zu bytes): %s\n",
              i, t, stack_bytes, strerror(err));
      upcrb_abort(1);
    }
  }
  pthread_attr_destroy(&attr);
  /* Thread 0 runs on the process's main thread. */
  thread_main(0);
  abort(); /* not reached */
}

void upcrb_thread_exit(int status) {
  if (upcri_mythread != 0)
    pthread_exit(NULL);
  for (int i = 1; i < upcri_threads; ++i)
    pthread_join(os_threads[i], NULL);
  exit(status);
}

void upcrb_abort(int status) {
  fflush(stdout);
  fflush(stderr);
  _exit(status);
}

/* ------------------------------------------------------------------------
 * Data movement and atomics
 * ------------------------------------------------------------------------ */

void upcrb_get(void *dst, upcr_thread_t thread, upcr_offset_t offset,
               size_t nbytes) {
  memcpy(dst, upcri_segment_base[thread] + offset, nbytes);
}

void upcrb_put(upcr_thread_t thread, upcr_offset_t offset, const void *src,
               size_t nbytes) {
  memcpy(upcri_segment_base[thread] + offset, src, nbytes);
}

void upcrb_fence(void) { atomic_thread_fence(memory_order_seq_cst); }

static uint32_t *word(upcr_thread_t thread, upcr_offset_t offset) {
  return (uint32_t *)(void *)(upcri_segment_base[thread] + offset);
}

uint32_t upcrb_fetch_add_u32(upcr_thread_t thread, upcr_offset_t offset,
                             uint32_t value) {
  return __atomic_fetch_add(word(thread, offset), value, __ATOMIC_SEQ_CST);
}

uint32_t upcrb_swap_u32(upcr_thread_t thread, upcr_offset_t offset,
                        uint32_t value) {
  return __atomic_exchange_n(word(thread, offset), value, __ATOMIC_SEQ_CST);
}

uint32_t upcrb_load_u32(upcr_thread_t thread, upcr_offset_t offset) {
  return __atomic_load_n(word(thread, offset), __ATOMIC_SEQ_CST);
}

void upcrb_wait_u32(upcr_thread_t thread, upcr_offset_t offset, uint32_t old) {
  wait_word(word(thread, offset), old);
}

void upcrb_wake_u32(upcr_thread_t thread, upcr_offset_t offset) {
  wake_word(word(thread, offset));
}

void upcrb_yield(void) { sched_yield(); }

/* Typed atomics: the processor's atomics on the value itself. ADD and the
 * bitwise operations have instructions; MULT, MIN and MAX loop on
 * compare-and-swap. Unsigned arithmetic, so that signed values wrap as
 * two's complement instead of overflowing. */
#define UPCRB_PT_COMBINE(T, U)                                                 \
  static T combine_##T(upcrb_amo_op_t op, T a, T b) {                          \
    switch (op) {                                                              \
    case UPCRB_AMO_MULT:                                                       \
      return (T)((U)a * (U)b);                                                 \
    case UPCRB_AMO_MIN:                                                        \
      return b < a ? b : a;                                                    \
    case UPCRB_AMO_MAX:                                                        \
      return b > a ? b : a;                                                    \
    default:                                                                   \
      return b; /* SET */                                                      \
    }                                                                          \
  }                                                                            \
  static void amo_##T(T *p, upcrb_amo_op_t op, const T *operand, T *old) {     \
    T prev, value = operand ? *operand : (T)0;                                 \
    if (op == UPCRB_AMO_GET) {                                                 \
      __atomic_load(p, &prev, __ATOMIC_SEQ_CST);                               \
    } else if (op == UPCRB_AMO_SET) {                                          \
      __atomic_exchange(p, &value, &prev, __ATOMIC_SEQ_CST);                   \
    } else if (!UPCRB_PT_FAST(p, op, value, prev)) {                           \
      __atomic_load(p, &prev, __ATOMIC_SEQ_CST);                               \
      for (;;) {                                                               \
        T next = combine_##T(op, prev, value);                                 \
        if (__atomic_compare_exchange(p, &prev, &next, 0, __ATOMIC_SEQ_CST,    \
                                      __ATOMIC_SEQ_CST))                       \
          break;                                                               \
      }                                                                        \
    }                                                                          \
    if (old)                                                                   \
      *old = prev;                                                             \
  }

/* The operations with an instruction: sets prev, returns 1. */
#define UPCRB_PT_FAST(p, op, value, prev)                                      \
  ((op) == UPCRB_AMO_ADD                                                       \
       ? ((prev) = __atomic_fetch_add(p, value, __ATOMIC_SEQ_CST), 1)          \
   : (op) == UPCRB_AMO_AND                                                     \
       ? ((prev) = __atomic_fetch_and(p, value, __ATOMIC_SEQ_CST), 1)          \
   : (op) == UPCRB_AMO_OR                                                      \
       ? ((prev) = __atomic_fetch_or(p, value, __ATOMIC_SEQ_CST), 1)           \
   : (op) == UPCRB_AMO_XOR                                                     \
       ? ((prev) = __atomic_fetch_xor(p, value, __ATOMIC_SEQ_CST), 1)          \
       : 0)

UPCRB_PT_COMBINE(int32_t, uint32_t)
UPCRB_PT_COMBINE(uint32_t, uint32_t)
UPCRB_PT_COMBINE(int64_t, uint64_t)
UPCRB_PT_COMBINE(uint64_t, uint64_t)

void upcrb_amo(upcr_thread_t thread, upcr_offset_t offset,
               upcrb_amo_type_t type, upcrb_amo_op_t op, const void *operand,
               void *old) {
  void *p = upcri_segment_base[thread] + offset;
  switch (type) {
  case UPCRB_AMO_I32:
    amo_int32_t(p, op, operand, old);
    break;
  case UPCRB_AMO_U32:
    amo_uint32_t(p, op, operand, old);
    break;
  case UPCRB_AMO_I64:
    amo_int64_t(p, op, operand, old);
    break;
  case UPCRB_AMO_U64:
    amo_uint64_t(p, op, operand, old);
    break;
  }
}

void upcrb_amo_cswap(upcr_thread_t thread, upcr_offset_t offset,
                     upcrb_amo_type_t type, const void *compare,
                     const void *desired, void *old) {
  void *p = upcri_segment_base[thread] + offset;
  if (type == UPCRB_AMO_I32 || type == UPCRB_AMO_U32) {
    uint32_t expected, next;
    memcpy(&expected, compare, 4);
    memcpy(&next, desired, 4);
    __atomic_compare_exchange_n((uint32_t *)p, &expected, next, 0,
                                __ATOMIC_SEQ_CST, __ATOMIC_SEQ_CST);
    memcpy(old, &expected, 4);
  } else {
    uint64_t expected, next;
    memcpy(&expected, compare, 8);
    memcpy(&next, desired, 8);
    __atomic_compare_exchange_n((uint64_t *)p, &expected, next, 0,
                                __ATOMIC_SEQ_CST, __ATOMIC_SEQ_CST);
    memcpy(old, &expected, 8);
  }
}

/* Every segment is addressable: the core copies itself and never starts a
 * transfer here; these complete at once for completeness. */
int upcrb_get_nb(void *dst, upcr_thread_t thread, upcr_offset_t offset,
                 size_t nbytes, upcrb_nb_t *nb) {
  (void)nb;
  upcrb_get(dst, thread, offset, nbytes);
  return 1;
}

int upcrb_put_nb(upcr_thread_t thread, upcr_offset_t offset, const void *src,
                 size_t nbytes, upcrb_nb_t *nb) {
  (void)nb;
  upcrb_put(thread, offset, src, nbytes);
  return 1;
}

int upcrb_nb_test(upcrb_nb_t *nb) {
  (void)nb;
  return 1;
}

void upcrb_nb_wait(upcrb_nb_t *nb) { (void)nb; }

/* ------------------------------------------------------------------------
 * Barrier: a counter of arrivals and a generation word. The last thread to
 * notify computes the tally, resets the counter and bumps the generation;
 * waiters wait for the bump. Tallies are kept by phase parity: one is read
 * by slow waiters while the next phase fills the other.
 * ------------------------------------------------------------------------ */

static struct {
  _Alignas(64) atomic_uint arrived;
  _Alignas(64) uint32_t generation; /* phases completed (futex word) */
  _Alignas(64) upcrb_tally_t tally[2];
} barrier;
static upcrb_vote_t *votes;
static pthread_once_t votes_once = PTHREAD_ONCE_INIT;
static __thread uint32_t barrier_phase;

static void alloc_votes(void) {
  votes = calloc((size_t)upcri_threads, sizeof *votes);
  if (!votes) {
    fprintf(stderr, "upc runtime: error: out of memory\n");
    upcrb_abort(1);
  }
}

static void compute_tally(upcrb_tally_t *out) {
  memset(out, 0, sizeof *out);
  for (int t = 0; t < upcri_threads; ++t)
    upcrb_tally_add(out, t, &votes[t]);
}

void upcrb_barrier_notify(const upcrb_vote_t *vote) {
  pthread_once(&votes_once, alloc_votes);
  votes[upcri_mythread] = *vote;
  if (atomic_fetch_add(&barrier.arrived, 1) + 1 == (unsigned)upcri_threads) {
    compute_tally(&barrier.tally[barrier_phase & 1]);
    atomic_store_explicit(&barrier.arrived, 0, memory_order_relaxed);
    __atomic_store_n(&barrier.generation, barrier_phase + 1, __ATOMIC_SEQ_CST);
    wake_word(&barrier.generation);
  }
}

void upcrb_barrier_wait(upcrb_tally_t *tally) {
  while (__atomic_load_n(&barrier.generation, __ATOMIC_ACQUIRE) ==
         barrier_phase)
    wait_word(&barrier.generation, barrier_phase);
  *tally = barrier.tally[barrier_phase & 1];
  ++barrier_phase;
  atomic_thread_fence(memory_order_seq_cst);
}

/* ------------------------------------------------------------------------
 * Heap bookkeeping guard
 * ------------------------------------------------------------------------ */

static pthread_mutex_t heap_mutex = PTHREAD_MUTEX_INITIALIZER;

/* The bookkeeping is process memory, shared by every UPC thread: no image
 * is ever passed. */
const void *upcrb_heap_lock(size_t *size) {
  pthread_mutex_lock(&heap_mutex);
  *size = 0;
  return NULL;
}

int upcrb_heap_distributed(void) { return 0; }

int upcrb_heap_unlock(const void *image, size_t size) {
  (void)image;
  (void)size;
  pthread_mutex_unlock(&heap_mutex);
  return 0;
}

size_t upcrb_heap_capacity(void) { return SIZE_MAX; }

/* error.c's own flag already picks the first thread of the process. */
int upcrb_claim_error(void) { return 1; }

/* exit() ends every thread of the process. */
void upcrb_noncollective_exit(void) {}
