// upc_forall keeps its clauses and body; the affinity test and the state
// for dynamically nested foralls go around them.
// RUN: %upc-instrument --no-forall-localization %s -o - | FileCheck --match-full-lines %s

#include <upc.h>

shared double a[100*THREADS];

void loops(void) {
  int i, j;
  // CHECK: { UPCR_FORALL_SCOPE; for (i = 0; i < 100*THREADS; i++) if (!UPCR_FORALL_MINE(upcr_forall_affinity_pshared(upcr_add_pshared1(a, sizeof(double), i)))) ; else
  // CHECK-NEXT:    UPCR_PUT_PSHARED_VALUE(double, upcr_add_pshared1(a, sizeof(double), i), 0, i); }
  upc_forall (i = 0; i < 100*THREADS; i++; &a[i])
    a[i] = i;
  // CHECK: { UPCR_FORALL_SCOPE; for (i = 0; i < 10; i++) if (!UPCR_FORALL_MINE(upcr_forall_affinity_int(i * 3))) ; else {
  upc_forall (i = 0; i < 10; i++; i * 3) {
    // A forall in the body of another runs every iteration.
    // CHECK: for (j = 0; j < 10; j++)
    // CHECK-NEXT: __extension__({ upcr_pshared_ptr_t upcr_p_[[N:[0-9]+]] = upcr_add_pshared1(a, sizeof(double), j); double upcr_t_[[N]] = UPCR_GET_PSHARED_VALUE(double, upcr_p_[[N]], 0); upcr_t_[[N]] += (1); (void)UPCR_PUT_PSHARED_VALUE(double, upcr_p_[[N]], 0, upcr_t_[[N]]); (void)0; });
    upc_forall (j = 0; j < 10; j++; j)
      a[j] += 1;
  // CHECK: } }
  }
  // CHECK: { UPCR_FORALL_SCOPE; for (i = 0; i < 10U; i++) if (!UPCR_FORALL_MINE(upcr_forall_affinity_unsigned((unsigned)i))) ; else; }
  upc_forall (i = 0; i < 10U; i++; (unsigned)i);
  // No affinity, or continue: every thread runs every iteration, and the
  // foralls inside still split theirs.
  // CHECK: for (i = 0; i < 10; i++) UPCR_PUT_PSHARED_VALUE(double, upcr_add_pshared1(a, sizeof(double), i), 0, 0);
  upc_forall (i = 0; i < 10; i++; continue) a[i] = 0;
  // CHECK: for (int k = 0; k < 10; k++) UPCR_PUT_PSHARED_VALUE(double, upcr_add_pshared1(a, sizeof(double), k), 0, 0);
  upc_forall (int k = 0; k < 10; k++;) a[k] = 0;
  // CHECK: for (i = 0; i < 10; i++)
  // CHECK-NEXT: { UPCR_FORALL_SCOPE; for (j = 0; j < 10; j++) if (!UPCR_FORALL_MINE(upcr_forall_affinity_int(j))) ; else
  upc_forall (i = 0; i < 10; i++; continue)
    upc_forall (j = 0; j < 10; j++; j)
      a[j] = i;
}
