/*
 * gasp_defaults.c - an instrumented program that names no tool function:
 * linked alone it runs on the runtime's default GASP functions (built as
 * runtime.gasp_defaults); linked after the archive of gasp_partial_tool.c,
 * which defines only gasp_init and gasp_event_notify, the tool gets the
 * events and the defaults do the rest (runtime.gasp_partial).
 *
 * Either way: every instrumented entry point works; user event numbers
 * are in the user range and unique across threads (the default
 * gasp_create_event); pupc_control returns the last value per thread (the
 * default gasp_control). The program's own atexit handler checks the end:
 *   (no argument)  main returns 0 on every thread; the handler runs once,
 *                  after every thread returned: prints "defaults: atexit
 *                  handler ran after all N threads returned"
 *   global         every thread calls upc_global_exit(9) at once: status 9,
 *                  the handler runs once ("defaults: atexit handler ran
 *                  once after upc_global_exit")
 */
#define UPCR_GASP_INSTRUMENTED
#include "upcr.h"

#include "pupc.h"
#include "testlib.h"

#include <stdatomic.h>
#include <unistd.h>

#define AT(line) UPCR_SRCPOS("defaults.upc", line, 1)

/* shared unsigned ids[2 * THREADS]; shared int v[THREADS]; */
upcr_pshared_ptr_t ids, v;

static void UPCRI_ALLOC_defaults_1(void) {
  upcr_startup_pshalloc_t pinfos[] = {
      {&ids, sizeof(unsigned), 1, 1, sizeof(unsigned), "ids",
       "shared unsigned[2 * THREADS]"},
      {&v, sizeof(int), 1, 1, sizeof(int), "v", "shared int[THREADS]"},
  };
  upcr_startup_pshalloc(pinfos, 2);
}
UPCR_REGISTER_FILE(upcri_file_defaults, "defaults.upc", 0,
                   UPCRI_ALLOC_defaults_1, 0);

static atomic_int returned, handler_runs;
static int global_mode;

static void at_exit(void) {
  if (atomic_fetch_add(&handler_runs, 1) != 0) {
    fprintf(stderr, "defaults: the atexit handler runs twice\n");
    _exit(1);
  }
  if (global_mode) {
    printf("defaults: atexit handler ran once after upc_global_exit\n");
    return;
  }
  int n = atomic_load(&returned);
  if (n != upcr_threads()) {
    fprintf(stderr, "defaults: atexit handler ran after %d of %d threads "
                    "returned\n", n, upcr_threads());
    _exit(1);
  }
  printf("defaults: atexit handler ran after all %d threads returned\n", n);
}

static int scoped(int early) {
  UPCR_GASP_FUNCTION_SCOPE("int scoped(int early)", AT(10));
  UPCR_GASP_FORALL_SCOPE(AT(11));
  if (early)
    return 1;
  return 0;
}

static int user_main(int argc, char **argv) {
  UPCR_GASP_FUNCTION_SCOPE("int main(int argc, char **argv)", AT(1));
  int me = MYTHREAD, T = THREADS;
  CHECK(upcri_gasp_context != NULL);
  if (me == 0) {
    global_mode = argc > 1 && !strcmp(argv[1], "global");
    atexit(at_exit);
  }

  upcr_gasp_barrier(1, 0, AT(20));
  upcr_shared_ptr_t a = upcr_gasp_all_alloc((size_t)T, 16, AT(21));
  upcr_gasp_memset(upcr_add_shared(a, 16, me, 1), 1, 16, AT(22));
  upcr_pshared_ptr_t l = upcr_gasp_all_lock_alloc(AT(23));
  upcr_gasp_lock(l, AT(24));
  upcr_gasp_unlock(l, AT(25));
  upcr_pshared_ptr_t vo = upcr_add_pshared1(v, sizeof(int), (me + 1) % T);
  UPCR_GASP_PUT_PSHARED_VALUE(int, vo, 0, me, 1, AT(26), "int", "v");
  upcr_gasp_barrier(0, UPCR_BARRIERFLAG_ANONYMOUS, AT(27));
  CHECK_EQ(UPCR_GASP_GET_PSHARED_VALUE(int, vo, 0, 0, AT(28), "int", "v"),
           me);
  CHECK_EQ(scoped(1) + scoped(0), 1);
  char *p = upcr_gasp_c_malloc(8, AT(29));
  upcr_gasp_c_free(p, AT(30));

  /* The default gasp_create_event: unique numbers across threads. */
  unsigned e = pupc_create_event("work", "%d");
  unsigned f = upcr_gasp_create_event("other", NULL);
  UPCR_PUT_PSHARED_VALUE(unsigned, upcr_add_pshared1(ids, sizeof(unsigned),
                                                     2 * me),
                         0, e);
  UPCR_PUT_PSHARED_VALUE(unsigned, upcr_add_pshared1(ids, sizeof(unsigned),
                                                     2 * me + 1),
                         0, f);
  UPCR_GASP_USER_EVENT_ARGS(e, GASP_START, AT(31), 1);
  UPCR_GASP_USER_EVENT_ARGS(e, GASP_END, AT(32), 2);
  UPCR_GASP_USER_EVENT(f, GASP_ATOMIC, AT(33));
  pupc_event_start(e, 3);
  pupc_event_end(e, 4);
  /* The default gasp_control. */
  CHECK(pupc_control(0) != 0);
  CHECK_EQ(pupc_control(5), 0);
  CHECK_EQ(pupc_control(1), 5);
  upcr_gasp_barrier(2, 0, AT(34));
  if (me == 0)
    for (int i = 0; i < 2 * T; ++i) {
      unsigned id = UPCR_GET_PSHARED_VALUE(
          unsigned, upcr_add_pshared1(ids, sizeof(unsigned), i), 0);
      CHECK(id >= GASP_UPC_USEREVT_START);
      for (int j = 0; j < i; ++j)
        CHECK(id != UPCR_GET_PSHARED_VALUE(
                        unsigned, upcr_add_pshared1(ids, sizeof(unsigned), j),
                        0));
    }
  upcr_gasp_all_lock_free(l, AT(35));
  upcr_gasp_all_free(a, AT(36));

  if (argc > 1 && !strcmp(argv[1], "global"))
    upcr_gasp_global_exit(9, AT(40)); /* all threads at once */
  atomic_fetch_add(&returned, 1);
  return upcr_gasp_main_return(0, AT(41));
}

int main(int argc, char **argv) { return upcr_run(argc, argv, user_main); }
