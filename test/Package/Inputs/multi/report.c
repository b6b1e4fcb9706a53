#include <stdio.h>

#include "report.h"

void report(int threads, int sum, int expected) {
  printf("multi: THREADS=%d sum=%d %s\n", threads, sum,
         sum == expected ? "OK" : "FAILED");
}
