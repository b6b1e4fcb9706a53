// Which headers' unshared data is per UPC thread follows Berkeley UPC (its
// translator's detect-upc pass): a header with UPC syntax, with
// `#pragma upc upc_code`, or including such a header (<upc.h> counts) is
// UPC code, and its data is per thread; a plain C header's is per process,
// and so is a header's with `#pragma upc c_code`. The NAS kernels' timers
// (upc_timers.h) depend on it: shared between pthreads they broke IS, MG
// and FT.
// RUN: %upcc %s -o %t
// RUN: %upcrun -n 4 %t | FileCheck %s
// RUN: %upc-instrument %s -o - | FileCheck %s --check-prefix=C
// -v lists the data that stays process-wide (the remark is the translator's;
// the launcher's -v shows it too).
// RUN: %upc-instrument -v %s -o %t.c 2>&1 | FileCheck %s --check-prefix=LIST --implicit-check-not=remark:
// RUN: %upc-instrument -v %cc -c %s -o %t.o 2>&1 | FileCheck %s --check-prefix=LIST --implicit-check-not=remark:
// LIST-DAG: plain-c.h:2:5: remark: 'plain_c_value' is C data (its header has no UPC code): one object per process, which the UPC threads of a process share on the pthreads backend
// LIST-DAG: c-code-pragma.h:6:5: remark: 'c_pragma_value' is C data
// RUN: %upc-instrument %s -o %t.c 2>&1 | count 0
// CHECK: thread 0: per-thread counts 1 1 1 1
// CHECK: thread 3: per-thread counts 4 4 4 4
// CHECK: header data: PASS

// C-DAG: {{^}}__thread int upc_syntax_calls;
// C-DAG: {{^}}__thread int includes_upc_calls;
// C-DAG: {{^}}__thread int pragma_calls;
// C-DAG: {{^}}__thread int nested_calls;
// C-DAG: {{^}}int c_pragma_value;
// C-DAG: {{^}}#include "{{.*}}plain-c.h"
// C-DAG: {{^}}/* #pragma upc c_code (applied by upc-instrument) */

#include <stdio.h>
#include "Inputs/header-data/upc-syntax.h"
#include "Inputs/header-data/includes-upc.h"
#include "Inputs/header-data/nested.h"
#include "Inputs/header-data/plain-c.h"
#include "Inputs/header-data/c-code-pragma.h"

shared int total;
shared int failures;
// Each thread's counts, printed by thread 0 (processes' output would
// interleave on MPI).
shared [4] int counts[4 * THREADS];

int main(void) {
  for (int i = 0; i <= MYTHREAD; ++i) {
    ++upc_syntax_calls;
    ++includes_upc_calls;
    ++pragma_calls;
    ++nested_calls;
  }
  counts[4 * MYTHREAD] = upc_syntax_calls;
  counts[4 * MYTHREAD + 1] = includes_upc_calls;
  counts[4 * MYTHREAD + 2] = pragma_calls;
  counts[4 * MYTHREAD + 3] = nested_calls;
  if (upc_syntax_calls != MYTHREAD + 1 || nested_calls != MYTHREAD + 1)
    failures = 1;
  upc_barrier;
  if (MYTHREAD == 0) {
    for (int t = 0; t < THREADS; ++t)
      printf("thread %d: per-thread counts %d %d %d %d\n", t, counts[4 * t],
             counts[4 * t + 1], counts[4 * t + 2], counts[4 * t + 3]);
    printf("header data: %s\n", failures ? "FAIL" : "PASS");
  }
  return 0;
}
