/* Plain C that calls the runtime directly: its UPC tick clock. */
#include <gasp.h>
#include <stdint.h>
#include <stdio.h>
#include <upc_tick.h>

int main(void) {
  upc_tick_t start = upc_ticks_now();
  upc_tick_t end = upc_ticks_now();
  /* Monotonic, and converted to nanoseconds as it counts them. */
  printf("ticks: %s\n", end >= start && upc_ticks_to_ns(end - start) ==
                                           (uint64_t)(end - start)
                            ? "OK" : "FAILED");
  return 0;
}
