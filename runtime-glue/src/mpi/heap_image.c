/*
 * heap_image.c - the published copy of the shared heap's bookkeeping: a
 * window on rank 0 holds a version word, a size word and the packed image
 * (core/heap.c makes and reads it), locked with an exclusive MPI_Win_lock
 * (UPC_MPI_HEAP_BOOKKEEPING bounds the image, default 4 MiB).
 */
#include <stdlib.h>
#include <string.h>

#include "mpi_internal.h"
#include "size.h"

#define DEFAULT_HEAP_BOOKKEEPING ((uint64_t)4 << 20)
#define HEAP_HEADER 16 /* version, size */

static MPI_Win heap_win = MPI_WIN_NULL;
static int heap_distributed;
static size_t heap_capacity;
static uint64_t heap_version;
static void *heap_buffer;
static size_t heap_buffer_size;

void upcrm_heap_setup(void) {
  heap_distributed = upcrm_nranks > 1;
  if (!heap_distributed)
    return;
  uint64_t cap = DEFAULT_HEAP_BOOKKEEPING;
  const char *env = getenv("UPC_MPI_HEAP_BOOKKEEPING");
  if (env && *env && upcr_parse_size(env, &cap) != 0)
    upcri_fatal("UPC_MPI_HEAP_BOOKKEEPING=%s is not a size (bytes, or a "
                "number with K, M or G, such as 16MB)",
                env);
  if (cap > ((uint64_t)1 << 30))
    cap = (uint64_t)1 << 30;
  heap_capacity = (size_t)cap;
  void *base;
  MPI_Aint size = upcrm_rank == 0 ? (MPI_Aint)(heap_capacity + HEAP_HEADER) : 0;
  int rc = MPI_Win_allocate(size, 1, MPI_INFO_NULL, MPI_COMM_WORLD, &base,
                            &heap_win);
  if (rc != MPI_SUCCESS)
    upcrm_window_failed("the window of the shared heap's bookkeeping", rc);
  MPI_Win_set_errhandler(heap_win, MPI_ERRORS_RETURN);
  if (upcrm_rank == 0)
    memset(base, 0, HEAP_HEADER); /* version 0: the initial state */
}

void upcrm_heap_free(void) {
  if (heap_win != MPI_WIN_NULL)
    MPI_Win_free(&heap_win);
}

const void *upcrb_heap_lock(size_t *size) {
  *size = 0;
  if (!heap_distributed)
    return NULL;
  CHECK_MPI(MPI_Win_lock(MPI_LOCK_EXCLUSIVE, 0, 0, heap_win));
  uint64_t header[2];
  MPI_Get(header, HEAP_HEADER, MPI_BYTE, 0, 0, HEAP_HEADER, MPI_BYTE, heap_win);
  CHECK_MPI(MPI_Win_flush(0, heap_win));
  if (header[0] == heap_version)
    return NULL;
  size_t n = (size_t)header[1];
  if (n > heap_buffer_size) {
    void *p = realloc(heap_buffer, n);
    if (!p)
      upcri_fatal("out of memory in the shared heap's bookkeeping");
    heap_buffer = p;
    heap_buffer_size = n;
  }
  MPI_Get(heap_buffer, (int)n, MPI_BYTE, 0, HEAP_HEADER, (int)n, MPI_BYTE,
          heap_win);
  CHECK_MPI(MPI_Win_flush(0, heap_win));
  heap_version = header[0];
  *size = n;
  return heap_buffer;
}

int upcrb_heap_distributed(void) { return heap_distributed; }

int upcrb_heap_unlock(const void *image, size_t size) {
  if (!heap_distributed)
    return 0;
  int rc = 0;
  uint64_t header[2] = {heap_version + 1, size};
  if (image && size > heap_capacity) {
    rc = 1;
  } else if (image) {
    MPI_Put(image, (int)size, MPI_BYTE, 0, HEAP_HEADER, (int)size, MPI_BYTE,
            heap_win);
    MPI_Put(header, HEAP_HEADER, MPI_BYTE, 0, 0, HEAP_HEADER, MPI_BYTE,
            heap_win);
    ++heap_version;
  }
  /* Completes the puts. */
  CHECK_MPI(MPI_Win_unlock(0, heap_win));
  return rc;
}

size_t upcrb_heap_capacity(void) {
  return heap_distributed ? heap_capacity : SIZE_MAX;
}
