// Regions that share a start or an end, a region through a macro, a
// label inside a loop, a case inside a loop: the sites nest as the regions
// do, and those a block cannot hold are left out.
#include <upc.h>
#include <stdio.h>

shared int a[4 * THREADS];
upc_lock_t *l;
#define TWICE(s) do { s; s; } while (0)

int bump(int x) { return x + 1; }

int main(void) {
  int s = 0, i;
  l = upc_all_lock_alloc();
  upc_lock(l);
  a[MYTHREAD] += bump(s);
  upc_unlock(l);
  TWICE(s = bump(s));
  for (i = 0; i < 3; i++)
    bump(i);
  while (s < 10) {
  again:
    s++;
  }
  if (s < 12)
    goto again;
  switch (s) {
  case 12:
    for (i = 0; i < 2; i++) {
    case 13:
      s += 2;
    }
  }
  upc_barrier;
  if (MYTHREAD == 0)
    printf("s=%d a0=%d\n", s, a[0]);
  return 0;
}
