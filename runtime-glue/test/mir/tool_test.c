/*
 * tool_test.c - the MIR engine's GASP side (tool.c) alone, on a clock that
 * advances by TICK at every reading: what a region reports as its time
 * when measured regions run inside it (overhead compensation), and that
 * a thread's gate closes once no open region counts. The engine's other
 * parts are replaced by the stubs below; every figure checked is a count
 * of clock readings, not a duration.
 */
#define _GNU_SOURCE
#include "engine.h"

#include "checks.h"
#include "gasp.h"
#include "gasp_upc.h"

enum { TICK = 10 };

/* The stubs of what tool.c calls. */
__thread int upcr_gasp_gate;
__thread unsigned long long upcr_gasp_forall_iterations;
int mire_first_thread;
static uint64_t clock_now;
uint64_t mire_now_ns(void) { return clock_now += TICK; }
void mire_row_add(mire_probe_t *p, int k, unsigned epoch,
                  const uint64_t *delta) {
  if (p->epoch != epoch)
    return;
  for (int m = 0; m < MIRE_ROW; ++m)
    p->values[(size_t)k * MIRE_ROW + m] += delta[m];
}
void mire_service_start(void) {}
void mire_service_collective_exit(int thread) { (void)thread; }
void mire_service_exit(void) {}
int gasp_upc_mythread(void) { return 0; }
int gasp_upc_threads(void) { return 1; }
int gasp_upc_pts_thread(const gasp_upc_PTS_t *pts) {
  (void)pts;
  return 0;
}

typedef struct {
  mire_probe_t engine;
  upcr_mir_probe_t site;
  unsigned char measures[1];
  uint64_t values[MIRE_ROW];
  unsigned row_seq[1];
} probe_t;

static void make(probe_t *p) {
  memset(p, 0, sizeof *p);
  p->measures[0] = 1;
  p->engine.measures = p->measures;
  p->engine.values = p->values;
  p->engine.row_seq = p->row_seq;
  p->site.active = 1;
  p->site.engine = &p->engine;
}

static uint64_t wc(const probe_t *p) {
  return p->values[1 + MIR_METRIC_WC_TIME];
}
static uint64_t count(const probe_t *p) {
  return p->values[1 + MIR_METRIC_COUNT];
}

int main(void) {
  gasp_context_t ctx = gasp_init(GASP_MODEL_UPC, NULL, NULL);
  CHECK(ctx != NULL);

  /* An empty measured region reads the clock twice (its start, last in
   * upcri_mir_begin; its end, first in upcri_mir_end): it reports one
   * tick. Its outside work reads no clock here, but calibration measured
   * the readings around it: one tick per execution (the loop's own
   * reading between executions is the engine's begin of the next). */
  probe_t inner, outer;
  make(&inner);
  make(&outer);
  upcr_mir_frame_t f = {0, 0};
  upcri_mir_begin(&inner.site, &f);
  CHECK(upcr_gasp_gate > 0);
  upcri_mir_end(&f);
  CHECK(upcr_gasp_gate == 0);
  CHECK(count(&inner) == 1);
  CHECK(wc(&inner) == TICK);

  /* An outer region with five measured executions inside it: 12 clock
   * readings from its start to its end (11 ticks), less what the
   * calibration says the five cost outside their own time. */
  memset(inner.values, 0, sizeof inner.values);
  uint64_t before = clock_now;
  upcr_mir_frame_t o = {0, 0};
  upcri_mir_begin(&outer.site, &o);
  for (int i = 0; i < 5; ++i) {
    upcr_mir_frame_t n = {0, 0};
    upcri_mir_begin(&inner.site, &n);
    upcri_mir_end(&n);
  }
  upcri_mir_end(&o);
  uint64_t raw = clock_now - before - TICK; /* from its start reading */
  CHECK(raw == 11 * TICK);
  CHECK(count(&inner) == 5 && wc(&inner) == 5 * TICK);
  /* The calibration (tool.c): whole batch time less the reported time,
   * per execution, at least; here each execution of a batch takes two
   * readings, one of them reported: one tick outside. */
  CHECK(count(&outer) == 1);
  CHECK(wc(&outer) == raw - 5 * TICK);

  /* A region whose probe is deactivated meanwhile (another epoch) adds
   * nothing, and the next event closes the gate its start opened. */
  memset(outer.values, 0, sizeof outer.values);
  upcri_mir_begin(&outer.site, &o);
  CHECK(upcr_gasp_gate > 0);
  outer.engine.epoch++;
  gasp_event_notify(ctx, GASP_UPC_GET, GASP_START, "t.upc", 1, 1, 1,
                    (void *)0, (gasp_upc_PTS_t *)0, (size_t)4, "int", "x");
  CHECK(upcr_gasp_gate == 0);
  upcri_mir_end(&o);
  CHECK(count(&outer) == 0);
  puts("tool_test: ok");
  return 0;
}
