// A tool written with GASP 1.5's names (Berkeley UPC's headers) builds
// against ours and decodes what the events pass: the collectives' flags
// with Berkeley's values, and the handles of non-blocking transfers.
// RUN: %upc-instrument --profile %cc -O1 -Wall -Werror %s %S/Inputs/gasp15-tool.c -o %t
// RUN: %upcrun -n 2 %t | sort | FileCheck %s
#include <upc.h>
#include <upc_collective.h>
#include <upc_nb.h>

shared [] int src[4];
shared [4] int dst[4 * THREADS];
shared int words[THREADS];

int main(void) {
  int local[4];
  upc_all_broadcast(dst, src, 4 * sizeof(int),
                    UPC_IN_ALLSYNC | UPC_OUT_NOSYNC);
  upc_all_broadcast(dst, src, 4 * sizeof(int), UPC_IN_MYSYNC);
  upc_all_broadcast(dst, src, 4 * sizeof(int), 0);
  upc_handle_t h = upc_memget_nb(local, &src[0], sizeof(int));
  upc_sync(h);
  upc_memget_nbi(local, &src[1], sizeof(int));
  upc_synci();
  return 0;
}

// CHECK: thread 0: broadcast at line 16: UPC_IN_ALLSYNC UPC_OUT_NOSYNC
// CHECK-NEXT: thread 0: broadcast at line 18: UPC_IN_MYSYNC (no OUT flag)
// CHECK-NEXT: thread 0: broadcast at line 19: (no IN flag) (no OUT flag)
// CHECK-NEXT: thread 0: first event at line {{[0-9]+}}
// CHECK-NEXT: thread 0: sync at line 21: {{explicit|trivial}} handle
// CHECK-NEXT: thread 0: sync at line 23: implicit handles
// CHECK-NEXT: thread 1: broadcast at line 16: UPC_IN_ALLSYNC UPC_OUT_NOSYNC
