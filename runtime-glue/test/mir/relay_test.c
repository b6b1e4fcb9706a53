/*
 * relay_test.c CASE - the links between a program's processes (relay.h):
 * the root's messages reach every other process and come back in order,
 * on Unix sockets of the job's directory and on TCP of the job's address
 * (never every interface); and every forgery fails: a wrong MAC, a frame
 * replayed from another connection or out of order, a reply that is not
 * authentic, a peer that never answers. One CTest entry per case.
 */
#ifndef _GNU_SOURCE
#define _GNU_SOURCE
#endif
#include <arpa/inet.h>
#include <netinet/in.h>
#include <poll.h>
#include <pthread.h>
#include <signal.h>
#include <stdint.h>
#include <sys/socket.h>
#include <sys/un.h>
#include <sys/wait.h>
#include <unistd.h>

#include <openssl/evp.h>
#include <openssl/hmac.h>

#include "checks.h"
#include "io.h"
#include "relay.h"

static unsigned char secret[MIR_SECRET_BYTES];

/* "P<n>:" + the message, from peer n. */
static char *peer_serve(void *arg, const char *msg, size_t len) {
  (void)len;
  return mir_format("P%d:%s", (int)(intptr_t)arg, msg);
}

/* A peer process: listens (dir: a Unix socket there; NULL: TCP), writes its
 * address to the pipe, serves until its standard input... until killed. */
static pid_t start_peer(int n, const char *dir, char **address) {
  int p[2];
  CHECK(pipe(p) == 0);
  pid_t pid = fork();
  CHECK(pid >= 0);
  if (pid == 0) {
    close(p[0]);
    char *a = NULL, *error = NULL;
    if (mir_relay_listen(dir, secret, peer_serve, (void *)(intptr_t)n, &a,
                         &error) != 0) {
      fprintf(stderr, "peer %d: %s\n", n, error);
      _exit(1);
    }
    dprintf(p[1], "%s\n", a);
    close(p[1]);
    for (;;)
      pause();
  }
  close(p[1]);
  char buf[256];
  ssize_t k = read(p[0], buf, sizeof buf - 1);
  CHECK(k > 1);
  buf[k - 1] = '\0';
  close(p[0]);
  *address = strdup(buf);
  return pid;
}

static void stop_peer(pid_t pid) {
  kill(pid, SIGKILL);
  waitpid(pid, NULL, 0);
}

/* A raw connection to "unix:PATH" or "tcp:A:PORT", and its challenge. */
static int connect_to(const char *address, unsigned char challenge[16]) {
  int fd;
  if (strncmp(address, "unix:", 5) == 0) {
    struct sockaddr_un sa = {.sun_family = AF_UNIX};
    snprintf(sa.sun_path, sizeof sa.sun_path, "%s", address + 5);
    fd = socket(AF_UNIX, SOCK_STREAM, 0);
    CHECK(fd >= 0 && connect(fd, (struct sockaddr *)&sa, sizeof sa) == 0);
  } else {
    struct sockaddr_in sin = {.sin_family = AF_INET};
    char host[64];
    unsigned port;
    CHECK(sscanf(address, "tcp:%63[^:]:%u", host, &port) == 2);
    CHECK(inet_pton(AF_INET, host, &sin.sin_addr) == 1);
    sin.sin_port = htons((uint16_t)port);
    fd = socket(AF_INET, SOCK_STREAM, 0);
    CHECK(fd >= 0 && connect(fd, (struct sockaddr *)&sin, sizeof sin) == 0);
  }
  size_t got;
  CHECK(mir_recv_exact(fd, challenge, 16, &got, mir_now_ms() + 60000, -1) ==
        MIR_IO_OK);
  return fd;
}

/* A frame as the root makes it, with key, for challenge and seq. */
static size_t make_frame(unsigned char *out, const unsigned char *key,
                         const char *label, const unsigned char *challenge,
                         uint64_t seq, const char *msg) {
  size_t len = strlen(msg);
  mir_put_be64(out, len);
  mir_put_be64(out + 8, seq);
  unsigned char data[1024];
  size_t n = 0;
  memcpy(data + n, label, strlen(label));
  n += strlen(label);
  memcpy(data + n, challenge, 16);
  n += 16;
  memcpy(data + n, out, 16);
  n += 16;
  memcpy(data + n, msg, len);
  n += len;
  unsigned int maclen = 32;
  CHECK(HMAC(EVP_sha256(), key, MIR_SECRET_BYTES, data, n, out + 16,
             &maclen) != NULL);
  memcpy(out + 48, msg, len);
  return 48 + len;
}

/* Does the peer drop the connection (end of file) after frame? */
static int dropped_after(int fd, const unsigned char *frame, size_t len) {
  CHECK(send(fd, frame, len, MSG_NOSIGNAL) == (ssize_t)len);
  char buf[64];
  struct pollfd p = {fd, POLLIN, 0};
  CHECK(poll(&p, 1, 5 * 60 * 1000) == 1); /* a hang-catcher only */
  return recv(fd, buf, sizeof buf, 0) <= 0;
}

/* ------------------------------------------------------------------------
 * Cases
 * ------------------------------------------------------------------------ */

static int case_relay(void) {
  /* The third peer is on "another node": TCP, on the address Open MPI's
   * daemon gives the job (loopback here). */
  setenv("OMPI_MCA_orte_local_daemon_uri", "1.0;tcp://127.0.0.1:9", 1);
  char *addresses[3];
  pid_t pids[3];
  pids[0] = start_peer(1, test_dir, &addresses[0]);
  pids[1] = start_peer(2, test_dir, &addresses[1]);
  pids[2] = start_peer(3, NULL, &addresses[2]);
  printf("peers: %s %s %s\n", addresses[0], addresses[1], addresses[2]);
  CHECK(strncmp(addresses[0], "unix:", 5) == 0);
  CHECK(strncmp(addresses[2], "tcp:127.0.0.1:", 14) == 0);
  CHECK(mir_relay_set_peers((const char *const *)addresses, 3, secret) == 0);
  for (int round = 0; round < 100; round++) {
    char *replies[3] = {0}, *error = NULL;
    char msg[32], want[40];
    snprintf(msg, sizeof msg, "m%d", round);
    CHECK(mir_relay_send(msg, strlen(msg), replies, &error) == 0);
    for (int i = 0; i < 3; i++) {
      snprintf(want, sizeof want, "P%d:m%d", i + 1, round);
      CHECK_STR(replies[i], want);
      free(replies[i]);
    }
  }
  /* A peer that is gone: an error naming it, not a hang. */
  stop_peer(pids[1]);
  char *replies[3] = {0}, *error = NULL;
  CHECK(mir_relay_send("x", 1, replies, &error) == -1);
  CHECK_HAS(error, "process 2");
  printf("a peer gone: %s\n", error);
  free(error);
  mir_relay_forget_peers();
  stop_peer(pids[0]);
  stop_peer(pids[2]);
  for (int i = 0; i < 3; i++)
    free(addresses[i]);
  return 0;
}

static int case_forgery(void) {
  char *address;
  pid_t pid = start_peer(1, test_dir, &address);
  unsigned char challenge[16], other[16], frame[1100], wrong[MIR_SECRET_BYTES];
  memcpy(wrong, secret, sizeof wrong);
  wrong[0] ^= 1;

  /* Garbage: dropped. */
  int fd = connect_to(address, challenge);
  memset(frame, 0x5a, 64);
  mir_put_be64(frame, 16);
  CHECK(dropped_after(fd, frame, 64));
  close(fd);
  /* A frame made with another key: dropped. */
  fd = connect_to(address, challenge);
  size_t n = make_frame(frame, wrong, "upc-mir request", challenge, 0, "V");
  CHECK(dropped_after(fd, frame, n));
  close(fd);
  /* An authentic frame of one connection, replayed on another: dropped. */
  int a = connect_to(address, challenge);
  int b = connect_to(address, other);
  CHECK(memcmp(challenge, other, 16) != 0);
  n = make_frame(frame, secret, "upc-mir request", challenge, 0, "V");
  CHECK(dropped_after(b, frame, n));
  close(b);
  /* ... which is served on its own connection; replayed there (the same
   * number again), dropped. */
  CHECK(send(a, frame, n, MSG_NOSIGNAL) == (ssize_t)n);
  unsigned char head[48];
  size_t got;
  CHECK(mir_recv_exact(a, head, 48, &got, mir_now_ms() + 60000, -1) ==
        MIR_IO_OK);
  char body[64] = "";
  CHECK(mir_get_be64(head) == 4 && mir_get_be64(head + 8) == 0);
  CHECK(mir_recv_exact(a, body, 4, &got, mir_now_ms() + 60000, -1) ==
        MIR_IO_OK);
  CHECK(memcmp(body, "P1:V", 4) == 0);
  CHECK(dropped_after(a, frame, n));
  close(a);
  /* A request's label on the way back, or a reply's forward: dropped. */
  fd = connect_to(address, challenge);
  n = make_frame(frame, secret, "upc-mir reply", challenge, 0, "V");
  CHECK(dropped_after(fd, frame, n));
  close(fd);
  /* The root still gets through. */
  CHECK(mir_relay_set_peers((const char *const *)&address, 1, secret) == 0);
  char *reply = NULL, *error = NULL;
  CHECK(mir_relay_send("ok", 2, &reply, &error) == 0);
  CHECK_STR(reply, "P1:ok");
  free(reply);
  /* A root with another key: refused. */
  CHECK(mir_relay_set_peers((const char *const *)&address, 1, wrong) == 0);
  CHECK(mir_relay_send("ok", 2, &reply, &error) == -1);
  printf("another key: %s\n", error);
  free(error);
  mir_relay_forget_peers();
  stop_peer(pid);
  free(address);
  return 0;
}

/* A fake peer on a Unix socket: sends a challenge, reads what comes, and
 * answers as told. */
static int fake_fd;
static int fake_mode; /* 0: never answers; 1: a reply with a bad MAC */

static void *fake_peer(void *unused) {
  (void)unused;
  int fd = accept(fake_fd, NULL, NULL);
  CHECK(fd >= 0);
  unsigned char challenge[16] = {1, 2, 3};
  CHECK(send(fd, challenge, 16, MSG_NOSIGNAL) == 16);
  unsigned char head[48];
  size_t got;
  CHECK(mir_recv_exact(fd, head, 48, &got, mir_now_ms() + 60000, -1) ==
        MIR_IO_OK);
  char body[64];
  size_t len = (size_t)mir_get_be64(head);
  CHECK(len < sizeof body && mir_recv_exact(fd, body, len, &got,
                                            mir_now_ms() + 60000, -1) ==
                                 MIR_IO_OK);
  if (fake_mode == 1) {
    unsigned char reply[52];
    memset(reply, 0, sizeof reply);
    mir_put_be64(reply, 4);
    memcpy(reply + 48, "fake", 4);
    CHECK(send(fd, reply, sizeof reply, MSG_NOSIGNAL) == sizeof reply);
  }
  /* Keeps the connection until the root closes it. */
  char c;
  while (recv(fd, &c, 1, 0) > 0)
    ;
  close(fd);
  return NULL;
}

static int case_fake_peer(void) {
  char path[160];
  snprintf(path, sizeof path, "%s/fake.sock", test_dir);
  fake_fd = socket(AF_UNIX, SOCK_STREAM, 0);
  struct sockaddr_un sa = {.sun_family = AF_UNIX};
  strcpy(sa.sun_path, path);
  CHECK(bind(fake_fd, (struct sockaddr *)&sa, sizeof sa) == 0 &&
        listen(fake_fd, 4) == 0);
  char address[200];
  snprintf(address, sizeof address, "unix:%s", path);
  const char *addresses[] = {address};
  mir_relay_set_deadline_ms(300);
  for (fake_mode = 0; fake_mode < 2; fake_mode++) {
    pthread_t th;
    CHECK(pthread_create(&th, NULL, fake_peer, NULL) == 0);
    CHECK(mir_relay_set_peers(addresses, 1, secret) == 0);
    char *reply = NULL, *error = NULL;
    CHECK(mir_relay_send("V", 1, &reply, &error) == -1);
    CHECK_HAS(error, fake_mode == 0 ? "no reply in time"
                                    : "its reply failed authentication");
    printf("fake peer %d: %s\n", fake_mode, error);
    free(error);
    mir_relay_forget_peers(); /* closes: the fake peer ends */
    pthread_join(th, NULL);
  }
  close(fake_fd);
  return 0;
}

int main(int argc, char **argv) {
  if (argc < 2) {
    fprintf(stderr, "usage: relay_test CASE\n");
    return 2;
  }
  signal(SIGPIPE, SIG_IGN);
  make_test_dir();
  CHECK(mir_relay_new_secret(secret) == 0);
  const char *c = argv[1];
  int rc = !strcmp(c, "relay")       ? case_relay()
           : !strcmp(c, "forgery")   ? case_forgery()
           : !strcmp(c, "fake-peer") ? case_fake_peer()
                                     : (fprintf(stderr, "unknown case %s\n", c),
                                        2);
  remove_test_dir();
  if (rc == 0)
    printf("relay_test %s: ok\n", c);
  return rc;
}
