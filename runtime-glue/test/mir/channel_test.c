/*
 * mir_channel_test.c - tests of mir_channel.c and upc-mir:
 *
 *   mir_channel_test CASE [UPC-MIR]
 *
 * CASE: basic, socket-file, drop, stall, burst, relay, stop, cli (which
 * runs the upc-mir binary UPC-MIR against an in-process channel). Every
 * case serves from an in-process channel on a socket in a fresh temporary
 * directory; exit status 0 on success.
 */
#ifndef _GNU_SOURCE
#define _GNU_SOURCE
#endif
#include <ctype.h>
#include <errno.h>
#include <fcntl.h>
#include <netdb.h>
#include <poll.h>
#include <pthread.h>
#include <signal.h>
#include <stdarg.h>
#include <stdatomic.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/un.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "channel.h"

#define CHECK(cond)                                                            \
  do {                                                                         \
    if (!(cond)) {                                                             \
      fprintf(stderr, "%s:%d: check failed: %s\n", __FILE__, __LINE__, #cond); \
      exit(1);                                                                 \
    }                                                                          \
  } while (0)

#define CHECK_STR(got, want)                                                   \
  do {                                                                         \
    const char *g_ = (got), *w_ = (want);                                      \
    if (!g_ || strcmp(g_, w_) != 0) {                                          \
      fprintf(stderr, "%s:%d: got '%s', expected '%s'\n", __FILE__, __LINE__, \
              g_ ? g_ : "(null)", w_);                                         \
      exit(1);                                                                 \
    }                                                                          \
  } while (0)

#define CHECK_HAS(got, want)                                                   \
  do {                                                                         \
    const char *g_ = (got), *w_ = (want);                                      \
    if (!g_ || !strstr(g_, w_)) {                                              \
      fprintf(stderr, "%s:%d: '%s' lacks '%s'\n", __FILE__, __LINE__,         \
              g_ ? g_ : "(null)", w_);                                         \
      exit(1);                                                                 \
    }                                                                          \
  } while (0)

static char dir[64], sock[128];

static void make_dir(void) {
  strcpy(dir, "/tmp/mirchXXXXXX");
  CHECK(mkdtemp(dir));
  snprintf(sock, sizeof sock, "%s/mir.sock", dir);
}

static void remove_dir(void) {
  char cmd[128];
  snprintf(cmd, sizeof cmd, "rm -rf '%s'", dir);
  CHECK(system(cmd) == 0);
}

static void sleep_ms(int ms) {
  struct timespec ts = {ms / 1000, (long)(ms % 1000) * 1000000L};
  while (nanosleep(&ts, &ts) != 0 && errno == EINTR)
    ;
}

static char *xstrdup(const char *s) {
  char *d = strdup(s);
  CHECK(d);
  return d;
}

static char *xprintf(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
static char *xprintf(const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  char *s = NULL;
  CHECK(vasprintf(&s, fmt, ap) >= 0);
  va_end(ap);
  return s;
}

/* ------------------------------------------------------------------------
 * The serve function of most cases
 * ------------------------------------------------------------------------ */

static atomic_int served;          /* calls of echo_serve */
static atomic_size_t last_len;     /* the length it was last given */
static atomic_int signals_blocked; /* all were, on its every call */

/* "ECHO:" + the message uppercased; special messages: NULL (no reply),
 * SLOW (a large reply after a pause), ERR (an errors document), XML (a
 * measurement document). */
static char *echo_serve(void *arg, const char *msg, size_t len) {
  CHECK(arg == (void *)&served);
  CHECK(msg[len] == '\0');
  sigset_t cur;
  pthread_sigmask(SIG_BLOCK, NULL, &cur);
  if (!sigismember(&cur, SIGINT) || !sigismember(&cur, SIGTERM) ||
      !sigismember(&cur, SIGUSR1) || !sigismember(&cur, SIGPIPE))
    signals_blocked = 0;
  served++;
  last_len = len;
  if (strcmp(msg, "NULL") == 0)
    return NULL;
  if (strcmp(msg, "SLOW") == 0) {
    sleep_ms(200);
    char *r = malloc(4 << 20);
    CHECK(r);
    memset(r, 'x', (4 << 20) - 1);
    r[(4 << 20) - 1] = '\0';
    return r;
  }
  if (strstr(msg, "ERR"))
    return xstrdup("<?xml version=\"1.0\"?>\n<!-- a comment -->\n"
                   "<errors>\n  <error>bad request</error>\n</errors>\n");
  if (strstr(msg, "XML"))
    return xstrdup("<?xml version=\"1.0\"?>\n<measurement/>\n");
  char *r = malloc(len + 6);
  CHECK(r);
  memcpy(r, "ECHO:", 5);
  for (size_t i = 0; i < len; i++)
    r[5 + i] = msg[i] ? (char)toupper((unsigned char)msg[i]) : '0';
  r[5 + len] = '\0';
  return r;
}

static char *start_echo(const char *path) {
  char *address = NULL, *error = NULL;
  if (mir_channel_start(path, echo_serve, NULL, &served, &address, &error)) {
    fprintf(stderr, "mir_channel_start: %s\n", error);
    exit(1);
  }
  CHECK(address && !error);
  return address;
}

/* Sends msg and expects reply. */
static void expect_reply(const char *msg, const char *reply) {
  char *error = NULL;
  char *r = mir_channel_send(sock, msg, strlen(msg), 0, &error);
  if (!r)
    fprintf(stderr, "mir_channel_send: %s\n", error);
  CHECK_STR(r, reply);
  CHECK(!error);
  free(r);
}

/* A raw connection to the Unix socket. */
static int connect_raw(const char *path) {
  int fd = socket(AF_UNIX, SOCK_STREAM, 0);
  CHECK(fd >= 0);
  struct sockaddr_un sa = {.sun_family = AF_UNIX};
  snprintf(sa.sun_path, sizeof sa.sun_path, "%s", path);
  CHECK(connect(fd, (struct sockaddr *)&sa, sizeof sa) == 0);
  return fd;
}

/* A raw TCP connection to "host:port". */
static int connect_tcp(const char *address) {
  char *host = xstrdup(address);
  char *colon = strrchr(host, ':');
  CHECK(colon);
  *colon = '\0';
  struct addrinfo hints = {.ai_family = AF_INET, .ai_socktype = SOCK_STREAM};
  struct addrinfo *res;
  CHECK(getaddrinfo(host, colon + 1, &hints, &res) == 0);
  int fd = socket(res->ai_family, res->ai_socktype, res->ai_protocol);
  CHECK(fd >= 0);
  CHECK(connect(fd, res->ai_addr, res->ai_addrlen) == 0);
  freeaddrinfo(res);
  free(host);
  return fd;
}

/* ------------------------------------------------------------------------
 * Cases
 * ------------------------------------------------------------------------ */

static int case_basic(void) {
  sigset_t before, after;
  pthread_sigmask(SIG_BLOCK, NULL, &before);
  signals_blocked = 1;
  char *address = start_echo(sock);
  pthread_sigmask(SIG_BLOCK, NULL, &after);
  CHECK(sigismember(&after, SIGINT) == sigismember(&before, SIGINT));
  CHECK(!sigismember(&after, SIGUSR1));

  /* host:port */
  char *colon = strrchr(address, ':');
  CHECK(colon && colon > address && atoi(colon + 1) > 0);
  printf("address %s\n", address);
  free(address);

  struct stat st;
  CHECK(lstat(sock, &st) == 0 && S_ISSOCK(st.st_mode));
  CHECK((st.st_mode & 0777) == 0600);

  expect_reply("hello", "ECHO:HELLO");
  CHECK(last_len == 5);
  /* Arbitrary bytes, NULs included, arrive whole. */
  char *error = NULL;
  char *r = mir_channel_send(sock, "a\0b", 3, 0, &error);
  CHECK_STR(r, "ECHO:A0B");
  CHECK(last_len == 3);
  free(r);
  /* An empty request is served too (the engine answers it). */
  expect_reply("", "ECHO:");
  /* No reply: an error for the client. */
  r = mir_channel_send(sock, "NULL", 4, 0, &error);
  CHECK(!r);
  CHECK_HAS(error, "no reply");
  free(error);

  /* The program's signals are its own: a signal sent to the process is
   * never taken by the helper thread, which blocks them all. */
  CHECK(signals_blocked == 1);
  mir_channel_stop();
  return 0;
}

static int case_socket_file(void) {
  char *error = NULL, *address = NULL;

  /* A stale socket (bound, then its program died) is replaced. */
  int fd = socket(AF_UNIX, SOCK_STREAM, 0);
  struct sockaddr_un sa = {.sun_family = AF_UNIX};
  snprintf(sa.sun_path, sizeof sa.sun_path, "%s", sock);
  CHECK(bind(fd, (struct sockaddr *)&sa, sizeof sa) == 0);
  close(fd);
  struct stat st;
  CHECK(lstat(sock, &st) == 0 && S_ISSOCK(st.st_mode));
  free(start_echo(sock));
  expect_reply("stale", "ECHO:STALE");

  /* A second start in the same process is refused. */
  CHECK(mir_channel_start(sock, echo_serve, NULL, &served, &address,
                          &error) == -1);
  CHECK_HAS(error, "already started");
  free(error);
  error = NULL;
  mir_channel_stop();
  CHECK(lstat(sock, &st) != 0 && errno == ENOENT);

  /* A live socket (someone listens) is refused, and left alone. */
  fd = socket(AF_UNIX, SOCK_STREAM, 0);
  CHECK(bind(fd, (struct sockaddr *)&sa, sizeof sa) == 0);
  CHECK(listen(fd, 4) == 0);
  CHECK(mir_channel_start(sock, echo_serve, NULL, &served, &address,
                          &error) == -1);
  CHECK_HAS(error, "already listens on");
  CHECK(!address);
  printf("live: %s\n", error);
  free(error);
  error = NULL;
  CHECK(lstat(sock, &st) == 0 && S_ISSOCK(st.st_mode));
  close(fd);
  unlink(sock);

  /* Not a socket: refused, left alone. */
  FILE *f = fopen(sock, "w");
  CHECK(f && fputs("data", f) >= 0 && fclose(f) == 0);
  CHECK(mir_channel_start(sock, echo_serve, NULL, &served, &address,
                          &error) == -1);
  CHECK_HAS(error, "is not a socket");
  printf("file: %s\n", error);
  free(error);
  error = NULL;
  CHECK(lstat(sock, &st) == 0 && S_ISREG(st.st_mode) && st.st_size == 4);
  unlink(sock);

  /* Too long for sun_path. */
  char longpath[300];
  memset(longpath, 'a', sizeof longpath);
  memcpy(longpath, "/tmp/", 5);
  longpath[sizeof longpath - 1] = '\0';
  CHECK(mir_channel_start(longpath, echo_serve, NULL, &served, &address,
                          &error) == -1);
  CHECK_HAS(error, "too long");
  printf("long: %s\n", error);
  free(error);
  error = NULL;
  char *r = mir_channel_send(longpath, "x", 1, 0, &error);
  CHECK(!r);
  CHECK_HAS(error, "too long");
  free(error);
  error = NULL;

  /* A directory that does not exist. */
  CHECK(mir_channel_start("/nonexistent-dir/mir.sock", echo_serve, NULL,
                          &served, &address, &error) == -1);
  CHECK_HAS(error, "/nonexistent-dir/mir.sock");
  printf("no dir: %s\n", error);
  free(error);
  error = NULL;

  /* After all these failures, a start still works. */
  free(start_echo(sock));
  expect_reply("again", "ECHO:AGAIN");
  mir_channel_stop();
  return 0;
}

static void *accept_and_close(void *p) {
  int fd = accept(*(int *)p, NULL, NULL);
  CHECK(fd >= 0);
  sleep_ms(50); /* the client has filled the socket buffer */
  close(fd);
  return NULL;
}

static int case_drop(void) {
  char *address = start_echo(sock);
  char *error = NULL;

  /* Connects and disconnects without a byte. */
  int before = served;
  close(connect_raw(sock));
  expect_reply("next1", "ECHO:NEXT1");

  /* Half a request, then gone without shutting down writing: dropped
   * unserved. */
  int fd = connect_raw(sock);
  CHECK(send(fd, "<ctrlreq", 8, MSG_NOSIGNAL) == 8);
  close(fd);
  expect_reply("next2", "ECHO:NEXT2");
  CHECK(served == before + 2);

  /* Garbage is just bytes to the channel. */
  unsigned char garbage[1000];
  for (size_t i = 0; i < sizeof garbage; i++)
    garbage[i] = (unsigned char)(i * 131 + 7);
  char *r =
      mir_channel_send(sock, (char *)garbage, sizeof garbage, 0, &error);
  CHECK(r && strlen(r) == 5 + sizeof garbage);
  free(r);

  /* Too large: dropped unanswered (the client sees the connection go),
   * not served. The client side refuses it up front. */
  before = served;
  size_t big = MIR_CHANNEL_MAX_MESSAGE + 1;
  char *huge = malloc(big);
  CHECK(huge);
  memset(huge, 'h', big);
  r = mir_channel_send(sock, huge, big, 0, &error);
  CHECK(!r);
  CHECK_HAS(error, "request too large");
  free(error);
  error = NULL;
  fd = connect_raw(sock);
  size_t sent = 0;
  ssize_t k;
  while (sent < big &&
         (k = send(fd, huge + sent, big - sent, MSG_NOSIGNAL)) > 0)
    sent += (size_t)k;
  shutdown(fd, SHUT_WR);
  char c;
  CHECK(recv(fd, &c, 1, 0) <= 0); /* no reply */
  close(fd);
  free(huge);
  CHECK(served == before);
  expect_reply("next3", "ECHO:NEXT3");

  /* The largest allowed request is served. */
  huge = malloc(MIR_CHANNEL_MAX_MESSAGE);
  CHECK(huge);
  memset(huge, 'h', MIR_CHANNEL_MAX_MESSAGE);
  r = mir_channel_send(sock, huge, MIR_CHANNEL_MAX_MESSAGE, 0, &error);
  CHECK(r && strlen(r) == 5 + MIR_CHANNEL_MAX_MESSAGE);
  free(r);
  free(huge);

  /* A client that leaves before its (large) reply: the reply meets a
   * closed socket, which must not raise SIGPIPE (its default action
   * would end this process). */
  signal(SIGPIPE, SIG_DFL);
  fd = connect_raw(sock);
  CHECK(send(fd, "SLOW", 4, MSG_NOSIGNAL) == 4);
  CHECK(shutdown(fd, SHUT_WR) == 0);
  sleep_ms(50); /* served, not dropped as a hang-up */
  close(fd);
  sleep_ms(300);
  expect_reply("next4", "ECHO:NEXT4");

  /* Relay port: garbage, an absurd length and a bare connection are
   * dropped; the channel goes on. */
  fd = connect_tcp(address);
  CHECK(send(fd, "\xff\xff\xff\xff\xff\xff\xff\xff", 8, MSG_NOSIGNAL) == 8);
  CHECK(recv(fd, &c, 1, 0) <= 0); /* closed by the channel */
  close(fd);
  close(connect_tcp(address));
  fd = connect_tcp(address);
  CHECK(send(fd, "\0\0\0\0\0\0\0\x10" "abc", 11, MSG_NOSIGNAL) == 11);
  close(fd); /* mid-frame */
  expect_reply("next5", "ECHO:NEXT5");

  free(address);
  mir_channel_stop();

  /* The client side too: a program that closes the connection while the
   * request is being sent is an error, not a SIGPIPE. */
  char fake[160];
  snprintf(fake, sizeof fake, "%s/fake.sock", dir);
  int lfd = socket(AF_UNIX, SOCK_STREAM, 0);
  struct sockaddr_un sa = {.sun_family = AF_UNIX};
  snprintf(sa.sun_path, sizeof sa.sun_path, "%s", fake);
  CHECK(bind(lfd, (struct sockaddr *)&sa, sizeof sa) == 0 &&
        listen(lfd, 4) == 0);
  pthread_t th;
  CHECK(pthread_create(&th, NULL, accept_and_close, &lfd) == 0);
  huge = calloc(1, 4 << 20);
  CHECK(huge);
  r = mir_channel_send(fake, huge, 4 << 20, 0, &error);
  CHECK(!r);
  printf("closed by the program: %s\n", error);
  free(error);
  free(huge);
  pthread_join(th, NULL);
  close(lfd);
  return 0;
}

static int case_stall(void) {
  free(start_echo(sock));
  /* A client that stalls mid-request is dropped after the read timeout;
   * the one behind it is then served. */
  int fd = connect_raw(sock);
  CHECK(send(fd, "<snap", 5, MSG_NOSIGNAL) == 5);
  int before = served;
  expect_reply("behind", "ECHO:BEHIND");
  CHECK(served == before + 1);
  char c;
  CHECK(recv(fd, &c, 1, 0) == 0); /* dropped without a reply */
  close(fd);
  mir_channel_stop();
  return 0;
}

struct burst_arg {
  int id, n, failures;
};

static void *burst_thread(void *p) {
  struct burst_arg *a = p;
  for (int i = 0; i < a->n; i++) {
    char msg[64], want[64];
    snprintf(msg, sizeof msg, "t%d-%d", a->id, i);
    snprintf(want, sizeof want, "ECHO:T%d-%d", a->id, i);
    char *error = NULL;
    char *r = mir_channel_send(sock, msg, strlen(msg), 0, &error);
    if (!r || strcmp(r, want) != 0) {
      fprintf(stderr, "thread %d request %d: %s\n", a->id, i,
              r ? r : error);
      a->failures++;
    }
    free(r);
    free(error);
  }
  return NULL;
}

static int case_burst(void) {
  free(start_echo(sock));
  for (int i = 0; i < 1000; i++) {
    char msg[32], want[32];
    snprintf(msg, sizeof msg, "req%d", i);
    snprintf(want, sizeof want, "ECHO:REQ%d", i);
    expect_reply(msg, want);
  }
  printf("1000 sequential requests answered\n");

  /* Concurrent clients queue in the backlog and are all served. */
  enum { THREADS = 16, EACH = 40 };
  pthread_t th[THREADS];
  struct burst_arg args[THREADS];
  for (int i = 0; i < THREADS; i++) {
    args[i] = (struct burst_arg){i, EACH, 0};
    CHECK(pthread_create(&th[i], NULL, burst_thread, &args[i]) == 0);
  }
  int failures = 0;
  for (int i = 0; i < THREADS; i++) {
    pthread_join(th[i], NULL);
    failures += args[i].failures;
  }
  printf("%d concurrent requests answered\n", THREADS * EACH);
  CHECK(failures == 0);
  mir_channel_stop();
  return 0;
}

/* ---- relay ---- */

static char *peer_serve(void *arg, const char *msg, size_t len) {
  (void)arg;
  if (strcmp(msg, "NULL") == 0)
    return NULL;
  if (strncmp(msg, "BIG", 3) == 0) {
    /* A reply as large as the message, to cross the socket buffers both
     * ways. */
    char *r = malloc(len + 1);
    CHECK(r);
    memset(r, 'p', len);
    r[len] = '\0';
    return r;
  }
  return xprintf("%d-reply:%s", (int)getpid(), msg);
}

/* The root's serve_client: relays the request to the peers and joins
 * their replies with '|' (or "ERROR:..."). */
static size_t relay_peers; /* how many replies root_serve joins */

static char *root_serve(void *arg, const char *msg, size_t len) {
  (void)arg;
  size_t n = relay_peers;
  char *replies[8];
  char *error = NULL;
  if (mir_channel_relay(msg, len, replies, &error) != 0) {
    char *r = xprintf("ERROR:%s", error);
    free(error);
    return r;
  }
  CHECK(!error);
  size_t total = 1;
  for (size_t i = 0; i < n; i++)
    total += strlen(replies[i]) + 1;
  char *r = malloc(total);
  CHECK(r);
  r[0] = '\0';
  for (size_t i = 0; i < n; i++) {
    if (i)
      strcat(r, "|");
    strcat(r, replies[i]);
    free(replies[i]);
  }
  return r;
}

struct child {
  pid_t pid;
  int control; /* closing it ends the child */
  char *address;
};

/* A peer process: its own channel (no Unix socket) answering with
 * peer_serve, until the control pipe closes. */
static struct child spawn_peer(void) {
  int addr_pipe[2], ctl_pipe[2];
  CHECK(pipe(addr_pipe) == 0 && pipe(ctl_pipe) == 0);
  pid_t pid = fork();
  CHECK(pid >= 0);
  if (pid == 0) {
    close(addr_pipe[0]);
    close(ctl_pipe[1]);
    char *address = NULL, *error = NULL;
    if (mir_channel_start(NULL, NULL, peer_serve, NULL, &address, &error)) {
      fprintf(stderr, "peer: %s\n", error);
      _exit(1);
    }
    dprintf(addr_pipe[1], "%s\n", address);
    close(addr_pipe[1]);
    char c;
    while (read(ctl_pipe[0], &c, 1) != 0 && errno == EINTR)
      ;
    mir_channel_stop();
    _exit(0);
  }
  close(addr_pipe[1]);
  close(ctl_pipe[0]);
  char buf[300];
  size_t n = 0;
  ssize_t k;
  while ((k = read(addr_pipe[0], buf + n, sizeof buf - 1 - n)) > 0)
    n += (size_t)k;
  close(addr_pipe[0]);
  buf[n] = '\0';
  CHECK(n > 1 && buf[n - 1] == '\n');
  buf[n - 1] = '\0';
  return (struct child){pid, ctl_pipe[1], xstrdup(buf)};
}

static void end_peer(struct child *c) {
  close(c->control);
  int status;
  CHECK(waitpid(c->pid, &status, 0) == c->pid);
  CHECK(WIFEXITED(status) && WEXITSTATUS(status) == 0);
  free(c->address);
}

static int case_relay(void) {
  /* The peers fork before this process starts its own channel. */
  struct child peer[2] = {spawn_peer(), spawn_peer()};
  printf("peers %s %s\n", peer[0].address, peer[1].address);
  char *address = NULL, *error = NULL;
  relay_peers = 2;
  CHECK(mir_channel_start(sock, root_serve, NULL, NULL, &address, &error) ==
        0);
  free(address);
  const char *addrs[2] = {peer[0].address, peer[1].address};
  CHECK(mir_channel_set_peers(addrs, 2) == 0);

  char want[200];
  snprintf(want, sizeof want, "%d-reply:hello|%d-reply:hello",
           (int)peer[0].pid, (int)peer[1].pid);
  expect_reply("hello", want);
  /* Again, on the same connections. */
  snprintf(want, sizeof want, "%d-reply:again|%d-reply:again",
           (int)peer[0].pid, (int)peer[1].pid);
  expect_reply("again", want);
  /* An empty message. */
  snprintf(want, sizeof want, "%d-reply:|%d-reply:", (int)peer[0].pid,
           (int)peer[1].pid);
  expect_reply("", want);
  /* A NULL reply arrives as an empty one. */
  expect_reply("NULL", "|");

  /* Large messages and replies both ways. */
  size_t big = 3u << 20;
  char *msg = malloc(big);
  CHECK(msg);
  memset(msg, 'm', big);
  memcpy(msg, "BIG", 3);
  char *r = mir_channel_send(sock, msg, big, 0, &error);
  CHECK(r && strlen(r) == 2 * big + 1 && r[big] == '|');
  free(r);
  free(msg);

  /* Peer 0 drops the root's connection (it keeps a bounded number and
   * closes the oldest): the relay reconnects once, transparently. */
  int extra[16];
  for (int i = 0; i < 16; i++)
    extra[i] = connect_tcp(peer[0].address);
  sleep_ms(200);
  snprintf(want, sizeof want, "%d-reply:reconnected|%d-reply:reconnected",
           (int)peer[0].pid, (int)peer[1].pid);
  expect_reply("reconnected", want);
  for (int i = 0; i < 16; i++)
    close(extra[i]);

  /* A peer that is gone: an error naming it. */
  kill(peer[1].pid, SIGKILL);
  int status;
  CHECK(waitpid(peer[1].pid, &status, 0) == peer[1].pid);
  char *reply = mir_channel_send(sock, "x", 1, 0, &error);
  CHECK(reply);
  printf("dead peer: %s\n", reply);
  CHECK_HAS(reply, "ERROR:peer 1 (");
  free(reply);
  /* Without it, relaying works again (peer 0's connection, closed when
   * the relay failed, reopens). */
  relay_peers = 1;
  CHECK(mir_channel_set_peers(addrs, 1) == 0);
  snprintf(want, sizeof want, "%d-reply:alone", (int)peer[0].pid);
  expect_reply("alone", want);
  /* No peers: nothing to relay. */
  CHECK(mir_channel_set_peers(NULL, 0) == 0);
  char *none[1];
  CHECK(mir_channel_relay("x", 1, none, &error) == 0);
  /* An unreachable address. */
  const char *bad[1] = {"127.0.0.1:1"};
  CHECK(mir_channel_set_peers(bad, 1) == 0);
  reply = mir_channel_send(sock, "y", 1, 0, &error);
  CHECK_HAS(reply, "ERROR:peer 0 (127.0.0.1:1)");
  free(reply);
  mir_channel_stop();

  end_peer(&peer[0]);
  free(peer[1].address);
  close(peer[1].control);
  return 0;
}

/* ---- stop ---- */

static char *stopping_serve(void *arg, const char *msg, size_t len) {
  (void)arg;
  (void)len;
  if (strcmp(msg, "STOP") == 0)
    mir_channel_stop(); /* from the helper thread itself */
  return xprintf("ok:%s", msg);
}

static int case_stop(void) {
  struct stat st;
  char *error = NULL;
  free(start_echo(sock));
  expect_reply("one", "ECHO:ONE");
  mir_channel_stop();
  CHECK(lstat(sock, &st) != 0 && errno == ENOENT);
  mir_channel_stop(); /* idempotent */
  char *r = mir_channel_send(sock, "x", 1, 0, &error);
  CHECK(!r);
  CHECK_HAS(error, "no socket at");
  free(error);
  error = NULL;

  /* Restart on the same path; a stop while a client stalls is prompt. */
  free(start_echo(sock));
  expect_reply("two", "ECHO:TWO");
  int fd = connect_raw(sock);
  CHECK(send(fd, "<ctrl", 5, MSG_NOSIGNAL) == 5);
  sleep_ms(100);
  mir_channel_stop(); /* returns: the stalled client does not hold it */
  close(fd);
  CHECK(lstat(sock, &st) != 0 && errno == ENOENT);

  /* A socket file that is no longer ours is left alone. */
  free(start_echo(sock));
  char moved[160];
  snprintf(moved, sizeof moved, "%s/moved", dir);
  CHECK(rename(sock, moved) == 0);
  FILE *f = fopen(sock, "w");
  CHECK(f && fclose(f) == 0);
  mir_channel_stop();
  CHECK(lstat(sock, &st) == 0 && S_ISREG(st.st_mode));
  unlink(sock);

  /* Stopped from a serve function: the reply still goes out, then the
   * thread ends and cleans up. */
  char *address = NULL;
  CHECK(mir_channel_start(sock, stopping_serve, NULL, NULL, &address,
                          &error) == 0);
  free(address);
  expect_reply("STOP", "ok:STOP");
  for (int i = 0; i < 200 && lstat(sock, &st) == 0; i++)
    sleep_ms(10);
  CHECK(lstat(sock, &st) != 0);
  sleep_ms(100);
  free(start_echo(sock));
  expect_reply("three", "ECHO:THREE");

  /* A forked child that calls mir_channel_stop (say, from an atexit
   * handler) leaves the parent's channel alone. */
  pid_t pid = fork();
  CHECK(pid >= 0);
  if (pid == 0) {
    mir_channel_stop();
    _exit(0);
  }
  int status;
  CHECK(waitpid(pid, &status, 0) == pid && WIFEXITED(status) &&
        WEXITSTATUS(status) == 0);
  expect_reply("four", "ECHO:FOUR");
  CHECK(lstat(sock, &st) == 0);
  mir_channel_stop();
  CHECK(lstat(sock, &st) != 0);
  return 0;
}

/* ---- cli ---- */

static const char *upc_mir;

/* Runs upc-mir with args (NULL-terminated), input on its standard input;
 * returns its exit status, its standard output in *out, its standard error
 * in *err. */
static int run_cli(const char *input, char **out, char **err,
                   const char *const *args) {
  char outf[160], errf[160], inf[160];
  snprintf(outf, sizeof outf, "%s/out", dir);
  snprintf(errf, sizeof errf, "%s/err", dir);
  snprintf(inf, sizeof inf, "%s/in", dir);
  FILE *f = fopen(inf, "w");
  CHECK(f && fputs(input ? input : "", f) >= 0 && fclose(f) == 0);
  char *argv[16] = {xstrdup(upc_mir)}; /* (copies: execv's are not const) */
  int n = 1;
  for (; args[n - 1]; n++)
    argv[n] = xstrdup(args[n - 1]);
  argv[n] = NULL;
  pid_t pid = fork();
  CHECK(pid >= 0);
  if (pid == 0) {
    int i = open(inf, O_RDONLY);
    int o = open(outf, O_WRONLY | O_CREAT | O_TRUNC, 0600);
    int e = open(errf, O_WRONLY | O_CREAT | O_TRUNC, 0600);
    if (i < 0 || o < 0 || e < 0 || dup2(i, 0) < 0 || dup2(o, 1) < 0 ||
        dup2(e, 2) < 0)
      _exit(99);
    execv(upc_mir, argv);
    _exit(98);
  }
  for (int k = 0; k < n; k++)
    free(argv[k]);
  int status;
  CHECK(waitpid(pid, &status, 0) == pid && WIFEXITED(status));
  const char *files[2] = {outf, errf};
  char **dest[2] = {out, err};
  for (int k = 0; k < 2; k++) {
    f = fopen(files[k], "r");
    CHECK(f);
    char *buf = calloc(1, 1 << 16);
    CHECK(buf);
    fread(buf, 1, (1 << 16) - 1, f);
    fclose(f);
    *dest[k] = buf;
  }
  return WEXITSTATUS(status);
}

static int case_cli(const char *path) {
  CHECK(path);
  upc_mir = path;
  char *out, *err;
  free(start_echo(sock));

  /* From a file, from standard input ('-' or nothing). */
  char req[160];
  snprintf(req, sizeof req, "%s/req.xml", dir);
  FILE *f = fopen(req, "w");
  CHECK(f && fputs("<snapshotreq/>", f) >= 0 && fclose(f) == 0);
  CHECK(run_cli(NULL, &out, &err, (const char *[]){"send", sock, req, NULL})
        == 0);
  CHECK_STR(out, "ECHO:<SNAPSHOTREQ/>\n");
  CHECK_STR(err, "");
  free(out), free(err);
  CHECK(run_cli("from stdin", &out, &err,
                (const char *[]){"send", sock, "-", NULL}) == 0);
  CHECK_STR(out, "ECHO:FROM STDIN\n");
  free(out), free(err);
  CHECK(run_cli("no file", &out, &err,
                (const char *[]){"send", "--wait=1.5", sock, NULL}) == 0);
  CHECK_STR(out, "ECHO:NO FILE\n");
  free(out), free(err);

  /* The reply's root element decides between 0 and 1. */
  CHECK(run_cli("XML", &out, &err, (const char *[]){"send", sock, NULL}) ==
        0);
  CHECK_HAS(out, "<measurement/>");
  free(out), free(err);
  CHECK(run_cli("ERR", &out, &err, (const char *[]){"send", sock, NULL}) ==
        1);
  CHECK_HAS(out, "<errors>");
  free(out), free(err);

  /* No reply, too large, no socket: 2 with a message. */
  CHECK(run_cli("NULL", &out, &err, (const char *[]){"send", sock, NULL}) ==
        2);
  CHECK_HAS(err, "upc-mir: error: no reply");
  CHECK_STR(out, "");
  free(out), free(err);
  char big[160];
  snprintf(big, sizeof big, "%s/big.xml", dir);
  f = fopen(big, "w");
  CHECK(f);
  for (unsigned i = 0; i <= MIR_CHANNEL_MAX_MESSAGE / 1024; i++)
    CHECK(fwrite(memset((char[1024]){0}, 'b', 1024), 1, 1024, f) == 1024);
  CHECK(fclose(f) == 0);
  CHECK(run_cli(NULL, &out, &err, (const char *[]){"send", sock, big, NULL})
        == 2);
  CHECK_HAS(err, "too large");
  free(out), free(err);
  mir_channel_stop();
  CHECK(run_cli("x", &out, &err, (const char *[]){"send", sock, NULL}) == 2);
  CHECK_HAS(err, "upc-mir: error: no socket at");
  free(out), free(err);

  /* --wait: the program starts listening while upc-mir waits. */
  int in = open("/dev/null", O_RDONLY);
  CHECK(in >= 0);
  pid_t pid = fork();
  CHECK(pid >= 0);
  if (pid == 0) {
    dup2(in, 0);
    int devnull = open("/dev/null", O_WRONLY);
    dup2(devnull, 1);
    execl(upc_mir, upc_mir, "send", "--wait", "5", sock, req, (char *)NULL);
    _exit(98);
  }
  close(in);
  sleep_ms(300);
  free(start_echo(sock));
  int status;
  CHECK(waitpid(pid, &status, 0) == pid && WIFEXITED(status));
  CHECK(WEXITSTATUS(status) == 0);
  mir_channel_stop();

  /* A stale socket with --wait: waits, then says nothing listens. */
  int fd = socket(AF_UNIX, SOCK_STREAM, 0);
  struct sockaddr_un sa = {.sun_family = AF_UNIX};
  snprintf(sa.sun_path, sizeof sa.sun_path, "%s", sock);
  CHECK(bind(fd, (struct sockaddr *)&sa, sizeof sa) == 0);
  close(fd);
  CHECK(run_cli("x", &out, &err,
                (const char *[]){"send", "--wait", "0.3", sock, NULL}) == 2);
  CHECK_HAS(err, "nothing listens on");
  free(out), free(err);
  return 0;
}

int main(int argc, char **argv) {
  if (argc < 2) {
    fprintf(stderr, "usage: mir_channel_test CASE [UPC-MIR]\n");
    return 2;
  }
  setvbuf(stdout, NULL, _IOLBF, 0);
  make_dir();
  const char *c = argv[1];
  int rc;
  if (strcmp(c, "basic") == 0)
    rc = case_basic();
  else if (strcmp(c, "socket-file") == 0)
    rc = case_socket_file();
  else if (strcmp(c, "drop") == 0)
    rc = case_drop();
  else if (strcmp(c, "stall") == 0)
    rc = case_stall();
  else if (strcmp(c, "burst") == 0)
    rc = case_burst();
  else if (strcmp(c, "relay") == 0)
    rc = case_relay();
  else if (strcmp(c, "stop") == 0)
    rc = case_stop();
  else if (strcmp(c, "cli") == 0)
    rc = case_cli(argc > 2 ? argv[2] : NULL);
  else {
    fprintf(stderr, "unknown case %s\n", c);
    rc = 2;
  }
  remove_dir();
  if (rc == 0)
    printf("%s: ok\n", c);
  return rc;
}
