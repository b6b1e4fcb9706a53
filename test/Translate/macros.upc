// Shared accesses and UPC statements inside macros: a macro use that
// contains one is replaced by its translated expansion.
// RUN: %upc-instrument %s -o - | FileCheck --match-full-lines %s
// RUN: %upcc -c %s -o %t.o

#include <upc.h>

#define AT(a, i) a[(i)]
#define INC(lv) ((lv) += 1)
#define SQUARE(x) ((x) * (x))
#define SYNC upc_barrier
#define EACH(i, n) upc_forall (i = 0; i < (n); i++; i)
#define N 10

shared int v[N*THREADS];
// A declaration that is a whole macro use is replaced like an expression.
#define DECLARE_SHARED(name) shared int name
// CHECK: upcr_pshared_ptr_t hidden __attribute__((__common__));
DECLARE_SHARED(hidden);

int use(int i) {
  int s = 0;
  // A macro argument that is a shared access, used twice.
  // CHECK: s = (UPCR_GET_PSHARED_VALUE(int, upcr_add_pshared1(v, sizeof(int), i), 0) * UPCR_GET_PSHARED_VALUE(int, upcr_add_pshared1(v, sizeof(int), i), 0));
  s = SQUARE(v[i]);
  // The access is the macro's body: the use is replaced by the translated
  // expansion (printed from the AST, so N appears as 10).
  // CHECK: s += UPCR_GET_PSHARED_VALUE(int, upcr_add_pshared1(v, sizeof(int), (10 - 1)), 0);
  s += AT(v, N - 1);
  // CHECK: (__extension__({ upcr_pshared_ptr_t upcr_p_[[N:[0-9]+]] = upcr_add_pshared1(v, sizeof(int), (0)); int upcr_t_[[N]] = UPCR_GET_PSHARED_VALUE(int, upcr_p_[[N]], 0); upcr_t_[[N]] += (1); (void)UPCR_PUT_PSHARED_VALUE(int, upcr_p_[[N]], 0, upcr_t_[[N]]); (void)0; }));
  INC(AT(v, 0));
  // CHECK: upcr_barrier(0, UPCR_BARRIERFLAG_ANONYMOUS, UPCR_SRCPOS("{{.*}}macros.upc", [[@LINE+1]], 3));
  SYNC;
  // CHECK: { UPCR_FORALL_SCOPE; for (i = 0; i < (10); i++) if (!UPCR_FORALL_MINE(upcr_forall_affinity_int(i))) ; else s++; }
  EACH(i, N)
    s++;
  return s;
}
