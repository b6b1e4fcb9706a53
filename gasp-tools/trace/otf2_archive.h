/*
 * otf2_archive.h - what the trace tool's OTF2 writer (trace_otf2.c) and
 * upc-otf2-merge (otf2_merge.c) share about writing an archive.
 */
#ifndef UPC_GASP_OTF2_ARCHIVE_H
#define UPC_GASP_OTF2_ARCHIVE_H

#include <stddef.h>
#include <stdint.h>

#include <otf2/otf2.h>

/* "dir/name" or "dir/name.otf2" -> dir ("." without a slash) and name (the
 * archive is dir/name.otf2, dir/name.def, dir/name/). -1 if path names no
 * archive (an empty name). */
int upcgt_otf2_split_path(const char *path, char *dir, size_t dir_size,
                          char *name, size_t name_size);

/* Flush every buffer when full, and write no BufferFlush records: their
 * times would be those of the writing, after the events. */
extern OTF2_FlushCallbacks upcgt_otf2_flush_callbacks;

/* The metric every location records: its RMA bytes in flight (the gets
 * and puts the thread has started and not finished), as an asynchronous
 * metric class with one member, both reference 0, which viewers draw as a
 * counter under the location. Writers define it with these strings. */
#define UPCGT_OTF2_METRIC_NAME "RMA bytes in flight"
#define UPCGT_OTF2_METRIC_DESCR                                                \
  "bytes of the UPC thread's gets and puts started and not finished"
#define UPCGT_OTF2_METRIC_UNIT "bytes"
#define UPCGT_OTF2_METRIC 0

/* Writes the metric's member and class, given the references of the three
 * strings above; the OTF2 result. */
OTF2_ErrorCode upcgt_otf2_write_metric_defs(OTF2_GlobalDefWriter *g,
                                            OTF2_StringRef name,
                                            OTF2_StringRef descr,
                                            OTF2_StringRef unit);

/* One value of the metric at time t. */
OTF2_ErrorCode upcgt_otf2_write_metric(OTF2_EvtWriter *w, OTF2_TimeStamp t,
                                       uint64_t bytes);

#endif
