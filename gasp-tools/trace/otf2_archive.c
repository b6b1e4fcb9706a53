/*
 * otf2_archive.c - see otf2_archive.h.
 */
#include "otf2_archive.h"

#include <stdio.h>
#include <string.h>

int upcgt_otf2_split_path(const char *path, char *dir, size_t dir_size,
                          char *name, size_t name_size) {
  const char *slash = strrchr(path, '/');
  if (slash) {
    snprintf(dir, dir_size, "%.*s", (int)(slash - path), path);
    if (!dir[0])
      snprintf(dir, dir_size, "/");
    snprintf(name, name_size, "%s", slash + 1);
  } else {
    snprintf(dir, dir_size, ".");
    snprintf(name, name_size, "%s", path);
  }
  size_t len = strlen(name);
  if (len > 5 && strcmp(name + len - 5, ".otf2") == 0)
    name[len - 5] = '\0';
  return name[0] ? 0 : -1;
}

static OTF2_FlushType pre_flush(void *user, OTF2_FileType type,
                                OTF2_LocationRef loc, void *caller,
                                bool final) {
  (void)user, (void)type, (void)loc, (void)caller, (void)final;
  return OTF2_FLUSH;
}

OTF2_FlushCallbacks upcgt_otf2_flush_callbacks = {pre_flush, NULL};
