/*
 * relay_peers.c - the root's end of the relay (relay.h): its connections
 * to the program's other processes, and the exchange that sends one
 * message to all of them at once and collects their authentic replies
 * within one deadline.
 */
#ifndef _GNU_SOURCE
#define _GNU_SOURCE
#endif
#include "relay_internal.h"

#include <arpa/inet.h>
#include <errno.h>
#include <netinet/tcp.h>
#include <poll.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/un.h>

#include <openssl/crypto.h>

/* ------------------------------------------------------------------------
 * The root's side
 * ------------------------------------------------------------------------ */

typedef struct {
  char *address;
  int fd; /* -1: not connected */
  unsigned char challenge[CHALLENGE_BYTES];
  uint64_t seq;
} peer_t;

static long relay_deadline_ms = MIR_RELAY_DEADLINE_MS;

void mir_relay_set_deadline_ms(long ms) { relay_deadline_ms = ms; }

static pthread_mutex_t peers_lock = PTHREAD_MUTEX_INITIALIZER;
static peer_t *peers;
static size_t npeers;
static unsigned char root_secret[MIR_SECRET_BYTES];

static void clear_peers(void) {
  for (size_t i = 0; i < npeers; i++) {
    close_fd(&peers[i].fd);
    free(peers[i].address);
  }
  free(peers);
  peers = NULL;
  npeers = 0;
}

int mir_relay_set_peers(const char *const *addresses, size_t n,
                        const unsigned char secret[MIR_SECRET_BYTES]) {
  peer_t *np = n ? calloc(n, sizeof *np) : NULL;
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
  memcpy(root_secret, secret, MIR_SECRET_BYTES);
  pthread_mutex_unlock(&peers_lock);
  return 0;
}

void mir_relay_forget_peers(void) {
  pthread_mutex_lock(&peers_lock);
  clear_peers();
  OPENSSL_cleanse(root_secret, sizeof root_secret);
  pthread_mutex_unlock(&peers_lock);
}

/* Connects to a peer's "unix:PATH" or "tcp:HOST:PORT" and reads its
 * challenge, by deadline. */
static int connect_peer(peer_t *p, long long deadline, char **why) {
  int fd = -1;
  struct sockaddr_storage ss;
  socklen_t slen = 0;
  memset(&ss, 0, sizeof ss);
  if (strncmp(p->address, "unix:", 5) == 0) {
    struct sockaddr_un *sa = (struct sockaddr_un *)&ss;
    sa->sun_family = AF_UNIX;
    if (strlen(p->address + 5) >= sizeof sa->sun_path) {
      *why = mir_format("not a socket address");
      return -1;
    }
    strcpy(sa->sun_path, p->address + 5);
    slen = sizeof *sa;
  } else if (strncmp(p->address, "tcp:", 4) == 0) {
    struct sockaddr_in *sin = (struct sockaddr_in *)&ss;
    char host[INET_ADDRSTRLEN];
    unsigned port = 0;
    const char *colon = strrchr(p->address + 4, ':');
    size_t n = colon ? (size_t)(colon - (p->address + 4)) : 0;
    if (!colon || n >= sizeof host || sscanf(colon + 1, "%u", &port) != 1 ||
        port == 0 || port > 65535) {
      *why = mir_format("not a host:port address");
      return -1;
    }
    memcpy(host, p->address + 4, n);
    host[n] = '\0';
    sin->sin_family = AF_INET;
    sin->sin_port = htons((uint16_t)port);
    if (inet_pton(AF_INET, host, &sin->sin_addr) != 1) {
      *why = mir_format("not an IPv4 address");
      return -1;
    }
    slen = sizeof *sin;
  } else {
    *why = mir_format("not a relay address");
    return -1;
  }
  fd = socket(ss.ss_family, SOCK_STREAM | SOCK_NONBLOCK | SOCK_CLOEXEC, 0);
  int err = fd < 0 ? errno : 0;
  if (fd >= 0 && connect(fd, (struct sockaddr *)&ss, slen) != 0) {
    err = errno;
    if (err == EINPROGRESS || err == EINTR) {
      socklen_t elen = sizeof err;
      enum mir_io_status s = mir_wait_fd(fd, POLLOUT, deadline, -1);
      if (s == MIR_IO_TIMEOUT)
        err = ETIMEDOUT;
      else if (s != MIR_IO_OK ||
               getsockopt(fd, SOL_SOCKET, SO_ERROR, &err, &elen) != 0)
        err = errno ? errno : EIO;
    }
  }
  /* On a Unix socket, the peer must be of this user too. */
  if (!err && ss.ss_family == AF_UNIX && mir_peer_uid(fd) != (long)geteuid())
    err = EACCES;
  size_t got;
  enum mir_io_status s = MIR_IO_OK;
  if (!err)
    s = mir_recv_exact(fd, p->challenge, CHALLENGE_BYTES, &got, deadline, -1);
  if (err || s != MIR_IO_OK) {
    *why = err ? mir_format("cannot connect: %s", strerror(err))
               : mir_format("no challenge: %s", mir_io_message(s, errno));
    close_fd(&fd);
    return -1;
  }
  if (ss.ss_family == AF_INET) {
    int one = 1;
    setsockopt(fd, IPPROTO_TCP, TCP_NODELAY, &one, sizeof one);
  }
  p->fd = fd;
  p->seq = 0;
  return 0;
}

/* The exchange with one peer: the frame goes out, the reply comes in. */
typedef struct {
  enum { SENDING, HEAD, BODY, DONE } state;
  unsigned char out_head[FRAME_HEAD];
  size_t off; /* into the outgoing frame, the head or the body */
  unsigned char head[FRAME_HEAD];
  size_t len;
  char *reply;
  int reused; /* the connection served an earlier relay */
} job_t;

/* Progress on job j over fd (ready): 0, or -1 with errno (0: end of file,
 * EPROTO: a bad reply). */
static int step(job_t *j, peer_t *p, const char *msg, size_t len) {
  ssize_t n;
  if (j->state == SENDING) {
    /* sendmsg does not write the message; iovec has no const. */
    struct iovec iov[2] = {{j->out_head, FRAME_HEAD},
                           {(void *)(uintptr_t)msg, len}};
    size_t skip = j->off;
    int k = 0;
    if (skip >= FRAME_HEAD) {
      skip -= FRAME_HEAD;
      k = 1;
    }
    iov[k].iov_base = (char *)iov[k].iov_base + skip;
    iov[k].iov_len -= skip;
    struct msghdr mh = {.msg_iov = iov + k, .msg_iovlen = (size_t)(2 - k)};
    n = sendmsg(p->fd, &mh, MSG_NOSIGNAL | MSG_DONTWAIT);
  } else if (j->state == HEAD) {
    n = recv(p->fd, j->head + j->off, FRAME_HEAD - j->off, MSG_DONTWAIT);
  } else {
    n = recv(p->fd, j->reply + j->off, j->len - j->off, MSG_DONTWAIT);
  }
  if (n < 0)
    return errno == EINTR || errno == EAGAIN || errno == EWOULDBLOCK ? 0 : -1;
  if (n == 0 && j->state != SENDING && !(j->state == BODY && j->len == 0)) {
    errno = 0;
    return -1;
  }
  j->off += (size_t)n;
  if (j->state == SENDING && j->off == FRAME_HEAD + len) {
    j->state = HEAD;
    j->off = 0;
  } else if (j->state == HEAD && j->off == FRAME_HEAD) {
    uint64_t rlen = mir_get_be64(j->head);
    if (rlen > MIR_MAX_RELAY) {
      errno = EPROTO;
      return -1;
    }
    j->len = (size_t)rlen;
    j->reply = malloc(j->len + 1);
    if (!j->reply)
      return -1;
    j->state = BODY;
    j->off = 0;
  }
  if (j->state == BODY && j->off == j->len) {
    j->reply[j->len] = '\0';
    if (!mir_relay_head_ok(j->head, root_secret, mir_relay_reply_label,
                           p->challenge, p->seq, j->reply, j->len)) {
      errno = EPROTO;
      return -1;
    }
    p->seq++;
    j->state = DONE;
  }
  return 0;
}

/* Has job j started receiving its reply (so that a failure cannot be a
 * stale connection)? */
static int replied(const job_t *j) {
  return j->state == BODY || j->state == DONE ||
         (j->state == HEAD && j->off > 0);
}

int mir_relay_send(const char *msg, size_t len, char **replies,
                   char **error) {
  *error = NULL;
  if (len > MAX_MESSAGE) {
    *error = mir_format("relayed message too large (%zu bytes)", len);
    return -1;
  }
  pthread_mutex_lock(&peers_lock);
  size_t n = npeers;
  int rc = -1;
  job_t *jobs = calloc(n ? n : 1, sizeof *jobs);
  struct pollfd *pfd = calloc(n ? n : 1, sizeof *pfd);
  long long deadline = mir_now_ms() + relay_deadline_ms;
  if (!jobs || !pfd) {
    *error = mir_format("out of memory");
    goto done;
  }
  for (size_t i = 0; i < n; i++) {
    char *why = NULL;
    jobs[i].reused = peers[i].fd >= 0;
    if (peers[i].fd < 0 && connect_peer(&peers[i], deadline, &why) != 0) {
      *error = mir_format("process %zu (%s): %s", i + 1, peers[i].address,
                          why ? why : "cannot connect");
      free(why);
      goto done;
    }
  }
  for (size_t i = 0; i < n; i++)
    if (mir_relay_make_head(jobs[i].out_head, root_secret,
                            mir_relay_request_label, peers[i].challenge,
                            peers[i].seq, msg, len) != 0) {
      *error = mir_format("cannot authenticate the message");
      goto done;
    }
  for (;;) {
    /* Every unfinished exchange at once: each peer computes its reply
     * while the others are sent theirs or read. */
    size_t np = 0;
    for (size_t i = 0; i < n; i++)
      if (jobs[i].state != DONE)
        pfd[np++] = (struct pollfd){
            peers[i].fd, jobs[i].state == SENDING ? POLLOUT : POLLIN, 0};
    if (np == 0)
      break;
    long long left = deadline - mir_now_ms();
    int r = left > 0 ? poll(pfd, np, (int)left) : 0;
    if (r < 0 && errno != EINTR) {
      *error = mir_format("poll: %s", strerror(errno));
      goto done;
    }
    size_t k = 0;
    for (size_t i = 0; i < n; i++) {
      job_t *j = &jobs[i];
      if (j->state == DONE)
        continue;
      struct pollfd *q = &pfd[k++];
      int failed = 0, err = ETIMEDOUT;
      if (r > 0 && q->revents) {
        failed = step(j, &peers[i], msg, len) != 0;
        err = errno;
      } else if (r == 0) {
        failed = 1; /* the deadline passed */
      }
      if (!failed)
        continue;
      close_fd(&peers[i].fd);
      char *why = NULL;
      if (j->reused && !replied(j) && err != EPROTO && r != 0) {
        /* The peer may have dropped an idle connection: once more on a new
         * one. */
        if (connect_peer(&peers[i], deadline, &why) == 0 &&
            mir_relay_make_head(j->out_head, root_secret,
                                mir_relay_request_label, peers[i].challenge,
                                peers[i].seq, msg, len) == 0) {
          free(j->reply);
          j->reply = NULL;
          j->state = SENDING;
          j->off = 0;
          j->reused = 0;
          continue;
        }
      }
      *error = mir_format(
          "process %zu (%s): %s", i + 1, peers[i].address,
          why                ? why
          : err == EPROTO    ? "its reply failed authentication"
          : err == ETIMEDOUT ? "no reply in time"
          : err == 0         ? "connection closed before the reply"
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
  if (jobs)
    for (size_t i = 0; i < n; i++) {
      /* A connection in mid-exchange would deliver a stale reply later. */
      if (rc != 0 && jobs[i].state != DONE)
        close_fd(&peers[i].fd);
      free(jobs[i].reply);
    }
  pthread_mutex_unlock(&peers_lock);
  free(pfd);
  free(jobs);
  return rc;
}
