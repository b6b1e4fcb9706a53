#include <upc.h>
#include <stdio.h>
#include <string.h>
#include <upc_collective.h>
/* argv[1] selects a misuse of the UPC language or library. */
int main(int argc, char **argv) {
  const char *what = argc > 1 ? argv[1] : "";
  if (!strcmp(what, "barrier")) {
    if (MYTHREAD == 0)
      upc_barrier 1;
    else
      upc_barrier 2;
  } else if (!strcmp(what, "heap")) {
    shared char *p = upc_all_alloc(THREADS, (size_t)1 << 40);
    printf("%d\n", p == NULL);
  } else if (!strcmp(what, "overflow")) {
    shared char *p = upc_all_alloc((size_t)-1, 16);
    printf("%d\n", p == NULL);
  } else if (!strcmp(what, "unlock")) {
    upc_lock_t *l = upc_all_lock_alloc();
    upc_unlock(l);
  } else if (!strcmp(what, "wait")) {
    upc_wait;
  } else if (!strcmp(what, "flags")) {
    shared int *a = upc_all_alloc(THREADS, sizeof(int));
    upc_all_broadcast(a, a, sizeof(int), UPC_IN_NOSYNC | UPC_IN_ALLSYNC);
  }
  return 0;
}
