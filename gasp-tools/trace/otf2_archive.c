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

OTF2_ErrorCode upcgt_otf2_write_metric_defs(OTF2_GlobalDefWriter *g,
                                            OTF2_StringRef name,
                                            OTF2_StringRef descr,
                                            OTF2_StringRef unit) {
  OTF2_MetricMemberRef member = 0;
  OTF2_ErrorCode rc = OTF2_GlobalDefWriter_WriteMetricMember(
      g, member, name, descr, OTF2_METRIC_TYPE_OTHER,
      OTF2_METRIC_ABSOLUTE_POINT, OTF2_TYPE_UINT64, OTF2_BASE_DECIMAL, 0, unit);
  if (rc != OTF2_SUCCESS)
    return rc;
  return OTF2_GlobalDefWriter_WriteMetricClass(g, UPCGT_OTF2_METRIC, 1, &member,
                                               OTF2_METRIC_ASYNCHRONOUS,
                                               OTF2_RECORDER_KIND_ABSTRACT);
}

OTF2_ErrorCode upcgt_otf2_write_metric(OTF2_EvtWriter *w, OTF2_TimeStamp t,
                                       uint64_t bytes) {
  OTF2_Type type = OTF2_TYPE_UINT64;
  OTF2_MetricValue value;
  value.unsigned_int = bytes;
  return OTF2_EvtWriter_Metric(w, NULL, t, UPCGT_OTF2_METRIC, 1, &type, &value);
}
