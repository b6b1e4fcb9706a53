/*
 * testlib.h - checks for the runtime tests. A failed check names the file,
 * line and thread and ends the whole program with status 1.
 */
#ifndef UPCR_TESTLIB_H
#define UPCR_TESTLIB_H

#include "upcr.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static inline UPCR_NORETURN void test_failed(const char *file, int line,
                                             const char *what) {
  fprintf(stderr, "%s:%d: thread %d: check failed: %s\n", file, line,
          upcr_mythread(), what);
  upcr_global_exit(1, UPCR_SRCPOS_UNKNOWN);
}

#define CHECK(cond)                                                            \
  do {                                                                         \
    if (!(cond))                                                               \
      test_failed(__FILE__, __LINE__, #cond);                                  \
  } while (0)

#define CHECK_EQ(a, b)                                                         \
  do {                                                                         \
    long long check_a_ = (long long)(a), check_b_ = (long long)(b);            \
    if (check_a_ != check_b_) {                                                \
      char check_msg_[512];                                                    \
      snprintf(check_msg_, sizeof check_msg_, "%s == %s (%lld != %lld)", #a,   \
               #b, check_a_, check_b_);                                        \
      test_failed(__FILE__, __LINE__, check_msg_);                             \
    }                                                                          \
  } while (0)

#define HERE UPCR_SRCPOS(__FILE__, __LINE__, 1)

/* A plain barrier, as translated code would call it. */
static inline void test_barrier(void) {
  upcr_barrier(0, UPCR_BARRIERFLAG_ANONYMOUS, HERE);
}

/* Local address of shared data with affinity to the calling thread (or any
 * thread on pthreads). */
static inline void *test_local(upcr_shared_ptr_t p) {
  return upcr_shared_to_local(p);
}

/* The end of a test's expected-failure mode: an unknown mode name, or a
 * failure that did not happen. */
static inline UPCR_NORETURN void test_unknown_mode(const char *mode) {
  fprintf(stderr, "unknown mode %s\n", mode);
  exit(2);
}
static inline UPCR_NORETURN void test_failure_missing(void) {
  test_barrier();
  fprintf(stderr, "thread %d: the expected failure did not happen\n",
          upcr_mythread());
  exit(1);
}

#endif
