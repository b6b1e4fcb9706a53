/*
 * delivery.c - what the root measures and writes by itself (MIR, section
 * 4's measuring): periodic measurements (interval, duration) and their
 * deliveries to the probes' destinations, and every probe's final values
 * when the program ends. Files are written with mir_write_file (paths.h):
 * never through a link, never under a name another user can predict.
 */
#define _GNU_SOURCE
#include "engine.h"

#include <errno.h>
#include <pthread.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "io.h"
#include "paths.h"

/* The state the root keeps per probe for measuring: the latest
 * measurement (interval, duration) and deliveries. */
typedef struct {
  uint64_t next_sample, next_delivery, window_end;
  mire_values_t base;   /* duration: the values at the window's start */
  /* The last measurement (interval, duration): last minus last_base (no
   * last_base: last itself); every probe's rows, this probe's used. */
  int has_last;
  mire_values_t last, last_base;
  unsigned delivered;   /* documents written */
  uint64_t last_signature; /* delivery -1 without interval: the values */
} schedule_t;

static schedule_t *schedules;

/* ------------------------------------------------------------------------
 * Deliveries (the root)
 * ------------------------------------------------------------------------ */

static pthread_t delivery_thread;
static int delivery_running;
static int delivery_stop; /* atomic */

static uint64_t ms(long v) { return (uint64_t)v * 1000000u; }

void mire_reschedule(size_t i) {
  if (!schedules)
    return;
  schedule_t *s = &schedules[i];
  const mire_measuring_t *m = &mire_probes[i].measuring;
  uint64_t now = mire_now_ns();
  s->next_sample = m->interval > 0 ? now + ms(m->interval) : 0;
  s->next_delivery = m->delivery > 0 ? now + ms(m->delivery) : 0;
  s->window_end = 0;
  s->has_last = 0;
  mire_values_free(&s->last);
  mire_values_free(&s->last_base);
}

/* Probe i's last measurement as a document (malloc'ed), or NULL when it
 * has none. */
static char *last_document(size_t i) {
  schedule_t *s = &schedules[i];
  if (!s->has_last)
    return NULL;
  return mire_measurement(&i, 1, &s->last,
                          s->last_base.v ? &s->last_base : NULL);
}

int mire_answer_values(const size_t *which, size_t n, mire_values_t *vals,
                       mire_values_t *base) {
  if (mire_values_alloc(vals) != 0 || mire_values_alloc(base) != 0)
    return -1;
  int need_now = 0;
  for (size_t k = 0; k < n; ++k)
    need_now |= !schedules || !schedules[which[k]].has_last;
  mire_values_t now = {0};
  if (need_now && mire_gather(&now, "V") != 0) {
    mire_values_free(&now);
    return -1;
  }
  size_t rows = (size_t)mire_threads * MIRE_ROW * sizeof(uint64_t);
  for (size_t k = 0; k < n; ++k) {
    size_t i = which[k];
    const schedule_t *s = schedules ? &schedules[i] : NULL;
    if (s && s->has_last) {
      memcpy(mire_values_at(vals, i, 0), mire_values_at(&s->last, i, 0),
             rows);
      if (s->last_base.v)
        memcpy(mire_values_at(base, i, 0),
               mire_values_at(&s->last_base, i, 0), rows);
    } else {
      memcpy(mire_values_at(vals, i, 0), mire_values_at(&now, i, 0), rows);
    }
  }
  mire_values_free(&now);
  return 0;
}

char *mire_destination(const mire_probe_t *p, unsigned number) {
  char *dest = p->measuring.destination
                   ? strdup(p->measuring.destination)
                   : mir_format("%s.measurement.xml", p->id);
  if (!dest || number == 0)
    return dest;
  /* dest.N.ext: the number before the last extension of the file name. */
  const char *slash = strrchr(dest, '/');
  const char *dot = strrchr(slash ? slash + 1 : dest, '.');
  char *numbered = !dot || dot == (slash ? slash + 1 : dest)
                       ? mir_format("%s.%u", dest, number)
                       : mir_format("%.*s.%u%s", (int)(dot - dest), dest,
                                    number, dot);
  free(dest);
  return numbered;
}

/* Writes doc as probe i's document number (0: the final one); its path
 * (malloc'ed), or NULL after saying why it could not be written. */
static char *deliver(size_t i, const char *doc, unsigned number) {
  char *path = mire_destination(&mire_probes[i], number);
  if (!path || mir_write_file(path, doc) != 0) {
    fprintf(stderr,
            "upc-mir: error: cannot write the measurement of probe '%s' to "
            "'%s': %s\n",
            mire_probes[i].id, path ? path : "?",
            path ? strerror(errno) : "out of memory");
    free(path);
    return NULL;
  }
  return path;
}

static uint64_t signature(const mire_values_t *vals, size_t probe) {
  uint64_t h = 1469598103934665603u;
  for (int t = 0; t < mire_threads; ++t) {
    const uint64_t *row = mire_values_at(vals, probe, t);
    for (int m = 0; m < MIRE_ROW; ++m)
      h = (h ^ row[m]) * 1099511628211u;
  }
  return h;
}

/* Writes the probe's next numbered document: its last measurement, or
 * its values now when it has none. */
static void deliver_next(size_t i) {
  char *made = last_document(i);
  const char *doc = made;
  if (!doc) {
    mire_values_t vals = {0};
    if (mire_gather(&vals, "V") == 0)
      doc = made = mire_measurement(&i, 1, &vals, NULL);
    mire_values_free(&vals);
  }
  if (doc)
    free(deliver(i, doc, ++schedules[i].delivered));
  free(made);
}

/* Takes the measurement of probe i that is due at now, if any (MIR,
 * section 4's interval and duration): into s->last. Returns whether a
 * measurement was taken. */
static int measure_due(size_t i, uint64_t now) {
  schedule_t *s = &schedules[i];
  const mire_measuring_t *m = &mire_probes[i].measuring;
  int start = m->interval <= 0 || now >= s->next_sample;
  mire_values_t vals = {0};
  int measured = 0;
  if (m->duration > 0 && !s->window_end) {
    /* A window starts: the values at its start. */
    if (start && mire_gather(&vals, "V") == 0) {
      mire_values_free(&s->base);
      s->base = vals;
      vals.v = NULL;
      s->window_end = now + ms(m->duration);
      if (m->interval > 0)
        s->next_sample = now + ms(m->interval);
    }
  } else if (m->duration > 0) {
    /* ... and ends: the difference is the measurement. */
    if (now >= s->window_end && mire_gather(&vals, "V") == 0) {
      mire_values_free(&s->last);
      mire_values_free(&s->last_base);
      s->last = vals;
      s->last_base = s->base;
      vals.v = s->base.v = NULL;
      s->has_last = 1;
      s->window_end = 0;
      measured = 1;
    }
  } else if (m->interval > 0 && start && mire_gather(&vals, "V") == 0) {
    mire_values_free(&s->last);
    mire_values_free(&s->last_base);
    s->last = vals;
    vals.v = NULL;
    s->has_last = 1;
    s->next_sample = now + ms(m->interval);
    measured = 1;
  }
  mire_values_free(&vals);
  return measured;
}

/* Whether probe i's values changed since the last call (delivery -1
 * without interval or duration: each measurement is an execution, so a
 * change is delivered). */
static int changed(size_t i) {
  mire_values_t vals = {0};
  int measured = 0;
  if (mire_gather(&vals, "V") == 0) {
    uint64_t sig = signature(&vals, i);
    measured = sig != schedules[i].last_signature;
    schedules[i].last_signature = sig;
  }
  mire_values_free(&vals);
  return measured;
}

/* One pass over the probes: the measurements and deliveries that are due.
 * Returns when the next one is. */
static uint64_t deliveries_due(uint64_t now) {
  uint64_t next = now + ms(100);
  for (size_t i = 0; i < mire_nprobes; ++i) {
    schedule_t *s = &schedules[i];
    const mire_measuring_t *m = &mire_probes[i].measuring;
    int sampling = m->interval > 0 || m->duration > 0;
    /* An inactive probe measures nothing, so it has nothing to deliver. */
    if (mire_probes[i].removed || !mire_probes[i].active ||
        (!sampling && m->delivery == 0))
      continue;
    int measured = sampling ? measure_due(i, now)
                   : m->delivery == -1 ? changed(i)
                                       : 0;
    if (m->delivery == -1 && measured)
      deliver_next(i);
    if (m->delivery > 0 && now >= s->next_delivery) {
      deliver_next(i);
      s->next_delivery = now + ms(m->delivery);
    }
    /* When to look again. */
    uint64_t want = m->delivery == -1 && !sampling ? now + ms(10) : next;
    if (s->window_end && s->window_end < want)
      want = s->window_end;
    else if (m->duration > 0 && !s->window_end)
      want = m->interval > 0 ? s->next_sample : now;
    else if (m->interval > 0 && s->next_sample < want)
      want = s->next_sample;
    if (m->delivery > 0 && s->next_delivery < want)
      want = s->next_delivery;
    if (want < next)
      next = want;
  }
  return next;
}

static void *delivery_main(void *arg) {
  (void)arg;
  sigset_t all;
  sigfillset(&all);
  pthread_sigmask(SIG_BLOCK, &all, NULL);
  while (!__atomic_load_n(&delivery_stop, __ATOMIC_ACQUIRE)) {
    pthread_mutex_lock(&mire_lock);
    uint64_t now = mire_now_ns();
    uint64_t next = deliveries_due(now);
    pthread_mutex_unlock(&mire_lock);
    uint64_t wait = next > now ? next - now : 0;
    if (wait > ms(100))
      wait = ms(100);
    struct timespec ts = {(time_t)(wait / 1000000000u),
                          (long)(wait % 1000000000u)};
    nanosleep(&ts, NULL);
  }
  return NULL;
}

int mire_delivery_start(void) {
  schedules = calloc(mire_probes_capacity() + 1, sizeof *schedules);
  if (!schedules)
    return -1;
  for (size_t i = 0; i < mire_nprobes; ++i)
    mire_reschedule(i);
  if (pthread_create(&delivery_thread, NULL, delivery_main, NULL) == 0)
    delivery_running = 1;
  return 0;
}

static int final_written;

/* Writes every probe's final values (one document per probe, at its
 * destination unnumbered). */
void mire_write_final(void) {
  if (final_written)
    return; /* without probes too: the other processes wait for "F" */
  final_written = 1;
  if (delivery_running) {
    __atomic_store_n(&delivery_stop, 1, __ATOMIC_RELEASE);
    pthread_join(delivery_thread, NULL);
    delivery_running = 0;
  }
  pthread_mutex_lock(&mire_lock);
  mire_values_t vals = {0};
  if (mire_gather(&vals, "F") != 0)
    fprintf(stderr, "upc-mir: warning: the values of other processes are "
            "missing from the final measurements\n");
  for (size_t i = 0; i < mire_nprobes; ++i) {
    const mire_probe_t *p = &mire_probes[i];
    /* A probe made at run time writes where its requests asked only. */
    if (p->removed || (p->runtime && !p->measuring.destination &&
                       p->measuring.delivery == 0))
      continue;
    char *doc = mire_measurement(&i, 1, &vals, NULL);
    char *path = doc ? deliver(i, doc, 0) : NULL;
    /* Said, as the GASP tools say where they wrote. */
    if (path)
      fprintf(stderr,
              "upc-mir: wrote the final measurement of probe '%s' "
              "to %s\n",
              mire_probes[i].id, path);
    free(path);
    free(doc);
  }
  mire_values_free(&vals);
  pthread_mutex_unlock(&mire_lock);
}

