/*
 * otf2_archive.h - what the trace tool's OTF2 writer (trace_otf2.c) and
 * upc-otf2-merge (otf2_merge.c) share about writing an archive.
 */
#ifndef UPC_GASP_OTF2_ARCHIVE_H
#define UPC_GASP_OTF2_ARCHIVE_H

#include <stddef.h>

#include <otf2/otf2.h>

/* "dir/name" or "dir/name.otf2" -> dir ("." without a slash) and name (the
 * archive is dir/name.otf2, dir/name.def, dir/name/). -1 if path names no
 * archive (an empty name). */
int upcgt_otf2_split_path(const char *path, char *dir, size_t dir_size,
                          char *name, size_t name_size);

/* Flush every buffer when full, and write no BufferFlush records: their
 * times would be those of the writing, after the events. */
extern OTF2_FlushCallbacks upcgt_otf2_flush_callbacks;

#endif
