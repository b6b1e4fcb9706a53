/*
 * values.c - the values of the probes as the service reads them (engine.h,
 * mire_values_t): this process's rows, their text form between processes,
 * and every process's values gathered at the root.
 */
#define _GNU_SOURCE
#include "engine.h"

#include <stdio.h>
#include <stdlib.h>

int mire_values_alloc(mire_values_t *vals) {
  vals->v = calloc(mire_nprobes * (size_t)mire_threads * MIRE_ROW + 1,
                   sizeof *vals->v);
  return vals->v ? 0 : -1;
}

void mire_values_free(mire_values_t *vals) {
  free(vals->v);
  vals->v = NULL;
}

uint64_t *mire_values_at(const mire_values_t *vals, size_t probe,
                         int thread) {
  return vals->v + (probe * (size_t)mire_threads + (size_t)thread) * MIRE_ROW;
}

void mire_values_local(mire_values_t *vals) {
  for (size_t i = 0; i < mire_nprobes; ++i)
    for (int k = 0; k < mire_local_threads; ++k) {
      uint64_t *row = mire_values_at(vals, i, mire_first_thread + k);
      for (int m = 0; m < MIRE_ROW; ++m)
        row[m] = __atomic_load_n(&mire_probes[i].values[k * MIRE_ROW + m],
                                 __ATOMIC_RELAXED);
    }
}

char *mire_values_serialize(void) {
  char *text = NULL;
  size_t size = 0;
  FILE *f = open_memstream(&text, &size);
  if (!f)
    return NULL;
  for (size_t i = 0; i < mire_nprobes; ++i)
    for (int k = 0; k < mire_local_threads; ++k) {
      fprintf(f, "%zu %d", i, mire_first_thread + k);
      for (int m = 0; m < MIRE_ROW; ++m)
        fprintf(f, " %llu",
                (unsigned long long)__atomic_load_n(
                    &mire_probes[i].values[k * MIRE_ROW + m],
                    __ATOMIC_RELAXED));
      fputc('\n', f);
    }
  fclose(f);
  return text;
}

int mire_values_parse(mire_values_t *vals, const char *text) {
  while (*text) {
    char *end;
    unsigned long long probe = strtoull(text, &end, 10);
    long thread = strtol(end, &end, 10);
    if (end == text || probe >= mire_nprobes || thread < 0 ||
        thread >= mire_threads)
      return -1;
    uint64_t *row = mire_values_at(vals, probe, (int)thread);
    for (int m = 0; m < MIRE_ROW; ++m)
      row[m] = strtoull(end, &end, 10);
    text = end;
    while (*text == '\n' || *text == ' ')
      ++text;
  }
  return 0;
}

int mire_gather(mire_values_t *vals, const char *message) {
  int nprocesses = mire_nprocesses();
  if (mire_values_alloc(vals) != 0)
    return -1;
  mire_values_local(vals);
  if (nprocesses == 1 || !mire_relay_up(0))
    return 0;
  char **replies = calloc((size_t)nprocesses, sizeof *replies);
  int rc = replies ? mire_relay_all(message, replies) : -1;
  for (int i = 0; rc == 0 && i < nprocesses - 1; ++i)
    rc = mire_values_parse(vals, replies[i] ? replies[i] : "");
  for (int i = 0; replies && i < nprocesses - 1; ++i)
    free(replies[i]);
  free(replies);
  return rc;
}
