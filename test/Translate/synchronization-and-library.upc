// UPC statements and library calls become runtime calls that carry the
// construct's position (for runtime errors and, later, GASP events).
// RUN: %upc-instrument %s -o - | FileCheck --match-full-lines %s

#include <upc.h>
#include <upc_collective.h>

shared int counter;
shared [2] int blocks[2*THREADS];
upc_lock_t *lock;

void sync(int step) {
  // CHECK: upcr_barrier(0, UPCR_BARRIERFLAG_ANONYMOUS, UPCR_SRCPOS("{{.*}}synchronization-and-library.upc", [[@LINE+1]], 3));
  upc_barrier;
  // CHECK: upcr_notify((step + 1), 0, UPCR_SRCPOS("{{.*}}synchronization-and-library.upc", [[@LINE+1]], 3));
  upc_notify step + 1;
  // CHECK: upcr_wait((step + 1), 0, UPCR_SRCPOS("{{.*}}synchronization-and-library.upc", [[@LINE+1]], 3));
  upc_wait step + 1;
  // CHECK: upcr_fence();
  upc_fence;
}

void library(void) {
  int buf[2];
  // CHECK: lock = upcr_all_lock_alloc(UPCR_SRCPOS("{{.*}}", [[@LINE+1]], 10));
  lock = upc_all_lock_alloc();
  // CHECK: upcr_lock(lock, UPCR_SRCPOS("{{.*}}", [[@LINE+1]], 3));
  upc_lock(lock);
  // CHECK: upcr_memget(buf, upcr_add_shared(blocks, sizeof(int), 2 * MYTHREAD, 2), sizeof buf, UPCR_SRCPOS("{{.*}}", [[@LINE+1]], 3));
  upc_memget(buf, &blocks[2 * MYTHREAD], sizeof buf);
  // CHECK: upcr_pshared_ptr_t shared_ints = upcr_shared_to_pshared(upcr_all_alloc(THREADS, sizeof(int), UPCR_SRCPOS("{{.*}}", [[@LINE+1]], 29)));
  shared int *shared_ints = upc_all_alloc(THREADS, sizeof(int));
  // CHECK: upcr_all_reduceI(upcr_pshared_to_shared(counter), blocks, UPC_ADD, 2 * THREADS, 2, NULL, UPC_IN_ALLSYNC | UPC_OUT_ALLSYNC, UPCR_SRCPOS("{{.*}}", [[@LINE+1]], 3));
  upc_all_reduceI(&counter, blocks, UPC_ADD, 2 * THREADS, 2, NULL, UPC_IN_ALLSYNC | UPC_OUT_ALLSYNC);
  // CHECK: upcr_unlock(lock, UPCR_SRCPOS("{{.*}}", [[@LINE+1]], 3));
  upc_unlock(lock);
}

// Pragmas are applied by the translator and commented out.
// CHECK: /* #pragma upc strict (applied by upc-instrument) */
#pragma upc strict
