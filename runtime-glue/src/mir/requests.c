/*
 * requests.c - what the MIR engine answers while the program runs: SIR,
 * snapshot, instrumentation and control requests (MIR, sections 2 to 5)
 * from clients, on the root (through server.h), and the root's relayed
 * messages on the other processes (through relay.h; processes.c lists
 * them).
 *
 * Nothing here runs on a UPC thread, so a request never waits for the
 * program's barriers and the program never waits for a request. Requests
 * come from clients: they are read as untrusted (MIR_UNTRUSTED: no
 * DOCTYPE, no entity), and every change of the engine's state is made
 * under mire_lock, which the deliveries take too.
 */
#define _GNU_SOURCE
#include "engine.h"

#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

/* ------------------------------------------------------------------------
 * Documents
 * ------------------------------------------------------------------------ */

static char *errors_doc(const char *message) {
  return mir_errors_document(&message, 1);
}

static char *values_doc(const size_t *which, size_t n) {
  /* A probe that samples answers its last measurement, the others their
   * values now. */
  mire_values_t vals = {0}, base = {0};
  char *doc = mire_answer_values(which, n, &vals, &base) == 0
                  ? mire_measurement(which, n, &vals, &base)
                  : errors_doc("another process of the program cannot be "
                               "reached; its values are unknown");
  mire_values_free(&vals);
  mire_values_free(&base);
  return doc;
}

/* Sends msg (a request) to the other processes with its kind letter in
 * front: NULL, or the first error (malloc'ed). */
static char *relay_request(char kind, const char *msg, size_t len) {
  char *message = malloc(len + 2);
  if (!message)
    return strdup("out of memory");
  message[0] = kind;
  memcpy(message + 1, msg, len + 1);
  char *error = mire_relay_checked(message);
  free(message);
  return error;
}

/* An instrreq to the running program: a probe on its region's dormant
 * sites, on every process; the answer is its probe document (MIR,
 * section 4). */
static char *instrreq_doc(const mir_request_t *req, const char *msg,
                          size_t len) {
  const char *why = mire_check_instrreq(req);
  if (why)
    return errors_doc(why);
  char *error = relay_request('I', msg, len);
  if (error) {
    char *doc = errors_doc(error);
    free(error);
    return doc;
  }
  char id[32];
  if (mire_probe_create(req, id) != 0)
    return errors_doc("out of memory: the probe cannot be created");
  mire_reschedule(mire_nprobes - 1);
  return mir_probe_document(id);
}

static char *snapshot_doc(const mir_request_t *req) {
  int depth = req->stack > MIRE_STACK_MAX ? MIRE_STACK_MAX : (int)req->stack;
  int named = req->named == 1;
  /* Every process's stacks, as "thread frame" lines. */
  char *lines = mire_local_stacks(depth);
  int nprocesses = mire_nprocesses();
  if (depth > 0 && nprocesses > 1 && mire_relay_up(0)) {
    char message[32];
    snprintf(message, sizeof message, "S %d", depth);
    char **replies = calloc((size_t)nprocesses, sizeof *replies);
    if (replies && mire_relay_all(message, replies) == 0) {
      for (int i = 0; i < nprocesses - 1; ++i) {
        size_t a = lines ? strlen(lines) : 0, b = replies[i] ? strlen(replies[i]) : 0;
        char *joined = realloc(lines, a + b + 1);
        if (joined) {
          memcpy(joined + a, replies[i] ? replies[i] : "", b + 1);
          lines = joined;
        }
      }
    }
    for (int i = 0; replies && i < nprocesses - 1; ++i)
      free(replies[i]);
    free(replies);
  }
  /* Frames per thread. */
  size_t nlines = 0;
  for (char *c = lines; c && *c; ++c)
    nlines += *c == '\n';
  const char **frames = calloc(nlines + 1, sizeof *frames);
  int *owner = calloc(nlines + 1, sizeof *owner);
  size_t k = 0;
  for (char *c = lines; c && *c && frames && owner;) {
    char *end = strchr(c, '\n');
    if (!end)
      break;
    *end = '\0';
    char *space = strchr(c, ' ');
    if (space) {
      owner[k] = atoi(c);
      frames[k++] = space + 1;
    }
    c = end + 1;
  }
  /* node > process > thread, as in section 3's DTD. */
  int T = mire_threads, nnodes = mire_nnodes();
  mir_snapshot_entity_t *threads = calloc((size_t)T, sizeof *threads);
  mir_snapshot_entity_t *procs = calloc((size_t)T, sizeof *procs);
  mir_snapshot_entity_t *nodes = calloc((size_t)nnodes, sizeof *nodes);
  char (*ids)[24] = calloc((size_t)T * 2 + (size_t)nnodes, sizeof *ids);
  char (*names)[64] = calloc((size_t)T * 2, sizeof *names);
  char *doc = NULL;
  if (threads && procs && nodes && ids && names && frames && owner) {
    size_t np = 0;
    for (int n = 0; n < nnodes; ++n) {
      nodes[n].level = MIR_NODE;
      snprintf(ids[2 * T + n], sizeof ids[0], "%d", n);
      nodes[n].id = ids[2 * T + n];
      nodes[n].name = named ? mire_node_name(n) : NULL;
      nodes[n].master = -1;
      nodes[n].children = procs + np;
      for (int p = 0; p < T; ++p) {
        if (mire_process_of(p) != p || mire_node_of(p) != n)
          continue;
        mir_snapshot_entity_t *pe = &procs[np++];
        pe->level = MIR_PROCESS;
        snprintf(ids[T + p], sizeof ids[0], "%d", p);
        pe->id = ids[T + p];
        snprintf(names[T + p], sizeof names[0], "pid %d", mire_pid_of(p));
        pe->name = named ? names[T + p] : NULL;
        pe->master = -1;
        size_t first = 0;
        while (first < (size_t)T && mire_process_of((int)first) != p)
          ++first;
        pe->children = threads + first;
        for (int t = 0; t < T; ++t) {
          if (mire_process_of(t) != p)
            continue;
          mir_snapshot_entity_t *te = &threads[t];
          te->level = MIR_THREAD;
          snprintf(ids[t], sizeof ids[0], "%d", t);
          te->id = ids[t];
          snprintf(names[t], sizeof names[0], "UPC thread %d", t);
          te->name = named ? names[t] : NULL;
          te->master = -1;
          /* The frames of t are consecutive lines. */
          for (size_t i = 0; i < k; ++i)
            if (owner[i] == t) {
              if (!te->stack)
                te->stack = frames + i;
              ++te->nstack;
            }
          ++pe->nchildren;
        }
        ++nodes[n].nchildren;
      }
    }
    doc = mir_snapshot_document(nodes, (size_t)nnodes);
  }
  free(threads);
  free(procs);
  free(nodes);
  free(ids);
  free(names);
  free(frames);
  free(owner);
  free(lines);
  return doc;
}

/* ------------------------------------------------------------------------
 * Requests
 * ------------------------------------------------------------------------ */

typedef struct {
  char *text;
  size_t len;
} errors_t;

static void collect_error(void *arg, const char *severity, unsigned line,
                          unsigned column, const char *message) {
  errors_t *e = arg;
  if (strcmp(severity, "error") != 0)
    return; /* warnings: the request is answered anyway */
  char buf[1024];
  int n = snprintf(buf, sizeof buf, "%s%u:%u: %s", e->len ? "\n" : "", line,
                   column, message);
  char *grown = realloc(e->text, e->len + (size_t)n + 1);
  if (!grown)
    return;
  memcpy(grown + e->len, buf, (size_t)n + 1);
  e->text = grown;
  e->len += (size_t)n;
}

/* Applies a checked control request to this process's probes. */
static void apply_locally(const mir_request_t *req) {
  for (size_t i = 0; i < req->nprobes; ++i)
    mire_probe_apply(mire_probe_find(req->probes[i]), req);
}

char *mire_serve_client(void *arg, const char *msg, size_t len) {
  (void)arg;
  mir_request_t req;
  errors_t errors = {0};
  if (mir_request_parse(msg, len, "request",
                        MIR_UNTRUSTED | 1u << MIR_CTRLREQ |
                            1u << MIR_SNAPSHOTREQ | 1u << MIR_INSTRREQ |
                            1u << MIR_SIRREQ,
                        &req, collect_error, &errors) != 0) {
    /* Each error on its own: errors of section 7. */
    const char *list[32];
    size_t n = 0;
    for (char *c = errors.text; c && n < 32;) {
      list[n++] = c;
      char *nl = strchr(c, '\n');
      if (!nl)
        break;
      *nl = '\0';
      c = nl + 1;
    }
    char *doc = n ? mir_errors_document(list, n)
                  : errors_doc("the request could not be read");
    free(errors.text);
    return doc;
  }
  free(errors.text);
  char *doc = NULL;
  pthread_mutex_lock(&mire_lock);
  if (req.kind == MIR_SNAPSHOTREQ) {
    doc = snapshot_doc(&req);
  } else if (req.kind == MIR_SIRREQ) {
    doc = mire_sir_answer(req.resources, req.nresources);
  } else if (req.kind == MIR_INSTRREQ) {
    doc = instrreq_doc(&req, msg, len);
  } else if (mire_check_ctrlreq(&req)) {
    doc = errors_doc(mire_check_ctrlreq(&req));
  } else {
    /* ACTIVATE answers the values at activation: gathered before the
     * probes start measuring on any process (after, a thread of another
     * process could already have counted a step). With new metrics,
     * measuring or entities the answer follows them: after the action. */
    size_t *which = calloc(req.nprobes + 1, sizeof *which);
    for (size_t i = 0; which && i < req.nprobes; ++i)
      which[i] = (size_t)(mire_probe_find(req.probes[i]) - mire_probes);
    char *at_activation = NULL;
    if (which && req.action == MIR_ACTION_ACTIVATE && !req.nmetrics &&
        !req.measuring && !req.nentities)
      at_activation = values_doc(which, req.nprobes);
    char *error = relay_request('C', msg, len);
    if (error) {
      doc = errors_doc(error);
      free(error);
      free(at_activation);
    } else {
      apply_locally(&req);
      size_t n = 0;
      for (size_t i = 0; which && i < req.nprobes; ++i) {
        /* Only a new measuring changes a probe's schedule: the other
         * requests leave the instrumentation as it is (MIR, section 5). */
        if (req.measuring)
          mire_reschedule(which[i]);
        if (!mire_probes[which[i]].removed)
          which[n++] = which[i];
      }
      /* The other actions answer the probes' values after them (VALUE:
       * the values, MIR, section 5); a removed probe has none. */
      if (at_activation)
        doc = at_activation;
      else
        doc = which ? values_doc(which, n) : NULL;
    }
    free(which);
  }
  pthread_mutex_unlock(&mire_lock);
  mir_request_free(&req);
  return doc;
}

static pthread_mutex_t final_lock = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t final_cond = PTHREAD_COND_INITIALIZER;
static int final_requested;

char *mire_serve_relay(void *arg, const char *msg, size_t len) {
  (void)arg;
  (void)len;
  switch (msg[0]) {
  case 'V':
    return mire_values_serialize();
  case 'F': {
    char *values = mire_values_serialize();
    pthread_mutex_lock(&final_lock);
    final_requested = 1;
    pthread_cond_broadcast(&final_cond);
    pthread_mutex_unlock(&final_lock);
    return values;
  }
  case 'S':
    return mire_local_stacks(atoi(msg + 1));
  case 'I':
  case 'C': {
    int kind = msg[0] == 'I' ? MIR_INSTRREQ : MIR_CTRLREQ;
    mir_request_t req;
    errors_t errors = {0};
    if (mir_request_parse(msg + 1, len - 1, "request",
                          MIR_UNTRUSTED | 1u << kind, &req, collect_error,
                          &errors) != 0)
      return errors.text ? errors.text : strdup("unreadable request");
    free(errors.text);
    /* Under the lock, as on the root: a change of a probe's settings
     * frees what a reader of the old ones may hold. */
    pthread_mutex_lock(&mire_lock);
    char id[32];
    const char *why = kind == MIR_INSTRREQ ? mire_check_instrreq(&req)
                                           : mire_check_ctrlreq(&req);
    if (!why && kind == MIR_INSTRREQ && mire_probe_create(&req, id) != 0)
      why = "out of memory";
    else if (!why && kind == MIR_CTRLREQ)
      apply_locally(&req);
    char *reply = strdup(why ? why : "");
    pthread_mutex_unlock(&mire_lock);
    mir_request_free(&req);
    return reply;
  }
  default:
    return strdup("unknown message");
  }
}

int mire_wait_final(int seconds) {
  struct timespec until;
  clock_gettime(CLOCK_REALTIME, &until);
  until.tv_sec += seconds;
  pthread_mutex_lock(&final_lock);
  while (!final_requested &&
         pthread_cond_timedwait(&final_cond, &final_lock, &until) == 0)
    ;
  int requested = final_requested;
  pthread_mutex_unlock(&final_lock);
  return requested;
}
