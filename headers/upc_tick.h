/*
 * upc_tick.h - high-resolution timers (UPC 1.3, 7.4 "UPC Tick"). The clock
 * is monotonic and per-thread; differences of ticks convert to nanoseconds.
 */
#ifndef _UPC_TICK_H_
#define _UPC_TICK_H_

#include <stdint.h>

typedef uint64_t upc_tick_t;
#define UPC_TICK_MIN ((upc_tick_t)0)
#define UPC_TICK_MAX ((upc_tick_t)UINT64_MAX)

upc_tick_t upc_ticks_now(void);
uint64_t upc_ticks_to_ns(upc_tick_t ticks);

#endif
