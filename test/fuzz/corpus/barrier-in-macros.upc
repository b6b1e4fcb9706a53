#define SYNC upc_barrier
#define SYNC_ID(x) upc_barrier x
#define FENCE upc_fence
#define PHASE(n) do { upc_notify n; upc_wait n; } while (0)
void f(void) { SYNC; SYNC_ID(7); FENCE; PHASE(2); }
