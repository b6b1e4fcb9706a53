// --profile: every event class at its construct, with the literal file,
// line and column (GASP 1.4, section 5; docs/gasp-events.md).
// RUN: %upc-instrument --profile --no-line-directives %s -o - | grep -v '^ *//' | FileCheck %s
// The output is valid C for both compilers.
// RUN: %upc-instrument --profile %s -o %t.c
// RUN: %cc -std=c11 -Wall -Wextra -Werror -fsyntax-only -I%runtime_include -I%upc_headers %t.c

#include <upc.h>
#include <upc_collective.h>
#include <pupc.h>
#include <stdlib.h>

// CHECK: #define UPCR_GASP_INSTRUMENTED 1
// CHECK-NEXT: #include <upcr.h>

shared int a[4 * THREADS];
shared [2] double d[2 * THREADS];
strict shared int flag;
upc_lock_t *lock;

// CHECK-LABEL: long sum(
// CHECK-SAME: { UPCR_GASP_FUNCTION_SCOPE("long sum(shared [2] double *p, int n)", UPCR_SRCPOS("{{.*}}events.upc", [[@LINE+1]], 1));
long sum(shared [2] double *p, int n) {
  long s = 0;
  for (int i = 0; i < n; i++)
    // CHECK: UPCR_GASP_GET_SHARED_VALUE(double, {{.*}}, 0, 0, UPCR_SRCPOS("{{.*}}events.upc", [[@LINE+1]], 10), "shared [2] double *", "p")
    s += p[i];
  return s;
}

// CHECK-LABEL: void variadic(
// CHECK-SAME: UPCR_GASP_FUNCTION_SCOPE("void variadic(int n, ...)"
void variadic(int n, ...) { (void)n; }

int main(int argc, char **argv) {
  // User events: pupc_create_event becomes gasp_create_event through the
  // runtime; start/end/atomic become events with the user's arguments.
  // CHECK: unsigned int ev = upcr_gasp_create_event("phase", "%d %s");
  unsigned int ev = pupc_create_event("phase", "%d %s");
  // CHECK: UPCR_GASP_USER_EVENT_ARGS(ev, GASP_START, UPCR_SRCPOS("{{.*}}events.upc", [[@LINE+1]], 3), 7, "x");
  pupc_event_start(ev, 7, "x");
  // CHECK: UPCR_GASP_USER_EVENT(ev, GASP_ATOMIC, UPCR_SRCPOS("{{.*}}events.upc", [[@LINE+1]], 3));
  pupc_event_atomic(ev);
  // CHECK: UPCR_GASP_USER_EVENT(ev, GASP_END, UPCR_SRCPOS("{{.*}}events.upc", [[@LINE+1]], 3));
  pupc_event_end(ev);

  // Synchronization, named and anonymous.
  // CHECK: upcr_gasp_notify((argc + 1), 0, UPCR_SRCPOS("{{.*}}events.upc", [[@LINE+1]], 3));
  upc_notify argc + 1;
  // CHECK: upcr_gasp_wait(0, UPCR_BARRIERFLAG_ANONYMOUS, UPCR_SRCPOS("{{.*}}events.upc", [[@LINE+1]], 3));
  upc_wait;
  // CHECK: upcr_gasp_barrier((5), 0, UPCR_SRCPOS("{{.*}}events.upc", [[@LINE+1]], 3));
  upc_barrier 5;
  // CHECK: upcr_gasp_barrier(0, UPCR_BARRIERFLAG_ANONYMOUS, UPCR_SRCPOS("{{.*}}events.upc", [[@LINE+1]], 3));
  upc_barrier;
  // CHECK: upcr_gasp_fence(UPCR_SRCPOS("{{.*}}events.upc", [[@LINE+1]], 3));
  upc_fence;

  // Work sharing: a block around the loop raises START and END.
  int i;
  // CHECK: { UPCR_GASP_FORALL_SCOPE(UPCR_SRCPOS("{{.*}}events.upc", [[@LINE+1]], 3));
  upc_forall (i = 0; i < 4 * THREADS; i++; i)
    // Accesses: relaxed puts and gets, locality decided at run time (0).
    // CHECK: UPCR_GASP_PUT_PSHARED_VALUE(int, {{.*}}, 0, i, 0, UPCR_SRCPOS("{{.*}}events.upc", [[@LINE+1]], 5), "shared int[4 * THREADS]", "a")
    a[(i + 1) % (4 * THREADS)] = i;
  // CHECK: UPCR_GASP_PUT_PSHARED_VALUE_STRICT(int, flag, 0, UPCR_GASP_GET_PSHARED_VALUE(int, {{.*}}, 0, 0, UPCR_SRCPOS("{{.*}}events.upc", [[@LINE+1]], 10), "shared int[4 * THREADS]", "a"), 0, UPCR_SRCPOS("{{.*}}events.upc", [[@LINE+1]], 3), "strict shared int", "flag");
  flag = a[1];

  // The library (GASP 1.4, Table 6) and UPC 1.3's additions.
  // CHECK: upcr_gasp_all_alloc(THREADS, 8, UPCR_SRCPOS("{{.*}}events.upc", [[@LINE+1]], 43))
  shared [] char *all = (shared [] char *)upc_all_alloc(THREADS, 8);
  // CHECK: upcr_gasp_global_alloc(2, 16, UPCR_SRCPOS("{{.*}}events.upc", [[@LINE+1]], 46))
  shared [] char *global = (shared [] char *)upc_global_alloc(2, 16);
  // CHECK: upcr_gasp_alloc(64, UPCR_SRCPOS("{{.*}}events.upc", [[@LINE+1]], 45))
  shared [] char *local = (shared [] char *)upc_alloc(64);
  char buffer[8];
  // CHECK: upcr_gasp_memget(buffer, {{.*}}, 8, UPCR_SRCPOS("{{.*}}events.upc", [[@LINE+1]], 3));
  upc_memget(buffer, all, 8);
  // CHECK: upcr_gasp_memput({{.*}}, buffer, 8, UPCR_SRCPOS("{{.*}}events.upc", [[@LINE+1]], 3));
  upc_memput(local, buffer, 8);
  // CHECK: upcr_gasp_memcpy({{.*}}, {{.*}}, 8, UPCR_SRCPOS("{{.*}}events.upc", [[@LINE+1]], 3));
  upc_memcpy(global, local, 8);
  // CHECK: upcr_gasp_memset({{.*}}, 0, 8, UPCR_SRCPOS("{{.*}}events.upc", [[@LINE+1]], 3));
  upc_memset(local, 0, 8);
  // CHECK: upcr_gasp_free({{.*}}, UPCR_SRCPOS("{{.*}}events.upc", [[@LINE+1]], 3));
  upc_free(local);
  // CHECK: upcr_gasp_all_free({{.*}}, UPCR_SRCPOS("{{.*}}events.upc", [[@LINE+1]], 3));
  upc_all_free(all);
  // CHECK: lock = upcr_gasp_all_lock_alloc(UPCR_SRCPOS("{{.*}}events.upc", [[@LINE+1]], 10));
  lock = upc_all_lock_alloc();
  // CHECK: upcr_gasp_global_lock_alloc(UPCR_SRCPOS("{{.*}}events.upc", [[@LINE+1]], 22));
  upc_lock_t *mine = upc_global_lock_alloc();
  // CHECK: upcr_gasp_lock(lock, UPCR_SRCPOS("{{.*}}events.upc", [[@LINE+1]], 3));
  upc_lock(lock);
  // CHECK: upcr_gasp_unlock(lock, UPCR_SRCPOS("{{.*}}events.upc", [[@LINE+1]], 3));
  upc_unlock(lock);
  // CHECK: if (upcr_gasp_lock_attempt(mine, UPCR_SRCPOS("{{.*}}events.upc", [[@LINE+1]], 7)))
  if (upc_lock_attempt(mine))
    // CHECK: upcr_gasp_unlock(mine,
    upc_unlock(mine);
  // CHECK: upcr_gasp_lock_free(mine, UPCR_SRCPOS("{{.*}}events.upc", [[@LINE+1]], 3));
  upc_lock_free(mine);
  // CHECK: upcr_gasp_all_lock_free(lock, UPCR_SRCPOS("{{.*}}events.upc", [[@LINE+1]], 3));
  upc_all_lock_free(lock);

  // Collectives (Table 10).
  // CHECK: upcr_gasp_all_broadcast({{.*}}, {{.*}}, sizeof(int), UPC_IN_ALLSYNC | UPC_OUT_ALLSYNC, UPCR_SRCPOS("{{.*}}events.upc", [[@LINE+1]], 3));
  upc_all_broadcast(a, a, sizeof(int), UPC_IN_ALLSYNC | UPC_OUT_ALLSYNC);
  // CHECK: upcr_gasp_all_reduceD({{.*}}, {{.*}}, UPC_ADD, 2 * THREADS, 2, NULL, UPC_IN_ALLSYNC | UPC_OUT_ALLSYNC, UPCR_SRCPOS("{{.*}}events.upc", [[@LINE+1]], 3));
  upc_all_reduceD(d, d, UPC_ADD, 2 * THREADS, 2, NULL, UPC_IN_ALLSYNC | UPC_OUT_ALLSYNC);
  // CHECK: upcr_gasp_all_prefix_reduceD(
  upc_all_prefix_reduceD(d, d, UPC_ADD, 2 * THREADS, 2, NULL, UPC_IN_ALLSYNC | UPC_OUT_ALLSYNC);

  // C memory (Table 2).
  // CHECK: char *p = upcr_gasp_c_malloc(16, UPCR_SRCPOS("{{.*}}events.upc", [[@LINE+1]], 13));
  char *p = malloc(16);
  // CHECK: p = upcr_gasp_c_realloc(p, 32, UPCR_SRCPOS("{{.*}}events.upc", [[@LINE+1]], 7));
  p = realloc(p, 32);
  // CHECK: upcr_gasp_c_free(p, UPCR_SRCPOS("{{.*}}events.upc", [[@LINE+1]], 3));
  free(p);

  variadic(1, sum(d, 2));
  // Exits: exit() and upc_global_exit, and main's returns.
  // CHECK: upcr_gasp_exit(2, UPCR_SRCPOS("{{.*}}events.upc", [[@LINE+1]], 17));
  if (argc > 9) exit(2);
  // CHECK: upcr_gasp_global_exit(3, UPCR_SRCPOS("{{.*}}events.upc", [[@LINE+1]], 17));
  if (argc > 8) upc_global_exit(3);
  // CHECK: return upcr_gasp_main_return(argv[0] == 0, UPCR_SRCPOS("{{.*}}events.upc", [[@LINE+1]], 3));
  return argv[0] == 0;
  // CHECK: return upcr_gasp_main_return(0, UPCR_SRCPOS("{{.*}}events.upc", [[@LINE+1]], 1)); }
}
