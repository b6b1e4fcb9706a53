// The dump tool on 2 threads: each thread's events in program order, START
// and END properly nested, with the arguments the program passed (barrier
// values, byte counts, flags, the reduction type) and the columns of the
// constructs.
// RUN: rm -rf %t && mkdir -p %t
// RUN: %upc-instrument --profile --tool=dump %cc -O1 -Wall -Werror %s -o %t/prog
// RUN: env GASP_DUMPFILE=%t/dump.% %upcrun -n 2 %t/prog
// RUN: python3 %S/Inputs/check_gasp_nesting.py %t/dump.0 %t/dump.1 | FileCheck %s --check-prefix=NEST
// RUN: FileCheck %s --check-prefixes=CHECK,T1 < %t/dump.1
// RUN: FileCheck %s --check-prefixes=CHECK,T0 < %t/dump.0
// NEST: dump.0: {{[0-9]+}} events, properly nested
// NEST: dump.1: {{[0-9]+}} events, properly nested

#include <upc.h>
#include <upc_collective.h>
#include <stdlib.h>

shared int data[2 * THREADS];
shared long sums[THREADS];
shared long total;
upc_lock_t *lock;

// An early return still ends the function's events.
int pick(int v) {
  if (v > 0)
    return v;
  return -v;
}

int main(void) {
  // CHECK: [[T:[01]]]/2 {{[0-9.]+}}> [{{.*}}gasp-dump-sequence.upc:[[@LINE-1]]:1] GASP_C_FUNC START { funcsig="int main(void)" }
  lock = upc_all_lock_alloc();
  // CHECK-NEXT: [[T]]/2 {{.*}}:[[@LINE-1]]:10] GASP_UPC_ALL_LOCK_ALLOC START {  }
  // CHECK-NEXT: [[T]]/2 {{.*}}:[[@LINE-2]]:10] GASP_UPC_ALL_LOCK_ALLOC END   { lck=(0,{{.*}}) }
  int *scratch = malloc(3 * sizeof(int));
  // CHECK-NEXT: [[T]]/2 {{.*}}:[[@LINE-1]]:18] GASP_C_MALLOC START { nbytes=12 }
  // CHECK-NEXT: [[T]]/2 {{.*}}:[[@LINE-2]]:18] GASP_C_MALLOC END   { nbytes=12, returnptr=0x{{[0-9a-f]+}} }
  upc_barrier 40 + MYTHREAD * 0;
  // CHECK-NEXT: [[T]]/2 {{.*}}:[[@LINE-1]]:3] GASP_UPC_BARRIER START { named=1, expr=40 }
  // CHECK-NEXT: [[T]]/2 {{.*}}:[[@LINE-2]]:3] GASP_UPC_BARRIER END   { named=1, expr=40 }
  upc_memput(&data[2 * ((MYTHREAD + 1) % THREADS)], scratch, 0);
  // CHECK-NEXT: [[T]]/2 {{.*}}:[[@LINE-1]]:3] GASP_UPC_MEMPUT START { dst=({{[01]}},{{.*}}), src=0x{{[0-9a-f]+}}, n=0 }
  // CHECK-NEXT: [[T]]/2 {{.*}}:[[@LINE-2]]:3] GASP_UPC_MEMPUT END   { dst=({{[01]}},{{.*}}), src=0x{{[0-9a-f]+}}, n=0 }
  upc_memget(scratch, &data[1], sizeof(int));
  // CHECK-NEXT: [[T]]/2 {{.*}}:[[@LINE-1]]:3] GASP_UPC_MEMGET START { dst=0x{{[0-9a-f]+}}, src=(1,{{.*}}), n=4 }
  // CHECK-NEXT: [[T]]/2 {{.*}}:[[@LINE-2]]:3] GASP_UPC_MEMGET END   { dst=0x{{[0-9a-f]+}}, src=(1,{{.*}}), n=4 }
  upc_notify;
  // CHECK-NEXT: [[T]]/2 {{.*}}:[[@LINE-1]]:3] GASP_UPC_NOTIFY START { named=0, expr=0 }
  // CHECK-NEXT: [[T]]/2 {{.*}}:[[@LINE-2]]:3] GASP_UPC_NOTIFY END   { named=0, expr=0 }
  upc_wait 7;
  // CHECK-NEXT: [[T]]/2 {{.*}}:[[@LINE-1]]:3] GASP_UPC_WAIT START { named=1, expr=7 }
  // CHECK-NEXT: [[T]]/2 {{.*}}:[[@LINE-2]]:3] GASP_UPC_WAIT END   { named=1, expr=7 }
  int i;
  upc_forall (i = 0; i < 2 * THREADS; i++; &data[i]) {
    // CHECK-NEXT: [[T]]/2 {{.*}}:[[@LINE-1]]:3] GASP_UPC_FORALL START {  }
    upc_lock(lock);
    // CHECK-NEXT: [[T]]/2 {{.*}}:[[@LINE-1]]:5] GASP_UPC_LOCK START { lck=(0,{{.*}}) }
    // CHECK-NEXT: [[T]]/2 {{.*}}:[[@LINE-2]]:5] GASP_UPC_LOCK END   { lck=(0,{{.*}}) }
    total += pick(-i);
    // Thread 1's updates of total (on thread 0) are remote: a GET and a PUT.
    // T1-NEXT: 1/2 {{.*}}:[[@LINE-2]]:5] GASP_UPC_GET START { is_relaxed=1, dst=0x{{[0-9a-f]+}}, src=(0,{{.*}}), n=8, type="shared long", name="total" }
    // T1-NEXT: 1/2 {{.*}}:[[@LINE-3]]:5] GASP_UPC_GET END   { is_relaxed=1, dst=0x{{[0-9a-f]+}}, src=(0,{{.*}}), n=8, type="shared long", name="total" }
    // T1-NEXT: 1/2 {{.*}}:24:1] GASP_C_FUNC START { funcsig="int pick(int v)" }
    // T1-NEXT: 1/2 {{.*}}:24:1] GASP_C_FUNC END   { funcsig="int pick(int v)" }
    // T1-NEXT: 1/2 {{.*}}:[[@LINE-6]]:5] GASP_UPC_PUT START { is_relaxed=1, dst=(0,{{.*}}), src=0x{{[0-9a-f]+}}, n=8, type="shared long", name="total" }
    // T1-NEXT: 1/2 {{.*}}:[[@LINE-7]]:5] GASP_UPC_PUT END   { is_relaxed=1, dst=(0,{{.*}}), src=0x{{[0-9a-f]+}}, n=8, type="shared long", name="total" }
    // Thread 0 owns total: only the function's events.
    // T0-NEXT: 0/2 {{.*}}:24:1] GASP_C_FUNC START { funcsig="int pick(int v)" }
    // T0-NEXT: 0/2 {{.*}}:24:1] GASP_C_FUNC END   { funcsig="int pick(int v)" }
    upc_unlock(lock);
    // CHECK-NEXT: [[T]]/2 {{.*}}:[[@LINE-1]]:5] GASP_UPC_UNLOCK START { lck=(0,{{.*}}) }
    // CHECK-NEXT: [[T]]/2 {{.*}}:[[@LINE-2]]:5] GASP_UPC_UNLOCK END   { lck=(0,{{.*}}) }
  }
  // CHECK: [[T]]/2 {{.*}}:54:3] GASP_UPC_FORALL END   {  }
  sums[MYTHREAD] = MYTHREAD + 1;
  upc_all_reduceL(&total, sums, UPC_ADD, THREADS, 1, NULL,
                  UPC_IN_ALLSYNC | UPC_OUT_ALLSYNC);
  // CHECK-NEXT: [[T]]/2 {{.*}}:[[@LINE-2]]:3] GASP_UPC_ALL_REDUCE START { dst=(0,{{.*}}), src=(0,{{.*}}), upc_op=UPC_ADD, nelems=2, blk_size=1, func=0x0, upc_flags=UPC_IN_ALLSYNC|UPC_OUT_ALLSYNC, type=GASP_UPC_REDUCTION_L }
  // CHECK-NEXT: [[T]]/2 {{.*}}:[[@LINE-3]]:3] GASP_UPC_ALL_REDUCE END   { {{.*}}type=GASP_UPC_REDUCTION_L }
  upc_all_broadcast(data, &data[1], sizeof(int), UPC_IN_ALLSYNC | UPC_OUT_ALLSYNC);
  // CHECK-NEXT: [[T]]/2 {{.*}}:[[@LINE-1]]:3] GASP_UPC_ALL_BROADCAST START { dst=(0,{{.*}}), src=(1,{{.*}}), nbytes=4, upc_flags=UPC_IN_ALLSYNC|UPC_OUT_ALLSYNC }
  // CHECK-NEXT: [[T]]/2 {{.*}}:[[@LINE-2]]:3] GASP_UPC_ALL_BROADCAST END   { {{.*}}nbytes=4, upc_flags=UPC_IN_ALLSYNC|UPC_OUT_ALLSYNC }
  free(scratch);
  // CHECK-NEXT: [[T]]/2 {{.*}}:[[@LINE-1]]:3] GASP_C_FREE START { ptr=0x{{[0-9a-f]+}} }
  // CHECK-NEXT: [[T]]/2 {{.*}}:[[@LINE-2]]:3] GASP_C_FREE END   { ptr=0x{{[0-9a-f]+}} }
  return total == 3 ? 0 : 1;
  // T1-NEXT: 1/2 {{.*}}:[[@LINE-1]]:10] GASP_UPC_GET START { {{.*}}name="total" }
  // T1-NEXT: 1/2 {{.*}}:[[@LINE-2]]:10] GASP_UPC_GET END   { {{.*}}name="total" }
  // CHECK-NEXT: [[T]]/2 {{.*}}:30:1] GASP_C_FUNC END   { funcsig="int main(void)" }
  // CHECK-NEXT: [[T]]/2 {{.*}}:[[@LINE-4]]:3] GASP_UPC_COLLECTIVE_EXIT START { status=0 }
  // CHECK-NEXT: [[T]]/2 {{.*}}:[[@LINE-5]]:3] GASP_UPC_COLLECTIVE_EXIT END   { status=0 }
}
