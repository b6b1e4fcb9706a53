// The events of <upc_atomic.h> and <upc_nb.h> (docs/gasp-events.md) through
// the dump tool: their varargs, a transfer complete at its start passing
// GASP_NB_TRIVIAL (0), the implicit-handle transfers GASP_UPC_NBI_TRIVIAL
// (-1), and on MPI without shared memory (or across nodes) a real handle that the SYNC event
// names again. --profile-only selects them by name.
// RUN: rm -rf %t && mkdir -p %t
// RUN: %upc-instrument --profile --tool=dump %cc -O1 -Wall -Werror %s -o %t/prog
// RUN: env GASP_DUMPFILE=%t/dump.% %upcrun -n 2 %t/prog
// RUN: FileCheck %s --check-prefixes=CHECK,%if nodes %{REMOTE%} %else %{LOCAL%} < %t/dump.0
// RUN: %if backend-mpi %{ env UPC_MPI_SHARED_MEMORY=0 GASP_DUMPFILE=%t/remote.% %upcrun -n 2 %t/prog %}
// RUN: %if backend-mpi %{ FileCheck %s --check-prefixes=CHECK,REMOTE < %t/remote.0 %}
// RUN: printf 'GASP_UPC_NB_SYNC\nGASP_UPC_ATOMIC\n' > %t/events
// RUN: %upc-instrument --profile-only %t/events --tool=dump %cc -O1 %s -o %t/only
// RUN: env GASP_DUMPFILE=%t/only.% %upcrun -n 2 %t/only
// RUN: FileCheck %s --check-prefix=ONLY --implicit-check-not=INIT --implicit-check-not=DOMAIN < %t/only.0
// RUN: %upc-instrument --print-gasp-events | FileCheck %s --check-prefix=LIST

#include <upc_atomic.h>
#include <upc_nb.h>
#include <stdint.h>

shared int64_t counter;
shared [4] int data[4 * THREADS];

int main(void) {
  int next = (MYTHREAD + 1) % THREADS;
  upc_atomicdomain_t *d =
      upc_all_atomicdomain_alloc(UPC_INT64, UPC_ADD | UPC_GET, 0);
  // CHECK: [{{.*}}gasp-library-events.upc:[[@LINE-1]]:{{[0-9]+}}] GASP_UPC_ATOMIC_DOMAIN_ALLOC START { type=17, ops={{[0-9]+}}, hints=0 }
  // CHECK: GASP_UPC_ATOMIC_DOMAIN_ALLOC END{{ +}}{ type=17, ops={{[0-9]+}}, hints=0, domain=([[DOMAIN:[0-9]+,0x[0-9a-f]+]],0) }
  int64_t one = 1, old;
  upc_atomic_relaxed(d, &old, UPC_ADD, &counter, &one, NULL);
  // CHECK: [{{.*}}gasp-library-events.upc:[[@LINE-1]]:3] GASP_UPC_ATOMIC START { is_relaxed=1, domain=([[DOMAIN]],0), fetch_ptr=0x{{[0-9a-f]+}}, op=UPC_ADD, target=(0,0x{{[0-9a-f]+}},0), operand1=0x{{[0-9a-f]+}}, operand2=0x0 }
  // CHECK: GASP_UPC_ATOMIC END
  // ONLY: GASP_UPC_ATOMIC START { is_relaxed=1
  upc_atomic_strict(d, &old, UPC_GET, &counter, NULL, NULL);
  // CHECK: GASP_UPC_ATOMIC START { is_relaxed=0, domain=([[DOMAIN]],0), fetch_ptr=0x{{[0-9a-f]+}}, op=UPC_GET, target=(0,0x{{[0-9a-f]+}},0), operand1=0x0, operand2=0x0 }
  int buf[4];
  upc_handle_t h = upc_memget_nb(buf, &data[4 * next], sizeof buf);
  // CHECK: [{{.*}}gasp-library-events.upc:[[@LINE-1]]:{{[0-9]+}}] GASP_UPC_NB_GET_INIT START { is_relaxed=1, dst=0x{{[0-9a-f]+}}, src=(1,0x{{[0-9a-f]+}},0), n=16 }
  // LOCAL: GASP_UPC_NB_GET_INIT END{{ +}}{ is_relaxed=1, dst=0x{{[0-9a-f]+}}, src=(1,0x{{[0-9a-f]+}},0), n=16, handle=0x0 }
  // REMOTE: GASP_UPC_NB_GET_INIT END{{ +}}{ is_relaxed=1, dst=0x{{[0-9a-f]+}}, src=(1,0x{{[0-9a-f]+}},0), n=16, handle=[[HANDLE:0x[0-9a-f]*[1-9a-f][0-9a-f]*]] }
  upc_sync(h);
  // LOCAL: GASP_UPC_NB_SYNC START { handle=0x0 }
  // REMOTE: GASP_UPC_NB_SYNC START { handle=[[HANDLE]] }
  // ONLY: GASP_UPC_NB_SYNC START
  upc_memput_nbi(&data[4 * next], buf, sizeof buf);
  // CHECK: GASP_UPC_NB_PUT_INIT END{{ +}}{ is_relaxed=1, dst=(1,0x{{[0-9a-f]+}},0), src=0x{{[0-9a-f]+}}, n=16, handle=0xffffffffffffffff }
  upc_synci();
  // CHECK: GASP_UPC_NB_SYNC START { handle=0xffffffffffffffff }
  upc_barrier;
  upc_all_atomicdomain_free(d);
  // CHECK: GASP_UPC_ATOMIC_DOMAIN_FREE START { domain=([[DOMAIN]],0) }
  return 0;
}

// LIST-DAG: GASP_UPC_NB_GET_INIT
// LIST-DAG: GASP_UPC_NB_PUT_INIT
// LIST-DAG: GASP_UPC_NB_SYNC
// LIST-DAG: GASP_UPCI_NB_MEMCPY_INIT
// LIST-DAG: GASP_UPCI_NB_MEMSET_INIT
// LIST-DAG: GASP_UPCI_NB_SYNC_ATTEMPT
// LIST-DAG: GASP_UPC_ATOMIC_DOMAIN_ALLOC
// LIST-DAG: GASP_UPC_ATOMIC_DOMAIN_FREE
// LIST-DAG: GASP_UPC_ATOMIC
