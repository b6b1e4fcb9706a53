// A upc_forall of the simple form (integer index stepping by one, affinity
// a[i] of a static shared array or the index itself, index and bounds not
// changed by the body) loops over the calling thread's iterations and
// reaches the thread's elements of arrays with the affinity's layout
// through private pointers. The ordinary translation remains for a forall
// executed in another forall's body.
// RUN: %upc-instrument %s -o - | FileCheck --match-full-lines %s

#include <upc.h>

#define N 100
shared double a[N*THREADS], b[N*THREADS];
shared [10] int blk[N*THREADS];
shared [4] int other[N*THREADS];

void loops(double s) {
  int i;
  // CHECK: { UPCR_FORALL_SCOPE; long long upcr_lo_ = (0), upcr_hi_ = (N*THREADS); if (!upcr_forall_nested_ && upcr_lo_ >= 0) { double *__restrict__ upcr_l_a = (double *)upcr_local_part_pshared(a); double *__restrict__ upcr_l_b = (double *)upcr_local_part_pshared(b); long long upcr_first_ = upcr_forall_first(upcr_lo_), upcr_k0_ = upcr_first_ / THREADS, upcr_n_ = upcr_hi_ > upcr_first_ ? (upcr_hi_ - upcr_first_ + THREADS - 1) / THREADS : 0; for (long long upcr_k_ = 0; upcr_k_ < upcr_n_; upcr_k_++) { i = upcr_first_ + upcr_k_ * THREADS;
  // CHECK-NEXT: upcr_l_a[upcr_k0_ + upcr_k_] = upcr_l_b[upcr_k0_ + upcr_k_] * s; } i = upcr_hi_ > upcr_lo_ ? upcr_hi_ : upcr_lo_; } else {
  // CHECK-NEXT: #line [[@LINE+3]] "{{.*}}forall-localization.upc"
  // CHECK-NEXT: for (i = 0; i < N*THREADS; i++) if (!UPCR_FORALL_MINE(upcr_forall_affinity_pshared(upcr_add_pshared1(a, sizeof(double), i)))) ; else
  // CHECK-NEXT: UPCR_PUT_PSHARED_VALUE(double, upcr_add_pshared1(a, sizeof(double), i), 0, UPCR_GET_PSHARED_VALUE(double, upcr_add_pshared1(b, sizeof(double), i), 0) * s); } }
  upc_forall (i = 0; i < N*THREADS; i++; &a[i])
    a[i] = b[i] * s;

  // Blocks of 10: a loop over the thread's blocks; `other` has another
  // layout and keeps shared accesses.
  // CHECK: { UPCR_FORALL_SCOPE; long long upcr_lo_ = (5){{.*}}; for (long long upcr_b_ = upcr_forall_first_block(upcr_lo_, 10); upcr_b_ * 10 < upcr_hi_; upcr_b_ += THREADS) { long long upcr_s_ = upcr_b_ * 10 > upcr_lo_ ? upcr_b_ * 10 : upcr_lo_, upcr_e_ = (upcr_b_ + 1) * 10 < upcr_hi_ ? (upcr_b_ + 1) * 10 : upcr_hi_, upcr_d_ = upcr_b_ / THREADS * 10 - upcr_b_ * 10; for (i = upcr_s_; i < upcr_e_; i++)
  // CHECK-NEXT: upcr_l_blk[upcr_d_ + i] = UPCR_GET_SHARED_VALUE(int, upcr_add_shared(other, sizeof(int), i, 4), 0); } i = upcr_hi_ > upcr_lo_ ? upcr_hi_ : upcr_lo_; } else {
  upc_forall (i = 5; i < N*THREADS; i++; &blk[i])
    blk[i] = other[i];

  // Not of the simple form (the bound changes in the body): ordinary.
  int n = N;
  // CHECK: { UPCR_FORALL_SCOPE; for (i = 0; i < n; i++) if (!UPCR_FORALL_MINE(upcr_forall_affinity_int(i))) ; else
  upc_forall (i = 0; i < n; i++; i)
    n--;
}
