/*
 * checks.h - what the MIR channel's tests share: checks that end the test
 * at the first failure, and a private scratch directory.
 */
#ifndef UPC_MIR_TEST_CHECKS_H
#define UPC_MIR_TEST_CHECKS_H

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#define CHECK(cond)                                                            \
  do {                                                                         \
    if (!(cond)) {                                                             \
      fprintf(stderr, "%s:%d: check failed: %s\n", __FILE__, __LINE__, #cond); \
      exit(1);                                                                 \
    }                                                                          \
  } while (0)

#define CHECK_STR(got, want)                                                   \
  do {                                                                         \
    const char *g_ = (got), *w_ = (want);                                      \
    if (!g_ || strcmp(g_, w_) != 0) {                                          \
      fprintf(stderr, "%s:%d: got '%s', expected '%s'\n", __FILE__, __LINE__, \
              g_ ? g_ : "(null)", w_);                                         \
      exit(1);                                                                 \
    }                                                                          \
  } while (0)

#define CHECK_HAS(got, want)                                                   \
  do {                                                                         \
    const char *g_ = (got), *w_ = (want);                                      \
    if (!g_ || !strstr(g_, w_)) {                                              \
      fprintf(stderr, "%s:%d: '%s' lacks '%s'\n", __FILE__, __LINE__,         \
              g_ ? g_ : "(null)", w_);                                         \
      exit(1);                                                                 \
    }                                                                          \
  } while (0)

static char test_dir[64];

/* A fresh private directory for the test (removed by remove_test_dir). */
static inline void make_test_dir(void) {
  strcpy(test_dir, "/tmp/mirtestXXXXXX");
  CHECK(mkdtemp(test_dir));
}

static inline void remove_test_dir(void) {
  char cmd[128];
  snprintf(cmd, sizeof cmd, "rm -rf '%s'", test_dir);
  CHECK(system(cmd) == 0);
}

static inline void pause_ms(int ms) {
  struct timespec ts = {ms / 1000, (long)(ms % 1000) * 1000000L};
  while (nanosleep(&ts, &ts) != 0 && errno == EINTR)
    ;
}

#endif
