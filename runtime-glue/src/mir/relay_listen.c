/*
 * relay_listen.c - the relay's listener (relay.h), in every process but the
 * root: it accepts the root's connections, checks each message's frame
 * (relay_frames.c) and answers it, on one helper thread that also drops
 * what is not the root in time.
 */
#ifndef _GNU_SOURCE
#define _GNU_SOURCE
#endif
#include "relay_internal.h"

#include <arpa/inet.h>
#include <errno.h>
#include <fcntl.h>
#include <netinet/tcp.h>
#include <poll.h>
#include <pthread.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/un.h>

#include <openssl/crypto.h>

/* ------------------------------------------------------------------------
 * The listener (every process but the root)
 * ------------------------------------------------------------------------ */

typedef struct {
  int fd;
  unsigned char challenge[CHALLENGE_BYTES];
  uint64_t seq;      /* of the next message */
  int authenticated; /* a message passed: the root's connection */
  long long deadline; /* for the message being received; -1: idle */
  unsigned char head[FRAME_HEAD];
  size_t got;   /* bytes of head, then of the payload */
  char *payload; /* NULL while the head arrives */
  size_t len;
} link_t;

static struct {
  int running;
  pid_t owner;
  pthread_t thread;
  int stop_rd, stop_wr, listen_fd;
  char *path; /* the Unix socket, or NULL (TCP) */
  unsigned char secret[MIR_SECRET_BYTES];
  mir_serve_fn *serve;
  void *arg;
  link_t links[MAX_LINKS];
  size_t nlinks;
} ls = {.stop_rd = -1, .stop_wr = -1, .listen_fd = -1};

/* Said once per process: an attacker's loop must not fill standard
 * error. */
static void refused(const char *why) {
  static int said;
  if (__atomic_exchange_n(&said, 1, __ATOMIC_RELAXED))
    return;
  fprintf(stderr,
          "upc-mir: warning: dropped a connection to this process's MIR "
          "relay: %s\n",
          why);
}

static void drop_link(size_t i) {
  close_fd(&ls.links[i].fd);
  free(ls.links[i].payload);
  ls.links[i] = ls.links[--ls.nlinks];
}

static void accept_link(void) {
  int fd = accept4(ls.listen_fd, NULL, NULL, SOCK_NONBLOCK | SOCK_CLOEXEC);
  if (fd < 0)
    return;
  if (ls.path && mir_peer_uid(fd) != (long)geteuid()) {
    refused("a process of another user");
    close(fd);
    return;
  }
  if (ls.nlinks == MAX_LINKS) {
    /* Full: the oldest connection that never authenticated makes room (the
     * root authenticates at once). */
    size_t i = 0;
    while (i < ls.nlinks && ls.links[i].authenticated)
      ++i;
    if (i == ls.nlinks) {
      close(fd);
      return;
    }
    drop_link(i);
  }
  link_t *l = &ls.links[ls.nlinks];
  memset(l, 0, sizeof *l);
  l->fd = fd;
  l->deadline = mir_now_ms() + MIR_REQUEST_DEADLINE_MS;
  if (mir_relay_random_bytes(l->challenge, CHALLENGE_BYTES) != 0 ||
      send(fd, l->challenge, CHALLENGE_BYTES, MSG_NOSIGNAL | MSG_DONTWAIT) !=
          CHALLENGE_BYTES) {
    close(fd);
    return;
  }
  if (!ls.path) {
    int one = 1;
    setsockopt(fd, IPPROTO_TCP, TCP_NODELAY, &one, sizeof one);
  }
  ls.nlinks++;
}

/* Reads what link i has; a whole, authentic message is served and
 * answered. */
static void read_link(size_t i) {
  link_t *l = &ls.links[i];
  for (;;) {
    size_t want = l->payload ? l->len : FRAME_HEAD;
    char *dst = l->payload ? l->payload : (char *)l->head;
    ssize_t n = want > l->got ? recv(l->fd, dst + l->got, want - l->got,
                                     MSG_DONTWAIT)
                              : 0;
    if (n > 0) {
      if (l->got == 0 && !l->payload && l->authenticated)
        l->deadline = mir_now_ms() + MIR_RELAY_DEADLINE_MS;
      l->got += (size_t)n;
    } else if (want > l->got) {
      if (n < 0 && errno == EINTR)
        continue;
      if (n < 0 && (errno == EAGAIN || errno == EWOULDBLOCK))
        return;
      drop_link(i); /* closed or failed */
      return;
    }
    if (l->got < want)
      continue;
    if (!l->payload) {
      uint64_t len = mir_get_be64(l->head);
      if (len > MAX_MESSAGE) {
        refused("a message larger than the root sends");
        drop_link(i);
        return;
      }
      l->len = (size_t)len;
      l->payload = malloc(l->len + 1);
      l->got = 0;
      if (!l->payload) {
        drop_link(i);
        return;
      }
      if (l->len > 0)
        continue;
    }
    l->payload[l->len] = '\0';
    if (!mir_relay_head_ok(l->head, ls.secret, mir_relay_request_label,
                           l->challenge, l->seq, l->payload, l->len)) {
      refused("it failed authentication (not the program's root process)");
      drop_link(i);
      return;
    }
    l->authenticated = 1;
    char *reply = ls.serve ? ls.serve(ls.arg, l->payload, l->len) : NULL;
    /* A NULL reply travels as an empty one: the root expects one. */
    size_t rlen = reply ? strlen(reply) : 0;
    unsigned char head[FRAME_HEAD];
    long long deadline = mir_now_ms() + MIR_RELAY_DEADLINE_MS;
    int ok = mir_relay_make_head(head, ls.secret, mir_relay_reply_label,
                                 l->challenge, l->seq, reply ? reply : "",
                                 rlen) == 0 &&
             mir_send_all(l->fd, head, sizeof head, deadline, ls.stop_rd) ==
                 MIR_IO_OK &&
             mir_send_all(l->fd, reply ? reply : "", rlen, deadline,
                          ls.stop_rd) == MIR_IO_OK;
    free(reply);
    free(l->payload);
    l->payload = NULL;
    l->got = 0;
    l->seq++;
    l->deadline = -1; /* idle until the next message starts */
    if (!ok)
      drop_link(i);
    return;
  }
}

static void *listener_main(void *unused) {
  (void)unused;
  for (;;) {
    struct pollfd p[2 + MAX_LINKS];
    int fds[MAX_LINKS];
    size_t n = ls.nlinks;
    p[0] = (struct pollfd){ls.stop_rd, POLLIN, 0};
    p[1] = (struct pollfd){ls.listen_fd, POLLIN, 0};
    long long now = mir_now_ms(), next = -1;
    for (size_t i = 0; i < n; i++) {
      fds[i] = ls.links[i].fd;
      p[2 + i] = (struct pollfd){fds[i], POLLIN, 0};
      long long d = ls.links[i].deadline;
      if (d >= 0 && (next < 0 || d < next))
        next = d;
    }
    int timeout = next < 0 ? -1 : next > now ? (int)(next - now) : 0;
    int r = poll(p, 2 + n, timeout);
    if (r < 0) {
      if (errno != EINTR)
        poll(NULL, 0, 10);
      continue;
    }
    if (p[0].revents)
      break;
    for (size_t k = 0; k < n; k++) {
      if (!p[2 + k].revents)
        continue;
      for (size_t i = 0; i < ls.nlinks; i++)
        if (ls.links[i].fd == fds[k]) {
          read_link(i);
          break;
        }
    }
    now = mir_now_ms();
    for (size_t i = 0; i < ls.nlinks;) {
      if (ls.links[i].deadline >= 0 && now >= ls.links[i].deadline) {
        if (!ls.links[i].authenticated)
          refused("it sent no authentic message in time");
        drop_link(i);
      } else {
        ++i;
      }
    }
    if (p[1].revents)
      accept_link();
  }
  return NULL;
}

static void listener_teardown(void) {
  for (size_t i = 0; i < ls.nlinks; i++) {
    close_fd(&ls.links[i].fd);
    free(ls.links[i].payload);
  }
  ls.nlinks = 0;
  close_fd(&ls.listen_fd);
  close_fd(&ls.stop_rd);
  close_fd(&ls.stop_wr);
  if (ls.path && ls.owner == getpid())
    unlink(ls.path);
  free(ls.path);
  ls.path = NULL;
  OPENSSL_cleanse(ls.secret, sizeof ls.secret);
  ls.running = 0;
}

static int listen_unix_in(const char *dir, char **address, char **error) {
  struct sockaddr_un sa = {.sun_family = AF_UNIX};
  char *path = mir_format("%s/p%ld.sock", dir, (long)getpid());
  if (!path || strlen(path) >= sizeof sa.sun_path) {
    *error = mir_format("the job's directory %s is too long for a socket",
                        dir);
    free(path);
    return -1;
  }
  strcpy(sa.sun_path, path);
  int fd = socket(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC | SOCK_NONBLOCK, 0);
  if (fd < 0 || bind(fd, (struct sockaddr *)&sa, sizeof sa) != 0 ||
      chmod(path, S_IRUSR | S_IWUSR) != 0 || listen(fd, MAX_LINKS) != 0) {
    *error = mir_format("cannot listen on %s: %s", path, strerror(errno));
    if (fd >= 0)
      unlink(path);
    close_fd(&fd);
    free(path);
    return -1;
  }
  ls.path = path;
  *address = mir_format("unix:%s", path);
  return fd;
}

static int listen_tcp(char **address, char **error) {
  struct sockaddr_in sin = {.sin_family = AF_INET};
  if (mir_relay_job_address(&sin.sin_addr, error) != 0)
    return -1;
  int fd = socket(AF_INET, SOCK_STREAM | SOCK_CLOEXEC | SOCK_NONBLOCK, 0);
  socklen_t slen = sizeof sin;
  if (fd < 0 || bind(fd, (struct sockaddr *)&sin, sizeof sin) != 0 ||
      listen(fd, MAX_LINKS) != 0 ||
      getsockname(fd, (struct sockaddr *)&sin, &slen) != 0) {
    char a[INET_ADDRSTRLEN];
    inet_ntop(AF_INET, &sin.sin_addr, a, sizeof a);
    *error = mir_format("cannot listen on %s: %s", a, strerror(errno));
    close_fd(&fd);
    return -1;
  }
  char a[INET_ADDRSTRLEN];
  inet_ntop(AF_INET, &sin.sin_addr, a, sizeof a);
  *address = mir_format("tcp:%s:%u", a, (unsigned)ntohs(sin.sin_port));
  return fd;
}

int mir_relay_listen(const char *dir,
                     const unsigned char secret[MIR_SECRET_BYTES],
                     mir_serve_fn *serve, void *arg, char **address,
                     char **error) {
  *error = NULL;
  *address = NULL;
  if (ls.running) {
    *error = mir_format("the MIR relay already listens");
    return -1;
  }
  int stop[2];
  if (pipe2(stop, O_CLOEXEC | O_NONBLOCK) != 0) {
    *error = mir_format("pipe: %s", strerror(errno));
    return -1;
  }
  ls.owner = getpid();
  ls.stop_rd = stop[0];
  ls.stop_wr = stop[1];
  memcpy(ls.secret, secret, MIR_SECRET_BYTES);
  ls.serve = serve;
  ls.arg = arg;
  ls.listen_fd = dir ? listen_unix_in(dir, address, error)
                     : listen_tcp(address, error);
  if (ls.listen_fd < 0 || !*address) {
    if (!*error)
      *error = mir_format("out of memory");
    free(*address);
    *address = NULL;
    listener_teardown();
    return -1;
  }
  sigset_t all, old;
  sigfillset(&all);
  pthread_sigmask(SIG_SETMASK, &all, &old);
  int e = pthread_create(&ls.thread, NULL, listener_main, NULL);
  pthread_sigmask(SIG_SETMASK, &old, NULL);
  if (e) {
    *error = mir_format("cannot start the MIR relay's thread: %s",
                        strerror(e));
    free(*address);
    *address = NULL;
    listener_teardown();
    return -1;
  }
  ls.running = 1;
  return 0;
}

void mir_relay_stop(void) {
  if (!ls.running)
    return;
  if (ls.owner == getpid()) {
    if (write(ls.stop_wr, "s", 1) < 0) {
    }
    pthread_join(ls.thread, NULL);
  }
  listener_teardown();
}
