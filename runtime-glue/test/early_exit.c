/*
 * early_exit.c - a UPC thread that ends before the others (MPI backend):
 * the program must end with a clear message, never hang. The first
 * argument chooses how thread 1 (thread 0 with one thread) leaves while the
 * others wait in a barrier:
 *   exit     exit(3): the runtime reports "UPC thread 1 exited early
 *            (status 3)" and the program ends with status 3
 *   _exit    _exit(0): no handler runs; mpirun reports the process and ends
 *            the job with a nonzero status
 *   signal   the process is killed by SIGKILL; mpirun reports it
 * With no argument every thread passes the barrier and returns 0.
 */
#include "upcr.h"

#include <signal.h>
#include <unistd.h>

#include "testlib.h"

static int user_main(int argc, char **argv) {
  const char *mode = argc > 1 ? argv[1] : "";
  if (MYTHREAD == 1 % THREADS) {
    fflush(stdout);
    if (!strcmp(mode, "exit"))
      exit(3);
    if (!strcmp(mode, "_exit"))
      _exit(0);
    if (!strcmp(mode, "signal"))
      raise(SIGKILL);
  }
  test_barrier();
  if (*mode)
    test_failure_missing();
  printf("thread %d passed the barrier\n", MYTHREAD);
  return 0;
}

int main(int argc, char **argv) { return upcr_run(argc, argv, user_main); }
