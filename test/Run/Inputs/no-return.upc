#include <upc.h>
int work[4];
int main(void) {
  int i;
  for (i = 0; i < 4; i++)
    work[i] = i * MYTHREAD;
}
