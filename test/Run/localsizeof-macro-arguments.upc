// upc_localsizeof, upc_blocksizeof and upc_elemsizeof given their operand
// through macro arguments, beside upc_affinitysize, as Berkeley UPC's
// upc_localsizeof test writes them: shared objects, pointers' pointees, and
// type names whose dimensions have THREADS in them, passed down through a
// second macro. A type name argument is no parameter list; its dimensions
// are those of a size operand (UPC 1.3, 6.4.1: the operand is not
// evaluated); and its stringified spelling is the user's (through one macro:
// one that passes it on gives the next the C it expands to).
// RUN: %upcc -Wall -Werror %s -o %t
// RUN: %upcrun -n 1 %t | FileCheck %s --check-prefix=ONE
// RUN: %upcrun -n 3 %t | FileCheck %s --check-prefix=THREE
// ONE: shared [4] int [4 * THREADS]: 16 >= 16
// ONE: local sizes: PASS on 1 thread
// THREE: shared [4] int [4 * THREADS]: 16 >= 16
// THREE: local sizes: PASS on 3 threads

#include <upc.h>
#include "Inputs/check.uph"

shared [4] int A[4 * THREADS];
shared [] float D[1234];
shared [*] double H[5 * THREADS];
shared [8] int (*p)[8];
shared [upc_localsizeof(A)] char tmpA[THREADS];

#define LOCAL(expr) upc_localsizeof(expr)
#define check(expr, size)                                                      \
  do {                                                                         \
    size_t want = (size);                                                      \
    size_t got = LOCAL(expr);                                                  \
    if (MYTHREAD == 0 && strncmp(#expr, "shared [", 8) == 0)                   \
      printf("%s: %lu >= %lu\n", #expr, (unsigned long)got,                    \
             (unsigned long)want);                                             \
    CHECK(got >= want);                                                        \
  } while (0)
#define check_array(arr)                                                       \
  check(arr, upc_affinitysize(sizeof(arr),                                     \
                              upc_blocksizeof(arr) * upc_elemsizeof(arr), 0))
#define check_int_type(type, bsize, elems)                                     \
  check(type, sizeof(int) * upc_affinitysize((elems), (bsize), 0))

int main(void) {
  check_array(A);
  check_array(D);
  check_array(H);
  check(*p, sizeof(int) * 8);
  check(shared int, sizeof(int));
  check(int *shared, sizeof(int *));
  check(shared [4] int [4 * THREADS], 4 * sizeof(int));
  check_int_type(shared [4] int [THREADS], 4, THREADS);
  check_int_type(shared [] int [98765], 98765, 98765);
  check_int_type(shared int [4 * THREADS], 1, 4 * THREADS);
  check_int_type(shared [*] int [2 * THREADS], 2, 2 * THREADS);
  CHECK(upc_blocksizeof(tmpA) == upc_localsizeof(A));
  shared [4] int *p1 = &A[1];
  check(*(p1++), sizeof(int)); /* not evaluated */
  CHECK(p1 == &A[1]);
  return check_report("local sizes");
}
