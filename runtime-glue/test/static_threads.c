/*
 * static_threads.c - a file translated for a static THREADS of 4: it runs
 * with 4 threads when UPC_THREADS is unset, and refuses any other count.
 */
#define UPCR_STATIC_THREADS 4
#include "upcr.h"

#include "testlib.h"

UPCR_REGISTER_FILE(upcri_file_static_threads, "static_threads.upc", 4, 0, 0);

static int user_main(int argc, char **argv) {
  (void)argc;
  (void)argv;
  CHECK_EQ(THREADS, 4);
  CHECK_EQ(upcr_threads(), 4);
  test_barrier();
  if (MYTHREAD == 0)
    printf("static_threads: running with %d threads\n", upcr_threads());
  return 0;
}

int main(int argc, char **argv) { return upcr_run(argc, argv, user_main); }
