// Bit-fields of shared structures: read (the structure is fetched), written,
// compound-assigned, incremented and decremented (only the bytes that hold
// the field are stored), through a pointer-to-shared, an array element of
// two layouts and a nested structure; signed and unsigned fields, fields
// spanning bytes, the value of an assignment (truncated to the width).
// Two threads updating fields in different bytes of one structure at the
// same time do not undo each other's writes.
// RUN: %upcc -Wall -Werror %s -o %t
// RUN: %upcrun -n 1 %t | FileCheck %s --check-prefix=ONE
// RUN: %upcrun -n 3 %t | FileCheck %s --check-prefix=THREE
// ONE: bit-fields: PASS on 1 thread
// THREE: bit-fields: PASS on 3 threads

#include <upc.h>
#include "Inputs/check.uph"

struct flags {
  unsigned ready : 1;
  unsigned count : 7;
  int wide : 20; /* bytes 1 to 3 */
  signed char tag;
  unsigned span : 12;
};
struct outer { int a; struct flags f; };
struct bytes { unsigned lo : 8; unsigned hi : 8; };

shared struct flags state[THREADS];
shared [2] struct flags pairs[2 * THREADS];
shared struct outer nested;
shared struct bytes shared_bytes;

int main(void) {
  shared struct flags *mine = &state[MYTHREAD];
  mine->ready = 1;
  mine->count = 100 + MYTHREAD;
  mine->wide = -5000 - MYTHREAD;
  mine->tag = 'x';
  mine->span = 4000;
  mine->count += 3;
  mine->span++;
  int old = state[MYTHREAD].wide--;
  CHECK(old == -5000 - MYTHREAD);
  pairs[2 * MYTHREAD + 1].count = 9;
  if (MYTHREAD == 0) {
    nested.f.count = 77;
    nested.a = 5;
  }
  upc_barrier;
  int t = (MYTHREAD + 1) % THREADS;
  CHECK(state[t].ready == 1 && state[t].count == 103 + t);
  CHECK(state[t].wide == -5001 - t && state[t].tag == 'x');
  CHECK(state[t].span == 4001);
  CHECK(pairs[2 * t + 1].count == 9 && pairs[2 * t].count == 0);
  CHECK(nested.f.count == 77 && nested.a == 5);
  upc_barrier;
  volatile unsigned two_hundred = 200;
  CHECK((mine->count = two_hundred) == 72); /* 200 in 7 bits */

  /* Thread 0 counts in lo, the last thread in hi, as many times each. */
  long rounds = check_workload(20000, 2000);
  for (long i = 0; i < rounds; i++) {
    if (MYTHREAD == 0)
      shared_bytes.lo++;
    if (MYTHREAD == THREADS - 1)
      shared_bytes.hi++;
  }
  upc_barrier;
  CHECK(shared_bytes.lo == rounds % 256 && shared_bytes.hi == rounds % 256);
  return check_report("bit-fields");
}
