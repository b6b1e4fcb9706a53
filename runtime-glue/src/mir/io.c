/*
 * io.c - deadline-bounded transfers on non-blocking sockets (io.h).
 */
#ifndef _GNU_SOURCE
#define _GNU_SOURCE
#endif
#include "io.h"

#include <errno.h>
#include <link.h>
#include <poll.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <time.h>
#include <unistd.h>

long long mir_now_ms(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (long long)ts.tv_sec * 1000 + ts.tv_nsec / 1000000;
}

enum mir_io_status mir_wait_fd(int fd, short events, long long deadline_ms,
                               int stop_fd) {
  for (;;) {
    struct pollfd p[2] = {{fd, events, 0}, {stop_fd, POLLIN, 0}};
    int t = -1;
    if (deadline_ms >= 0) {
      long long left = deadline_ms - mir_now_ms();
      if (left <= 0)
        return MIR_IO_TIMEOUT;
      t = left > 60000 ? 60000 : (int)left;
    }
    int r = poll(p, stop_fd >= 0 ? 2 : 1, t);
    if (r < 0) {
      if (errno == EINTR)
        continue;
      return MIR_IO_ERROR;
    }
    if (stop_fd >= 0 && p[1].revents)
      return MIR_IO_STOPPED;
    if (p[0].revents)
      return MIR_IO_OK;
  }
}

enum mir_io_status mir_send_all(int fd, const void *buf, size_t len,
                                long long deadline_ms, int stop_fd) {
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
      return MIR_IO_ERROR;
    enum mir_io_status s = mir_wait_fd(fd, POLLOUT, deadline_ms, stop_fd);
    if (s != MIR_IO_OK)
      return s;
  }
  return MIR_IO_OK;
}

/* 1..len bytes into buf (*got), or end of file, or a failure. */
static enum mir_io_status recv_some(int fd, void *buf, size_t len,
                                    size_t *got, long long deadline_ms,
                                    int stop_fd) {
  for (;;) {
    ssize_t n = recv(fd, buf, len, MSG_DONTWAIT);
    if (n > 0) {
      *got = (size_t)n;
      return MIR_IO_OK;
    }
    if (n == 0)
      return MIR_IO_EOF;
    if (errno == EINTR)
      continue;
    if (errno != EAGAIN && errno != EWOULDBLOCK)
      return MIR_IO_ERROR;
    enum mir_io_status s = mir_wait_fd(fd, POLLIN, deadline_ms, stop_fd);
    if (s != MIR_IO_OK)
      return s;
  }
}

enum mir_io_status mir_recv_exact(int fd, void *buf, size_t len, size_t *got,
                                  long long deadline_ms, int stop_fd) {
  *got = 0;
  while (*got < len) {
    size_t n;
    enum mir_io_status s = recv_some(fd, (char *)buf + *got, len - *got, &n,
                                     deadline_ms, stop_fd);
    if (s != MIR_IO_OK)
      return s;
    *got += n;
  }
  return MIR_IO_OK;
}

enum mir_io_status mir_recv_to_eof(int fd, char **buf, size_t *len,
                                   size_t max, long long deadline_ms,
                                   int stop_fd) {
  size_t cap = 4096, n = 0;
  char *b = malloc(cap);
  if (!b)
    return MIR_IO_ERROR;
  for (;;) {
    if (cap - n < 2) {
      /* Never more than max + 2: one byte past max tells it is too big. */
      size_t ncap = cap * 2 > max + 2 ? max + 2 : cap * 2;
      char *nb = realloc(b, ncap);
      if (!nb) {
        free(b);
        errno = ENOMEM;
        return MIR_IO_ERROR;
      }
      b = nb;
      cap = ncap;
    }
    size_t got;
    enum mir_io_status s =
        recv_some(fd, b + n, cap - n - 1, &got, deadline_ms, stop_fd);
    if (s == MIR_IO_EOF)
      break;
    if (s != MIR_IO_OK) {
      free(b);
      return s;
    }
    n += got;
    if (n > max) {
      free(b);
      return MIR_IO_TOOBIG;
    }
  }
  b[n] = '\0';
  *buf = b;
  *len = n;
  return MIR_IO_OK;
}

const char *mir_io_message(enum mir_io_status s, int err) {
  switch (s) {
  case MIR_IO_OK:
    return "no error";
  case MIR_IO_EOF:
    return "connection closed";
  case MIR_IO_TIMEOUT:
    return "timed out";
  case MIR_IO_STOPPED:
    return "the channel is stopping";
  case MIR_IO_TOOBIG:
    return "message too large";
  case MIR_IO_ERROR:
    break;
  }
  return strerror(err);
}

long mir_peer_uid(int fd) {
  struct ucred cred;
  socklen_t len = sizeof cred;
  if (getsockopt(fd, SOL_SOCKET, SO_PEERCRED, &cred, &len) != 0 ||
      len != sizeof cred)
    return -1;
  return (long)cred.uid;
}

char *mir_format(const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  char *s = NULL;
  if (vasprintf(&s, fmt, ap) < 0)
    s = NULL;
  va_end(ap);
  return s;
}

void mir_put_be64(unsigned char *p, uint64_t v) {
  for (int i = 7; i >= 0; i--, v >>= 8)
    p[i] = (unsigned char)(v & 0xff);
}

uint64_t mir_get_be64(const unsigned char *p) {
  uint64_t v = 0;
  for (int i = 0; i < 8; i++)
    v = v << 8 | p[i];
  return v;
}

/* The static TLS of the program and its libraries (dl_iterate_phdr). */
static int add_tls(struct dl_phdr_info *info, size_t size, void *data) {
  (void)size;
  size_t *total = data;
  for (int i = 0; i < info->dlpi_phnum; ++i)
    if (info->dlpi_phdr[i].p_type == PT_TLS)
      *total += info->dlpi_phdr[i].p_memsz + info->dlpi_phdr[i].p_align;
  return 0;
}

int mir_thread_attr(pthread_attr_t *attr) {
  size_t tls = 0;
  dl_iterate_phdr(add_tls, &tls);
  size_t page = (size_t)sysconf(_SC_PAGESIZE);
  /* + glibc's own descriptors, as the runtime sizes UPC threads
   * (runtime-glue/src/core/start.c). */
  size_t total = MIR_THREAD_STACK + tls + 64 * 1024;
  total = (total + page - 1) / page * page;
  if (pthread_attr_init(attr) != 0)
    return -1;
  if (pthread_attr_setstacksize(attr, total) != 0) {
    pthread_attr_destroy(attr);
    return -1;
  }
  return 0;
}
