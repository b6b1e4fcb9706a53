#include <upc.h>
#include <upc_collective.h>
#include <upc_types.h>
#include <pupc.h>
shared int src[THREADS], dst[THREADS];
void f(void) {
  upc_lock_t *l = upc_all_lock_alloc();
  upc_lock(l);
  upc_unlock(l);
  upc_lock_free(l);
  shared void *mem = upc_all_alloc(THREADS, 64);
  upc_all_broadcast(dst, src, sizeof(int), UPC_IN_ALLSYNC | UPC_OUT_ALLSYNC);
  upc_all_reduceI(dst, src, UPC_ADD, THREADS, 1, 0, UPC_IN_NOSYNC);
  upc_memcpy(dst, src, sizeof(int));
  upc_free(mem);
  upc_global_exit(0);
}
