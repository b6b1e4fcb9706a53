/* UPC code in a .c file (translated as UPC with --upc-sources='*.c', as
 * upcc would), whose main comes from common.h. */
#include <upc.h>

int kernel(int sum);
#include "common.h"

int kernel(int sum) {
  upc_barrier;
  return sum == THREADS * (THREADS - 1) + THREADS ? 0 : 1;
}
