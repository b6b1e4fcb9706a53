#include <upc.h>
#include <stdio.h>
int main(void) {
  if (MYTHREAD == 0)
    puts("FAIL: on purpose");
  return 0;
}
