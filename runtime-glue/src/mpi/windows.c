/*
 * windows.c - the segments' windows. One MPI-3 window holds every segment,
 * allocated once; its passive-target epoch is opened once
 * (MPI_Win_lock_all) and closed at exit.
 *   - Shared memory (the default): MPI_Win_allocate_shared on the node's
 *     communicator; MPI_Win_shared_query gives the bases of same-node ranks,
 *     which the core and upcr.h's inline paths then access with plain loads
 *     and stores. When the job spans nodes, a second window over the same
 *     memory (MPI_Win_create on MPI_COMM_WORLD) reaches the other nodes'
 *     segments.
 *   - UPC_MPI_SHARED_MEMORY=0: MPI_Win_allocate on MPI_COMM_WORLD; only the
 *     process's own segment is addressable.
 * Puts complete locally (MPI_Win_flush_local) and their targets are marked
 * dirty; a later access to the target, or a fence, completes them.
 */
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/statvfs.h>

#include "mpi_internal.h"

size_t upcrm_segment_size;
int upcrm_all_addressable;
int upcrm_remote_progress;
MPI_Win upcrm_shm_win = MPI_WIN_NULL;
MPI_Win upcrm_rma_win = MPI_WIN_NULL;
int *upcrm_rma_rank;
unsigned char *upcrm_dirty;
int upcrm_ndirty;

static MPI_Comm node_comm = MPI_COMM_NULL;
/* By thread: the lowest rank of its node, which names the node. */
static int *node_of;

int upcrm_node_processes(void) {
  if (node_comm == MPI_COMM_NULL)
    CHECK_MPI(MPI_Comm_split_type(MPI_COMM_WORLD, MPI_COMM_TYPE_SHARED,
                                  upcrm_rank, MPI_INFO_NULL, &node_comm));
  int node_size;
  MPI_Comm_size(node_comm, &node_size);
  return node_size;
}

/* With shared memory, Open MPI's osc sm backs the node's window with one
 * file in its backing directory (/dev/shm unless osc_sm_backing_directory
 * says otherwise) and refuses a window larger than that file system's free
 * space with MPI_ERR_INTERN. The pages are only used when touched, but the
 * whole size must fit. Every process takes the smallest limit, so that all
 * segments have one size. */
uint64_t upcrb_segment_limit(char *what, size_t what_size) {
  uint64_t limit = UINT64_MAX;
  if (upcrm_use_shared_memory) {
    const char *dir = getenv("OMPI_MCA_osc_sm_backing_directory");
    if (!dir || !*dir)
      dir = "/dev/shm";
    int node_size = upcrm_node_processes();
    struct statvfs fs;
    if (statvfs(dir, &fs) == 0) {
      /* Keep a sixteenth for the files of other windows and of btl vader. */
      uint64_t avail = (uint64_t)fs.f_bavail * fs.f_frsize;
      uint64_t share = avail / 16 * 15 / (uint64_t)node_size;
      limit = share > BACKEND_WORDS ? share - BACKEND_WORDS : 0;
      char free_text[64];
      upcri_format_size(free_text, sizeof free_text, avail);
      snprintf(what, what_size,
               "%s free in %s for the %d processes of this node; enlarge it, "
               "or set OMPI_MCA_osc_sm_backing_directory to a larger local "
               "file system, or UPC_MPI_SHARED_MEMORY=0",
               free_text, dir, node_size);
    }
  }
  uint64_t all;
  CHECK_MPI(
      MPI_Allreduce(&limit, &all, 1, MPI_UINT64_T, MPI_MIN, MPI_COMM_WORLD));
  if (all != limit && all != UINT64_MAX)
    snprintf(what, what_size,
             "the free space another process found in its shared-memory "
             "file system (/dev/shm or OMPI_MCA_osc_sm_backing_directory)");
  return all;
}

/* The bases of this node's segments, and the RMA ranks, from the node's
 * shared-memory window. */
static int query_node_segments(char **bases) {
  MPI_Group world_group, node_group;
  MPI_Comm_group(MPI_COMM_WORLD, &world_group);
  MPI_Comm_group(node_comm, &node_group);
  int node_size = upcrm_node_processes();
  int *node_ranks = malloc((size_t)node_size * sizeof *node_ranks);
  int *world_ranks = malloc((size_t)node_size * sizeof *world_ranks);
  if (!node_ranks || !world_ranks)
    return -1;
  for (int r = 0; r < node_size; ++r)
    node_ranks[r] = r;
  MPI_Group_translate_ranks(node_group, node_size, node_ranks, world_group,
                            world_ranks);
  for (int r = 0; r < node_size; ++r) {
    MPI_Aint qsize;
    int qunit;
    void *qbase;
    CHECK_MPI(MPI_Win_shared_query(upcrm_shm_win, r, &qsize, &qunit, &qbase));
    bases[world_ranks[r]] = qbase;
    upcrm_rma_rank[world_ranks[r]] = r;
  }
  free(node_ranks);
  free(world_ranks);
  MPI_Group_free(&world_group);
  MPI_Group_free(&node_group);
  return 0;
}

char **upcrm_windows_create(size_t size) {
  int nranks = upcrm_nranks;
  upcrm_segment_size = size;
  char **bases = calloc((size_t)nranks, sizeof *bases);
  upcrm_rma_rank = calloc((size_t)nranks, sizeof *upcrm_rma_rank);
  upcrm_dirty = calloc((size_t)nranks, 1);
  node_of = calloc((size_t)nranks, sizeof *node_of);
  if (!bases || !upcrm_rma_rank || !upcrm_dirty || !node_of)
    return NULL;
  /* Which node each thread is on (bupc_thread_distance), whether or not
   * the node's segments are shared memory. */
  upcrm_node_processes();
  int leader = upcrm_rank;
  CHECK_MPI(MPI_Allreduce(MPI_IN_PLACE, &leader, 1, MPI_INT, MPI_MIN,
                          node_comm));
  CHECK_MPI(MPI_Allgather(&leader, 1, MPI_INT, node_of, 1, MPI_INT,
                          MPI_COMM_WORLD));
  MPI_Info info;
  MPI_Info_create(&info);
  MPI_Info_set(info, "same_disp_unit", "true");
  char *mine = NULL;
  size_t alloc_size = size + BACKEND_WORDS;
  if (upcrm_use_shared_memory) {
    int node_size = upcrm_node_processes();
    MPI_Info_set(info, "alloc_shared_noncontig", "true");
    int rc = MPI_Win_allocate_shared((MPI_Aint)alloc_size, 1, info, node_comm,
                                     &mine, &upcrm_shm_win);
    if (rc != MPI_SUCCESS)
      upcrm_window_failed("the shared-memory window of this node's segments",
                          rc);
    MPI_Win_set_errhandler(upcrm_shm_win, MPI_ERRORS_RETURN);
    if (query_node_segments(bases) != 0)
      return NULL;
    upcrm_all_addressable = node_size == nranks;
    if (upcrm_all_addressable) {
      /* One node: the shared window serves RMA too. */
      upcrm_rma_win = upcrm_shm_win;
    } else {
      rc = MPI_Win_create(mine, (MPI_Aint)alloc_size, 1, info, MPI_COMM_WORLD,
                          &upcrm_rma_win);
      if (rc != MPI_SUCCESS)
        upcrm_window_failed("the window of every segment across nodes", rc);
      upcrm_remote_progress = 1;
      MPI_Win_set_errhandler(upcrm_rma_win, MPI_ERRORS_RETURN);
      for (int t = 0; t < nranks; ++t)
        upcrm_rma_rank[t] = t;
    }
  } else {
    int rc = MPI_Win_allocate((MPI_Aint)alloc_size, 1, info, MPI_COMM_WORLD,
                              &mine, &upcrm_rma_win);
    if (rc != MPI_SUCCESS)
      upcrm_window_failed("the window of every segment", rc);
    /* Without shared memory every other segment is RMA: across nodes, or on
     * one node through osc sm, whose accesses need no progress. */
    upcrm_remote_progress = nranks > 1 && upcrm_node_processes() < nranks;
    MPI_Win_set_errhandler(upcrm_rma_win, MPI_ERRORS_RETURN);
    bases[upcrm_rank] = mine;
    for (int t = 0; t < nranks; ++t)
      upcrm_rma_rank[t] = t;
    upcrm_all_addressable = nranks == 1;
  }
  MPI_Info_free(&info);
  /* Static data starts zeroed (fresh window memory usually is; the heap
   * needs no zeroing, and its pages stay untouched). */
  memset(mine, 0, upcri_static_size < size ? upcri_static_size : size);
  memset(mine + size, 0, BACKEND_WORDS);
  return bases;
}

void upcrm_windows_open(void) {
  CHECK_MPI(MPI_Win_lock_all(MPI_MODE_NOCHECK, upcrm_rma_win));
  if (upcrm_shm_win != MPI_WIN_NULL && upcrm_shm_win != upcrm_rma_win)
    CHECK_MPI(MPI_Win_lock_all(MPI_MODE_NOCHECK, upcrm_shm_win));
  MPI_Win_sync(upcrm_rma_win);
  CHECK_MPI(MPI_Barrier(MPI_COMM_WORLD));
  MPI_Win_sync(upcrm_rma_win);
}

void upcrm_windows_free(void) {
  if (upcrm_rma_win != MPI_WIN_NULL) {
    MPI_Win_unlock_all(upcrm_rma_win);
    if (upcrm_shm_win != MPI_WIN_NULL && upcrm_shm_win != upcrm_rma_win) {
      MPI_Win_unlock_all(upcrm_shm_win);
      MPI_Win_free(&upcrm_shm_win);
    }
    MPI_Win_free(&upcrm_rma_win);
    upcrm_shm_win = MPI_WIN_NULL;
  }
  if (node_comm != MPI_COMM_NULL)
    MPI_Comm_free(&node_comm);
}

void upcrm_complete_and_sync(void) {
  if (upcrm_ndirty) {
    MPI_Win_flush_all(upcrm_rma_win);
    memset(upcrm_dirty, 0, (size_t)upcrm_nranks);
    upcrm_ndirty = 0;
  }
  MPI_Win_sync(upcrm_rma_win);
  if (upcrm_shm_win != MPI_WIN_NULL && upcrm_shm_win != upcrm_rma_win)
    MPI_Win_sync(upcrm_shm_win);
  atomic_thread_fence(memory_order_seq_cst);
}

size_t upcrb_segment_size(void) { return upcrm_segment_size; }

int upcrb_all_segments_addressable(void) { return upcrm_all_addressable; }

int upcrb_thread_locality(upcr_thread_t a, upcr_thread_t b) {
  if (a == b)
    return UPCRB_SAME_PROCESS;
  return node_of[a] == node_of[b] ? UPCRB_SAME_NODE : UPCRB_OTHER_NODE;
}
