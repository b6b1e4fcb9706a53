/*
 * hello.c - the smallest program: start-up, MYTHREAD/THREADS, exit. Also
 * the program the environment and upcrun tests run.
 */
#include "upcr.h"

#include "testlib.h"

static int user_main(int argc, char **argv) {
  (void)argc;
  (void)argv;
  printf("hello from thread %d of %d\n", MYTHREAD, THREADS);
  return 0;
}

int main(int argc, char **argv) { return upcr_run(argc, argv, user_main); }
