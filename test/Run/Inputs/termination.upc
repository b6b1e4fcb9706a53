#include <upc.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* argv[1]: return | exit | global; argv[2]: the status of thread 1. */
int main(int argc, char **argv) {
  int status = argc > 2 ? atoi(argv[2]) : 0;
  if (argc < 2)
    return 2;
  if (!strcmp(argv[1], "global")) {
    if (MYTHREAD == 1)
      upc_global_exit(status);
    upc_barrier; /* the other threads wait here until thread 1 ends them */
    printf("after upc_global_exit\n");
    return 0;
  }
  if (MYTHREAD != 1)
    status = 0;
  if (!strcmp(argv[1], "exit"))
    exit(status);
  return status;
}
