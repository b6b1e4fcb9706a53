/*
 * report.c - the profile tool's report, written once at the end: a table
 * of rows summed over threads (and per thread), and the JSON of
 * gasp-tools/formats/profile.schema.json.
 */
#ifndef _GNU_SOURCE
#define _GNU_SOURCE
#endif
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "profile.h"

typedef struct row {
  uint32_t tag;
  int line, col;
  int thread;
  const char *file, *detail, *detail2;
  uint64_t count, incl_ns, excl_ns, bytes, accesses, remote;
  uint64_t max_thread_ns; /* merged rows: the largest thread's inclusive */
  struct row *threads;    /* merged rows: the per-thread rows */
  size_t nthreads;
} row_t;

static int file_cmp(const char *a, const char *b) {
  return strcmp(a ? a : "", b ? b : "");
}

static int key_cmp(const row_t *a, const row_t *b) {
  if (a->tag != b->tag)
    return a->tag < b->tag ? -1 : 1;
  int c = file_cmp(a->file, b->file);
  if (c)
    return c;
  if (a->line != b->line)
    return a->line < b->line ? -1 : 1;
  if (a->col != b->col)
    return a->col < b->col ? -1 : 1;
  return 0;
}

static int by_key_thread(const void *pa, const void *pb) {
  const row_t *a = pa, *b = pb;
  int c = key_cmp(a, b);
  if (c)
    return c;
  return (a->thread > b->thread) - (a->thread < b->thread);
}

static int by_time(const void *pa, const void *pb) {
  const row_t *a = pa, *b = pb;
  if (a->incl_ns != b->incl_ns)
    return a->incl_ns < b->incl_ns ? 1 : -1;
  if (a->count != b->count)
    return a->count < b->count ? 1 : -1;
  return key_cmp(a, b);
}

static const char *row_name(const row_t *r, char *buf, size_t size) {
  return upcgt_event_name(r->tag, buf, size);
}

static void row_location(const row_t *r, char *buf, size_t size) {
  snprintf(buf, size, "%s:%d:%d", r->file ? r->file : "<unknown>", r->line,
           r->col);
}

static void row_detail(const row_t *r, char *buf, size_t size) {
  buf[0] = '\0';
  if (r->detail2 && *r->detail2)
    snprintf(buf, size, "%s %s", r->detail2, r->detail ? r->detail : "");
  else if (r->detail)
    snprintf(buf, size, "%s", r->detail);
}

static void print_table(FILE *out, const row_t *rows, size_t n, double wall,
                        const char *how, int by_thread) {
  char name[64], loc[512], detail[512];
  int wname = 5, wloc = 8;
  for (size_t i = 0; i < n; ++i) {
    int k = (int)strlen(row_name(&rows[i], name, sizeof name));
    wname = k > wname ? k : wname;
    row_location(&rows[i], loc, sizeof loc);
    k = (int)strlen(loc);
    wloc = k > wloc ? k : wloc;
  }
  int nthreads = upcgt_nthreads(), first;
  int local = upcgt_local_threads(&first);
  if (local < nthreads) /* the other threads run in other processes (MPI) */
    fprintf(out,
            "== upc-gasp profile: thread%s %d%s of %d (this process), "
            "wall time %.6f s",
            local == 1 ? "" : "s", first, local == 1 ? "" : "...", nthreads,
            wall);
  else
    fprintf(out, "== upc-gasp profile: %d thread%s, wall time %.6f s", nthreads,
            nthreads == 1 ? "" : "s", wall);
  if (by_thread >= 0)
    fprintf(out,
            " (ended by %s on thread %d; open regions of other threads "
            "not counted)",
            how, by_thread);
  fprintf(out, " ==\n");
  fprintf(out, "%12s %12s %12s %10s %12s %12s %7s  %-*s  %-*s  %s\n",
          "total(s)", "excl(s)", "max/thr(s)", "count", "mean(us)", "bytes",
          "remote", wname, "event", wloc, "location", "detail");
  for (size_t i = 0; i < n; ++i) {
    const row_t *r = &rows[i];
    char remote[16] = "-";
    if (r->accesses)
      snprintf(remote, sizeof remote, "%.1f%%",
               100.0 * (double)r->remote / (double)r->accesses);
    row_location(r, loc, sizeof loc);
    row_detail(r, detail, sizeof detail);
    double mean_us = r->count ? (double)r->incl_ns / (double)r->count / 1e3 : 0;
    fprintf(out,
            "%12.6f %12.6f %12.6f %10" PRIu64 " %12.3f %12" PRIu64
            " %7s  %-*s  %-*s  %s\n",
            (double)r->incl_ns * 1e-9, (double)r->excl_ns * 1e-9,
            (double)r->max_thread_ns * 1e-9, r->count, mean_us, r->bytes,
            remote, wname, row_name(r, name, sizeof name), wloc, loc, detail);
  }
}

/* One thread's timeline, read once: at upc_global_exit the other threads
 * still run, so the summary's category times are summed from the same
 * reading as the bins printed, not read again a moment later. */
typedef struct {
  uint64_t own; /* the thread's bin width */
  uint32_t n;   /* bins read */
  uint64_t cat[UPCGT_TIMED_CATEGORIES];
  uint64_t (*v)[UPCGT_TIMED_CATEGORIES];
} timeline_read_t;

static void read_timeline(struct _gasp_context_S *ctx, timeline_read_t *r) {
  memset(r, 0, sizeof *r);
  if (ctx->bins) {
    r->own = LOAD(ctx->bin_ns);
    r->n = LOAD(ctx->nbins);
    if (r->n > TIMELINE_BINS)
      r->n = TIMELINE_BINS;
    r->v = calloc(r->n ? r->n : 1, sizeof *r->v);
  }
  if (!r->v) {
    /* No timeline (or no memory for the reading): the totals alone. */
    r->n = 0;
    for (int c = 0; c < UPCGT_TIMED_CATEGORIES; ++c)
      r->cat[c] = LOAD(ctx->cat_ns[c]);
    return;
  }
  for (uint32_t i = 0; i < r->n; ++i)
    for (int c = 0; c < UPCGT_TIMED_CATEGORIES; ++c) {
      r->v[i][c] = LOAD(ctx->bins[i][c]);
      r->cat[c] += r->v[i][c];
    }
}

/* Per thread of this process: summary, timeline, communication matrix. */
static void print_threads_json(FILE *out, uint64_t now) {
  int nthreads = upcgt_nthreads();
  static const char *const sep[] = {"", ", "};
  timeline_read_t *reads = calloc((size_t)nthreads, sizeof *reads);
  if (!reads)
    return;
  for (int th = 0; th < nthreads; ++th) {
    struct _gasp_context_S *ctx = (struct _gasp_context_S *)upcgt_context(th);
    if (ctx)
      read_timeline(ctx, &reads[th]);
  }
  fprintf(out, ",\n  \"thread_summary\": [");
  int k = 0;
  for (int th = 0; th < nthreads; ++th) {
    struct _gasp_context_S *ctx = (struct _gasp_context_S *)upcgt_context(th);
    if (!ctx)
      continue;
    uint64_t end = LOAD(ctx->end_ns);
    fprintf(out,
            "%s\n    {\"thread\": %d, \"wall_s\": %.9f, \"events\": %" PRIu64
            ", \"categories_s\": {",
            sep[k++ > 0], th, (double)(end ? end : now) * 1e-9,
            LOAD(ctx->events));
    for (int c = 0; c < UPCGT_TIMED_CATEGORIES; ++c)
      fprintf(out, "%s\"%s\": %.9f", sep[c > 0], upcgt_category_name(c),
              (double)reads[th].cat[c] * 1e-9);
    fprintf(out, "}}");
  }
  /* One bin width for the report: the coarsest of its threads. */
  uint64_t w = TIMELINE_FIRST_BIN_NS;
  for (int th = 0; th < nthreads; ++th)
    if (reads[th].v && reads[th].own > w)
      w = reads[th].own;
  fprintf(out, "\n  ],\n  \"timeline\": {\"bin_s\": %.9f, \"categories\": [",
          (double)w * 1e-9);
  for (int c = 0; c < UPCGT_TIMED_CATEGORIES; ++c)
    fprintf(out, "%s\"%s\"", sep[c > 0], upcgt_category_name(c));
  fprintf(out, "], \"threads\": [");
  k = 0;
  for (int th = 0; th < nthreads; ++th) {
    const timeline_read_t *r = &reads[th];
    if (!r->v)
      continue;
    uint64_t merge = w / r->own;
    uint32_t n = r->n;
    fprintf(out, "%s\n    {\"thread\": %d, \"bins\": [", sep[k++ > 0], th);
    for (uint32_t b = 0; b < (n + merge - 1) / merge; ++b) {
      fprintf(out, "%s[", sep[b > 0]);
      for (int c = 0; c < UPCGT_TIMED_CATEGORIES; ++c) {
        uint64_t v = 0;
        for (uint64_t i = b * merge; i < (b + 1) * merge && i < n; ++i)
          v += r->v[i][c];
        fprintf(out, "%s%.9f", sep[c > 0], (double)v * 1e-9);
      }
      fprintf(out, "]");
    }
    fprintf(out, "]}");
  }
  for (int th = 0; th < nthreads; ++th)
    free(reads[th].v);
  free(reads);
  fprintf(out, "\n  ]},\n  \"comm\": [");
  k = 0;
  for (int th = 0; th < nthreads; ++th) {
    struct _gasp_context_S *ctx = (struct _gasp_context_S *)upcgt_context(th);
    for (int to = 0; ctx && ctx->comm && to < nthreads; ++to) {
      comm_cell_t *c = &ctx->comm[to];
      uint64_t gb = LOAD(c->get_bytes), go = LOAD(c->get_ops);
      uint64_t pb = LOAD(c->put_bytes), po = LOAD(c->put_ops);
      if (!go && !po)
        continue;
      fprintf(out,
              "%s\n    {\"from\": %d, \"to\": %d, \"get_bytes\": %" PRIu64
              ", \"get_ops\": %" PRIu64 ", \"put_bytes\": %" PRIu64
              ", \"put_ops\": %" PRIu64 "}",
              sep[k++ > 0], th, to, gb, go, pb, po);
    }
  }
  fprintf(out, "\n  ]");
}

static void json_string(FILE *out, const char *s) {
  char buf[1024];
  if (!s) {
    fputs("null", out);
    return;
  }
  size_t len = strlen(s);
  size_t need = upcgt_json_escape(buf, sizeof buf, s, len);
  if (need < sizeof buf) {
    fprintf(out, "\"%s\"", buf);
    return;
  }
  char *big = malloc(need + 1);
  if (!big) {
    fputs("\"\"", out);
    return;
  }
  upcgt_json_escape(big, need + 1, s, len);
  fprintf(out, "\"%s\"", big);
  free(big);
}

static void print_json(FILE *out, const row_t *rows, size_t n, uint64_t now,
                       const char *how, int by_thread) {
  char name[64];
  int first;
  int local = upcgt_local_threads(&first);
  /* first_thread / local_threads: the threads this report covers (one
   * process's, with MPI), so that upc-prof can merge and check reports. */
  fprintf(out,
          "{\n  \"tool\": \"upc-gasp-profile\",\n  \"threads\": %d,\n"
          "  \"first_thread\": %d,\n  \"local_threads\": %d,\n"
          "  \"wall_time_s\": %.9f,\n  \"start_realtime_ns\": %" PRIu64 ",\n"
          "  \"event_cost_ns\": %.3f,\n  \"ended_by\": \"%s\",\n"
          "  \"ended_on_thread\": %d,\n  \"events\": [",
          upcgt_nthreads(), first, local, (double)now * 1e-9,
          upcgt_start_realtime_ns(), upcgp_event_cost_ns(), how, by_thread);
  for (size_t i = 0; i < n; ++i) {
    const row_t *r = &rows[i];
    fprintf(out, "%s\n    {\"event\": ", i ? "," : "");
    json_string(out, row_name(r, name, sizeof name));
    fprintf(out, ", \"tag\": %u, \"user_event\": %s, \"file\": ", r->tag,
            upcgt_is_user_event(r->tag) ? "true" : "false");
    json_string(out, r->file);
    fprintf(out, ", \"line\": %d, \"col\": %d, \"detail\": ", r->line, r->col);
    json_string(out, r->detail);
    fprintf(out, ", \"type\": ");
    json_string(out, r->detail2);
    fprintf(
        out,
        ", \"count\": %" PRIu64 ", \"total_s\": %.9f, \"exclusive_s\": "
        "%.9f, \"max_thread_s\": %.9f, \"mean_us\": %.3f, \"bytes\": %" PRIu64
        ", \"accesses\": %" PRIu64 ", \"remote\": %" PRIu64,
        r->count, (double)r->incl_ns * 1e-9, (double)r->excl_ns * 1e-9,
        (double)r->max_thread_ns * 1e-9,
        r->count ? (double)r->incl_ns / (double)r->count / 1e3 : 0.0, r->bytes,
        r->accesses, r->remote);
    if (r->accesses)
      fprintf(out, ", \"remote_share\": %.6f",
              (double)r->remote / (double)r->accesses);
    else
      fprintf(out, ", \"remote_share\": null");
    fprintf(out, ",\n     \"per_thread\": [");
    for (size_t k = 0; k < r->nthreads; ++k) {
      const row_t *t = &r->threads[k];
      fprintf(out,
              "%s{\"thread\": %d, \"count\": %" PRIu64
              ", \"total_s\": %.9f, \"bytes\": %" PRIu64 "}",
              k ? ", " : "", t->thread, t->count, (double)t->incl_ns * 1e-9,
              t->bytes);
    }
    fprintf(out, "]}");
  }
  fprintf(out, "\n  ]");
  print_threads_json(out, now);
  fprintf(out, "\n}\n");
}

/* Every thread's entries, merged by key. */
static row_t *collect(size_t *nrows, row_t **per_thread_out) {
  size_t cap = 256, n = 0;
  row_t *rows = malloc(cap * sizeof *rows);
  if (!rows)
    return NULL;
  for (int th = 0; th < upcgt_nthreads(); ++th) {
    /* The registry holds each context's first member. */
    struct _gasp_context_S *ctx = (struct _gasp_context_S *)upcgt_context(th);
    if (!ctx)
      continue;
    ptable_t *t = atomic_load_explicit(&ctx->published, memory_order_acquire);
    for (uint32_t i = 0; t && i <= t->mask; ++i) {
      pentry_t *e = &t->slots[i];
      if (!atomic_load_explicit(&e->used, memory_order_acquire))
        continue;
      if (n == cap) {
        row_t *r = realloc(rows, 2 * cap * sizeof *rows);
        if (!r)
          break;
        rows = r;
        cap *= 2;
      }
      row_t *r = &rows[n++];
      memset(r, 0, sizeof *r);
      r->tag = e->tag;
      r->line = e->line;
      r->col = e->col;
      r->file = e->file;
      r->thread = th;
      r->detail = LOAD(e->detail);
      r->detail2 = LOAD(e->detail2);
      r->count = LOAD(e->count);
      r->incl_ns = LOAD(e->incl_ns);
      r->excl_ns = LOAD(e->excl_ns);
      r->bytes = LOAD(e->bytes);
      r->accesses = LOAD(e->accesses);
      r->remote = LOAD(e->remote);
      r->max_thread_ns = r->incl_ns;
    }
  }
  qsort(rows, n, sizeof *rows, by_key_thread);
  /* Merge runs of equal keys; the per-thread rows stay in `rows`. A thread
   * may hold the same key twice (the same file name from two translation
   * units): such rows are summed per thread for max/thr. */
  row_t *merged = malloc((n ? n : 1) * sizeof *merged);
  size_t m = 0;
  for (size_t i = 0; merged && i < n;) {
    size_t j = i + 1;
    while (j < n && key_cmp(&rows[i], &rows[j]) == 0)
      ++j;
    row_t *g = &merged[m++];
    *g = rows[i];
    g->threads = &rows[i];
    g->nthreads = j - i;
    g->max_thread_ns = 0;
    g->count = g->incl_ns = g->excl_ns = g->bytes = g->accesses = g->remote = 0;
    uint64_t this_thread = 0;
    for (size_t k = i; k < j; ++k) {
      const row_t *r = &rows[k];
      g->count += r->count;
      g->incl_ns += r->incl_ns;
      g->excl_ns += r->excl_ns;
      g->bytes += r->bytes;
      g->accesses += r->accesses;
      g->remote += r->remote;
      if (!g->detail)
        g->detail = r->detail;
      if (!g->detail2)
        g->detail2 = r->detail2;
      this_thread = (k > i && rows[k - 1].thread == r->thread)
                        ? this_thread + r->incl_ns
                        : r->incl_ns;
      if (this_thread > g->max_thread_ns)
        g->max_thread_ns = this_thread;
    }
    i = j;
  }
  if (!merged) {
    free(rows);
    return NULL;
  }
  qsort(merged, m, sizeof *merged, by_time);
  *nrows = m;
  *per_thread_out = rows;
  return merged;
}

/* Through upcgt_final: once, at exit or at the first global exit. */
void upcgp_report(const char *how, int by_thread) {
  uint64_t now = upcgt_now_ns();
  double wall = (double)now * 1e-9;
  size_t n = 0;
  row_t *per_thread = NULL;
  row_t *rows = collect(&n, &per_thread);
  if (!rows) {
    upcgt_warn(TOOL, "out of memory writing the profile");
    return;
  }
  char path_buf[4096], json_buf[4096];
  const char *path = upcgt_getenv("GASP_PROFILE_FILE", NULL);
  if (path) {
    upcgt_output_path(path_buf, sizeof path_buf, path);
    path = path_buf;
  }
  FILE *out = stderr;
  if (path && strcmp(path, "-") != 0 && strcmp(path, "stderr") != 0) {
    out = strcmp(path, "stdout") == 0 ? stdout : fopen(path, "w");
    if (!out) {
      upcgt_warn(TOOL, "cannot write GASP_PROFILE_FILE=%s: %m; using stderr",
                 path);
      out = stderr;
    }
  }
  print_table(out, rows, n, wall, how, by_thread);
  const char *table_file = NULL, *json_file = NULL;
  if (out != stderr && out != stdout) {
    if (fclose(out) == 0)
      table_file = path;
    else
      upcgt_warn(TOOL, "error writing GASP_PROFILE_FILE=%s: %m", path);
  } else {
    fflush(out);
  }
  const char *jpath = upcgt_getenv("GASP_PROFILE_JSON", NULL);
  if (jpath) {
    upcgt_output_path(json_buf, sizeof json_buf, jpath);
    jpath = json_buf;
    FILE *j = strcmp(jpath, "-") == 0 ? stdout : fopen(jpath, "w");
    if (!j) {
      upcgt_warn(TOOL, "cannot write GASP_PROFILE_JSON=%s: %m", jpath);
    } else {
      print_json(j, rows, n, now, how, by_thread);
      if (j == stdout)
        fflush(j);
      else if (fclose(j) == 0)
        json_file = jpath;
      else
        upcgt_warn(TOOL, "error writing GASP_PROFILE_JSON=%s: %m", jpath);
    }
  }
  if (table_file && json_file)
    upcgt_announce(TOOL, "the profile to %s and its JSON to %s", table_file,
                   json_file);
  else if (table_file || json_file)
    upcgt_announce(TOOL, "the profile%s to %s", json_file ? " as JSON" : "",
                   table_file ? table_file : json_file);
  free(rows);
  free(per_thread);
}
