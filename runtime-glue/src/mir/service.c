/*
 * service.c - what the MIR engine does for tools while the program
 * runs: it answers control and snapshot requests (MIR, sections 3 and 5)
 * on the Unix socket UPC_MIR_SOCKET names, delivers measurements
 * periodically (section 4's measuring), and writes every probe's values
 * when the program ends (docs/mir.md).
 *
 * Processes. The process of UPC thread 0 (the root) serves the socket and
 * computes every document; it reaches the other processes (MPI ranks,
 * possibly on other nodes) through mir_channel.h, whose helper thread in
 * each process answers the root's messages:
 *   "V"          this process's values (mire_values_serialize)
 *   "C" request  apply a control request, answer "" or an error
 *   "S" depth    this process's threads' call stacks
 *   "F"          the final values; the process may then end
 * The processes learn each other's hosts and addresses at gasp_init,
 * through the program's shared memory (a collective upc_all_alloc).
 *
 * Nothing here runs on a UPC thread except start-up and exit, so a request
 * never waits for the program's barriers and the program never waits for
 * a request.
 */
#define _GNU_SOURCE
#include "channel.h"
#include "engine.h"

#include <dlfcn.h>
#include <errno.h>
#include <execinfo.h>
#include <pthread.h>
#include <sched.h>
#include <semaphore.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "gasp_upc.h"
#include "upc.h"

/* ------------------------------------------------------------------------
 * Processes and nodes
 * ------------------------------------------------------------------------ */

#define HOST_MAX 64
#define ADDRESS_MAX 160

typedef struct {
  int pid;
  char host[HOST_MAX];
  char address[ADDRESS_MAX]; /* the first thread of a process: its channel */
} slot_t;

static slot_t *slots;  /* [threads], read at start-up */
static int *node_of;   /* [threads] */
static int *process_of; /* [threads]: lowest thread of the process */
static int nnodes = 1;
static char **node_names;
static int is_root;    /* this process runs thread 0 */
static int nprocesses = 1;
static int channel_up;
static pthread_mutex_t relay_lock = PTHREAD_MUTEX_INITIALIZER;

int mire_node_of(int t) { return node_of ? node_of[t] : 0; }
int mire_process_of(int t) { return process_of ? process_of[t] : 0; }
int mire_nnodes(void) { return nnodes; }
const char *mire_node_name(int node) {
  return node_names && node < nnodes ? node_names[node] : "localhost";
}

/* ------------------------------------------------------------------------
 * Call stacks: the helper thread asks each UPC thread of its process for
 * its stack with a signal whose handler records it (backtrace(3), the
 * unwinder of glibc); frames are then named by dladdr(3).
 * ------------------------------------------------------------------------ */

#define STACK_MAX 64

/* A request for one thread's stack. The helper asks (IDLE -> ASKED) and
 * signals the thread; the handler takes the request (ASKED -> TAKEN),
 * records the frames and says so (DONE, then the semaphore). A helper that
 * gives up after its timeout withdraws a request not taken yet, or waits
 * for one being recorded, so that a late handler never writes frames that
 * the helper reads. */
enum { STACK_IDLE, STACK_ASKED, STACK_TAKEN, STACK_DONE };

typedef struct {
  pthread_t thread;
  int state; /* atomic */
  int depth; /* frames wanted, written before ASKED */
  void *frames[STACK_MAX + 2];
  int nframes;
  sem_t done;
} stack_slot_t;

static stack_slot_t *stacks; /* [local threads] */
static __thread int my_local = -1;

static int stack_signal(void) { return SIGRTMIN + 3; }

static void on_stack_signal(int sig) {
  (void)sig;
  int saved = errno;
  int asked = STACK_ASKED;
  stack_slot_t *s = my_local >= 0 ? &stacks[my_local] : NULL;
  if (s && __atomic_compare_exchange_n(&s->state, &asked, STACK_TAKEN, 0,
                                       __ATOMIC_ACQUIRE, __ATOMIC_RELAXED)) {
    /* Two more: the handler and the signal trampoline. */
    s->nframes = backtrace(s->frames, s->depth + 2);
    __atomic_store_n(&s->state, STACK_DONE, __ATOMIC_RELEASE);
    sem_post(&s->done);
  }
  errno = saved;
}

/* The frames of local thread k (up to depth), into s->frames; the number
 * recorded, 0 when the thread did not answer within a second. */
static int ask_stack(stack_slot_t *s, int depth) {
  s->depth = depth;
  __atomic_store_n(&s->state, STACK_ASKED, __ATOMIC_RELEASE);
  if (pthread_kill(s->thread, stack_signal()) != 0) {
    __atomic_store_n(&s->state, STACK_IDLE, __ATOMIC_RELAXED);
    return 0; /* the thread has ended */
  }
  struct timespec until;
  clock_gettime(CLOCK_REALTIME, &until);
  until.tv_sec += 1;
  int posted;
  while (!(posted = sem_timedwait(&s->done, &until) == 0) && errno == EINTR)
    ;
  int asked = STACK_ASKED;
  if (!posted && __atomic_compare_exchange_n(&s->state, &asked, STACK_IDLE, 0,
                                             __ATOMIC_RELAXED,
                                             __ATOMIC_RELAXED))
    return 0; /* withdrawn before the handler ran */
  while (__atomic_load_n(&s->state, __ATOMIC_ACQUIRE) != STACK_DONE)
    sched_yield(); /* being recorded: a handler does not block */
  if (!posted)
    while (sem_wait(&s->done) != 0 && errno == EINTR)
      ;
  __atomic_store_n(&s->state, STACK_IDLE, __ATOMIC_RELAXED);
  return s->nframes;
}

/* "function+0xoffset (object)", or "object+0xoffset" when the function
 * has no dynamic symbol (static functions; link with -rdynamic for
 * names). */
static void frame_string(void *pc, char *buf, size_t size) {
  Dl_info info;
  if (dladdr(pc, &info) && info.dli_sname)
    snprintf(buf, size, "%s+0x%lx (%s)", info.dli_sname,
             (unsigned long)((char *)pc - (char *)info.dli_saddr),
             info.dli_fname ? info.dli_fname : "?");
  else if (dladdr(pc, &info) && info.dli_fname)
    snprintf(buf, size, "%s+0x%lx", info.dli_fname,
             (unsigned long)((char *)pc - (char *)info.dli_fbase));
  else
    snprintf(buf, size, "%p", pc);
}

/* Lines "thread frame" (outermost last) of this process's threads. */
static char *local_stacks(int depth) {
  char *text = NULL;
  size_t size = 0;
  FILE *f = open_memstream(&text, &size);
  if (!f)
    return NULL;
  if (depth > STACK_MAX)
    depth = STACK_MAX;
  for (int k = 0; k < mire_local_threads && depth > 0; ++k) {
    stack_slot_t *s = &stacks[k];
    int n = ask_stack(s, depth);
    /* The first two frames are the handler and the signal trampoline. */
    for (int i = 2; i < n && i - 2 < depth; ++i) {
      char frame[512];
      frame_string(s->frames[i], frame, sizeof frame);
      fprintf(f, "%d %s\n", mire_first_thread + k, frame);
    }
  }
  fclose(f);
  return text;
}

/* ------------------------------------------------------------------------
 * Documents
 * ------------------------------------------------------------------------ */

static char *errors_doc(const char *message) {
  return mir_errors_document(&message, 1);
}

/* Every process's values into vals; -1 if another process cannot be
 * reached. */
static int gather(mire_values_t *vals, const char *message) {
  if (mire_values_alloc(vals) != 0)
    return -1;
  mire_values_local(vals);
  if (nprocesses == 1 || !channel_up)
    return 0;
  char **replies = calloc((size_t)nprocesses, sizeof *replies);
  char *error = NULL;
  int rc = replies ? 0 : -1;
  if (rc == 0)
    rc = mir_channel_relay(message, strlen(message), replies, &error);
  for (int i = 0; rc == 0 && i < nprocesses - 1; ++i)
    rc = mire_values_parse(vals, replies[i] ? replies[i] : "");
  if (error) {
    fprintf(stderr, "upc-mir: warning: %s\n", error);
    free(error);
  }
  for (int i = 0; replies && i < nprocesses - 1; ++i)
    free(replies[i]);
  free(replies);
  return rc;
}

/* Relays a message whose replies are "" (success) or an error. */
static char *relay_checked(const char *message) {
  if (nprocesses == 1 || !channel_up)
    return NULL;
  char **replies = calloc((size_t)nprocesses, sizeof *replies);
  char *error = NULL;
  if (!replies)
    return strdup("out of memory");
  if (mir_channel_relay(message, strlen(message), replies, &error) == 0)
    for (int i = 0; i < nprocesses - 1 && !error; ++i)
      if (replies[i] && *replies[i])
        error = strdup(replies[i]);
  for (int i = 0; i < nprocesses - 1; ++i)
    free(replies[i]);
  free(replies);
  return error;
}

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

static char *values_doc(const size_t *which, size_t n) {
  /* A probe that samples answers its latest measurement. */
  if (n == 1 && schedules && schedules[which[0]].latest)
    return strdup(schedules[which[0]].latest);
  mire_values_t vals = {0};
  char *doc = gather(&vals, "V") == 0
                  ? mire_measurement(which, n, &vals, NULL)
                  : errors_doc("another process of the program cannot be "
                               "reached; its values are unknown");
  mire_values_free(&vals);
  return doc;
}

static char *snapshot_doc(const mir_request_t *req) {
  int depth = req->stack > STACK_MAX ? STACK_MAX : (int)req->stack;
  int named = req->named == 1;
  /* Every process's stacks, as "thread frame" lines. */
  char *lines = local_stacks(depth);
  if (depth > 0 && nprocesses > 1 && channel_up) {
    char message[32];
    snprintf(message, sizeof message, "S %d", depth);
    char **replies = calloc((size_t)nprocesses, sizeof *replies);
    char *error = NULL;
    if (replies &&
        mir_channel_relay(message, strlen(message), replies, &error) == 0) {
      for (int i = 0; i < nprocesses - 1; ++i) {
        size_t a = lines ? strlen(lines) : 0, b = replies[i] ? strlen(replies[i]) : 0;
        char *joined = realloc(lines, a + b + 1);
        if (joined) {
          memcpy(joined + a, replies[i] ? replies[i] : "", b + 1);
          lines = joined;
        }
      }
    }
    free(error);
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
  int T = mire_threads;
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
        if (process_of[p] != p || node_of[p] != n)
          continue;
        mir_snapshot_entity_t *pe = &procs[np++];
        pe->level = MIR_PROCESS;
        snprintf(ids[T + p], sizeof ids[0], "%d", p);
        pe->id = ids[T + p];
        snprintf(names[T + p], sizeof names[0], "pid %d", slots[p].pid);
        pe->name = named ? names[T + p] : NULL;
        pe->master = -1;
        size_t first = 0;
        while (first < (size_t)T && process_of[first] != p)
          ++first;
        pe->children = threads + first;
        for (int t = 0; t < T; ++t) {
          if (process_of[t] != p)
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

static void reschedule(size_t probe);

static char *serve_client(void *arg, const char *msg, size_t len) {
  (void)arg;
  mir_request_t req;
  errors_t errors = {0};
  if (mir_request_parse(msg, len, "request",
                        1u << MIR_CTRLREQ | 1u << MIR_SNAPSHOTREQ |
                            1u << MIR_INSTRREQ,
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
  pthread_mutex_lock(&relay_lock);
  if (req.kind == MIR_SNAPSHOTREQ) {
    doc = snapshot_doc(&req);
  } else if (req.kind == MIR_INSTRREQ) {
    doc = errors_doc("this engine compiles probes in: give instrumentation "
                     "requests to upc-instrument --mir-request when "
                     "building the program; a running program answers "
                     "control and snapshot requests");
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
    char *message = malloc(len + 2);
    char *error = NULL;
    if (message) {
      message[0] = 'C';
      memcpy(message + 1, msg, len + 1);
      error = relay_checked(message);
      free(message);
    }
    if (error) {
      doc = errors_doc(error);
      free(error);
      free(at_activation);
    } else {
      apply_locally(&req);
      size_t n = 0;
      for (size_t i = 0; which && i < req.nprobes; ++i) {
        reschedule(which[i]);
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
  pthread_mutex_unlock(&relay_lock);
  mir_request_free(&req);
  return doc;
}

static pthread_mutex_t final_lock = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t final_cond = PTHREAD_COND_INITIALIZER;
static int final_requested;

static char *serve_relay(void *arg, const char *msg, size_t len) {
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
    return local_stacks(atoi(msg + 1));
  case 'C': {
    mir_request_t req;
    errors_t errors = {0};
    if (mir_request_parse(msg + 1, len - 1, "request", 1u << MIR_CTRLREQ,
                          &req, collect_error, &errors) != 0)
      return errors.text ? errors.text : strdup("unreadable request");
    free(errors.text);
    const char *why = mire_check_ctrlreq(&req);
    char *reply = strdup(why ? why : "");
    if (!why)
      apply_locally(&req);
    mir_request_free(&req);
    return reply;
  }
  default:
    return strdup("unknown message");
  }
}

/* ------------------------------------------------------------------------
 * Deliveries (the root)
 * ------------------------------------------------------------------------ */

static pthread_t delivery_thread;
static int delivery_running;
static int delivery_stop; /* atomic */

static uint64_t ms(long v) { return (uint64_t)v * 1000000u; }

static void reschedule(size_t i) {
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

/* Writes doc as the probe's next numbered document (atomically), at path
 * (size 1024); 0, or -1 after saying why. */
static int deliver(size_t i, const char *doc, unsigned number, char *path) {
  char tmp[1100];
  mire_destination(&mire_probes[i], number, path, 1024);
  snprintf(tmp, sizeof tmp, "%s.tmp%d", path, (int)getpid());
  FILE *f = fopen(tmp, "w");
  if (!f || fputs(doc, f) < 0 || fclose(f) != 0 || rename(tmp, path) != 0) {
    fprintf(stderr, "upc-mir: error: cannot write the measurement of "
            "probe '%s' to '%s': %s\n", mire_probes[i].id, path,
            strerror(errno));
    unlink(tmp);
    return -1;
  }
  return 0;
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
    if (gather(&vals, "V") == 0)
      doc = made = mire_measurement(&i, 1, &vals, NULL);
    mire_values_free(&vals);
  }
  char path[1024];
  if (doc)
    deliver(i, doc, ++schedules[i].delivered, path);
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
    if (start && gather(&vals, "V") == 0) {
      mire_values_free(&s->base);
      s->base = vals;
      vals.v = NULL;
      s->window_end = now + ms(m->duration);
      if (m->interval > 0)
        s->next_sample = now + ms(m->interval);
    }
  } else if (m->duration > 0) {
    /* ... and ends: the difference is the measurement. */
    if (now >= s->window_end && gather(&vals, "V") == 0) {
      free(s->latest);
      s->latest = mire_measurement(&i, 1, &vals, &s->base);
      s->window_end = 0;
      measured = 1;
    }
  } else if (m->interval > 0 && start && gather(&vals, "V") == 0) {
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
  if (gather(&vals, "V") == 0) {
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
    pthread_mutex_lock(&relay_lock);
    uint64_t now = mire_now_ns();
    uint64_t next = deliveries_due(now);
    pthread_mutex_unlock(&relay_lock);
    uint64_t wait = next > now ? next - now : 0;
    if (wait > ms(100))
      wait = ms(100);
    struct timespec ts = {(time_t)(wait / 1000000000u),
                          (long)(wait % 1000000000u)};
    nanosleep(&ts, NULL);
  }
  return NULL;
}

/* ------------------------------------------------------------------------
 * Start-up (every UPC thread, collectively, in gasp_init)
 * ------------------------------------------------------------------------ */

static pthread_barrier_t local_barrier;
static pthread_once_t process_once = PTHREAD_ONCE_INIT;

static void barrier(void) {
  upcr_barrier(0, UPCR_BARRIERFLAG_ANONYMOUS, UPCR_SRCPOS_UNKNOWN);
}

static void fail_start(const char *what) {
  fprintf(stderr, "upc-mir: error: %s\n", what);
  exit(1);
}

/* The first thread of a process: probes, channel. */
static void start_process(int me, upcr_shared_ptr_t all) {
  if (mire_probes_init() != 0)
    fail_start("the probes compiled into the program cannot be read");
  stacks = calloc((size_t)mire_local_threads, sizeof *stacks);
  if (!stacks)
    fail_start("out of memory");
  for (int k = 0; k < mire_local_threads; ++k)
    sem_init(&stacks[k].done, 0, 0);
  struct sigaction sa;
  memset(&sa, 0, sizeof sa);
  sa.sa_handler = on_stack_signal;
  sa.sa_flags = SA_RESTART;
  sigemptyset(&sa.sa_mask);
  sigaction(stack_signal(), &sa, NULL);
  void *warm[2];
  backtrace(warm, 2); /* loads the unwinder now, not in a handler */

  /* The root's schedules exist before a client can ask. */
  if (is_root) {
    schedules = calloc(mire_nprobes + 1, sizeof *schedules);
    if (!schedules)
      fail_start("out of memory");
    for (size_t i = 0; i < mire_nprobes; ++i)
      reschedule(i);
  }
  const char *socket_path = is_root ? getenv("UPC_MIR_SOCKET") : NULL;
  if (socket_path && !*socket_path)
    socket_path = NULL;
  char *address = NULL, *error = NULL;
  if (socket_path || nprocesses > 1) {
    if (mir_channel_start(socket_path, serve_client, serve_relay, NULL,
                          &address, &error) == 0) {
      channel_up = 1;
    } else {
      /* The program runs on without a channel: its values are still
       * written at exit. */
      fprintf(stderr, "upc-mir: warning: no control channel: %s\n",
              error ? error : "unknown error");
      free(error);
    }
  }
  slot_t mine = slots[me];
  snprintf(mine.address, sizeof mine.address, "%s", address ? address : "");
  free(address);
  upc_memput(upcr_add_shared(all, sizeof(slot_t), me, 1), &mine,
             sizeof mine);
  if (is_root &&
      pthread_create(&delivery_thread, NULL, delivery_main, NULL) == 0)
    delivery_running = 1;
}

static int local_count;
static void init_local_barrier(void) {
  pthread_barrier_init(&local_barrier, NULL,
                       (unsigned)__atomic_load_n(&local_count,
                                                 __ATOMIC_ACQUIRE));
}

void mire_service_start(void) {
  int me = gasp_upc_mythread();
  int T = gasp_upc_threads();
  upcr_shared_ptr_t all = upc_all_alloc((size_t)T, sizeof(slot_t));
  slot_t mine;
  memset(&mine, 0, sizeof mine);
  mine.pid = (int)getpid();
  gethostname(mine.host, sizeof mine.host - 1);
  upc_memput(upcr_add_shared(all, sizeof(slot_t), me, 1), &mine,
             sizeof mine);
  barrier();
  /* Every thread reads every slot: processes are (host, pid) pairs, nodes
   * hosts, numbered in thread order. */
  slot_t *view = calloc((size_t)T, sizeof *view);
  if (!view)
    fail_start("out of memory");
  for (int t = 0; t < T; ++t)
    upc_memget(&view[t], upcr_add_shared(all, sizeof(slot_t), t, 1),
               sizeof *view);
  int first = me, count = 0;
  for (int t = 0; t < T; ++t)
    if (view[t].pid == view[me].pid &&
        strcmp(view[t].host, view[me].host) == 0) {
      if (count++ == 0)
        first = t;
    }
  if (first == me) {
    /* The first thread of the process owns the process's tables. */
    slots = view;
    mire_threads = T;
    mire_first_thread = first;
    mire_local_threads = count;
    is_root = first == 0;
    node_of = calloc((size_t)T, sizeof *node_of);
    process_of = calloc((size_t)T, sizeof *process_of);
    node_names = calloc((size_t)T, sizeof *node_names);
    if (!node_of || !process_of || !node_names)
      fail_start("out of memory");
    nnodes = 0;
    nprocesses = 0;
    for (int t = 0; t < T; ++t) {
      int p = t, n = -1;
      for (int u = 0; u < t && p == t; ++u)
        if (view[u].pid == view[t].pid &&
            strcmp(view[u].host, view[t].host) == 0)
          p = process_of[u];
      process_of[t] = p;
      nprocesses += p == t;
      for (int k = 0; k < nnodes && n < 0; ++k)
        if (strcmp(node_names[k], view[t].host) == 0)
          n = k;
      if (n < 0) {
        n = nnodes++;
        node_names[n] = view[t].host;
      }
      node_of[t] = n;
    }
  } else {
    free(view);
  }
  /* The process's threads meet on a barrier of their own, made once. */
  __atomic_store_n(&local_count, count, __ATOMIC_RELEASE);
  pthread_once(&process_once, init_local_barrier);
  pthread_barrier_wait(&local_barrier);
  my_local = me - mire_first_thread;
  if (first == me)
    start_process(me, all);
  pthread_barrier_wait(&local_barrier);
  stacks[my_local].thread = pthread_self();
  barrier();
  if (is_root && nprocesses > 1 && channel_up) {
    const char **addresses = calloc((size_t)nprocesses, sizeof *addresses);
    slot_t *peers = calloc((size_t)T, sizeof *peers);
    size_t n = 0;
    for (int t = 1; addresses && peers && t < T; ++t)
      if (process_of[t] == t) {
        upc_memget(&peers[t], upcr_add_shared(all, sizeof(slot_t), t, 1),
                   sizeof *peers);
        addresses[n++] = peers[t].address;
      }
    if (n == (size_t)nprocesses - 1)
      mir_channel_set_peers(addresses, n);
    else
      channel_up = 0;
    free(addresses);
    free(peers);
  }
  barrier();
}

/* ------------------------------------------------------------------------
 * Exit
 * ------------------------------------------------------------------------ */

static int final_written;

/* Writes every probe's final values (one document per probe, at its
 * destination unnumbered). */
static void write_final(void) {
  if (final_written || !mire_nprobes)
    return;
  final_written = 1;
  if (delivery_running) {
    __atomic_store_n(&delivery_stop, 1, __ATOMIC_RELEASE);
    pthread_join(delivery_thread, NULL);
    delivery_running = 0;
  }
  pthread_mutex_lock(&relay_lock);
  mire_values_t vals = {0};
  if (gather(&vals, "F") != 0)
    fprintf(stderr, "upc-mir: warning: the values of other processes are "
            "missing from the final measurements\n");
  for (size_t i = 0; i < mire_nprobes; ++i) {
    if (mire_probes[i].removed)
      continue;
    char *doc = mire_measurement(&i, 1, &vals, NULL);
    char path[1024];
    /* Said, as the GASP tools say where they wrote. */
    if (doc && deliver(i, doc, 0, path) == 0)
      fprintf(stderr,
              "upc-mir: wrote the final measurement of probe '%s' "
              "to %s\n",
              mire_probes[i].id, path);
    free(doc);
  }
  mire_values_free(&vals);
  pthread_mutex_unlock(&relay_lock);
}

void mire_service_collective_exit(int thread) {
  if (!slots)
    return;
  if (thread != mire_first_thread)
    return;
  if (is_root) {
    write_final();
    if (channel_up)
      mir_channel_stop();
    return;
  }
  if (!channel_up)
    return;
  /* The root gathers the final values after every thread's exit: this
   * process stays until it has (or 30 s passed). */
  struct timespec until;
  clock_gettime(CLOCK_REALTIME, &until);
  until.tv_sec += 30;
  pthread_mutex_lock(&final_lock);
  while (!final_requested &&
         pthread_cond_timedwait(&final_cond, &final_lock, &until) == 0)
    ;
  pthread_mutex_unlock(&final_lock);
  mir_channel_stop();
}

void mire_service_exit(void) {
  /* exit without a collective exit event (upc_global_exit, an error): the
   * root writes what it can reach. */
  if (is_root)
    write_final();
}
