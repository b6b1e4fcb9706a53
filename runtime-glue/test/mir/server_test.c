/*
 * server_test.c CASE [UPC-MIR] - the program's end of UPC_MIR_SOCKET
 * (server.h), the client's (client.h), the private paths and atomic writes
 * (paths.h), and upc-mir's exit statuses. One CTest entry per case
 * (runtime-glue/test/mir/CMakeLists.txt). Every wait is for an outcome; the
 * few pauses only let a connection be made before the next step, and a
 * longer one changes nothing that is checked.
 */
#ifndef _GNU_SOURCE
#define _GNU_SOURCE
#endif
#include <ctype.h>
#include <fcntl.h>
#include <poll.h>
#include <pthread.h>
#include <signal.h>
#include <stdatomic.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/un.h>
#include <sys/wait.h>
#include <unistd.h>

#include "checks.h"
#include "client.h"
#include "io.h"
#include "paths.h"
#include "server.h"

static char sock[128];

/* ------------------------------------------------------------------------
 * The serve function of most cases
 * ------------------------------------------------------------------------ */

static atomic_int served;          /* calls of echo_serve */
static atomic_size_t last_len;     /* the length it was last given */
static atomic_int signals_blocked; /* all were, on its every call */
static atomic_int hold;            /* HOLD waits while this is set */

/* "ECHO:" + the message uppercased; special messages: NULL (no reply),
 * BIG (a 4 MiB reply), HOLD (waits until hold is cleared), ERR (an errors
 * document). */
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
  if (strcmp(msg, "HOLD") == 0)
    while (hold)
      pause_ms(5);
  if (strcmp(msg, "BIG") == 0) {
    char *r = malloc(4 << 20);
    CHECK(r);
    memset(r, 'x', (4 << 20) - 1);
    r[(4 << 20) - 1] = '\0';
    return r;
  }
  if (strstr(msg, "ERR"))
    return strdup("<?xml version=\"1.0\"?>\n<!-- a comment -->\n"
                  "<errors>\n  <error>bad request</error>\n</errors>\n");
  char *r = malloc(len + 6);
  CHECK(r);
  memcpy(r, "ECHO:", 5);
  for (size_t i = 0; i < len; i++)
    r[5 + i] = msg[i] ? (char)toupper((unsigned char)msg[i]) : '0';
  r[5 + len] = '\0';
  return r;
}

static void start_echo(void) {
  char *error = NULL;
  if (mir_server_start(sock, echo_serve, &served, &error) != 0) {
    fprintf(stderr, "mir_server_start: %s\n", error);
    exit(1);
  }
  CHECK(!error);
}

static char *ask(const char *msg, size_t len, char **error) {
  return mir_client_send(sock, msg, len, 0, 60000, error);
}

static void expect_reply(const char *msg, const char *reply) {
  char *error = NULL;
  char *r = ask(msg, strlen(msg), &error);
  if (!r)
    fprintf(stderr, "mir_client_send: %s\n", error);
  CHECK_STR(r, reply);
  free(r);
}

static int connect_raw(const char *path) {
  int fd = socket(AF_UNIX, SOCK_STREAM, 0);
  CHECK(fd >= 0);
  struct sockaddr_un sa = {.sun_family = AF_UNIX};
  snprintf(sa.sun_path, sizeof sa.sun_path, "%s", path);
  CHECK(connect(fd, (struct sockaddr *)&sa, sizeof sa) == 0);
  return fd;
}

/* Is the connection still open (no end of file, no error yet)? */
static int still_open(int fd) {
  char c;
  ssize_t n = recv(fd, &c, 1, MSG_DONTWAIT);
  return n < 0 && (errno == EAGAIN || errno == EWOULDBLOCK);
}

/* Waits for the server to close fd (its deadline): end of file or reset. */
static void await_closed(int fd) {
  char c;
  struct pollfd p = {fd, POLLIN, 0};
  CHECK(poll(&p, 1, 5 * 60 * 1000) == 1); /* a hang-catcher only */
  CHECK(recv(fd, &c, 1, 0) <= 0);
}

/* ------------------------------------------------------------------------
 * Cases
 * ------------------------------------------------------------------------ */

static int case_basic(void) {
  sigset_t before, after;
  pthread_sigmask(SIG_BLOCK, NULL, &before);
  signals_blocked = 1;
  start_echo();
  pthread_sigmask(SIG_BLOCK, NULL, &after);
  CHECK(sigismember(&after, SIGINT) == sigismember(&before, SIGINT));
  CHECK(!sigismember(&after, SIGUSR1));

  struct stat st;
  CHECK(lstat(sock, &st) == 0 && S_ISSOCK(st.st_mode));
  CHECK((st.st_mode & 0777) == 0600);

  expect_reply("hello", "ECHO:HELLO");
  CHECK(last_len == 5);
  /* Arbitrary bytes, NULs included, arrive whole. */
  char *error = NULL;
  char *r = ask("a\0b", 3, &error);
  CHECK_STR(r, "ECHO:A0B");
  CHECK(last_len == 3);
  free(r);
  /* An empty request is served too (the engine answers it). */
  expect_reply("", "ECHO:");
  /* No reply: an error for the client. */
  r = ask("NULL", 4, &error);
  CHECK(!r);
  CHECK_HAS(error, "no reply");
  free(error);
  /* The program's signals are its own. */
  CHECK(signals_blocked == 1);
  mir_server_stop();
  CHECK(lstat(sock, &st) != 0 && errno == ENOENT);
  mir_server_stop(); /* idempotent */
  return 0;
}

static int case_socket_file(void) {
  char *error = NULL;
  start_echo();
  /* A path where a program listens is refused (the server is ours here;
   * another process is no different). */
  mir_server_stop();
  start_echo();
  pid_t pid = fork();
  CHECK(pid >= 0);
  if (pid == 0) {
    /* A fork child forgets the parent's server, and a start of its own on
     * the same path finds it live. */
    mir_server_stop();
    int rc = mir_server_start(sock, echo_serve, &served, &error);
    _exit(rc == -1 && error && strstr(error, "already listens") ? 0 : 1);
  }
  int status;
  CHECK(waitpid(pid, &status, 0) == pid && WIFEXITED(status) &&
        WEXITSTATUS(status) == 0);
  expect_reply("still", "ECHO:STILL"); /* the child left it alone */
  mir_server_stop();

  /* A stale socket (nobody listens) is replaced. */
  int fd = socket(AF_UNIX, SOCK_STREAM, 0);
  struct sockaddr_un sa = {.sun_family = AF_UNIX};
  strcpy(sa.sun_path, sock);
  CHECK(bind(fd, (struct sockaddr *)&sa, sizeof sa) == 0);
  close(fd);
  start_echo();
  expect_reply("fresh", "ECHO:FRESH");
  mir_server_stop();

  /* Not a socket: refused, left as it was. */
  FILE *f = fopen(sock, "w");
  CHECK(f && fputs("data", f) >= 0 && fclose(f) == 0);
  CHECK(mir_server_start(sock, echo_serve, &served, &error) == -1);
  CHECK_HAS(error, "is not a socket");
  free(error);
  struct stat st;
  CHECK(lstat(sock, &st) == 0 && S_ISREG(st.st_mode) && st.st_size == 4);
  unlink(sock);

  /* A socket file that is no longer ours is left alone at stop. */
  start_echo();
  char moved[160];
  snprintf(moved, sizeof moved, "%s/moved", test_dir);
  CHECK(rename(sock, moved) == 0);
  f = fopen(sock, "w");
  CHECK(f && fclose(f) == 0);
  mir_server_stop();
  CHECK(lstat(sock, &st) == 0 && S_ISREG(st.st_mode));
  unlink(sock);
  unlink(moved);

  /* A path no socket address can hold. */
  char *path = mir_socket_path(
      "/tmp/a-directory-name-long-enough-to-exceed-the-one-hundred-and-"
      "eight-bytes-of-sun-path/and-then-some-more-to-be-sure/mir.sock",
      0, &error);
  CHECK(!path);
  CHECK_HAS(error, "socket path too long");
  free(error);
  return 0;
}

static void *accept_and_close(void *p) {
  int fd = accept(*(int *)p, NULL, NULL);
  CHECK(fd >= 0);
  close(fd);
  return NULL;
}

static int case_drop(void) {
  start_echo();
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

  /* Too large (a document still open after 1 MiB): dropped unanswered,
   * not served; the client refuses it up front. */
  before = served;
  size_t big = MIR_MAX_REQUEST + 1;
  char *huge = malloc(big);
  CHECK(huge);
  memset(huge, 'h', big);
  memcpy(huge, "<a>", 3);
  char *r = ask(huge, big, &error);
  CHECK(!r);
  CHECK_HAS(error, "request too large");
  free(error);
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
  CHECK(served == before);
  expect_reply("next3", "ECHO:NEXT3");
  /* The largest allowed request is served. */
  memcpy(huge + MIR_MAX_REQUEST - 4, "</a>", 4);
  r = ask(huge, MIR_MAX_REQUEST, &error);
  CHECK(r && strlen(r) == 5 + MIR_MAX_REQUEST);
  free(r);
  free(huge);

  /* A client that leaves before its (large) reply: the reply meets a
   * closed socket, which must not raise SIGPIPE (its default action would
   * end this process). */
  signal(SIGPIPE, SIG_DFL);
  hold = 1;
  fd = connect_raw(sock);
  CHECK(send(fd, "HOLD", 4, MSG_NOSIGNAL) == 4);
  CHECK(shutdown(fd, SHUT_WR) == 0);
  while (served == before + 2)
    pause_ms(5); /* being served */
  close(fd);
  hold = 0;
  expect_reply("next4", "ECHO:NEXT4");
  mir_server_stop();

  /* The client side too: a program that closes the connection while the
   * request is being sent is an error, not a SIGPIPE. */
  char fake[160];
  snprintf(fake, sizeof fake, "%s/fake.sock", test_dir);
  int lfd = socket(AF_UNIX, SOCK_STREAM, 0);
  struct sockaddr_un sa = {.sun_family = AF_UNIX};
  snprintf(sa.sun_path, sizeof sa.sun_path, "%s", fake);
  CHECK(bind(lfd, (struct sockaddr *)&sa, sizeof sa) == 0 &&
        listen(lfd, 4) == 0);
  pthread_t th;
  CHECK(pthread_create(&th, NULL, accept_and_close, &lfd) == 0);
  huge = calloc(1, MIR_MAX_REQUEST);
  CHECK(huge);
  r = mir_client_send(fake, huge, MIR_MAX_REQUEST, 0, 60000, &error);
  CHECK(!r && error);
  printf("closed by the program: %s\n", error);
  free(error);
  free(huge);
  pthread_join(th, NULL);
  close(lfd);
  return 0;
}

/* Clients are served side by side: idle connections, one that sends a
 * byte now and then and one that stalls mid-request do not keep another
 * client from its answer. (One at a time, the answer came after all of
 * them had timed out: 30 s for six idle clients.) */
static int case_side_by_side(void) {
  start_echo();
  int idle[6];
  for (int i = 0; i < 6; i++)
    idle[i] = connect_raw(sock);
  int trickle = connect_raw(sock);
  CHECK(send(trickle, "<", 1, MSG_NOSIGNAL) == 1);
  int stalled = connect_raw(sock);
  CHECK(send(stalled, "<snap", 5, MSG_NOSIGNAL) == 5);
  expect_reply("behind", "ECHO:BEHIND");
  CHECK(send(trickle, "c", 1, MSG_NOSIGNAL) == 1);
  expect_reply("again", "ECHO:AGAIN");
  /* Answered while every one of them was still connected. */
  for (int i = 0; i < 6; i++)
    CHECK(still_open(idle[i]));
  CHECK(still_open(trickle) && still_open(stalled));
  /* A request being computed does not stop the others from being read:
   * queued behind it, answered after it. */
  hold = 1;
  int first = connect_raw(sock);
  CHECK(send(first, "HOLD", 4, MSG_NOSIGNAL) == 4 &&
        shutdown(first, SHUT_WR) == 0);
  int second = connect_raw(sock);
  CHECK(send(second, "two", 3, MSG_NOSIGNAL) == 3 &&
        shutdown(second, SHUT_WR) == 0);
  hold = 0;
  char *reply = NULL;
  size_t len;
  CHECK(mir_recv_to_eof(first, &reply, &len, 1 << 20, -1, -1) == MIR_IO_OK);
  CHECK_STR(reply, "ECHO:HOLD");
  free(reply);
  CHECK(mir_recv_to_eof(second, &reply, &len, 1 << 20, -1, -1) == MIR_IO_OK);
  CHECK_STR(reply, "ECHO:TWO");
  free(reply);
  close(first);
  close(second);
  for (int i = 0; i < 6; i++)
    close(idle[i]);
  close(trickle);
  close(stalled);
  mir_server_stop();
  return 0;
}

static void *ask_thread(void *p) {
  char *error = NULL;
  char *r = ask("late", 4, &error);
  *(char **)p = r;
  free(error);
  return NULL;
}

/* A request has a deadline as a whole: a client that stalls, or trickles
 * a byte at a time, is dropped at it, unanswered. A table full of such
 * clients delays a new one until they are dropped, and never loses it. */
static int case_deadline(void) {
  start_echo();
  int fds[MIR_MAX_CLIENTS];
  for (int i = 0; i < MIR_MAX_CLIENTS; i++) {
    fds[i] = connect_raw(sock);
    CHECK(send(fds[i], "<", 1, MSG_NOSIGNAL) == 1);
  }
  pthread_t th;
  char *late = NULL;
  CHECK(pthread_create(&th, NULL, ask_thread, &late) == 0);
  for (int i = 0; i < MIR_MAX_CLIENTS; i++)
    await_closed(fds[i]);
  pthread_join(th, NULL);
  CHECK_STR(late, "ECHO:LATE");
  free(late);
  for (int i = 0; i < MIR_MAX_CLIENTS; i++)
    close(fds[i]);
  mir_server_stop();
  return 0;
}

/* Sends text on fd (blocking). */
static void send_text(int fd, const char *text) {
  size_t len = strlen(text), off = 0;
  while (off < len) {
    ssize_t n = send(fd, text + off, len - off, MSG_NOSIGNAL);
    CHECK(n > 0);
    off += (size_t)n;
  }
}

/* The reply on fd, read to the server's end of file; a generous limit only
 * catches a hang (the reply is expected at once). */
static char *read_reply(int fd) {
  char *reply = NULL;
  size_t len;
  enum mir_io_status st =
      mir_recv_to_eof(fd, &reply, &len, 1 << 20, mir_now_ms() + 120000, -1);
  if (st != MIR_IO_OK)
    fprintf(stderr, "no reply: %s\n", mir_io_message(st, errno));
  CHECK(st == MIR_IO_OK);
  return reply;
}

/* Asks with text on a new connection whose writing side stays open, and
 * checks the reply. */
static void expect_open_reply(const char *text, const char *reply) {
  int fd = connect_raw(sock);
  send_text(fd, text);
  char *r = read_reply(fd);
  CHECK_STR(r, reply);
  free(r);
  close(fd);
}

struct blob_arg {
  int fd;
  size_t len;
};

/* Sends "<a/>" and len bytes of junk after it, blocking until the server
 * has read them all (it throws them away once it has replied). */
static void *send_blob(void *p) {
  struct blob_arg *a = p;
  char *b = malloc(a->len + 5);
  CHECK(b);
  memcpy(b, "<a/>", 4);
  memset(b + 4, 'j', a->len);
  b[a->len + 4] = '\0';
  send_text(a->fd, b);
  free(b);
  return NULL;
}

/* Where a request ends (docs/mir.md, "Wire protocol"): where libxml2
 * closes its root element, whether or not the client shuts down its
 * writing side; bytes after it are not part of it. */
static int case_framing(void) {
  start_echo();
  /* Without a shutdown: the reply comes once the root element is closed. */
  expect_open_reply("<ctrlreq action=\"VALUE\"><probe id=\"p\"/></ctrlreq>",
                    "ECHO:<CTRLREQ ACTION=\"VALUE\"><PROBE ID=\"P\"/></CTRLREQ>");
  expect_open_reply("<snapshotreq/>", "ECHO:<SNAPSHOTREQ/>");
  /* What may precede the root: a byte order mark, the declaration,
   * comments, processing instructions. */
  expect_open_reply("\xEF\xBB\xBF<?xml version=\"1.0\"?>\n<!-- x -->\n"
                    "<?pi y?><r a='>'><s>t</s></r>",
                    "ECHO:\xEF\xBB\xBF<?XML VERSION=\"1.0\"?>\n<!-- X -->\n"
                    "<?PI Y?><R A='>'><S>T</S></R>");
  /* Bytes after the root element: not part of the request, whether they
   * came with it or not, and whether the client shuts down or not. */
  expect_open_reply("<a/>\n<b/>junk", "ECHO:<A/>");
  expect_reply("<a/>\n", "ECHO:<A/>");
  expect_reply("<a>x</a><b/>", "ECHO:<A>X</A>");
  /* A byte at a time: the end is found on the last '>'. */
  int fd = connect_raw(sock);
  const char *slow = "<ctrlreq><probe id=\"q\"/></ctrlreq>";
  for (const char *p = slow; *p; p++) {
    CHECK(send(fd, p, 1, MSG_NOSIGNAL) == 1);
    if (p[1])
      CHECK(still_open(fd)); /* no reply before the end */
    pause_ms(1);
  }
  char *r = read_reply(fd);
  CHECK_STR(r, "ECHO:<CTRLREQ><PROBE ID=\"Q\"/></CTRLREQ>");
  free(r);
  /* More after the reply: the server has closed; nothing breaks. */
  send(fd, "<late/>", 7, MSG_NOSIGNAL);
  close(fd);
  /* Malformed: answered at once, the client need not shut down (the
   * engine's answer is the errors document; here, the echo). */
  expect_open_reply("<a><b></a>", "ECHO:<A><B></A>");
  expect_open_reply("hello", "ECHO:HELLO");
  /* Not yet complete at the end of file: served as it is (the engine says
   * what is missing). */
  expect_reply("<a><b>", "ECHO:<A><B>");
  /* Much more after the root than a socket holds, sent before the reply
   * is read: the reply arrives whole, then the end (no reset). */
  fd = connect_raw(sock);
  struct blob_arg blob = {fd, 3 * MIR_MAX_REQUEST / 4};
  pthread_t th;
  CHECK(pthread_create(&th, NULL, send_blob, &blob) == 0);
  pthread_join(th, NULL);
  r = read_reply(fd);
  CHECK_STR(r, "ECHO:<A/>");
  free(r);
  close(fd);
  /* The server still serves. */
  expect_reply("<after/>", "ECHO:<AFTER/>");
  mir_server_stop();
  return 0;
}

struct burst_arg {
  int id, n, failures;
};

static void *burst_thread(void *p) {
  struct burst_arg *a = p;
  for (int i = 0; i < a->n; i++) {
    char msg[32], want[32];
    snprintf(msg, sizeof msg, "t%dr%d", a->id, i);
    snprintf(want, sizeof want, "ECHO:T%dR%d", a->id, i);
    char *error = NULL;
    char *r = mir_client_send(sock, msg, strlen(msg), 10000, 60000, &error);
    if (!r || strcmp(r, want) != 0)
      a->failures++;
    free(r);
    free(error);
  }
  return NULL;
}

static int case_burst(void) {
  start_echo();
  for (int i = 0; i < 1000; i++) {
    char msg[32], want[32];
    snprintf(msg, sizeof msg, "req%d", i);
    snprintf(want, sizeof want, "ECHO:REQ%d", i);
    expect_reply(msg, want);
  }
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
  printf("1000 sequential and %d concurrent requests answered\n",
         THREADS * EACH);
  CHECK(failures == 0);
  mir_server_stop();
  return 0;
}

static int case_stop(void) {
  /* A stop while a request is computed and another is queued returns
   * once the computation ends, and both connections end (with or without
   * an answer: that depends on which thread gets there first). */
  start_echo();
  hold = 1;
  int first = connect_raw(sock);
  CHECK(send(first, "HOLD", 4, MSG_NOSIGNAL) == 4 &&
        shutdown(first, SHUT_WR) == 0);
  int before = served;
  while (served == before)
    pause_ms(5); /* being computed */
  int second = connect_raw(sock);
  CHECK(send(second, "two", 3, MSG_NOSIGNAL) == 3 &&
        shutdown(second, SHUT_WR) == 0);
  hold = 0;
  mir_server_stop();
  char *text = NULL;
  size_t len;
  enum mir_io_status st = mir_recv_to_eof(first, &text, &len, 1 << 20, -1, -1);
  CHECK(st == MIR_IO_OK || st == MIR_IO_ERROR);
  free(text);
  text = NULL;
  st = mir_recv_to_eof(second, &text, &len, 1 << 20, -1, -1);
  CHECK(st == MIR_IO_OK || st == MIR_IO_ERROR);
  free(text);
  close(first);
  close(second);
  /* Restarted on the same path. */
  start_echo();
  expect_reply("again", "ECHO:AGAIN");
  mir_server_stop();
  char *error = NULL;
  char *r = ask("x", 1, &error);
  CHECK(!r);
  CHECK_HAS(error, "no socket at");
  free(error);
  return 0;
}

/* The private directory of sockets, socket names, and atomic writes. */
static int case_paths(void) {
  char xdg[128], *error = NULL;
  snprintf(xdg, sizeof xdg, "%s/run", test_dir);
  CHECK(mkdir(xdg, 0700) == 0);
  setenv("XDG_RUNTIME_DIR", xdg, 1);
  char *dir = mir_user_dir(0, &error);
  CHECK(!dir); /* not made without create */
  free(error);
  dir = mir_user_dir(1, &error);
  CHECK(dir && !error);
  struct stat st;
  CHECK(lstat(dir, &st) == 0 && S_ISDIR(st.st_mode) &&
        (st.st_mode & 0777) == 0700);
  char *path = mir_socket_path("prog.sock", 0, &error);
  char want[256];
  snprintf(want, sizeof want, "%s/prog.sock", dir);
  CHECK_STR(path, want);
  free(path);
  path = mir_socket_path("./prog.sock", 0, &error);
  CHECK_STR(path, "./prog.sock");
  free(path);
  /* Open to others: refused, with what to do. */
  CHECK(chmod(dir, 0755) == 0);
  CHECK(!mir_user_dir(1, &error));
  CHECK_HAS(error, "is open to other users (mode 755)");
  free(error);
  CHECK(chmod(dir, 0700) == 0);
  /* A link where the directory should be: refused. */
  char real[160];
  snprintf(real, sizeof real, "%s/elsewhere", test_dir);
  CHECK(rename(dir, real) == 0 && symlink(real, dir) == 0);
  CHECK(!mir_user_dir(1, &error));
  CHECK_HAS(error, "is a symbolic link");
  free(error);
  unlink(dir);
  /* A private directory of its own: random name, 0700, inside. */
  char *own = mir_private_dir("job", &error);
  CHECK(own && strncmp(own, dir, strlen(dir)) == 0);
  CHECK(lstat(own, &st) == 0 && (st.st_mode & 0777) == 0700);
  rmdir(own);
  free(own);
  free(dir);

  /* Atomic writes: the text arrives whole; a link at the destination is
   * replaced, never followed; a directory that cannot be written leaves
   * nothing behind. */
  char victim[160], dest[160];
  snprintf(victim, sizeof victim, "%s/victim", test_dir);
  snprintf(dest, sizeof dest, "%s/out.xml", test_dir);
  FILE *f = fopen(victim, "w");
  CHECK(f && fputs("precious", f) >= 0 && fclose(f) == 0);
  CHECK(symlink(victim, dest) == 0);
  CHECK(mir_write_file(dest, "<measurement/>\n") == 0);
  CHECK(lstat(dest, &st) == 0 && S_ISREG(st.st_mode));
  char buf[64] = "";
  f = fopen(victim, "r");
  CHECK(f && fgets(buf, sizeof buf, f) && fclose(f) == 0);
  CHECK_STR(buf, "precious");
  char ro[160], inside[200];
  snprintf(ro, sizeof ro, "%s/ro", test_dir);
  CHECK(mkdir(ro, 0500) == 0);
  snprintf(inside, sizeof inside, "%s/x.xml", ro);
  if (geteuid() != 0) { /* root writes anywhere */
    CHECK(mir_write_file(inside, "x") == -1 && errno == EACCES);
    CHECK(lstat(inside, &st) != 0);
  }
  return 0;
}

/* upc-mir's exit statuses against a server of this process. */
static int run_cli(const char *upc_mir, const char *in, char **out,
                   const char *const *args) {
  char outpath[160], inpath[160];
  snprintf(outpath, sizeof outpath, "%s/cli.out", test_dir);
  snprintf(inpath, sizeof inpath, "%s/cli.in", test_dir);
  FILE *f = fopen(inpath, "w");
  CHECK(f && fputs(in ? in : "", f) >= 0 && fclose(f) == 0);
  pid_t pid = fork();
  CHECK(pid >= 0);
  if (pid == 0) {
    int i = open(inpath, O_RDONLY), o = open(outpath, O_WRONLY | O_CREAT |
                                                          O_TRUNC, 0600);
    dup2(i, 0);
    dup2(o, 1);
    dup2(o, 2);
    char *argv[16] = {strdup(upc_mir)};
    for (int k = 0; args[k] && k < 14; k++)
      argv[k + 1] = strdup(args[k]);
    execv(upc_mir, argv);
    _exit(98);
  }
  int status;
  CHECK(waitpid(pid, &status, 0) == pid && WIFEXITED(status));
  f = fopen(outpath, "r");
  static char text[8192];
  size_t n = f ? fread(text, 1, sizeof text - 1, f) : 0;
  text[n] = '\0';
  if (f)
    fclose(f);
  *out = text;
  return WEXITSTATUS(status);
}

static int case_cli(const char *upc_mir) {
  start_echo();
  char *out;
  CHECK(run_cli(upc_mir, "hi", &out,
                (const char *[]){"send", sock, NULL}) == 0);
  CHECK_STR(out, "ECHO:HI\n");
  CHECK(run_cli(upc_mir, "ERR", &out,
                (const char *[]){"send", sock, "-", NULL}) == 1);
  CHECK_HAS(out, "<errors>");
  CHECK(run_cli(upc_mir, "NULL", &out,
                (const char *[]){"send", sock, NULL}) == 2);
  CHECK_HAS(out, "no reply");
  /* --timeout: a reply that does not come in time is an error (the server
   * computes until the test lets it go). */
  hold = 1;
  CHECK(run_cli(upc_mir, "HOLD", &out,
                (const char *[]){"send", "--timeout", "0.2", sock, NULL}) ==
        2);
  CHECK_HAS(out, "timed out");
  hold = 0;
  mir_server_stop();
  CHECK(run_cli(upc_mir, "x", &out, (const char *[]){"send", sock, NULL}) ==
        2);
  CHECK_HAS(out, "upc-mir: error: no socket at");
  /* --wait: the program starts listening while upc-mir waits. */
  pid_t pid = fork();
  CHECK(pid >= 0);
  if (pid == 0) {
    char *o;
    _exit(run_cli(upc_mir, "w", &o,
                  (const char *[]){"send", "--wait", "60", sock, NULL}));
  }
  pause_ms(100);
  start_echo();
  int status;
  CHECK(waitpid(pid, &status, 0) == pid && WIFEXITED(status) &&
        WEXITSTATUS(status) == 0);
  mir_server_stop();
  return 0;
}

int main(int argc, char **argv) {
  if (argc < 2) {
    fprintf(stderr, "usage: server_test CASE [UPC-MIR]\n");
    return 2;
  }
  signal(SIGPIPE, SIG_IGN);
  make_test_dir();
  snprintf(sock, sizeof sock, "%s/mir.sock", test_dir);
  const char *c = argv[1];
  int rc = !strcmp(c, "basic")           ? case_basic()
           : !strcmp(c, "socket-file")   ? case_socket_file()
           : !strcmp(c, "drop")          ? case_drop()
           : !strcmp(c, "side-by-side")  ? case_side_by_side()
           : !strcmp(c, "deadline")      ? case_deadline()
           : !strcmp(c, "framing")       ? case_framing()
           : !strcmp(c, "burst")         ? case_burst()
           : !strcmp(c, "stop")          ? case_stop()
           : !strcmp(c, "paths")         ? case_paths()
           : !strcmp(c, "cli") && argc > 2 ? case_cli(argv[2])
                                         : (fprintf(stderr, "unknown case %s\n",
                                                    c),
                                            2);
  remove_test_dir();
  if (rc == 0)
    printf("server_test %s: ok\n", c);
  return rc;
}
