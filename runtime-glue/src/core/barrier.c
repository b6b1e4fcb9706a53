/*
 * barrier.c - upc_notify / upc_wait / upc_barrier, the runtime's own
 * synchronization steps, and fences.
 *
 * Every barrier phase is a backend consensus (backend.h) over three vote
 * slots:
 *   0  the kind of construct (user barrier, library collective, exit);
 *      always present, so kinds never mix silently;
 *   1  the value of a named notify (the id of a library collective);
 *      absent for anonymous ones, which therefore match anything;
 *   2  (thread << 32 | status) of a thread exiting with a nonzero status:
 *      the minimum is the first nonzero status in thread order.
 * A phase whose slot 0 or 1 has min != max is a mismatch; the two threads
 * the backend names are reported with the positions they recorded in their
 * internal area (readable by any thread, even over MPI).
 *
 * Reading of UPC 1.3 6.6.1: upc_wait interrupts the program if its value
 * differs from the value of any thread's upc_notify in the phase; no
 * difference exists when either has no value. We also treat named notifies
 * that disagree with each other as a mismatch (as Berkeley UPC/GASNet do),
 * since no thread's named wait could then match them all.
 */
#include <stdio.h>
#include <string.h>

#include "internal.h"

static __thread int notify_pending; /* between upc_notify and upc_wait */
static __thread unsigned phase;     /* phases this thread has completed */
static __thread upcri_arrival_t my_arrival;

static upcr_offset_t arrival_offset(unsigned parity) {
  return upcri_internal_offset +
         offsetof(upcri_internal_area_t, arrival) +
         parity * sizeof(upcri_arrival_t);
}

static void record_arrival(int kind, int named, int value, const char *what,
                           upcr_srcpos_t pos) {
  upcri_arrival_t *a = &my_arrival;
  memset(a, 0, sizeof *a);
  a->kind = kind;
  a->named = named;
  a->value = value;
  a->line = pos.line;
  a->col = pos.col;
  a->has_file = pos.file != NULL;
  snprintf(a->what, sizeof a->what, "%s", what);
  if (pos.file)
    snprintf(a->file, sizeof a->file, "%s", pos.file);
  /* Published in the segment for the error report of another thread. */
  upcri_put_bytes((upcr_thread_t)upcri_mythread, arrival_offset(phase & 1),
                  a, sizeof *a);
}

static void arrive(int kind, int named, int value, const char *what,
                   upcr_srcpos_t pos, int exit_status) {
  record_arrival(kind, named, value, what, pos);
  upcrb_vote_t v;
  memset(&v, 0, sizeof v);
  v.present[0] = 1;
  v.value[0] = (uint64_t)kind;
  if (named) {
    v.present[1] = 1;
    v.value[1] = ((uint64_t)kind << 32) | (uint32_t)value;
  }
  if (kind == UPCRI_SYNC_EXIT && exit_status != 0) {
    v.present[2] = 1;
    v.value[2] = ((uint64_t)upcri_mythread << 32) | (uint32_t)exit_status;
  }
  upcrb_barrier_notify(&v);
  notify_pending = 1;
}

/* "upc_barrier 3", "upc_notify", "upc_all_alloc", "exit". */
static void describe(char *buf, size_t size, const upcri_arrival_t *a) {
  if (a->kind == UPCRI_SYNC_USER && a->named)
    snprintf(buf, size, "%s %d", a->what, a->value);
  else
    snprintf(buf, size, "%s", a->what);
}

static upcr_srcpos_t pos_of(const upcri_arrival_t *a) {
  upcr_srcpos_t p = {a->has_file ? a->file : NULL, a->line, a->col};
  return p;
}

static void read_arrival(int thread, unsigned parity, upcri_arrival_t *out) {
  upcri_get_bytes(out, (upcr_thread_t)thread, arrival_offset(parity),
                  sizeof *out);
  out->what[sizeof out->what - 1] = 0;
  out->file[sizeof out->file - 1] = 0;
}

static UPCR_NORETURN void report_mismatch(int a, const upcri_arrival_t *aa,
                                          int b, const upcri_arrival_t *ba) {
  char da[64], db[64], pb[300];
  describe(da, sizeof da, aa);
  describe(db, sizeof db, ba);
  upcri_format_pos(pb, sizeof pb, pos_of(ba));
  if (ba->has_file)
    upcri_error(pos_of(aa), "%s on thread %d does not match %s on thread %d "
                            "(%s)", da, a, db, b, pb);
  upcri_error(pos_of(aa), "%s on thread %d does not match %s on thread %d",
              da, a, db, b);
}

/* Completes the phase and checks the consensus. wait_named/wait_value: the
 * value of a named upc_wait (checked against the named notifies). */
static void complete(int wait_named, int wait_value, const char *wait_what,
                     upcr_srcpos_t wait_pos, upcrb_tally_t *tally) {
  unsigned parity = phase & 1;
  upcrb_barrier_wait(tally);
  notify_pending = 0;
  ++phase;
  for (int slot = 0; slot < 2; ++slot) {
    if (tally->present[slot] && tally->min[slot] != tally->max[slot]) {
      int a = tally->min_thread[slot], b = tally->max_thread[slot];
      if (a > b) {
        int t = a;
        a = b;
        b = t;
      }
      upcri_arrival_t ra, rb;
      read_arrival(a, parity, &ra);
      read_arrival(b, parity, &rb);
      report_mismatch(a, &ra, b, &rb);
    }
  }
  if (wait_named && tally->present[1] && my_arrival.kind == UPCRI_SYNC_USER &&
      (uint32_t)tally->min[1] != (uint32_t)wait_value) {
    upcri_arrival_t mine, other;
    memset(&mine, 0, sizeof mine);
    mine.kind = UPCRI_SYNC_USER;
    mine.named = 1;
    mine.value = wait_value;
    snprintf(mine.what, sizeof mine.what, "%s", wait_what);
    mine.has_file = wait_pos.file != NULL;
    if (wait_pos.file)
      snprintf(mine.file, sizeof mine.file, "%s", wait_pos.file);
    mine.line = wait_pos.line;
    mine.col = wait_pos.col;
    read_arrival(tally->min_thread[1], parity, &other);
    report_mismatch(upcri_mythread, &mine, tally->min_thread[1], &other);
  }
}

/* After upc_notify, the next collective operation must be upc_wait. */
static void refuse_if_pending(const char *what, upcr_srcpos_t pos) {
  if (!notify_pending)
    return;
  char prev[300];
  upcri_format_pos(prev, sizeof prev, pos_of(&my_arrival));
  upcri_error(pos, "%s on thread %d follows %s (%s) without a upc_wait "
                   "between them",
              what, upcri_mythread, my_arrival.what, prev);
}

void upcr_notify(int value, int flags, upcr_srcpos_t pos) {
  refuse_if_pending("upc_notify", pos);
  int named = !(flags & UPCR_BARRIERFLAG_ANONYMOUS);
  arrive(UPCRI_SYNC_USER, named, named ? value : 0, "upc_notify", pos, 0);
}

void upcr_wait(int value, int flags, upcr_srcpos_t pos) {
  if (!notify_pending)
    upcri_error(pos, "upc_wait on thread %d without a preceding upc_notify",
                upcri_mythread);
  upcrb_tally_t tally;
  complete(!(flags & UPCR_BARRIERFLAG_ANONYMOUS), value, "upc_wait", pos,
           &tally);
}

void upcr_barrier(int value, int flags, upcr_srcpos_t pos) {
  refuse_if_pending("upc_barrier", pos);
  int named = !(flags & UPCR_BARRIERFLAG_ANONYMOUS);
  arrive(UPCRI_SYNC_USER, named, named ? value : 0, "upc_barrier", pos, 0);
  upcrb_tally_t tally;
  /* The notify carried the value: the consensus already compares it. */
  complete(0, 0, "upc_barrier", pos, &tally);
}

void upcri_sync(const char *what, int id, upcr_srcpos_t pos) {
  refuse_if_pending(what, pos);
  arrive(UPCRI_SYNC_LIBRARY, 1, id, what, pos, 0);
  upcrb_tally_t tally;
  complete(0, 0, what, pos, &tally);
}

int upcri_sync_exit(int status) {
  upcrb_tally_t tally;
  /* Exiting between upc_notify and upc_wait: finish that phase first, as an
   * anonymous wait would. */
  if (notify_pending)
    complete(0, 0, "upc_wait", UPCR_SRCPOS_UNKNOWN, &tally);
  arrive(UPCRI_SYNC_EXIT, 0, 0, "exit", UPCR_SRCPOS_UNKNOWN, status);
  complete(0, 0, "exit", UPCR_SRCPOS_UNKNOWN, &tally);
  return tally.present[2] ? (int)(uint32_t)tally.min[2] : 0;
}

void upcr_fence(void) { upcrb_fence(); }
void upcri_strict_before(void) { upcrb_fence(); }
void upcri_strict_after(void) { upcrb_fence(); }

