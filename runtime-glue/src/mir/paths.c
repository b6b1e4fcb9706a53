/*
 * paths.c - the channel's private directories and the engine's atomic
 * writes (paths.h).
 */
#ifndef _GNU_SOURCE
#define _GNU_SOURCE
#endif
#include "paths.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/un.h>
#include <unistd.h>

#include "io.h"

/* A directory of this user's that no one else may enter, list or change. */
static int check_private(const char *dir, char **error) {
  struct stat st;
  if (lstat(dir, &st) != 0) {
    *error = mir_format("cannot use %s: %s", dir, strerror(errno));
    return -1;
  }
  if (S_ISLNK(st.st_mode)) {
    *error = mir_format("%s is a symbolic link, not a private directory",
                        dir);
    return -1;
  }
  if (!S_ISDIR(st.st_mode)) {
    *error = mir_format("%s is not a directory", dir);
    return -1;
  }
  if (st.st_uid != geteuid()) {
    *error = mir_format("%s belongs to uid %lu, not to this user (uid %lu): "
                        "remove it, or set XDG_RUNTIME_DIR to a directory "
                        "of your own",
                        dir, (unsigned long)st.st_uid,
                        (unsigned long)geteuid());
    return -1;
  }
  if (st.st_mode & 077) {
    *error = mir_format("%s is open to other users (mode %03o): make it "
                        "private (chmod 700 %s)",
                        dir, (unsigned)(st.st_mode & 0777), dir);
    return -1;
  }
  return 0;
}

char *mir_user_dir(int create, char **error) {
  *error = NULL;
  const char *xdg = getenv("XDG_RUNTIME_DIR");
  char *dir = xdg && xdg[0] == '/'
                  ? mir_format("%s/upc-mir", xdg)
                  : mir_format("/tmp/upc-mir-%lu", (unsigned long)geteuid());
  if (!dir) {
    *error = mir_format("out of memory");
    return NULL;
  }
  if (create && mkdir(dir, 0700) != 0 && errno != EEXIST) {
    *error = mir_format("cannot create %s: %s", dir, strerror(errno));
    free(dir);
    return NULL;
  }
  if (check_private(dir, error) != 0) {
    free(dir);
    return NULL;
  }
  return dir;
}

char *mir_socket_path(const char *name, int create, char **error) {
  *error = NULL;
  if (!name[0]) {
    *error = mir_format("the socket path is empty");
    return NULL;
  }
  char *path;
  if (strchr(name, '/')) {
    path = strdup(name);
  } else {
    char *dir = mir_user_dir(create, error);
    if (!dir)
      return NULL;
    path = mir_format("%s/%s", dir, name);
    free(dir);
  }
  if (!path) {
    *error = mir_format("out of memory");
    return NULL;
  }
  struct sockaddr_un sa;
  if (strlen(path) >= sizeof sa.sun_path) {
    *error = mir_format("socket path too long (%zu bytes, at most %zu): %s",
                        strlen(path), sizeof sa.sun_path - 1, path);
    free(path);
    return NULL;
  }
  return path;
}

char *mir_private_dir(const char *prefix, char **error) {
  *error = NULL;
  char *why = NULL;
  char *base = mir_user_dir(1, &why);
  char *template = base ? mir_format("%s/%s-XXXXXX", base, prefix)
                        : mir_format("/tmp/%s-%lu-XXXXXX", prefix,
                                     (unsigned long)geteuid());
  free(base);
  free(why); /* the usual directory is not private: one of /tmp's */
  if (!template) {
    *error = mir_format("out of memory");
    return NULL;
  }
  if (!mkdtemp(template)) {
    *error = mir_format("cannot create a private directory %s: %s",
                        template, strerror(errno));
    free(template);
    return NULL;
  }
  return template;
}

/* The process's umask, read without changing it (umask(2) would, for a
 * moment, for every thread): from /proc, else the strictest. */
static mode_t current_umask(void) {
  FILE *f = fopen("/proc/self/status", "r");
  char line[128];
  unsigned mask = 077;
  while (f && fgets(line, sizeof line, f))
    if (sscanf(line, "Umask: %o", &mask) == 1)
      break;
  if (f)
    fclose(f);
  return (mode_t)mask & 0777;
}

int mir_write_file(const char *path, const char *text) {
  char *tmp = mir_format("%s.XXXXXX", path);
  if (!tmp) {
    errno = ENOMEM;
    return -1;
  }
  int fd = mkostemp(tmp, O_CLOEXEC);
  if (fd < 0) {
    int e = errno;
    free(tmp);
    errno = e;
    return -1;
  }
  size_t len = strlen(text);
  const char *p = text;
  int failed = fchmod(fd, 0666 & ~current_umask()) != 0;
  while (!failed && len > 0) {
    ssize_t n = write(fd, p, len);
    if (n < 0 && errno == EINTR)
      continue;
    if (n <= 0) {
      failed = 1;
      break;
    }
    p += n;
    len -= (size_t)n;
  }
  failed = failed || fsync(fd) != 0;
  int e = errno;
  if (close(fd) != 0 && !failed) {
    failed = 1;
    e = errno;
  }
  if (!failed && rename(tmp, path) != 0) {
    failed = 1;
    e = errno;
  }
  if (failed)
    unlink(tmp);
  free(tmp);
  errno = e;
  return failed ? -1 : 0;
}
