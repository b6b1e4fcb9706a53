/*
 * client.c - the client's end of UPC_MIR_SOCKET (client.h).
 */
#ifndef _GNU_SOURCE
#define _GNU_SOURCE
#endif
#include "client.h"

#include <errno.h>
#include <poll.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/un.h>
#include <unistd.h>

#include "io.h"
#include "paths.h"

/* Between two connection attempts of a waiting client. */
#define RETRY_MS 20

char *mir_client_send(const char *name, const char *request, size_t len,
                      long wait_ms, long timeout_ms, char **error) {
  *error = NULL;
  if (len > MIR_MAX_REQUEST) {
    /* The program would drop it unanswered. */
    *error = mir_format("request too large (%zu bytes, at most %u)", len,
                        MIR_MAX_REQUEST);
    return NULL;
  }
  char *path = mir_socket_path(name, 0, error);
  if (!path)
    return NULL;
  struct sockaddr_un sa = {.sun_family = AF_UNIX};
  strcpy(sa.sun_path, path);
  if (wait_ms < 0)
    wait_ms = 0;
  long long start = mir_now_ms();
  int fd = -1;
  char *reply = NULL;
  for (;;) {
    fd = socket(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC | SOCK_NONBLOCK, 0);
    if (fd < 0) {
      *error = mir_format("socket: %s", strerror(errno));
      goto done;
    }
    int err = 0;
    if (connect(fd, (struct sockaddr *)&sa, sizeof sa) != 0) {
      err = errno;
      if (err == EINPROGRESS || err == EINTR) {
        socklen_t elen = sizeof err;
        if (mir_wait_fd(fd, POLLOUT, start + wait_ms + timeout_ms, -1) !=
                MIR_IO_OK ||
            getsockopt(fd, SOL_SOCKET, SO_ERROR, &err, &elen) != 0)
          err = errno ? errno : ETIMEDOUT;
      }
    }
    if (err == 0)
      break;
    close(fd);
    fd = -1;
    /* A full backlog (EAGAIN) means a live program busy with other
     * clients: worth waiting for a while even without --wait. */
    long long limit = start + wait_ms;
    if (err == EAGAIN && wait_ms < MIR_REQUEST_DEADLINE_MS)
      limit = start + MIR_REQUEST_DEADLINE_MS;
    long long left = limit - mir_now_ms();
    if ((err == ENOENT || err == ECONNREFUSED || err == EAGAIN) && left > 0) {
      poll(NULL, 0, left < RETRY_MS ? (int)left : RETRY_MS);
      continue;
    }
    if (err == ENOENT)
      *error = mir_format("no socket at %s (is the program running, with "
                          "UPC_MIR_SOCKET=%s?)",
                          path, name);
    else if (err == ECONNREFUSED)
      *error = mir_format("nothing listens on %s (the program has ended, or "
                          "it is not a socket)",
                          path);
    else
      *error = mir_format("cannot connect to %s: %s", path, strerror(err));
    goto done;
  }
  long uid = mir_peer_uid(fd);
  if (uid != (long)geteuid()) {
    *error = mir_format("the program at %s runs as uid %ld, not as this user "
                        "(uid %lu): not sending it the request",
                        path, uid, (unsigned long)geteuid());
    goto done;
  }
  long long deadline = mir_now_ms() + timeout_ms;
  enum mir_io_status s = mir_send_all(fd, request, len, deadline, -1);
  if (s != MIR_IO_OK) {
    *error = mir_format("the program at %s dropped the request (%s)", path,
                        mir_io_message(s, errno));
    goto done;
  }
  shutdown(fd, SHUT_WR);
  size_t rlen = 0;
  s = mir_recv_to_eof(fd, &reply, &rlen, MIR_MAX_REPLY, deadline, -1);
  if (s != MIR_IO_OK) {
    *error = mir_format("no reply from the program at %s (%s)", path,
                        s == MIR_IO_TOOBIG
                            ? "the reply is larger than the limit"
                            : mir_io_message(s, errno));
    reply = NULL;
    goto done;
  }
  if (rlen == 0) {
    free(reply);
    reply = NULL;
    *error = mir_format("no reply from the program at %s (it dropped the "
                        "request, or is stopping)",
                        path);
  }
done:
  if (fd >= 0)
    close(fd);
  free(path);
  return reply;
}
