// <upc_nb.h> (UPC 1.3, optional library, 7.9) and Berkeley UPC's names of
// the same operations: explicit and implicit handles, every transfer kind
// between neighbouring threads (remote ones on MPI without shared memory),
// many transfers in flight at once, polling with the attempts, and the
// misuses of handles, each an error at the call.
// RUN: %upcc -O2 -Wall -Werror %s -o %t
// RUN: %upcrun -n 1 %t | FileCheck %s --check-prefix=ONE
// RUN: %upcrun -n 2 %t | FileCheck %s --check-prefix=TWO
// RUN: %upcrun -n 4 %t | FileCheck %s --check-prefix=FOUR
// ONE: nb: PASS on 1 thread
// TWO: nb: PASS on 2 threads
// FOUR: nb: PASS on 4 threads
// RUN: %if backend-mpi %{ env UPC_MPI_SHARED_MEMORY=0 %upcrun -n 4 %t | FileCheck %s --check-prefix=FOUR %}
// RUN: %if simulated-nodes %{ %upcrun-nodes 2 1 %t | FileCheck %s --check-prefix=TWO %}
// RUN: %if simulated-nodes %{ %upcrun-nodes 2 2 %t | FileCheck %s --check-prefix=FOUR %}
// RUN: %if simulated-nodes %{ env OMPI_MCA_osc=sm,ucx %upcrun-nodes 2 2 %t | FileCheck %s --check-prefix=FOUR %}
//
// RUN: not %upcrun -n 2 %t no-transfer 2>&1 | FileCheck %s --check-prefix=NO-TRANSFER
// RUN: not %upcrun -n 2 %t null 2>&1 | FileCheck %s --check-prefix=NULL
// A handle of a transfer in flight exists only where the data is remote:
// RUN: %if backend-mpi %{ env UPC_MPI_SHARED_MEMORY=0 not %upcrun -n 2 %t sync-twice 2>&1 | FileCheck %s --check-prefix=TWICE %}

#include <upc_nb.h>
#include <stdio.h>
#include <string.h>
#include "Inputs/check.uph"

#if !defined(__UPC_NB__) || __UPC_NB__ != 1
#error __UPC_NB__ must be 1
#endif

#define N 4096
#define PIECES 32

shared [N] int block[N * THREADS];
shared [N] int copy[N * THREADS];
shared [N] char bytes[N * THREADS];

int main(int argc, char **argv) {
  int next = (MYTHREAD + 1) % THREADS;
  int mine[N], got[N];
  for (int i = 0; i < N; i++)
    mine[i] = MYTHREAD * 100000 + i;

  /* Explicit handles: put to the next thread, in pieces, all in flight. */
  upc_handle_t h[PIECES];
  for (int p = 0; p < PIECES; p++)
    h[p] = upc_memput_nb(&block[next * N + p * (N / PIECES)],
                         &mine[p * (N / PIECES)], sizeof(int) * (N / PIECES));
  for (int p = 0; p < PIECES; p++)
    upc_sync(h[p]);
  upc_sync(UPC_COMPLETE_HANDLE); /* a complete handle syncs at once */
  upc_barrier;
  /* Get back what the previous thread put here, polling. */
  upc_handle_t g = upc_memget_nb(got, &block[next * N], sizeof got);
  while (!upc_sync_attempt(g))
    ;
  for (int i = 0; i < N; i++)
    CHECK(got[i] == mine[i]);
  /* Shared to shared, and memset. */
  upc_sync(upc_memcpy_nb(&copy[next * N], &block[next * N], sizeof(int) * N));
  upc_sync(upc_memset_nb(&bytes[next * N], 7, N));
  upc_barrier;
  for (int i = 0; i < N; i += 97) {
    CHECK(copy[MYTHREAD * N + i] ==
          ((MYTHREAD + THREADS - 1) % THREADS) * 100000 + i);
    CHECK(bytes[MYTHREAD * N + i] == 7);
  }
  upc_barrier;

  /* Implicit handles, and the Berkeley names. */
  for (int p = 0; p < PIECES; p++)
    upc_memput_nbi(&block[next * N + p * (N / PIECES)],
                   &mine[p * (N / PIECES)], sizeof(int) * (N / PIECES));
  upc_synci();
  upc_memset_nbi(&bytes[next * N], 9, N);
  upc_memcpy_nbi(&copy[next * N], &block[next * N], sizeof(int) * N);
  while (!upc_synci_attempt())
    ;
  upc_barrier;
  memset(got, 0, sizeof got);
  upc_memget_nbi(got, &copy[MYTHREAD * N], sizeof got);
  upc_synci();
  CHECK(got[N - 1] == ((MYTHREAD + THREADS - 1) % THREADS) * 100000 + N - 1);
  CHECK(bytes[MYTHREAD * N] == 9);
  bupc_handle_t b = bupc_memget_async(got, &block[next * N], sizeof got);
  bupc_waitsync(b);
  CHECK(got[0] == MYTHREAD * 100000);
  b = bupc_memput_async(&block[next * N], mine, sizeof(int));
  while (!bupc_trysync(b))
    ;
  CHECK(BUPC_COMPLETE_HANDLE == UPC_COMPLETE_HANDLE);
  upc_barrier;

  if (argc > 1 && strcmp(argv[1], "sync-twice") == 0) {
    upc_handle_t t = upc_memget_nb(got, &block[next * N], sizeof got);
    upc_sync(t);
    upc_sync(t);
    // TWICE: nb.upc:[[@LINE-1]]:{{[0-9]+}}: error: upc_sync: the handle is not a pending transfer of thread {{[0-9]}} (it was already synchronized, or comes from another thread or from no transfer)
  }
  if (argc > 1 && strcmp(argv[1], "no-transfer") == 0)
    upc_sync((upc_handle_t)(size_t)(MYTHREAD + 12345));
  // NO-TRANSFER: nb.upc:[[@LINE-1]]:{{[0-9]+}}: error: upc_sync: the handle is not a pending transfer of thread {{[0-9]}}
  if (argc > 1 && strcmp(argv[1], "null") == 0)
    (void)upc_memget_nb(got, NULL, sizeof got);
  // NULL: nb.upc:[[@LINE-1]]:{{[0-9]+}}: error: upc_memget_nb: null pointer-to-shared
  return check_report("nb");
}
