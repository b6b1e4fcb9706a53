// Pointers-to-shared are runtime values (phaseless for block size 1 and
// indefinite, phased otherwise): arithmetic, differences, comparisons, null
// tests and conversions between block sizes are runtime functions.
// RUN: %upc-instrument %s -o - | FileCheck --match-full-lines %s

#include <upc.h>

shared int a[10*THREADS];
shared [4] double d[8*THREADS];
shared [] char bytes[64];

void pointers(int i) {
  // CHECK: upcr_pshared_ptr_t p = upcr_add_pshared1(a, sizeof(int), i);
  shared int *p = &a[i];
  // CHECK: upcr_shared_ptr_t q = d;
  shared [4] double *q = d;
  // CHECK: upcr_pshared_ptr_t c = upcr_add_psharedI(bytes, sizeof(char), 3);
  shared [] char *c = bytes + 3;
  // CHECK: upcr_shared_ptr_t v = upcr_pshared_to_shared(p);
  shared void *v = p;
  long n;
  // CHECK: (p = upcr_add_pshared1(p, sizeof(int), 2));
  p += 2;
  // CHECK: (q = upcr_add_shared(q, sizeof(double), 1, 4));
  q++;
  // CHECK: n = upcr_sub_shared(q, d, sizeof(double), 4);
  n = q - d;
  // CHECK: if ((upcr_sub_pshared1(p, a, sizeof(int)) > 0))
  if (p > a)
    n++;
  // CHECK: if ((!upcr_isequal_shared_shared(q, v)))
  if (q != v)
    n++;
  // CHECK: if ((upcr_isnull_pshared(c)))
  if (c == NULL)
    n++;
  // CHECK: if ((!upcr_isnull_pshared(p)))
  if (p)
    n++;
  // Conversions: another block size restarts the phase; the generic pointer
  // keeps it; a private pointer points into the local part.
  // CHECK: p = (upcr_shared_to_pshared(q));
  p = (shared int *)q;
  // CHECK: q = (upcr_shared_resetphase((upcr_shared_resetphase(q))));
  q = (shared [4] double *)(shared [2] double *)q;
  // CHECK: q = (v);
  q = (shared [4] double *)v;
  // CHECK: double *local = ((double *)upcr_shared_to_local(upcr_add_shared(d, sizeof(double), 4 * MYTHREAD, 4)));
  double *local = (double *)&d[4 * MYTHREAD];
  // CHECK: p = UPCR_NULL_PSHARED;
  p = 0;
  // CHECK: n += upcr_threadof_shared(upcr_pshared_to_shared(upcr_add_pshared1(a, sizeof(int), i))) + upcr_phaseof_shared(q) + upcr_addrfield_shared(v);
  n += upc_threadof(&a[i]) + upc_phaseof(q) + upc_addrfield(v);
}
