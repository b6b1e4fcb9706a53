// An implicit conversion between pointers-to-shared with different block
// sizes is an error (C's constraint on pointer conversions, as Berkeley UPC
// and gcc 14 have it), in initialization, assignment, argument passing,
// return, comparison, subtraction and the conditional operator. 'shared
// void *' converts freely both ways, and explicit casts are silent. A
// pointer-to-shared compared with a private pointer is an error too (a null
// pointer constant compares with either).
//
// RUN: not %upc-instrument -fsyntax-only %s 2>&1 | FileCheck %s --implicit-check-not=error: --implicit-check-not=warning: --implicit-check-not=__upc_ --implicit-check-not=__attribute__

shared [4] int *p4;
shared [8] int *p8;
shared int *p1;
shared [] int *pi;
shared void *pv;

void take4(shared [4] int *p);

// CHECK: pointer-block-size.upc:[[@LINE+1]]:36: error: implicit conversion from 'shared [8] int *' to 'shared [4] int *' changes the block size of a pointer-to-shared; use an explicit cast
shared [4] int *ret(void) { return p8; }

int f(int k) {
  // CHECK: pointer-block-size.upc:[[@LINE+1]]:23: error: implicit conversion from 'shared [8] int *' to 'shared [4] int *' changes the block size of a pointer-to-shared; use an explicit cast
  shared [4] int *a = p8;
  // CHECK: pointer-block-size.upc:[[@LINE+1]]:5: error: implicit conversion from 'shared int *' to 'shared [4] int *' changes the block size of a pointer-to-shared; use an explicit cast
  a = p1;
  // CHECK: pointer-block-size.upc:[[@LINE+1]]:9: error: implicit conversion from 'shared [] int *' to 'shared [4] int *' changes the block size of a pointer-to-shared; use an explicit cast
  take4(pi);
  // CHECK: pointer-block-size.upc:[[@LINE+1]]:15: error: implicit conversion from 'shared [8] int *' to 'shared [4] int *' changes the block size of a pointer-to-shared; use an explicit cast
  int c = (p4 == p8);
  // CHECK: pointer-block-size.upc:[[@LINE+1]]:12: error: implicit conversion from 'shared [] int *' to 'shared int *' changes the block size of a pointer-to-shared; use an explicit cast
  c += (p1 < pi);
  // CHECK: pointer-block-size.upc:[[@LINE+1]]:11: error: implicit conversion from 'shared [8] int *' to 'shared [4] int *' changes the block size of a pointer-to-shared; use an explicit cast
  c += p4 - p8;
  // CHECK: pointer-block-size.upc:[[@LINE+1]]:12: error: implicit conversion from 'shared [8] int *' to 'shared [4] int *' changes the block size of a pointer-to-shared; use an explicit cast
  (void)(k ? p4 : p8);

  int *ip = &k;
  // CHECK: pointer-block-size.upc:[[@LINE+1]]:12: error: comparison of a pointer-to-shared ('shared [4] int *') with a private pointer ('int *'); convert one of them explicitly
  c += (p4 == ip);
  // CHECK: pointer-block-size.upc:[[@LINE+1]]:12: error: comparison of a pointer-to-shared ('shared void *') with a private pointer ('int *'); convert one of them explicitly
  c += (ip != pv);

  // Not errors: shared void * both ways, explicit casts, same block size,
  // null pointer constants.
  c += (p4 != (void *)0) + (p1 == 0);
  pv = p4;
  p8 = pv;
  shared [8] int *b = pv;
  take4(pv);
  c += (p4 == pv) + (pv != p8) + (p4 == 0);
  p4 = (shared [4] int *)p8;
  p4 = (shared [4] int *)pi;
  pi = (shared [] int *)p1;
  take4((shared [4] int *)p1);
  shared [4] int *same = k ? p4 : a;
  (void)b; (void)same;
  return c;
}
