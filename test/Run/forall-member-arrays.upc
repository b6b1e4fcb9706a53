// A localized upc_forall over a shared array of structures with array
// members (ForallLocalization.cpp): an element of the thread's own
// structure, `s[i].a[j]`, `s[i].p[j].x`, `s[i].m[r][c]`, is a private lvalue,
// read, written and updated in place; its address, and the array member
// used as a pointer, stay pointers-to-shared (UPC 1.3, 6.4.4: the
// structure's thread, an indefinite block size, phase 0). Before, the C of
// the localized loop passed a private array to the pointer-add helper (gcc:
// "incompatible type for argument 1 of 'upcr_add_pshared1'"). Cyclic and
// blocked layouts; the same program without localization agrees, and both
// agree with a serial computation.
// RUN: %upcc -Wall -Werror %s -o %t
// RUN: %upc-instrument --no-forall-localization %cc -Wall -Werror %s -o %t.plain
// RUN: %upcrun -n 1 %t | FileCheck %s --check-prefix=ONE
// RUN: %upcrun -n 4 %t | FileCheck %s --check-prefix=FOUR
// RUN: %upcrun -n 4 %t.plain | FileCheck %s --check-prefix=FOUR
// RUN: %upc-instrument %s -o - | FileCheck %s --check-prefix=C
// ONE: forall member arrays: PASS on 1 thread
// FOUR: forall member arrays: PASS on 4 threads

#include "Inputs/check.uph"

#define N 5
struct point { int x; double y; };
struct rec {
  int a[N];
  struct point p[3];
  int m[2][3];
  short tag;
};
shared struct rec cyc[3 * THREADS];
shared [2] struct rec blk[3 * THREADS];

static int value(int i, int j) { return 100 * i + j; }

/* Every element of s[i]'s members, as the localized loops leave them. */
#define VERIFY(s, block)                                                       \
  for (i = 0; i < 3 * THREADS; i++) {                                          \
    CHECK(upc_threadof(&s[i]) == (size_t)((i / (block)) % THREADS));           \
    for (j = 0; j < N; j++)                                                    \
      CHECK(s[i].a[j] == value(i, j) + 2);                                     \
    for (j = 0; j < 3; j++) {                                                  \
      CHECK(s[i].p[j].x == value(i, j));                                       \
      CHECK(s[i].p[j].y == value(i, j) / 2.0);                                 \
      CHECK(s[i].m[1][j] == value(i, j));                                      \
      CHECK(s[i].m[0][j] == -value(i, j) - 1);                                 \
    }                                                                          \
    CHECK(s[i].tag == i);                                                      \
  }

int main(void) {
  int i, j;
  // C: {{^ *}}upcr_l_cyc[upcr_k0_ + upcr_k_].a[j] = value(i, j);
  // C: {{^ *}}upcr_l_cyc[upcr_k0_ + upcr_k_].a[j] += 1;
  // C: {{^ *}}upcr_l_cyc[upcr_k0_ + upcr_k_].m[1][j] = upcr_l_cyc[upcr_k0_ + upcr_k_].a[j] - 2;
  upc_forall (i = 0; i < 3 * THREADS; i++; &cyc[i]) {
    for (j = 0; j < N; j++) {
      cyc[i].a[j] = value(i, j);
      cyc[i].a[j] += 1;
      (cyc[i].a)[j]++;
    }
    for (j = 0; j < 3; j++) {
      cyc[i].p[j].x = value(i, j);
      cyc[i].p[j].y = cyc[i].p[j].x / 2.0;
      cyc[i].m[1][j] = cyc[i].a[j] - 2;
      cyc[i].m[0][j] = -cyc[i].m[1][j];
      --cyc[i].m[0][j];
    }
    cyc[i].tag = (short)i;
    /* Addresses stay pointers-to-shared. */
    for (j = 0; j < N; j++) {
      shared void *e = &cyc[i].a[j];
      if (upc_threadof(e) != (size_t)MYTHREAD || upc_phaseof(e) != 0 ||
          upc_addrfield(e) != upc_addrfield(&cyc[i]) +
                                  offsetof(struct rec, a) + j * sizeof(int))
        check_failures++;
    }
    if (upc_threadof(&cyc[i].p[2].y) != (size_t)MYTHREAD ||
        upc_threadof(&cyc[i].m[1][2]) != (size_t)MYTHREAD ||
        upc_addrfield(cyc[i].a) != upc_addrfield(&cyc[i].a[0]))
      check_failures++;
  }
  // C: {{^ *}}upcr_l_blk[upcr_d_ + i].p[j].x = value(i, j);
  upc_forall (i = 0; i < 3 * THREADS; i++; &blk[i]) {
    for (j = 0; j < N; j++) {
      blk[i].a[j] = value(i, j);
      blk[i].a[j] += 1;
      j[blk[i].a]++;
    }
    for (j = 0; j < 3; j++) {
      blk[i].p[j].x = value(i, j);
      blk[i].p[j].y = blk[i].p[j].x / 2.0;
      blk[i].m[1][j] = blk[i].a[j] - 2;
      blk[i].m[0][j] = -blk[i].m[1][j];
      blk[i].m[0][j]--;
    }
    blk[i].tag = (short)i;
    for (j = 0; j < N; j++) {
      shared void *e = &blk[i].a[j];
      if (upc_threadof(e) != (size_t)MYTHREAD || upc_phaseof(e) != 0 ||
          upc_addrfield(e) != upc_addrfield(&blk[i]) +
                                  offsetof(struct rec, a) + j * sizeof(int))
        check_failures++;
    }
    if (upc_phaseof(&blk[i]) != (size_t)(i % 2) ||
        upc_threadof(&blk[i].m[1][2]) != (size_t)MYTHREAD)
      check_failures++;
  }
  upc_barrier;
  if (MYTHREAD == THREADS - 1) {
    VERIFY(cyc, 1)
    VERIFY(blk, 2)
  }
  return check_report("forall member arrays");
}
