/*
 * exit_status.c - how a UPC program ends. The first argument chooses:
 *   statuses   thread t ends with status t == 1 ? 3 : t == 2 ? 5 : 0 (main
 *              returns); the process exits with the first nonzero status in
 *              thread order (0 with one thread)
 *   late       only threads 2 and 3 fail (7 and 9), through upcr_exit from a
 *              nested call: status 7
 *   global     thread 1 calls upc_global_exit(9) while the others wait in a
 *              barrier: status 9 at once
 *   flush      every thread prints a line without a newline at the end and
 *              returns 0: the output is there
 */
#include "upcr.h"

#include "testlib.h"
#include "upc.h"

static void nested_exit(int status) { upcr_exit(status); }

static int user_main(int argc, char **argv) {
  int me = MYTHREAD;
  const char *mode = argc > 1 ? argv[1] : "statuses";
  if (!strcmp(mode, "statuses"))
    return me == 1 ? 3 : me == 2 ? 5 : 0;
  if (!strcmp(mode, "late")) {
    if (me == 2)
      nested_exit(7);
    if (me == 3)
      nested_exit(9);
    return 0;
  }
  if (!strcmp(mode, "global")) {
    if (me == 1 % THREADS)
      upc_global_exit(9);
    test_barrier();
    fprintf(stderr, "thread %d passed the barrier\n", me);
    return 1;
  }
  if (!strcmp(mode, "flush")) {
    printf("[flushed output of thread %d]", me);
    return 0;
  }
  return 100;
}

int main(int argc, char **argv) { return upcr_run(argc, argv, user_main); }
