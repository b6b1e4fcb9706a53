// A plain C program is a valid UPC program: identifiers that contain UPC keywords, UPC words in strings, comments, character constants and pragma lines, C99 features, and standard headers.
// RUN: %upc-instrument -fsyntax-only -std=c99 -pedantic -Wall -Wextra %s 2>&1 | count 0
// RUN: %upc-instrument -fsyntax-only -Wall -Wextra %s 2>&1 | count 0
// RUN: %upc-instrument --dump-upc %s | FileCheck %s --implicit-check-not=__upc --implicit-check-not=shared --implicit-check-not=upc_

// CHECK: plain-c.upc: UPC translation unit, dynamic THREADS

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <stdbool.h>
#include <stdint.h>

/* shared int x; upc_barrier; upc_forall (i = 0; i < n; i++; i) ; strict */
// relaxed THREADS MYTHREAD upc_fence upc_notify upc_wait UPC_MAX_BLOCK_SIZE

#define STRICTLY 1
#define DESCRIPTION "shared [4] int upc_barrier; upc_forall"
#define my_shared_count(s) ((s).shared_count)

#pragma omp parallel for shared(counter) // pragma lines are not UPC

struct stats {
  int shared_count;
  double relaxedness;
  int THREADS_MAX;
  bool strictly_ordered;
  const char *upc_barrier_name;
};

static int upc_forall_count(int strictness) { return strictness + 1; }
static int my_upc_barrier(void) { return 0; }
static int MYTHREADS(int nthreads) { return nthreads; }

int main(int argc, char **argv) {
  struct stats s = {.shared_count = 1, .relaxedness = 2.0, .THREADS_MAX = 3,
                    .strictly_ordered = true, .upc_barrier_name = "upc_barrier"};
  struct stats *ps = &s;
  int sharedX = 5, _shared = 6, shared_ = 7, relaxed_ = 8, strict_ = 9;
  int threads = MYTHREADS(argc), THREADSafe = 1, UPC_MAX_BLOCK = 2;
  char c = 's';
  const char *words[] = {"strict", "relaxed", "upc_notify", "upc_fence;", "THREADS"};
  size_t n = strlen(DESCRIPTION) + sizeof words / sizeof words[0];
  int64_t total = 0;
  for (int i = 0; i < argc; i++)
    total += (int64_t)strlen(argv[i]);
  printf("%s %d %f %d %s\n", DESCRIPTION, my_shared_count(s), ps->relaxedness,
         ps->THREADS_MAX, ps->upc_barrier_name);
#if STRICTLY
  n += (size_t)upc_forall_count(sharedX + _shared + shared_ + relaxed_ + strict_ + c);
#endif
  if (s.strictly_ordered)
    n += (size_t)(threads + THREADSafe + UPC_MAX_BLOCK);
  return my_upc_barrier() + (int)n + (int)total > 0 ? EXIT_SUCCESS : EXIT_FAILURE;
}

// CHECK: 0 shared variables, 0 upc_forall, 0 synchronization statements, 0 UPC sizeof operators, 0 pragmas
