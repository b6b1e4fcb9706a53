// Reads, writes, compound assignments and increments of shared objects
// become runtime gets and puts; each operand is evaluated once.
// RUN: %upc-instrument %s -o - | FileCheck --match-full-lines %s

#include <upc.h>

struct pair { int a; double b[4]; };
shared int x;
shared [3] long arr[3*THREADS];
shared struct pair pairs[THREADS];
shared int *shared sp;
strict shared int flag;

int f(int);

void accesses(int i, shared int *p) {
  int v;
  // CHECK: v = UPCR_GET_PSHARED_VALUE(int, x, 0);
  v = x;
  // CHECK: UPCR_PUT_PSHARED_VALUE(int, x, 0, v + 1);
  x = v + 1;
  // CHECK: UPCR_PUT_SHARED_VALUE(long, upcr_add_shared(arr, sizeof(long), f(i), 3), 0, UPCR_GET_SHARED_VALUE(long, upcr_add_shared(arr, sizeof(long), i, 3), 0));
  arr[f(i)] = arr[i];
  // CHECK: __extension__({ upcr_shared_ptr_t upcr_p_[[N:[0-9]+]] = upcr_add_shared(arr, sizeof(long), i, 3); long upcr_t_[[N]] = UPCR_GET_SHARED_VALUE(long, upcr_p_[[N]], 0); upcr_t_[[N]] *= (2); (void)UPCR_PUT_SHARED_VALUE(long, upcr_p_[[N]], 0, upcr_t_[[N]]); (void)0; });
  arr[i] *= 2;
  // CHECK: v = __extension__({ upcr_pshared_ptr_t upcr_p_[[N:[0-9]+]] = p; int upcr_t_[[N]] = UPCR_GET_PSHARED_VALUE(int, upcr_p_[[N]], 0); int upcr_o_[[N]] = upcr_t_[[N]]; ++upcr_t_[[N]]; (void)UPCR_PUT_PSHARED_VALUE(int, upcr_p_[[N]], 0, upcr_t_[[N]]); upcr_o_[[N]]; });
  v = (*p)++;
  // Members: the element's pointer and a byte offset.
  // CHECK: UPCR_PUT_PSHARED_VALUE(int, upcr_add_pshared1(pairs, sizeof(struct pair), i), offsetof(struct pair, a), 5);
  pairs[i].a = 5;
  // CHECK: v = UPCR_GET_PSHARED_VALUE(double, upcr_add_pshared1(pairs, sizeof(struct pair), i), offsetof(struct pair, b) + (2) * sizeof(double));
  v = pairs[i].b[2];
  // A pointer-to-shared stored in shared memory.
  // CHECK: v = UPCR_GET_PSHARED_VALUE(int, UPCR_GET_PSHARED_VALUE(upcr_pshared_ptr_t, sp, 0), 0);
  v = *sp;
  // Strict accesses.
  // CHECK: UPCR_PUT_PSHARED_VALUE_STRICT(int, flag, 0, 1);
  flag = 1;
  // CHECK: while (UPCR_GET_PSHARED_VALUE_STRICT(int, flag, 0) != 2)
  while (flag != 2)
    ;
}
