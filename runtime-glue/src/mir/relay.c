/*
 * relay.c - the links between the program's processes (relay.h).
 *
 * A frame is a header (the payload's length and the sequence number, 8
 * bytes each, big-endian), the HMAC-SHA256 of
 *   label, challenge, header, payload
 * with the job's secret (label: "upc-mir request" from the root,
 * "upc-mir reply" back), and the payload. The listener sends the
 * challenge (16 random bytes) as soon as it accepts a connection. MACs are
 * compared in constant time (CRYPTO_memcmp); OpenSSL's libcrypto computes
 * them (docs/dependencies.md).
 */
#ifndef _GNU_SOURCE
#define _GNU_SOURCE
#endif
#include "relay.h"

#include <arpa/inet.h>
#include <errno.h>
#include <fcntl.h>
#include <ifaddrs.h>
#include <net/if.h>
#include <netdb.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <poll.h>
#include <pthread.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/random.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/un.h>
#include <unistd.h>

#include <openssl/core_names.h>
#include <openssl/crypto.h>
#include <openssl/evp.h>

#include "io.h"

#define CHALLENGE_BYTES 16
#define MAC_BYTES 32
#define HEADER_BYTES 16
#define FRAME_HEAD (HEADER_BYTES + MAC_BYTES)
/* Connections a listener keeps (the root needs one). */
#define MAX_LINKS 8
/* The root's messages are requests: at most a client's request and a
 * letter. */
#define MAX_MESSAGE (MIR_MAX_REQUEST + 16)

static const char request_label[] = "upc-mir request";
static const char reply_label[] = "upc-mir reply";

static void close_fd(int *fd) {
  if (*fd >= 0)
    close(*fd);
  *fd = -1;
}

/* n bytes from the kernel's random source: 0, or -1 with errno. */
static int random_bytes(unsigned char *buf, size_t n) {
  size_t got = 0;
  while (got < n) {
    ssize_t k = getrandom(buf + got, n - got, 0);
    if (k < 0 && errno == EINTR)
      continue;
    if (k <= 0)
      return -1;
    got += (size_t)k;
  }
  return 0;
}

int mir_relay_new_secret(unsigned char secret[MIR_SECRET_BYTES]) {
  return random_bytes(secret, MIR_SECRET_BYTES);
}

/* HMAC-SHA256(secret, label || challenge || header || payload). */
static int frame_mac(const unsigned char *secret, const char *label,
                     const unsigned char *challenge,
                     const unsigned char *header, const char *payload,
                     size_t len, unsigned char out[MAC_BYTES]) {
  EVP_MAC *mac = EVP_MAC_fetch(NULL, "HMAC", NULL);
  EVP_MAC_CTX *ctx = mac ? EVP_MAC_CTX_new(mac) : NULL;
  char digest[] = "SHA256";
  OSSL_PARAM params[] = {
      OSSL_PARAM_construct_utf8_string(OSSL_MAC_PARAM_DIGEST, digest, 0),
      OSSL_PARAM_construct_end()};
  size_t outlen = 0;
  int ok = ctx && EVP_MAC_init(ctx, secret, MIR_SECRET_BYTES, params) &&
           EVP_MAC_update(ctx, (const unsigned char *)label, strlen(label)) &&
           EVP_MAC_update(ctx, challenge, CHALLENGE_BYTES) &&
           EVP_MAC_update(ctx, header, HEADER_BYTES) &&
           EVP_MAC_update(ctx, (const unsigned char *)payload, len) &&
           EVP_MAC_final(ctx, out, &outlen, MAC_BYTES) &&
           outlen == MAC_BYTES;
  EVP_MAC_CTX_free(ctx);
  EVP_MAC_free(mac);
  return ok ? 0 : -1;
}

/* A frame's head: header and MAC. */
static int make_head(unsigned char head[FRAME_HEAD], const unsigned char *secret,
                     const char *label, const unsigned char *challenge,
                     uint64_t seq, const char *payload, size_t len) {
  mir_put_be64(head, len);
  mir_put_be64(head + 8, seq);
  return frame_mac(secret, label, challenge, head, payload, len,
                   head + HEADER_BYTES);
}

/* Does the received frame (head, payload) carry sequence number seq and
 * the right MAC? */
static int head_ok(const unsigned char head[FRAME_HEAD],
                   const unsigned char *secret, const char *label,
                   const unsigned char *challenge, uint64_t seq,
                   const char *payload, size_t len) {
  unsigned char want[MAC_BYTES];
  if (mir_get_be64(head + 8) != seq ||
      frame_mac(secret, label, challenge, head, payload, len, want) != 0)
    return 0;
  return CRYPTO_memcmp(want, head + HEADER_BYTES, MAC_BYTES) == 0;
}

/* ------------------------------------------------------------------------
 * The address the MPI job uses on this node
 * ------------------------------------------------------------------------ */

/* Is a one of this node's IPv4 addresses? */
static int local_address(struct in_addr a) {
  struct ifaddrs *ifs, *i;
  int found = 0;
  if (getifaddrs(&ifs) != 0)
    return 0;
  for (i = ifs; i && !found; i = i->ifa_next)
    found = i->ifa_addr && i->ifa_addr->sa_family == AF_INET &&
            ((struct sockaddr_in *)(void *)i->ifa_addr)->sin_addr.s_addr ==
                a.s_addr;
  freeifaddrs(ifs);
  return found;
}

/* The first local IPv4 address among the "tcp://A,B,...:PORT" of an Open
 * MPI URI ("JOB.VPID;tcp://..."). */
static int address_of_uri(const char *uri, struct in_addr *out) {
  const char *p = uri ? strstr(uri, "tcp://") : NULL;
  if (!p)
    return 0;
  p += 6;
  const char *end = strchr(p, ':');
  while (p && (!end || p < end)) {
    char a[INET_ADDRSTRLEN];
    size_t n = strcspn(p, ",:;");
    if (n < sizeof a) {
      memcpy(a, p, n);
      a[n] = '\0';
      if (inet_pton(AF_INET, a, out) == 1 && local_address(*out))
        return 1;
    }
    p = p[n] == ',' ? p + n + 1 : NULL;
  }
  return 0;
}

/* The first IPv4 address of an interface that list ("eth0,10.1.0.0/16")
 * names, by name or by network. */
static int address_of_interfaces(const char *list, struct in_addr *out) {
  struct ifaddrs *ifs;
  if (!list || !*list || getifaddrs(&ifs) != 0)
    return 0;
  int found = 0;
  char *copy = strdup(list), *save = NULL;
  for (char *item = copy ? strtok_r(copy, ",", &save) : NULL;
       item && !found; item = strtok_r(NULL, ",", &save)) {
    char *slash = strchr(item, '/');
    struct in_addr net = {0};
    unsigned bits = 0;
    int cidr = slash && (*slash = '\0', inet_pton(AF_INET, item, &net) == 1) &&
               sscanf(slash + 1, "%u", &bits) == 1 && bits <= 32;
    uint32_t mask = bits ? htonl(~0u << (32 - bits)) : 0;
    for (struct ifaddrs *i = ifs; i && !found; i = i->ifa_next) {
      if (!i->ifa_addr || i->ifa_addr->sa_family != AF_INET)
        continue;
      struct in_addr a =
          ((struct sockaddr_in *)(void *)i->ifa_addr)->sin_addr;
      if (cidr ? (a.s_addr & mask) == (net.s_addr & mask)
               : strcmp(i->ifa_name, item) == 0) {
        *out = a;
        found = 1;
      }
    }
  }
  free(copy);
  freeifaddrs(ifs);
  return found;
}

/* The address of this node that the MPI job uses: the one Open MPI's
 * daemon on this node listens on (its URI, in the environment of the
 * ranks it starts), else the interfaces the job was told to use, else the
 * address this host's name has when it is local. */
static int job_address(struct in_addr *out, char **error) {
  if (address_of_uri(getenv("OMPI_MCA_orte_local_daemon_uri"), out) ||
      address_of_uri(getenv("OMPI_MCA_orte_hnp_uri"), out) ||
      address_of_interfaces(getenv("OMPI_MCA_oob_tcp_if_include"), out) ||
      address_of_interfaces(getenv("OMPI_MCA_btl_tcp_if_include"), out))
    return 0;
  char host[256];
  struct addrinfo hints = {.ai_family = AF_INET, .ai_socktype = SOCK_STREAM},
                  *res = NULL;
  if (gethostname(host, sizeof host) == 0 &&
      (host[sizeof host - 1] = '\0', getaddrinfo(host, NULL, &hints, &res)) ==
          0) {
    for (struct addrinfo *ai = res; ai; ai = ai->ai_next) {
      struct in_addr a = ((struct sockaddr_in *)(void *)ai->ai_addr)->sin_addr;
      if (local_address(a)) {
        *out = a;
        freeaddrinfo(res);
        return 0;
      }
    }
    freeaddrinfo(res);
  }
  *error = mir_format("no address of this node is known to the MPI job (set "
                      "OMPI_MCA_oob_tcp_if_include to the interface it "
                      "uses)");
  return -1;
}

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
  if (random_bytes(l->challenge, CHALLENGE_BYTES) != 0 ||
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
    if (!head_ok(l->head, ls.secret, request_label, l->challenge, l->seq,
                 l->payload, l->len)) {
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
    int ok = make_head(head, ls.secret, reply_label, l->challenge, l->seq,
                       reply ? reply : "", rlen) == 0 &&
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
  if (job_address(&sin.sin_addr, error) != 0)
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
    if (!head_ok(j->head, root_secret, reply_label, p->challenge, p->seq,
                 j->reply, j->len)) {
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
    if (make_head(jobs[i].out_head, root_secret, request_label,
                  peers[i].challenge, peers[i].seq, msg, len) != 0) {
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
            make_head(j->out_head, root_secret, request_label,
                      peers[i].challenge, peers[i].seq, msg, len) == 0) {
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
