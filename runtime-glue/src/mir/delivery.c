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
  char *latest;         /* the latest measurement (NULL: the totals) */
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
  free(s->latest);
  s->latest = NULL;
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

/* Writes the probe's next numbered document: doc, or the probe's values
 * now when doc is NULL. */
static void deliver_next(size_t i, const char *doc) {
  char *made = NULL;
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
 * section 4's interval and duration): into s->latest. Returns whether a
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
      free(s->latest);
      s->latest = mire_measurement(&i, 1, &vals, &s->base);
      s->window_end = 0;
      measured = 1;
    }
  } else if (m->interval > 0 && start && mire_gather(&vals, "V") == 0) {
    free(s->latest);
    s->latest = mire_measurement(&i, 1, &vals, NULL);
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
    if (mire_probes[i].removed || (!sampling && m->delivery == 0))
      continue;
    int measured = sampling ? measure_due(i, now)
                   : m->delivery == -1 ? changed(i)
                                       : 0;
    if (m->delivery == -1 && measured)
      deliver_next(i, s->latest);
    if (m->delivery > 0 && now >= s->next_delivery) {
      deliver_next(i, s->latest);
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
  schedules = calloc(mire_nprobes + 1, sizeof *schedules);
  if (!schedules)
    return -1;
  for (size_t i = 0; i < mire_nprobes; ++i)
    mire_reschedule(i);
  if (pthread_create(&delivery_thread, NULL, delivery_main, NULL) == 0)
    delivery_running = 1;
  return 0;
}

char *mire_latest(size_t i) {
  return schedules && schedules[i].latest ? strdup(schedules[i].latest)
                                          : NULL;
}

static int final_written;

/* Writes every probe's final values (one document per probe, at its
 * destination unnumbered). */
void mire_write_final(void) {
  if (final_written || !mire_nprobes)
    return;
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
    if (mire_probes[i].removed)
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

