/* Plain C that calls the runtime directly: its UPC tick clock. */
#include <gasp.h>
#include <stdio.h>
#include <upc_tick.h>

int main(void) {
  upc_tick_t start = upc_ticks_now();
  upc_tick_t end = upc_ticks_now();
  printf("ticks: %s\n", end >= start && upc_ticks_to_ns(end - start) < 1000000000u
                            ? "OK" : "FAILED");
  return 0;
}
