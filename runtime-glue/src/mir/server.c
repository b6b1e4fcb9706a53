/*
 * server.c - the program's end of UPC_MIR_SOCKET (server.h).
 *
 * Two threads: the I/O thread polls the listening socket, every client's
 * connection and two wake-up pipes (stop, and "a reply is ready"); it never
 * blocks on a client. The worker computes replies, one at a time, in the
 * order requests were completed. A client moves READING -> QUEUED (the
 * worker has it) -> WRITING -> DRAINING (only if it had not shut down its
 * writing side) -> closed; the I/O thread owns the table of clients, and
 * the two threads hand clients over through two lists under one lock.
 *
 * Framing (docs/mir.md, "Wire protocol"): each client's bytes go through a
 * libxml2 push parser as they arrive; the request ends where the parser
 * closes the root element (the bytes after it are not part of it), where
 * it finds the document malformed (more bytes cannot mend it), or at the
 * client's end of file, whichever comes first.
 */
#ifndef _GNU_SOURCE
#define _GNU_SOURCE
#endif
#include "server.h"

#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <pthread.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/un.h>
#include <unistd.h>

#include <libxml/parser.h>

#include "io.h"

/* Connections wait here while MIR_MAX_CLIENTS are served. */
#define LISTEN_BACKLOG 128

typedef struct client {
  int fd;
  enum { READING, QUEUED, WRITING, DRAINING } state;
  char *buf; /* the request, NUL-terminated */
  size_t len, cap;
  xmlParserCtxtPtr parser; /* READING: where the request ends; NULL: at
                              end of file only (no memory for a parser) */
  int depth;               /* of the element being parsed */
  long root_end;           /* bytes up to the root's end tag, or -1 */
  int peer_done;           /* the client shut down its writing side */
  size_t drained;          /* bytes after the request, thrown away */
  char *reply; /* NULL: the worker had none: close without one */
  size_t rlen, roff;
  long long deadline; /* mir_now_ms(); READING, WRITING and DRAINING */
  struct client *next; /* in the worker's queue or the done list */
} client_t;

static struct {
  int running;
  pid_t owner; /* a fork child does not own the server */
  pthread_t io, worker;
  int stop_rd, stop_wr, wake_rd, wake_wr, listen_fd;
  char *path;
  dev_t dev;
  ino_t ino;
  mir_serve_fn *serve;
  void *arg;
  client_t *clients[MIR_MAX_CLIENTS]; /* the I/O thread's */
  size_t nclients;
  pthread_mutex_t lock; /* the lists and stopping */
  pthread_cond_t cond;
  client_t *queue, *queue_tail, *done;
  int stopping;
} sv = {.stop_rd = -1, .stop_wr = -1, .wake_rd = -1, .wake_wr = -1,
        .listen_fd = -1, .lock = PTHREAD_MUTEX_INITIALIZER,
        .cond = PTHREAD_COND_INITIALIZER};

static void close_fd(int *fd) {
  if (*fd >= 0)
    close(*fd);
  *fd = -1;
}

static void free_client(client_t *c) {
  if (!c)
    return;
  close_fd(&c->fd);
  if (c->parser)
    xmlFreeParserCtxt(c->parser);
  free(c->buf);
  free(c->reply);
  free(c);
}

/* A refused client is said once per program: a loop of attempts must not
 * fill the program's standard error. */
static void refuse_uid(long uid) {
  static int said;
  if (__atomic_exchange_n(&said, 1, __ATOMIC_RELAXED))
    return;
  fprintf(stderr,
          "upc-mir: warning: refused a client of uid %ld on %s: only the "
          "program's user (uid %lu) may send it requests\n",
          uid, sv.path, (unsigned long)geteuid());
}

/* ------------------------------------------------------------------------
 * The listening socket
 * ------------------------------------------------------------------------ */

static int listen_unix(const char *path, char **error) {
  struct sockaddr_un sa = {.sun_family = AF_UNIX};
  if (strlen(path) >= sizeof sa.sun_path) {
    *error = mir_format("socket path too long: %s", path);
    return -1;
  }
  strcpy(sa.sun_path, path);
  struct stat st;
  if (lstat(path, &st) == 0) {
    if (!S_ISSOCK(st.st_mode)) {
      *error = mir_format("%s exists and is not a socket", path);
      return -1;
    }
    if (st.st_uid != geteuid()) {
      *error = mir_format("%s is a socket of uid %lu, not of this user", path,
                          (unsigned long)st.st_uid);
      return -1;
    }
    int probe = socket(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC | SOCK_NONBLOCK, 0);
    if (probe < 0) {
      *error = mir_format("socket: %s", strerror(errno));
      return -1;
    }
    int r = connect(probe, (struct sockaddr *)&sa, sizeof sa);
    int e = errno;
    close_fd(&probe);
    /* EAGAIN: its backlog is full, so someone is alive behind it. */
    if (r == 0 || e == EAGAIN || e == EINPROGRESS) {
      *error = mir_format("a running program already listens on %s", path);
      return -1;
    }
    if (e != ECONNREFUSED) {
      *error = mir_format("cannot check the existing socket %s: %s", path,
                          strerror(e));
      return -1;
    }
    if (unlink(path) != 0 && errno != ENOENT) {
      *error = mir_format("cannot remove the stale socket %s: %s", path,
                          strerror(errno));
      return -1;
    }
  } else if (errno != ENOENT) {
    *error = mir_format("cannot use %s: %s", path, strerror(errno));
    return -1;
  }
  int fd = socket(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC | SOCK_NONBLOCK, 0);
  if (fd < 0) {
    *error = mir_format("socket: %s", strerror(errno));
    return -1;
  }
  if (bind(fd, (struct sockaddr *)&sa, sizeof sa) != 0) {
    *error = mir_format("cannot bind the socket %s: %s", path,
                        strerror(errno));
    close_fd(&fd);
    return -1;
  }
  /* Owner only. Until listen() nobody can connect, so changing the mode
   * after bind leaves no window (and umask is process-wide: not ours). */
  if (chmod(path, S_IRUSR | S_IWUSR) != 0 || lstat(path, &st) != 0 ||
      listen(fd, LISTEN_BACKLOG) != 0) {
    *error = mir_format("cannot set up the socket %s: %s", path,
                        strerror(errno));
    unlink(path);
    close_fd(&fd);
    return -1;
  }
  sv.dev = st.st_dev;
  sv.ino = st.st_ino;
  return fd;
}

/* ------------------------------------------------------------------------
 * The worker
 * ------------------------------------------------------------------------ */

static void *worker_main(void *unused) {
  (void)unused;
  pthread_mutex_lock(&sv.lock);
  for (;;) {
    while (!sv.queue && !sv.stopping)
      pthread_cond_wait(&sv.cond, &sv.lock);
    if (sv.stopping)
      break;
    client_t *c = sv.queue;
    sv.queue = c->next;
    if (!sv.queue)
      sv.queue_tail = NULL;
    pthread_mutex_unlock(&sv.lock);
    char *reply = sv.serve ? sv.serve(sv.arg, c->buf, c->len) : NULL;
    pthread_mutex_lock(&sv.lock);
    c->reply = reply;
    c->next = sv.done;
    sv.done = c;
    /* A full pipe already holds a wake-up. */
    if (write(sv.wake_wr, "r", 1) < 0) {
    }
  }
  pthread_mutex_unlock(&sv.lock);
  return NULL;
}

/* ------------------------------------------------------------------------
 * The I/O thread
 * ------------------------------------------------------------------------ */

static void drop(size_t i) {
  free_client(sv.clients[i]);
  sv.clients[i] = sv.clients[--sv.nclients];
}

/* ------------------------------------------------------------------------
 * Framing: where a request ends, as libxml2 reads it
 * ------------------------------------------------------------------------ */

static void frame_start(void *ctx, const xmlChar *localname,
                        const xmlChar *prefix, const xmlChar *uri,
                        int nnamespaces, const xmlChar **namespaces,
                        int nattributes, int ndefaulted,
                        const xmlChar **attributes) {
  (void)localname, (void)prefix, (void)uri, (void)nnamespaces;
  (void)namespaces, (void)nattributes, (void)ndefaulted, (void)attributes;
  client_t *c = ((xmlParserCtxtPtr)ctx)->_private;
  c->depth++;
}

static void frame_end(void *ctx, const xmlChar *localname,
                      const xmlChar *prefix, const xmlChar *uri) {
  (void)localname, (void)prefix, (void)uri;
  xmlParserCtxtPtr p = ctx;
  client_t *c = p->_private;
  if (--c->depth > 0)
    return;
  /* Called once the root's '>' is consumed: the bytes of the document
   * (its encoding's, a byte order mark included). */
  c->root_end = xmlByteConsumed(p);
  xmlStopParser(p);
}

/* The engine reports a malformed request itself (requests.c): the framing
 * parser says nothing, on stderr or elsewhere. */
static void frame_error(void *unused, xmlErrorPtr error) {
  (void)unused, (void)error;
}

/* Only elements matter: no entity is declared, expanded or loaded, and
 * nothing is fetched (a request with a DOCTYPE is the engine's error). */
static xmlSAXHandler frame_sax = {
    .initialized = XML_SAX2_MAGIC,
    .startElementNs = frame_start,
    .endElementNs = frame_end,
    .serror = frame_error,
};

static void frame_init(client_t *c) {
  c->root_end = -1;
  c->parser = xmlCreatePushParserCtxt(&frame_sax, NULL, NULL, 0, NULL);
  if (!c->parser)
    return; /* framed by end of file alone */
  xmlCtxtUseOptions(c->parser,
                    XML_PARSE_NONET | XML_PARSE_NOERROR | XML_PARSE_NOWARNING);
  c->parser->_private = c;
}

/* Feeds the bytes received since from; 1 when the request is complete:
 * its root element closed (the request is cut there) or it is malformed
 * (the engine answers with the error). */
static int frame_more(client_t *c, size_t from) {
  if (!c->parser)
    return 0;
  int rc = xmlParseChunk(c->parser, c->buf + from, (int)(c->len - from), 0);
  if (c->root_end >= 0) {
    if ((size_t)c->root_end < c->len)
      c->len = (size_t)c->root_end; /* what follows is not the request */
    return 1;
  }
  return rc != 0 || !c->parser->wellFormed;
}

static void accept_client(void) {
  int fd = accept4(sv.listen_fd, NULL, NULL, SOCK_NONBLOCK | SOCK_CLOEXEC);
  if (fd < 0)
    return; /* gone meanwhile, or out of descriptors: poll tells again */
  long uid = mir_peer_uid(fd);
  if (uid != (long)geteuid()) {
    refuse_uid(uid);
    close(fd);
    return;
  }
  client_t *c = calloc(1, sizeof *c);
  if (!c) {
    close(fd);
    return;
  }
  c->fd = fd;
  c->state = READING;
  c->deadline = mir_now_ms() + MIR_REQUEST_DEADLINE_MS;
  frame_init(c);
  sv.clients[sv.nclients++] = c;
}

/* Reads what client i sent; once the request is complete (framing, or end
 * of file), hands it over. */
static void read_client(size_t i) {
  client_t *c = sv.clients[i];
  int complete = 0;
  for (;;) {
    if (c->cap - c->len < 2) {
      size_t ncap = c->cap ? c->cap * 2 : 4096;
      if (ncap > MIR_MAX_REQUEST + 2)
        ncap = MIR_MAX_REQUEST + 2;
      char *nb = realloc(c->buf, ncap);
      if (!nb) {
        drop(i);
        return;
      }
      c->buf = nb;
      c->cap = ncap;
    }
    ssize_t n = recv(c->fd, c->buf + c->len, c->cap - c->len - 1,
                     MSG_DONTWAIT);
    if (n > 0) {
      size_t from = c->len;
      c->len += (size_t)n;
      if (frame_more(c, from)) {
        complete = 1;
        break;
      }
      if (c->len > MIR_MAX_REQUEST) {
        drop(i); /* too large: unanswered */
        return;
      }
      continue;
    }
    if (n < 0 && errno == EINTR)
      continue;
    if (n < 0 && (errno == EAGAIN || errno == EWOULDBLOCK))
      return;
    if (n < 0) {
      drop(i);
      return;
    }
    c->peer_done = 1; /* end of file */
    break;
  }
  c->buf[c->len] = '\0';
  /* A client that closed its socket instead of shutting down its writing
   * side disconnected mid-request (or gave up): both ends shut is a
   * hang-up. A complete request is served all the same. */
  struct pollfd p = {c->fd, 0, 0};
  if (!complete && poll(&p, 1, 0) == 1 && (p.revents & (POLLHUP | POLLERR))) {
    drop(i);
    return;
  }
  if (c->parser) {
    xmlFreeParserCtxt(c->parser);
    c->parser = NULL;
  }
  c->state = QUEUED;
  pthread_mutex_lock(&sv.lock);
  c->next = NULL;
  if (sv.queue_tail)
    sv.queue_tail->next = c;
  else
    sv.queue = c;
  sv.queue_tail = c;
  pthread_cond_signal(&sv.cond);
  pthread_mutex_unlock(&sv.lock);
}

/* After the reply: bytes the client still sends (after its request's
 * root element) are read and thrown away until its end of file, so that
 * closing does not reset the connection under the reply it is reading. */
static void drain_client(size_t i) {
  client_t *c = sv.clients[i];
  char b[4096];
  for (;;) {
    ssize_t n = recv(c->fd, b, sizeof b, MSG_DONTWAIT);
    if (n > 0) {
      c->drained += (size_t)n;
      if (c->drained > MIR_MAX_REQUEST)
        break;
      continue;
    }
    if (n < 0 && errno == EINTR)
      continue;
    if (n < 0 && (errno == EAGAIN || errno == EWOULDBLOCK))
      return;
    break; /* end of file, or an error */
  }
  drop(i);
}

static void write_client(size_t i) {
  client_t *c = sv.clients[i];
  while (c->roff < c->rlen) {
    ssize_t n = send(c->fd, c->reply + c->roff, c->rlen - c->roff,
                     MSG_NOSIGNAL | MSG_DONTWAIT);
    if (n > 0) {
      c->roff += (size_t)n;
      continue;
    }
    if (n < 0 && errno == EINTR)
      continue;
    if (n < 0 && (errno == EAGAIN || errno == EWOULDBLOCK))
      return;
    drop(i); /* the client went away */
    return;
  }
  if (c->peer_done) {
    drop(i);
    return;
  }
  /* The end of the reply; then wait for the client's end. */
  shutdown(c->fd, SHUT_WR);
  c->state = DRAINING;
  c->deadline = mir_now_ms() + MIR_REQUEST_DEADLINE_MS;
  drain_client(i);
}

/* Replies the worker finished: to be written. */
static void take_replies(void) {
  char b[64];
  while (read(sv.wake_rd, b, sizeof b) > 0) {
  }
  pthread_mutex_lock(&sv.lock);
  client_t *done = sv.done;
  sv.done = NULL;
  pthread_mutex_unlock(&sv.lock);
  for (client_t *c = done; c; c = c->next) {
    c->state = WRITING;
    c->rlen = c->reply ? strlen(c->reply) : 0;
    c->roff = 0;
    c->deadline = mir_now_ms() + MIR_REQUEST_DEADLINE_MS;
  }
}

static void *io_main(void *unused) {
  (void)unused;
  for (;;) {
    struct pollfd p[3 + MIR_MAX_CLIENTS];
    client_t *polled[MIR_MAX_CLIENTS];
    size_t np = 3, nc = 0;
    long long now = mir_now_ms(), next = -1;
    for (size_t i = 0; i < sv.nclients;) {
      client_t *c = sv.clients[i];
      if (c->state != QUEUED && now >= c->deadline) {
        drop(i); /* stalled: no reply, or no longer one */
        continue;
      }
      ++i;
    }
    for (size_t i = 0; i < sv.nclients; i++) {
      client_t *c = sv.clients[i];
      if (c->state == QUEUED)
        continue;
      if (next < 0 || c->deadline < next)
        next = c->deadline;
      polled[nc++] = c;
      p[np++] = (struct pollfd){c->fd,
                                c->state == WRITING ? POLLOUT : POLLIN, 0};
    }
    p[0] = (struct pollfd){sv.stop_rd, POLLIN, 0};
    p[1] = (struct pollfd){sv.wake_rd, POLLIN, 0};
    /* A full table leaves new clients in the backlog. */
    p[2] = (struct pollfd){sv.nclients < MIR_MAX_CLIENTS ? sv.listen_fd : -1,
                           POLLIN, 0};
    int timeout = next < 0 ? -1 : (int)(next - now);
    int r = poll(p, np, timeout);
    if (r < 0) {
      if (errno != EINTR)
        poll(NULL, 0, 10); /* ENOMEM: try again */
      continue;
    }
    if (p[0].revents)
      break;
    for (size_t k = 0; k < nc; k++) {
      if (!p[3 + k].revents)
        continue;
      /* Reading or writing one may drop another: look each up again. */
      for (size_t i = 0; i < sv.nclients; i++) {
        if (sv.clients[i] != polled[k])
          continue;
        if (polled[k]->state == READING)
          read_client(i);
        else if (polled[k]->state == WRITING)
          write_client(i);
        else
          drain_client(i);
        break;
      }
    }
    if (p[1].revents)
      take_replies();
    if (p[2].revents)
      accept_client();
  }
  return NULL;
}

/* ------------------------------------------------------------------------
 * Start and stop
 * ------------------------------------------------------------------------ */

static void teardown(void) {
  int own = sv.owner == getpid();
  /* Every client is in the table, queued or answered ones too (the lists
   * only link them). */
  for (size_t i = 0; i < sv.nclients; i++)
    free_client(sv.clients[i]);
  sv.nclients = 0;
  sv.done = sv.queue = sv.queue_tail = NULL;
  close_fd(&sv.listen_fd);
  close_fd(&sv.stop_rd);
  close_fd(&sv.stop_wr);
  close_fd(&sv.wake_rd);
  close_fd(&sv.wake_wr);
  struct stat st;
  if (own && sv.path && lstat(sv.path, &st) == 0 && S_ISSOCK(st.st_mode) &&
      st.st_dev == sv.dev && st.st_ino == sv.ino)
    unlink(sv.path);
  free(sv.path);
  sv.path = NULL;
  sv.running = 0;
  sv.stopping = 0;
  sv.owner = 0;
}

int mir_server_start(const char *path, mir_serve_fn *serve, void *arg,
                     char **error) {
  *error = NULL;
  mir_server_stop(); /* a fork child's inherited server, if any */
  if (sv.running) {
    *error = mir_format("the MIR server is already started");
    return -1;
  }
  /* Before any thread parses: libxml2's global state. */
  xmlInitParser();
  int stop[2], wake[2];
  if (pipe2(stop, O_CLOEXEC | O_NONBLOCK) != 0) {
    *error = mir_format("pipe: %s", strerror(errno));
    return -1;
  }
  if (pipe2(wake, O_CLOEXEC | O_NONBLOCK) != 0) {
    *error = mir_format("pipe: %s", strerror(errno));
    close(stop[0]);
    close(stop[1]);
    return -1;
  }
  sv.owner = getpid();
  sv.stop_rd = stop[0];
  sv.stop_wr = stop[1];
  sv.wake_rd = wake[0];
  sv.wake_wr = wake[1];
  sv.serve = serve;
  sv.arg = arg;
  sv.path = strdup(path);
  sv.listen_fd = sv.path ? listen_unix(path, error) : -1;
  if (sv.listen_fd < 0) {
    if (!*error)
      *error = mir_format("out of memory");
    free(sv.path);
    sv.path = NULL; /* not ours to remove */
    teardown();
    return -1;
  }
  /* The threads start with every signal blocked (they inherit the mask),
   * so the program's handlers never run on them. */
  sigset_t all, old;
  sigfillset(&all);
  pthread_sigmask(SIG_SETMASK, &all, &old);
  pthread_attr_t attr;
  int have_attr = mir_thread_attr(&attr) == 0;
  pthread_attr_t *ap = have_attr ? &attr : NULL;
  int e = pthread_create(&sv.worker, ap, worker_main, NULL);
  int e2 = e ? e : pthread_create(&sv.io, ap, io_main, NULL);
  if (have_attr)
    pthread_attr_destroy(&attr);
  pthread_sigmask(SIG_SETMASK, &old, NULL);
  if (e2) {
    if (!e) {
      pthread_mutex_lock(&sv.lock);
      sv.stopping = 1;
      pthread_cond_broadcast(&sv.cond);
      pthread_mutex_unlock(&sv.lock);
      pthread_join(sv.worker, NULL);
    }
    *error = mir_format("cannot start the MIR server's threads: %s",
                        strerror(e2));
    teardown();
    return -1;
  }
  sv.running = 1;
  return 0;
}

void mir_server_stop(void) {
  if (!sv.running)
    return;
  if (sv.owner != getpid()) {
    /* A fork child: the threads and the socket are the parent's. */
    sv.lock = (pthread_mutex_t)PTHREAD_MUTEX_INITIALIZER;
    sv.cond = (pthread_cond_t)PTHREAD_COND_INITIALIZER;
    teardown();
    return;
  }
  if (write(sv.stop_wr, "s", 1) < 0) {
  }
  pthread_join(sv.io, NULL);
  pthread_mutex_lock(&sv.lock);
  sv.stopping = 1;
  pthread_cond_broadcast(&sv.cond);
  pthread_mutex_unlock(&sv.lock);
  pthread_join(sv.worker, NULL);
  teardown();
}
