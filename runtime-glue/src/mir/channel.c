/*
 * mir_channel.c - the helper thread that serves MIR requests (Unix socket,
 * root only) and the root's relayed messages (TCP, every process), the
 * root's relay, and the client side used by upc-mir. mir_channel.h is the
 * contract.
 *
 * Every socket is non-blocking and every wait is a poll(), so that a stalled
 * or vanished peer costs at most a timeout, and the stop request (a byte on
 * a socket pair) interrupts any wait of the helper thread. Bytes are only
 * ever sent with send(MSG_NOSIGNAL): a peer that went away yields EPIPE, never
 * SIGPIPE.
 */
#ifndef _GNU_SOURCE
#define _GNU_SOURCE
#endif
#include "channel.h"

#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <netdb.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <poll.h>
#include <pthread.h>
#include <signal.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/un.h>
#include <time.h>
#include <unistd.h>

/* Clients queue in the backlog while one is served. */
#define LISTEN_BACKLOG 512
/* Relay connections a process keeps open (normally one: the root's). */
#define MAX_RELAY_CONNS 16
/* A relay reply larger than this is taken for garbage. */
#define MAX_RELAY_REPLY ((uint64_t)1 << 30)
#define FRAME_HEADER 8
/* How long to back off when accept() lacks resources (EMFILE, ...). */
#define BACKOFF_MS 100
/* Between two connection attempts of a waiting client. */
#define RETRY_MS 20

enum io_status { IO_OK, IO_EOF, IO_TIMEOUT, IO_STOPPED, IO_TOOBIG, IO_ERROR };

/* The channel of this process; the helper thread owns conns[]. */
static struct {
  int running; /* from a successful start to the end of teardown */
  /* The process that started it: a fork child does not own it. */
  _Atomic pid_t owner;
  pthread_t thread;
  enum { NOT_STOPPING, STOP_JOIN, STOP_SELF } stopping;
  int stop_rd, stop_wr;
  int unix_fd, tcp_fd;
  char *socket_path;
  dev_t socket_dev;
  ino_t socket_ino;
  mir_serve_fn *serve_client, *serve_relay;
  void *arg;
  int conns[MAX_RELAY_CONNS];
  size_t nconns;
} ch = {.stop_rd = -1, .stop_wr = -1, .unix_fd = -1, .tcp_fd = -1};

/* Start, stop and the helper thread's own ending (when a serve function
 * stopped the channel) change ch under this lock. */
static pthread_mutex_t life_lock = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t life_cond = PTHREAD_COND_INITIALIZER;

/* The root's peers; the lock serializes mir_channel_set_peers and relays. */
struct peer {
  char *address;
  int fd; /* -1: not connected yet */
};
static pthread_mutex_t peers_lock = PTHREAD_MUTEX_INITIALIZER;
static struct peer *peers;
static size_t npeers;

/* ------------------------------------------------------------------------
 * Small helpers
 * ------------------------------------------------------------------------ */

static char *vformat(const char *fmt, va_list ap) {
  va_list ap2;
  va_copy(ap2, ap);
  int n = vsnprintf(NULL, 0, fmt, ap2);
  va_end(ap2);
  if (n < 0)
    return NULL;
  char *s = malloc((size_t)n + 1);
  if (s)
    vsnprintf(s, (size_t)n + 1, fmt, ap);
  return s;
}

static void set_error(char **error, const char *fmt, ...) {
  if (!error)
    return;
  va_list ap;
  va_start(ap, fmt);
  *error = vformat(fmt, ap);
  va_end(ap);
}

static long long now_ms(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (long long)ts.tv_sec * 1000 + ts.tv_nsec / 1000000;
}

static void close_fd(int *fd) {
  if (*fd >= 0)
    close(*fd); /* EINTR on close: the descriptor is gone anyway (Linux) */
  *fd = -1;
}

static void sleep_ms(long ms) {
  if (ms > 0)
    poll(NULL, 0, (int)ms); /* an EINTR only shortens a retry pause */
}

static void put_be64(unsigned char *p, uint64_t v) {
  for (int i = 7; i >= 0; i--, v >>= 8)
    p[i] = (unsigned char)(v & 0xff);
}

static uint64_t get_be64(const unsigned char *p) {
  uint64_t v = 0;
  for (int i = 0; i < 8; i++)
    v = v << 8 | p[i];
  return v;
}

/* Waits until fd is ready for events (or has an error or hang-up, which
 * the next recv/send reports), for at most timeout_ms (< 0: no limit), or
 * until stop_fd (if >= 0) becomes readable. */
static enum io_status wait_fd(int fd, short events, int timeout_ms,
                              int stop_fd) {
  long long deadline = timeout_ms < 0 ? -1 : now_ms() + timeout_ms;
  for (;;) {
    struct pollfd p[2] = {{fd, events, 0}, {stop_fd, POLLIN, 0}};
    int t = -1;
    if (deadline >= 0) {
      long long left = deadline - now_ms();
      t = left < 0 ? 0 : (int)left;
    }
    int r = poll(p, stop_fd >= 0 ? 2 : 1, t);
    if (r < 0) {
      if (errno == EINTR)
        continue;
      return IO_ERROR;
    }
    if (stop_fd >= 0 && p[1].revents)
      return IO_STOPPED;
    if (p[0].revents)
      return IO_OK;
    if (r == 0 && t >= 0)
      return IO_TIMEOUT;
  }
}

/* Receives 1..len bytes into buf (*got), or reports end of file or a
 * failure; timeout_ms bounds each wait for a byte. */
static enum io_status recv_some(int fd, void *buf, size_t len, size_t *got,
                                int timeout_ms, int stop_fd) {
  for (;;) {
    ssize_t n = recv(fd, buf, len, MSG_DONTWAIT);
    if (n > 0) {
      *got = (size_t)n;
      return IO_OK;
    }
    if (n == 0)
      return IO_EOF;
    if (errno == EINTR)
      continue;
    if (errno != EAGAIN && errno != EWOULDBLOCK)
      return IO_ERROR;
    enum io_status s = wait_fd(fd, POLLIN, timeout_ms, stop_fd);
    if (s != IO_OK)
      return s;
  }
}

/* Receives exactly len bytes; *got says how many arrived before a failure
 * (IO_EOF with *got == 0: the connection ended cleanly). */
static enum io_status recv_exact(int fd, void *buf, size_t len, size_t *got,
                                 int timeout_ms, int stop_fd) {
  *got = 0;
  while (*got < len) {
    size_t n;
    enum io_status s =
        recv_some(fd, (char *)buf + *got, len - *got, &n, timeout_ms, stop_fd);
    if (s != IO_OK)
      return s;
    *got += n;
  }
  return IO_OK;
}

/* Receives until end of file into *buf (malloc'ed, NUL-terminated, *len
 * bytes before the NUL); more than max bytes is IO_TOOBIG. */
static enum io_status recv_to_eof(int fd, char **buf, size_t *len, size_t max,
                                  int timeout_ms, int stop_fd) {
  size_t cap = 4096, n = 0;
  char *b = malloc(cap);
  if (!b)
    return IO_ERROR;
  for (;;) {
    if (cap - n < 2) {
      size_t ncap = cap > SIZE_MAX / 2 ? SIZE_MAX : cap * 2;
      char *nb = ncap > cap ? realloc(b, ncap) : NULL;
      if (!nb) {
        free(b);
        errno = ENOMEM;
        return IO_ERROR;
      }
      b = nb;
      cap = ncap;
    }
    size_t got;
    enum io_status s =
        recv_some(fd, b + n, cap - n - 1, &got, timeout_ms, stop_fd);
    if (s == IO_EOF)
      break;
    if (s != IO_OK) {
      free(b);
      return s;
    }
    n += got;
    if (n > max) {
      free(b);
      return IO_TOOBIG;
    }
  }
  b[n] = '\0';
  *buf = b;
  *len = n;
  return IO_OK;
}

/* Sends buf[0..len); timeout_ms bounds each wait for the peer to make
 * room. */
static enum io_status send_all(int fd, const void *buf, size_t len,
                               int timeout_ms, int stop_fd) {
  const char *p = buf;
  while (len > 0) {
    ssize_t n = send(fd, p, len, MSG_NOSIGNAL | MSG_DONTWAIT);
    if (n > 0) {
      p += n;
      len -= (size_t)n;
      continue;
    }
    if (n < 0 && errno == EINTR)
      continue;
    if (n < 0 && errno != EAGAIN && errno != EWOULDBLOCK)
      return IO_ERROR;
    enum io_status s = wait_fd(fd, POLLOUT, timeout_ms, stop_fd);
    if (s != IO_OK)
      return s;
  }
  return IO_OK;
}

static const char *io_message(enum io_status s, int err) {
  switch (s) {
  case IO_OK:
    return "no error";
  case IO_EOF:
    return "connection closed";
  case IO_TIMEOUT:
    return "timed out";
  case IO_STOPPED:
    return "the channel is stopping";
  case IO_TOOBIG:
    return "message too large";
  case IO_ERROR:
    break;
  }
  return strerror(err);
}

/* ------------------------------------------------------------------------
 * Listening sockets
 * ------------------------------------------------------------------------ */

static int fill_unix_address(struct sockaddr_un *sa, const char *path,
                             char **error) {
  size_t n = strlen(path);
  memset(sa, 0, sizeof *sa);
  sa->sun_family = AF_UNIX;
  if (n == 0) {
    set_error(error, "the socket path is empty");
    return -1;
  }
  if (n >= sizeof sa->sun_path) {
    set_error(error, "socket path too long (%zu bytes, at most %zu): %s", n,
              sizeof sa->sun_path - 1, path);
    return -1;
  }
  memcpy(sa->sun_path, path, n + 1);
  return 0;
}

/* The Unix socket at path, listening; a stale socket file there (nobody
 * accepts on it) is replaced. */
static int listen_unix(const char *path, char **error) {
  struct sockaddr_un sa;
  if (fill_unix_address(&sa, path, error) != 0)
    return -1;
  struct stat st;
  if (lstat(path, &st) == 0) {
    if (!S_ISSOCK(st.st_mode)) {
      set_error(error, "%s exists and is not a socket", path);
      return -1;
    }
    int probe = socket(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC | SOCK_NONBLOCK, 0);
    if (probe < 0) {
      set_error(error, "socket: %s", strerror(errno));
      return -1;
    }
    int r = connect(probe, (struct sockaddr *)&sa, sizeof sa);
    int e = errno;
    close_fd(&probe);
    /* EAGAIN: its backlog is full, so someone is alive behind it. */
    if (r == 0 || e == EAGAIN || e == EINPROGRESS) {
      set_error(error, "a running program already listens on %s", path);
      return -1;
    }
    if (e != ECONNREFUSED) {
      set_error(error, "cannot check the existing socket %s: %s", path,
                strerror(e));
      return -1;
    }
    if (unlink(path) != 0 && errno != ENOENT) {
      set_error(error, "cannot remove the stale socket %s: %s", path,
                strerror(errno));
      return -1;
    }
  } else if (errno != ENOENT) {
    set_error(error, "cannot use %s: %s", path, strerror(errno));
    return -1;
  }

  int fd = socket(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC | SOCK_NONBLOCK, 0);
  if (fd < 0) {
    set_error(error, "socket: %s", strerror(errno));
    return -1;
  }
  if (bind(fd, (struct sockaddr *)&sa, sizeof sa) != 0) {
    set_error(error, "cannot bind the socket %s: %s", path, strerror(errno));
    close_fd(&fd);
    return -1;
  }
  /* Owner only. Until listen() nobody can connect, so changing the mode
   * after bind leaves no window (and umask is process-wide: not ours). */
  if (chmod(path, S_IRUSR | S_IWUSR) != 0 || stat(path, &st) != 0 ||
      listen(fd, LISTEN_BACKLOG) != 0) {
    set_error(error, "cannot set up the socket %s: %s", path, strerror(errno));
    unlink(path);
    close_fd(&fd);
    return -1;
  }
  ch.socket_dev = st.st_dev;
  ch.socket_ino = st.st_ino;
  return fd;
}

/* The host part of this process's address: its name when peers can
 * resolve it (to IPv4, as the listener is), else the loopback address. */
static char *host_name(void) {
  char name[256];
  if (gethostname(name, sizeof name) == 0) {
    name[sizeof name - 1] = '\0';
    struct addrinfo hints = {0}, *res = NULL;
    hints.ai_family = AF_INET;
    hints.ai_socktype = SOCK_STREAM;
    if (name[0] && getaddrinfo(name, NULL, &hints, &res) == 0) {
      freeaddrinfo(res);
      return strdup(name);
    }
  }
  return strdup("127.0.0.1");
}

static int listen_tcp(char **address, char **error) {
  int fd = socket(AF_INET, SOCK_STREAM | SOCK_CLOEXEC | SOCK_NONBLOCK, 0);
  if (fd < 0) {
    set_error(error, "socket: %s", strerror(errno));
    return -1;
  }
  struct sockaddr_in sin;
  memset(&sin, 0, sizeof sin);
  sin.sin_family = AF_INET;
  sin.sin_addr.s_addr = htonl(INADDR_ANY);
  sin.sin_port = 0;
  socklen_t slen = sizeof sin;
  if (bind(fd, (struct sockaddr *)&sin, sizeof sin) != 0 ||
      listen(fd, LISTEN_BACKLOG) != 0 ||
      getsockname(fd, (struct sockaddr *)&sin, &slen) != 0) {
    set_error(error, "cannot listen on a TCP port: %s", strerror(errno));
    close_fd(&fd);
    return -1;
  }
  char *host = host_name();
  char port[16];
  snprintf(port, sizeof port, "%u", (unsigned)ntohs(sin.sin_port));
  *address = host ? malloc(strlen(host) + strlen(port) + 2) : NULL;
  if (!*address) {
    free(host);
    set_error(error, "out of memory");
    close_fd(&fd);
    return -1;
  }
  sprintf(*address, "%s:%s", host, port);
  free(host);
  return fd;
}

/* ------------------------------------------------------------------------
 * The helper thread
 * ------------------------------------------------------------------------ */

/* One client of the Unix socket: its request to end of file, then the
 * reply. */
static void serve_client_conn(int fd) {
  char *req = NULL;
  size_t len = 0;
  enum io_status s = recv_to_eof(fd, &req, &len, MIR_CHANNEL_MAX_MESSAGE,
                                 MIR_CHANNEL_READ_TIMEOUT_MS, ch.stop_rd);
  if (s != IO_OK) {
    close_fd(&fd); /* too large, stalled, reset or stopping: no reply */
    return;
  }
  /* A client that closed its socket instead of shutting down its writing
   * side disconnected mid-request (or gave up): both ends shut is a
   * hang-up. */
  struct pollfd p = {fd, 0, 0};
  if (poll(&p, 1, 0) == 1 && (p.revents & (POLLHUP | POLLERR))) {
    free(req);
    close_fd(&fd);
    return;
  }
  char *reply = ch.serve_client ? ch.serve_client(ch.arg, req, len) : NULL;
  free(req);
  if (reply) {
    /* Not interrupted by stop: the request is served to the end. */
    send_all(fd, reply, strlen(reply), MIR_CHANNEL_READ_TIMEOUT_MS, -1);
    free(reply);
  }
  close_fd(&fd);
}

static void drop_relay_conn(size_t i) {
  close_fd(&ch.conns[i]);
  ch.conns[i] = ch.conns[--ch.nconns];
}

/* One framed message from the root on relay connection i, and its framed
 * reply; a failure closes the connection (the root reconnects). */
static void serve_relay_conn(size_t i) {
  int fd = ch.conns[i];
  unsigned char hdr[FRAME_HEADER];
  size_t got;
  enum io_status s = recv_exact(fd, hdr, sizeof hdr, &got,
                                MIR_CHANNEL_READ_TIMEOUT_MS, ch.stop_rd);
  uint64_t len = s == IO_OK ? get_be64(hdr) : 0;
  if (s != IO_OK || len > MIR_CHANNEL_MAX_MESSAGE) {
    drop_relay_conn(i);
    return;
  }
  char *msg = malloc((size_t)len + 1);
  if (!msg || recv_exact(fd, msg, (size_t)len, &got,
                         MIR_CHANNEL_READ_TIMEOUT_MS, ch.stop_rd) != IO_OK) {
    free(msg);
    drop_relay_conn(i);
    return;
  }
  msg[len] = '\0';
  char *reply = ch.serve_relay ? ch.serve_relay(ch.arg, msg, (size_t)len)
                               : NULL;
  free(msg);
  /* A NULL reply travels as an empty one: the root expects one per peer. */
  size_t rlen = reply ? strlen(reply) : 0;
  unsigned char *frame = malloc(FRAME_HEADER + rlen);
  if (frame) {
    put_be64(frame, rlen);
    if (rlen)
      memcpy(frame + FRAME_HEADER, reply, rlen);
  }
  free(reply);
  if (!frame || send_all(fd, frame, FRAME_HEADER + rlen,
                         MIR_CHANNEL_READ_TIMEOUT_MS, -1) != IO_OK)
    drop_relay_conn(i);
  free(frame);
}

/* Accepts one connection on a listening socket: the descriptor, or -1 (no
 * connection after all, or out of resources: then backs off). */
static int accept_one(int lfd) {
  int fd = accept4(lfd, NULL, NULL, SOCK_NONBLOCK | SOCK_CLOEXEC);
  if (fd >= 0)
    return fd;
  if (errno == EMFILE || errno == ENFILE || errno == ENOBUFS ||
      errno == ENOMEM) {
    /* The connection stays queued; poll would report it at once again. */
    wait_fd(ch.stop_rd, POLLIN, BACKOFF_MS, -1);
  }
  return -1;
}

static void teardown(void);

static void *channel_main(void *unused) {
  (void)unused;
  for (;;) {
    struct pollfd p[3 + MAX_RELAY_CONNS];
    p[0] = (struct pollfd){ch.stop_rd, POLLIN, 0};
    p[1] = (struct pollfd){ch.unix_fd, POLLIN, 0}; /* -1: ignored */
    p[2] = (struct pollfd){ch.tcp_fd, POLLIN, 0};
    size_t nconns = ch.nconns;
    int conn_fds[MAX_RELAY_CONNS];
    for (size_t i = 0; i < nconns; i++) {
      conn_fds[i] = ch.conns[i];
      p[3 + i] = (struct pollfd){ch.conns[i], POLLIN, 0};
    }
    int r = poll(p, 3 + nconns, -1);
    if (r < 0) {
      if (errno != EINTR)
        sleep_ms(BACKOFF_MS); /* ENOMEM: try again later */
      continue;
    }
    if (p[0].revents)
      break;
    /* Relay connections first (serving one may drop another from the
     * array: look each up again by descriptor). */
    for (size_t k = 0; k < nconns; k++) {
      if (!p[3 + k].revents)
        continue;
      for (size_t i = 0; i < ch.nconns; i++) {
        if (ch.conns[i] == conn_fds[k]) {
          serve_relay_conn(i);
          break;
        }
      }
    }
    if (p[2].revents) {
      int fd = accept_one(ch.tcp_fd);
      if (fd >= 0) {
        int one = 1;
        setsockopt(fd, IPPROTO_TCP, TCP_NODELAY, &one, sizeof one);
        if (ch.nconns == MAX_RELAY_CONNS)
          drop_relay_conn(0); /* the oldest: a root reconnects when needed */
        ch.conns[ch.nconns++] = fd;
      }
    }
    if (p[1].revents) {
      int fd = accept_one(ch.unix_fd);
      if (fd >= 0)
        serve_client_conn(fd);
    }
  }
  for (size_t i = 0; i < ch.nconns; i++)
    close_fd(&ch.conns[i]);
  ch.nconns = 0;
  pthread_mutex_lock(&life_lock);
  if (ch.stopping == STOP_SELF) {
    /* Nobody joins this thread: it cleans up. */
    pthread_detach(pthread_self());
    teardown();
  }
  pthread_mutex_unlock(&life_lock);
  return NULL;
}

/* ------------------------------------------------------------------------
 * Starting and stopping
 * ------------------------------------------------------------------------ */

static void clear_peers(void) {
  for (size_t i = 0; i < npeers; i++) {
    close_fd(&peers[i].fd);
    free(peers[i].address);
  }
  free(peers);
  peers = NULL;
  npeers = 0;
}

/* Closes everything the channel holds (the helper thread has ended);
 * removes the socket file if it still is the one this process bound.
 * Called with life_lock held (or in a fork child). */
static void teardown(void) {
  close_fd(&ch.unix_fd);
  close_fd(&ch.tcp_fd);
  close_fd(&ch.stop_rd);
  close_fd(&ch.stop_wr);
  int own = ch.owner == getpid();
  if (ch.socket_path) {
    struct stat st;
    if (own && lstat(ch.socket_path, &st) == 0 && S_ISSOCK(st.st_mode) &&
        st.st_dev == ch.socket_dev && st.st_ino == ch.socket_ino)
      unlink(ch.socket_path);
    free(ch.socket_path);
    ch.socket_path = NULL;
  }
  if (own) {
    pthread_mutex_lock(&peers_lock);
    clear_peers();
    pthread_mutex_unlock(&peers_lock);
  } else {
    clear_peers();
  }
  ch.stopping = NOT_STOPPING;
  ch.running = 0;
  ch.owner = 0;
  pthread_cond_broadcast(&life_cond);
}

/* In a child forked from a process with a channel, which inherited its
 * descriptors but not its thread (and perhaps locks held by it): forgets
 * them, leaving the parent's channel and socket file alone. */
static void forget_if_inherited(void) {
  pid_t owner = ch.owner;
  if (owner == 0 || owner == getpid())
    return;
  life_lock = (pthread_mutex_t)PTHREAD_MUTEX_INITIALIZER;
  life_cond = (pthread_cond_t)PTHREAD_COND_INITIALIZER;
  peers_lock = (pthread_mutex_t)PTHREAD_MUTEX_INITIALIZER;
  for (size_t i = 0; i < ch.nconns; i++)
    close_fd(&ch.conns[i]);
  ch.nconns = 0;
  teardown(); /* not the owner: the socket file stays */
}

/* Sets up the sockets and the thread; life_lock is held. */
static int start_locked(const char *socket_path, char **address,
                        char **error) {
  int sp[2];
  if (socketpair(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC | SOCK_NONBLOCK, 0, sp) !=
      0) {
    set_error(error, "socketpair: %s", strerror(errno));
    return -1;
  }
  ch.owner = getpid();
  ch.stop_rd = sp[0];
  ch.stop_wr = sp[1];
  ch.tcp_fd = listen_tcp(address, error);
  if (ch.tcp_fd < 0)
    goto fail;
  if (socket_path) {
    ch.unix_fd = listen_unix(socket_path, error);
    if (ch.unix_fd < 0)
      goto fail; /* the file there is not ours to remove */
    ch.socket_path = strdup(socket_path);
    if (!ch.socket_path) {
      unlink(socket_path);
      set_error(error, "out of memory");
      goto fail;
    }
  }

  /* The thread starts with every signal blocked (it inherits the mask),
   * so the program's handlers never run on it. */
  sigset_t all, old;
  sigfillset(&all);
  pthread_sigmask(SIG_SETMASK, &all, &old);
  int e = pthread_create(&ch.thread, NULL, channel_main, NULL);
  pthread_sigmask(SIG_SETMASK, &old, NULL);
  if (e != 0) {
    set_error(error, "cannot start the MIR channel thread: %s", strerror(e));
    goto fail;
  }
  ch.running = 1;
  ch.stopping = NOT_STOPPING;
  return 0;

fail:
  free(*address);
  *address = NULL;
  teardown();
  return -1;
}

int mir_channel_start(const char *socket_path, mir_serve_fn *serve_client,
                      mir_serve_fn *serve_relay, void *arg, char **address,
                      char **error) {
  if (error)
    *error = NULL;
  if (!address) {
    set_error(error, "mir_channel_start: no address argument");
    return -1;
  }
  *address = NULL;
  forget_if_inherited();
  pthread_mutex_lock(&life_lock);
  /* A channel that is stopping is waited for (unless this is its own
   * thread, which cannot wait for itself). */
  while (ch.running && ch.stopping != NOT_STOPPING &&
         !pthread_equal(pthread_self(), ch.thread))
    pthread_cond_wait(&life_cond, &life_lock);
  if (ch.running) {
    pthread_mutex_unlock(&life_lock);
    set_error(error, "the MIR channel is already started");
    return -1;
  }
  ch.serve_client = serve_client;
  ch.serve_relay = serve_relay;
  ch.arg = arg;
  ch.nconns = 0;
  int rc = start_locked(socket_path, address, error);
  pthread_mutex_unlock(&life_lock);
  return rc;
}

void mir_channel_stop(void) {
  forget_if_inherited();
  pthread_mutex_lock(&life_lock);
  int self = ch.running && pthread_equal(pthread_self(), ch.thread);
  if (!ch.running || (self && ch.stopping != NOT_STOPPING)) {
    pthread_mutex_unlock(&life_lock);
    return;
  }
  if (ch.stopping != NOT_STOPPING) {
    /* Another caller is stopping it: wait for the end. */
    while (ch.running)
      pthread_cond_wait(&life_cond, &life_lock);
    pthread_mutex_unlock(&life_lock);
    return;
  }
  send(ch.stop_wr, "x", 1, MSG_NOSIGNAL | MSG_DONTWAIT);
  if (self) {
    /* From a serve function: the thread ends when it returns. */
    ch.stopping = STOP_SELF;
    pthread_mutex_unlock(&life_lock);
    return;
  }
  ch.stopping = STOP_JOIN;
  pthread_t thread = ch.thread;
  /* Not held while joining: the serve function being run may call
   * mir_channel_stop too. */
  pthread_mutex_unlock(&life_lock);
  pthread_join(thread, NULL);
  pthread_mutex_lock(&life_lock);
  teardown();
  pthread_mutex_unlock(&life_lock);
}

/* The stop socket when called on the helper thread (so that a relay, like
 * any wait of the helper thread, ends when the channel stops), else -1. */
static int own_stop_fd(void) {
  pthread_mutex_lock(&life_lock);
  int fd = ch.running && pthread_equal(pthread_self(), ch.thread)
               ? ch.stop_rd
               : -1;
  pthread_mutex_unlock(&life_lock);
  return fd;
}

/* ------------------------------------------------------------------------
 * The root's relay
 * ------------------------------------------------------------------------ */

int mir_channel_set_peers(const char *const *addresses, size_t n) {
  struct peer *np = n ? calloc(n, sizeof *np) : NULL;
  if (n && !np)
    return -1;
  for (size_t i = 0; i < n; i++) {
    np[i].fd = -1;
    np[i].address = strdup(addresses[i] ? addresses[i] : "");
    if (!np[i].address) {
      while (i-- > 0)
        free(np[i].address);
      free(np);
      return -1;
    }
  }
  pthread_mutex_lock(&peers_lock);
  clear_peers();
  peers = np;
  npeers = n;
  pthread_mutex_unlock(&peers_lock);
  return 0;
}

/* A TCP connection to "host:port" (IPv4, as every listener is), within
 * MIR_CHANNEL_READ_TIMEOUT_MS per address tried, or until stop_fd (if >= 0)
 * is readable. */
static int connect_peer(const char *address, int stop_fd, char **why) {
  const char *colon = strrchr(address, ':');
  if (!colon || colon == address || !colon[1]) {
    *why = strdup("not a host:port address");
    return -1;
  }
  char *host = strndup(address, (size_t)(colon - address));
  if (!host) {
    *why = strdup("out of memory");
    return -1;
  }
  struct addrinfo hints = {0}, *res = NULL;
  hints.ai_family = AF_INET;
  hints.ai_socktype = SOCK_STREAM;
  int g = getaddrinfo(host, colon + 1, &hints, &res);
  free(host);
  if (g != 0) {
    set_error(why, "%s", gai_strerror(g));
    return -1;
  }
  int fd = -1, err = ECONNREFUSED;
  for (struct addrinfo *ai = res; ai && fd < 0; ai = ai->ai_next) {
    fd = socket(ai->ai_family, ai->ai_socktype | SOCK_NONBLOCK | SOCK_CLOEXEC,
                ai->ai_protocol);
    if (fd < 0) {
      err = errno;
      continue;
    }
    if (connect(fd, ai->ai_addr, ai->ai_addrlen) != 0) {
      err = errno;
      if (err == EINPROGRESS || err == EINTR) {
        enum io_status s =
            wait_fd(fd, POLLOUT, MIR_CHANNEL_READ_TIMEOUT_MS, stop_fd);
        socklen_t elen = sizeof err;
        if (s == IO_TIMEOUT)
          err = ETIMEDOUT;
        else if (s != IO_OK)
          err = ECANCELED;
        else if (getsockopt(fd, SOL_SOCKET, SO_ERROR, &err, &elen) != 0)
          err = errno;
      }
      if (err != 0)
        close_fd(&fd);
    }
  }
  freeaddrinfo(res);
  if (fd < 0) {
    set_error(why, "cannot connect: %s", strerror(err));
    return -1;
  }
  int one = 1;
  setsockopt(fd, IPPROTO_TCP, TCP_NODELAY, &one, sizeof one);
  return fd;
}

/* The exchange with one peer: the frame goes out, the reply comes in. */
struct relay_job {
  enum { SENDING, HEADER, BODY, DONE } state;
  size_t off; /* into the frame, the header or the body */
  unsigned char hdr[FRAME_HEADER];
  uint64_t len;
  char *reply;
  int reused;      /* the connection served an earlier relay */
  long long moved; /* the last progress, for the stall timeout */
};

/* Makes progress on job j (its socket is ready): 0, or -1 with errno (0:
 * end of file). */
static int relay_step(struct relay_job *j, int fd, const unsigned char *frame,
                      size_t flen) {
  ssize_t n;
  if (j->state == SENDING) {
    n = send(fd, frame + j->off, flen - j->off, MSG_NOSIGNAL | MSG_DONTWAIT);
  } else if (j->state == HEADER) {
    n = recv(fd, j->hdr + j->off, FRAME_HEADER - j->off, MSG_DONTWAIT);
  } else {
    n = recv(fd, j->reply + j->off, (size_t)j->len - j->off, MSG_DONTWAIT);
  }
  if (n < 0)
    return errno == EINTR || errno == EAGAIN || errno == EWOULDBLOCK ? 0 : -1;
  if (n == 0 && j->state != SENDING) {
    errno = 0;
    return -1;
  }
  j->moved = now_ms();
  j->off += (size_t)n;
  if (j->state == SENDING && j->off == flen) {
    j->state = HEADER;
    j->off = 0;
  } else if (j->state == HEADER && j->off == FRAME_HEADER) {
    j->len = get_be64(j->hdr);
    if (j->len > MAX_RELAY_REPLY) {
      errno = EPROTO;
      return -1;
    }
    j->reply = malloc((size_t)j->len + 1);
    if (!j->reply)
      return -1;
    j->state = BODY;
    j->off = 0;
  }
  if (j->state == BODY && j->off == j->len) {
    j->reply[j->len] = '\0';
    j->state = DONE;
  }
  return 0;
}

/* Has job j started receiving its reply (so that a failure cannot be a
 * stale connection)? */
static int relay_replied(const struct relay_job *j) {
  return j->state == BODY || j->state == DONE ||
         (j->state == HEADER && j->off > 0);
}

int mir_channel_relay(const char *msg, size_t len, char **replies,
                      char **error) {
  if (error)
    *error = NULL;
  if (len > MIR_CHANNEL_MAX_MESSAGE) {
    set_error(error, "relayed message too large (%zu bytes)", len);
    return -1;
  }
  int stop_fd = own_stop_fd(); /* (before peers_lock: lock order) */
  pthread_mutex_lock(&peers_lock);
  size_t n = npeers;
  if (n == 0) {
    pthread_mutex_unlock(&peers_lock);
    return 0;
  }
  size_t flen = FRAME_HEADER + len;
  unsigned char *frame = malloc(flen);
  struct relay_job *jobs = calloc(n, sizeof *jobs);
  struct pollfd *p = calloc(n + 1, sizeof *p);
  int rc = -1;
  if (!frame || !jobs || !p) {
    set_error(error, "out of memory");
    goto done;
  }
  put_be64(frame, len);
  if (len)
    memcpy(frame + FRAME_HEADER, msg, len);

  for (size_t i = 0; i < n; i++) {
    jobs[i].reused = peers[i].fd >= 0;
    jobs[i].moved = now_ms();
    if (peers[i].fd < 0) {
      char *why = NULL;
      peers[i].fd = connect_peer(peers[i].address, stop_fd, &why);
      if (peers[i].fd < 0) {
        set_error(error, "peer %zu (%s): %s", i, peers[i].address,
                  why ? why : "cannot connect");
        free(why);
        goto done;
      }
    }
  }

  for (;;) {
    /* Every unfinished exchange at once: each peer computes its reply
     * while the others are sent theirs or read. */
    size_t np = 0;
    long long deadline = -1;
    for (size_t i = 0; i < n; i++) {
      if (jobs[i].state == DONE)
        continue;
      p[np++] = (struct pollfd){peers[i].fd,
                                jobs[i].state == SENDING ? POLLOUT : POLLIN, 0};
      /* A transfer that started must keep moving; the peer's computing of
       * its reply (before its first byte) is not bounded. */
      if (jobs[i].state == SENDING || relay_replied(&jobs[i])) {
        long long d = jobs[i].moved + MIR_CHANNEL_READ_TIMEOUT_MS;
        if (deadline < 0 || d < deadline)
          deadline = d;
      }
    }
    if (np == 0)
      break;
    p[np] = (struct pollfd){stop_fd, POLLIN, 0};
    int t = -1;
    if (deadline >= 0) {
      long long left = deadline - now_ms();
      t = left < 0 ? 0 : (int)left;
    }
    int r = poll(p, np + 1, t);
    if (r < 0 && errno != EINTR) {
      set_error(error, "poll: %s", strerror(errno));
      goto done;
    }
    if (stop_fd >= 0 && p[np].revents) {
      set_error(error, "the MIR channel is stopping");
      goto done;
    }
    long long now = now_ms();
    size_t k = 0;
    for (size_t i = 0; i < n; i++) {
      struct relay_job *j = &jobs[i];
      if (j->state == DONE)
        continue;
      struct pollfd *q = &p[k++];
      int failed = 0, err = 0;
      if (r > 0 && q->revents) {
        failed = relay_step(j, peers[i].fd, frame, flen) != 0;
        err = errno;
      } else if ((j->state == SENDING || relay_replied(j)) &&
                 now - j->moved >= MIR_CHANNEL_READ_TIMEOUT_MS) {
        failed = 1;
        err = ETIMEDOUT;
      }
      if (!failed)
        continue;
      close_fd(&peers[i].fd);
      char *why = NULL;
      if (j->reused && !relay_replied(j)) {
        /* The peer may have dropped an idle connection: once more on a
         * new one. */
        peers[i].fd = connect_peer(peers[i].address, stop_fd, &why);
        if (peers[i].fd >= 0) {
          free(j->reply);
          *j = (struct relay_job){.state = SENDING, .moved = now_ms()};
          continue;
        }
      }
      set_error(error, "peer %zu (%s): %s", i, peers[i].address,
                why ? why
                : err == 0 ? "connection closed before the reply"
                           : strerror(err));
      free(why);
      goto done;
    }
  }
  for (size_t i = 0; i < n; i++) {
    replies[i] = jobs[i].reply;
    jobs[i].reply = NULL;
  }
  rc = 0;

done:
  if (jobs) {
    for (size_t i = 0; i < n; i++) {
      /* A connection in mid-exchange would deliver a stale reply later. */
      if (rc != 0 && jobs[i].state != DONE)
        close_fd(&peers[i].fd);
      free(jobs[i].reply);
    }
  }
  pthread_mutex_unlock(&peers_lock);
  free(p);
  free(jobs);
  free(frame);
  return rc;
}

/* ------------------------------------------------------------------------
 * The client
 * ------------------------------------------------------------------------ */

char *mir_channel_send(const char *path, const char *request, size_t len,
                       long wait_ms, char **error) {
  if (error)
    *error = NULL;
  struct sockaddr_un sa;
  if (fill_unix_address(&sa, path, error) != 0)
    return NULL;
  if (len > MIR_CHANNEL_MAX_MESSAGE) {
    /* The program would drop it unanswered. */
    set_error(error, "request too large (%zu bytes, at most %u)", len,
              MIR_CHANNEL_MAX_MESSAGE);
    return NULL;
  }
  if (wait_ms < 0)
    wait_ms = 0;
  long long start = now_ms();
  int fd = -1;
  for (;;) {
    fd = socket(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC | SOCK_NONBLOCK, 0);
    if (fd < 0) {
      set_error(error, "socket: %s", strerror(errno));
      return NULL;
    }
    int err = 0;
    if (connect(fd, (struct sockaddr *)&sa, sizeof sa) != 0) {
      err = errno;
      if (err == EINPROGRESS || err == EINTR) {
        socklen_t elen = sizeof err;
        if (wait_fd(fd, POLLOUT, -1, -1) != IO_OK ||
            getsockopt(fd, SOL_SOCKET, SO_ERROR, &err, &elen) != 0)
          err = errno;
      }
    }
    if (err == 0)
      break;
    close_fd(&fd);
    /* A full backlog (EAGAIN) means a live program busy with other
     * clients: worth waiting for a while even without --wait. */
    long long limit = start + wait_ms;
    if (err == EAGAIN && wait_ms < MIR_CHANNEL_READ_TIMEOUT_MS)
      limit = start + MIR_CHANNEL_READ_TIMEOUT_MS;
    long long left = limit - now_ms();
    if ((err == ENOENT || err == ECONNREFUSED || err == EAGAIN) && left > 0) {
      sleep_ms(left < RETRY_MS ? (long)left : RETRY_MS);
      continue;
    }
    if (err == ENOENT)
      set_error(error, "no socket at %s (is the program running, with "
                       "UPC_MIR_SOCKET=%s?)", path, path);
    else if (err == ECONNREFUSED)
      set_error(error, "nothing listens on %s (the program has ended, or "
                       "it is not a socket)", path);
    else
      set_error(error, "cannot connect to %s: %s", path, strerror(err));
    return NULL;
  }

  /* No timeouts from here: the program serves one client at a time and
   * may take a while to reach this one. */
  enum io_status s = send_all(fd, request, len, -1, -1);
  if (s != IO_OK) {
    set_error(error, "the program at %s dropped the request (%s)", path,
              io_message(s, errno));
    close_fd(&fd);
    return NULL;
  }
  shutdown(fd, SHUT_WR);
  char *reply = NULL;
  size_t rlen = 0;
  s = recv_to_eof(fd, &reply, &rlen, SIZE_MAX / 2, -1, -1);
  int err = errno;
  close_fd(&fd);
  if (s != IO_OK) {
    set_error(error, "no reply from the program at %s (%s)", path,
              io_message(s, err));
    return NULL;
  }
  if (rlen == 0) {
    free(reply);
    set_error(error, "no reply from the program at %s (it dropped the "
                     "request, or is stopping)", path);
    return NULL;
  }
  return reply;
}
