/*
 * gasp_off.c - a program with no instrumented file (its record lacks
 * UPCR_FILE_GASP) that links a tool: gasp_init is never called and no tool
 * function is (each one here fails the test). The instrumented entry
 * points still do their work, silently; pupc_* behave on their own (user
 * event numbers unique across threads, pupc_control remembering the last
 * value); the pupc timing functions; and the helpers of gasp_upc.h,
 * including gasp_upc_event_name/tag for every event gasp_upc.h defines
 * (gasp_event_list.h, generated from the header).
 */
#include "upcr.h"
/* The entry points, without marking this file instrumented. */
#include "upcr_gasp.h"

#include "pupc.h"
#include "testlib.h"
#include "upc_tick.h"

#include <limits.h>
#include <sched.h>
#include <unistd.h>

#define AT(line) UPCR_SRCPOS("off.upc", line, 3)

/* shared unsigned ids[4 * THREADS]; shared int v[THREADS]; */
upcr_pshared_ptr_t ids, v;

static void UPCRI_ALLOC_off_1(void) {
  upcr_startup_pshalloc_t pinfos[] = {
      {&ids, sizeof(unsigned), 1, 1, sizeof(unsigned), "ids",
       "shared unsigned[4 * THREADS]"},
      {&v, sizeof(int), 1, 1, sizeof(int), "v", "shared int[THREADS]"},
  };
  upcr_startup_pshalloc(pinfos, 2);
}
UPCR_REGISTER_FILE(upcri_file_off, "off.upc", 0, UPCRI_ALLOC_off_1, 0);

/* ---- a tool that must never be called ------------------------------------ */

static UPCR_NORETURN void called(const char *what) {
  fprintf(stderr, "thread %d: %s called in a program without an "
                  "instrumented file\n", upcr_mythread(), what);
  _exit(1);
}

gasp_context_t gasp_init(gasp_model_t srcmodel, int *argc, char ***argv) {
  (void)srcmodel;
  (void)argc;
  (void)argv;
  called("gasp_init");
}
void gasp_event_notify(gasp_context_t context, unsigned int evttag,
                       gasp_evttype_t evttype, const char *filename,
                       int linenum, int colnum, ...) {
  (void)context, (void)evttag, (void)evttype, (void)filename;
  (void)linenum, (void)colnum;
  called("gasp_event_notify");
}
void gasp_event_notifyVA(gasp_context_t context, unsigned int evttag,
                         gasp_evttype_t evttype, const char *filename,
                         int linenum, int colnum, va_list varargs) {
  (void)context, (void)evttag, (void)evttype, (void)filename;
  (void)linenum, (void)colnum, (void)varargs;
  called("gasp_event_notifyVA");
}
int gasp_control(gasp_context_t context, int on) {
  (void)context, (void)on;
  called("gasp_control");
}
unsigned int gasp_create_event(gasp_context_t context, const char *name,
                               const char *desc) {
  (void)context, (void)name, (void)desc;
  called("gasp_create_event");
}

/* ---- the test ------------------------------------------------------------ */

static int scoped(void) {
  UPCR_GASP_FUNCTION_SCOPE("int scoped(void)", AT(10));
  {
    /* Its variable has a generated name: only the function's is read. */
    UPCR_GASP_FORALL_SCOPE(AT(11));
  }
  return upcr_gasp_function_.active;
}

static void entry_points(int me, int T) {
  upcr_gasp_barrier(1, 0, AT(20));
  upcr_gasp_notify(0, UPCR_BARRIERFLAG_ANONYMOUS, AT(21));
  upcr_gasp_wait(0, UPCR_BARRIERFLAG_ANONYMOUS, AT(22));
  upcr_gasp_fence(AT(23));
  upcr_shared_ptr_t a = upcr_gasp_all_alloc((size_t)T, 16, AT(24));
  upcr_shared_ptr_t mine = upcr_add_shared(a, 16, me, 1);
  upcr_gasp_memset(mine, 7, 16, AT(25));
  CHECK_EQ(((unsigned char *)upcr_shared_to_local(mine))[15], 7);
  upcr_pshared_ptr_t l = upcr_gasp_all_lock_alloc(AT(26));
  upcr_gasp_lock(l, AT(27));
  upcr_gasp_unlock(l, AT(28));
  upcr_gasp_all_lock_free(l, AT(29));
  upcr_pshared_ptr_t vm = upcr_add_pshared1(v, sizeof(int), me);
  UPCR_GASP_PUT_PSHARED_VALUE(int, vm, 0, 10 + me, 1, AT(30), "int", "v");
  CHECK_EQ(UPCR_GASP_GET_PSHARED_VALUE(int, vm, 0, 1, AT(31), "int", "v"),
           10 + me);
  CHECK_EQ(scoped(), 0);
  char *p = upcr_gasp_c_malloc(10, AT(32));
  p = upcr_gasp_c_realloc(p, 20, AT(33));
  upcr_gasp_c_free(p, AT(34));
  UPCR_GASP_USER_EVENT(GASP_UPC_USEREVT_START, GASP_ATOMIC, AT(35));
  UPCR_GASP_USER_EVENT_ARGS(GASP_UPC_USEREVT_START, GASP_START, AT(36), 1);
  upcr_gasp_all_free(a, AT(37));
  CHECK_EQ(upcr_gasp_main_return(4, AT(38)), 4);
}

/* Every event of gasp_upc.h, from the header itself. */
static const struct {
  unsigned tag;
  const char *name;
} header_events[] = {
#define GASP_EVENT(NAME) {NAME, #NAME},
#include "gasp_event_list.h"
#undef GASP_EVENT
};

static void names(void) {
  size_t n = sizeof header_events / sizeof *header_events;
  CHECK(n >= 37);
  for (size_t i = 0; i < n; ++i) {
    const char *name = gasp_upc_event_name(header_events[i].tag);
    if (!name || strcmp(name, header_events[i].name) != 0) {
      fprintf(stderr, "gasp_upc_event_name(%s) is %s\n",
              header_events[i].name, name ? name : "NULL");
      CHECK(0);
    }
    int found = 0;
    CHECK_EQ(gasp_upc_event_tag(header_events[i].name, &found),
             header_events[i].tag);
    CHECK_EQ(found, 1);
    for (size_t j = 0; j < i; ++j)
      CHECK(header_events[j].tag != header_events[i].tag);
  }
  int found = 1;
  CHECK(gasp_upc_event_name(0) == NULL);
  CHECK(gasp_upc_event_name(GASP_UPC_USEREVT_START) == NULL);
  CHECK(gasp_upc_event_name(GASP_UPC_USEREVT_END) == NULL);
  CHECK_EQ(gasp_upc_event_tag("GASP_UPC_NB_GET_DATA", &found), 0);
  CHECK_EQ(found, 0);
  found = 1;
  CHECK_EQ(gasp_upc_event_tag(NULL, &found), 0);
  CHECK_EQ(found, 0);
  CHECK_EQ(gasp_upc_event_tag("GASP_UPC_PUT", NULL), GASP_UPC_PUT);
}

static void helpers(int me, int T) {
  CHECK_EQ(gasp_upc_mythread(), me);
  CHECK_EQ(gasp_upc_threads(), T);
  upcr_shared_ptr_t a = upcr_all_alloc((size_t)T, 8, AT(40));
  upcr_shared_ptr_t p = upcr_add_shared(a, 4, 2 * (T - 1) + 1, 2);
  CHECK_EQ(gasp_upc_pts_thread(&p), T - 1);
  CHECK_EQ(gasp_upc_pts_phase(&p), 1);
  CHECK_EQ(gasp_upc_pts_addrfield(&p), upcr_addrfield_shared(p));
  CHECK(gasp_upc_pts_local_address(&p) == upcr_shared_to_local(p));
  upcr_shared_ptr_t null = UPCR_NULL_SHARED;
  CHECK(gasp_upc_pts_local_address(&null) == NULL);
  upcr_shared_ptr_t bad = {64, (upcr_thread_t)T, 0};
  CHECK(gasp_upc_pts_local_address(&bad) == NULL);
  test_barrier();
  upcr_all_free(a, AT(41));
}

static void user_events(int me, int T) {
  /* Unique across threads, in the user range. */
  unsigned mine[4] = {pupc_create_event("a", NULL),
                      pupc_create_event("b", "%d"), pupc_create_event("c"),
                      upcr_gasp_create_event("d", NULL)};
  for (int i = 0; i < 4; ++i)
    UPCR_PUT_PSHARED_VALUE(unsigned,
                           upcr_add_pshared1(ids, sizeof(unsigned),
                                             4 * me + i),
                           0, mine[i]);
  pupc_event_start(mine[1], 5);
  pupc_event_end(mine[1], 6);
  pupc_event_stop(mine[1], 7);
  pupc_event_atomic(mine[0]);
  test_barrier();
  if (me == 0) {
    for (int i = 0; i < 4 * T; ++i) {
      unsigned a = UPCR_GET_PSHARED_VALUE(
          unsigned, upcr_add_pshared1(ids, sizeof(unsigned), i), 0);
      CHECK(a >= GASP_UPC_USEREVT_START);
      for (int j = 0; j < i; ++j)
        CHECK(a != UPCR_GET_PSHARED_VALUE(
                       unsigned, upcr_add_pshared1(ids, sizeof(unsigned), j),
                       0));
    }
  }
  /* The last value, per thread; nonzero at first. */
  CHECK(pupc_control(0) != 0);
  CHECK_EQ(pupc_control(me + 2), 0);
  CHECK_EQ(pupc_control(1), me + 2);
  CHECK_EQ(pupc_control(1), 1);
}

static void timing(void) {
  CHECK(pupc_tick_granularityus() >= 1);
  CHECK_EQ(pupc_ticks_to_us(0), 0);
  CHECK_EQ(pupc_ticks_to_us(2999), 2);
  CHECK_EQ(pupc_ticks_to_us(1000000), 1000);
  CHECK_EQ(pupc_ticks_to_us(~0ull), UINT_MAX);
  /* The clock of upc_ticks_now, monotonic, in nanoseconds. */
  pupc_tick_t t0 = pupc_ticks_now();
  upc_tick_t u0 = upc_ticks_now();
  CHECK(u0 >= t0 && pupc_ticks_now() >= u0);
  pupc_tick_t prev = t0, now;
  while ((now = pupc_ticks_now()) - t0 < 2000000) {
    CHECK(now >= prev);
    prev = now;
    sched_yield();
  }
  CHECK(pupc_ticks_to_us(now - t0) >= 2000);
}

static int user_main(int argc, char **argv) {
  (void)argc;
  (void)argv;
  int me = MYTHREAD, T = THREADS;
  CHECK(upcri_gasp_context == NULL);
  entry_points(me, T);
  if (me == 0)
    names();
  helpers(me, T);
  user_events(me, T);
  timing();
  test_barrier();
  if (me == 0)
    printf("gasp_off: %d threads ok\n", T);
  return 0;
}

int main(int argc, char **argv) { return upcr_run(argc, argv, user_main); }
