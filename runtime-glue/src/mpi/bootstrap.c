/*
 * bootstrap.c - the MPI backend's start-up and shutdown: MPI_Init with the
 * one-sided components the runtime needs, this process's rank and the
 * number of processes (THREADS), the order in which the other files set up,
 * and exit.
 *
 * One-sided components (Open MPI's MCA parameter osc): the node's window
 * needs osc sm, a window across nodes osc ucx or pt2pt; the default list
 * puts osc rdma first, which crashes on compare-and-swap. Unless the user
 * chose (OMPI_MCA_osc), the runtime asks for DEFAULT_OSC before MPI_Init,
 * whether upcrun or a plain mpirun started it (docs/runtime.md).
 *
 * Exit: after the exit barrier, every rank frees the windows, calls
 * MPI_Finalize and exit(status). A rank that calls exit() before it (user
 * code) is caught by an on_exit handler, which reports it and calls
 * MPI_Abort so that the other ranks do not wait forever; a rank that dies
 * or calls _exit is reported by mpirun, which then ends the job.
 */
#ifndef _GNU_SOURCE
#define _GNU_SOURCE /* on_exit */
#endif
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/prctl.h>
#include <unistd.h>

#include "mpi_internal.h"

/* upcrun recognises a program linked with this backend by this string and
 * starts it with mpirun (runtime-glue/tools/upcrun). */
__attribute__((used)) static const char backend_marker[] = "upcr-backend=mpi";

int upcrm_rank, upcrm_nranks;
int upcrm_use_shared_memory = 1;
/* ending_job: the program is being ended on purpose; the on_exit handler
 * then stays quiet. */
volatile sig_atomic_t upcrm_exit_passed;
static volatile sig_atomic_t ending_job;

static void free_all(void) {
  upcrm_windows_free();
  upcrm_heap_free();
  upcrm_rma_free();
  upcrm_barrier_free();
}

/* A rank leaving through exit() without the exit barrier: the others would
 * wait for it forever. */
static void exit_check(int status, void *arg) {
  (void)arg;
  if (upcrm_exit_passed || !upcrm_mpi_active())
    return;
  if (upcrm_nranks == 1) {
    /* Nobody waits for this thread: end as the pthreads backend does. */
    upcrm_exit_passed = 1;
    free_all();
    MPI_Finalize();
    return;
  }
  fflush(stdout);
  if (!ending_job)
    fprintf(stderr,
            "upc runtime: error: UPC thread %d exited early "
            "(status %d) while the other threads still run; ending "
            "the program\n",
            upcrm_rank, status);
  fflush(stderr);
  MPI_Abort(MPI_COMM_WORLD, status != 0 || ending_job ? status : 1);
}

/* UPC_THREADS=N (N > 1) for a job of one process: the program was started
 * directly (or by mpirun -np 1), and THREADS would silently be 1. Stop and
 * say how to start N threads: the runtime does not start the job itself,
 * because only the user knows the launcher (mpirun, srun, a batch system's)
 * and its options (hosts, binding), and a process that restarted itself
 * under mpirun would hide that choice. */
static void check_requested_threads(int requested_threads, char **argv) {
  const char *env = getenv("UPC_THREADS");
  if (upcrm_nranks != 1 || !env || !*env || requested_threads == 1)
    return;
  const char *prog = argv && argv[0] ? argv[0] : "PROGRAM";
  upcri_fatal("UPC_THREADS=%s asks for %d threads, but this program uses "
              "the MPI backend, whose UPC threads are MPI processes, and it "
              "runs as one process (started without mpirun): run it with "
              "'upcrun -n %d %s' (or 'mpirun -np %d %s')",
              env, requested_threads, requested_threads, prog,
              requested_threads, prog);
}

void upcrb_init(int *argc, char ***argv, int requested_threads, int *first,
                int *count) {
  /* THREADS is the number of processes; UPC_THREADS, when set, must agree
   * for a single process (check_requested_threads). */
  int init = 0;
  MPI_Initialized(&init);
  if (!init)
    setenv("OMPI_MCA_osc", DEFAULT_OSC, 0);
  /* A job on one node needs no network between its processes, and Open
   * MPI's TCP transport would listen on every interface of the machine (it
   * binds the wildcard address whatever btl_tcp_if_include says): shared
   * memory alone, unless the user chose (OMPI_MCA_btl). */
  const char *local = getenv("OMPI_COMM_WORLD_LOCAL_SIZE");
  const char *size = getenv("OMPI_COMM_WORLD_SIZE");
  if (!init && local && size && strcmp(local, size) == 0)
    setenv("OMPI_MCA_btl", "self,vader", 0);
  if (!init && MPI_Init(argc, argv) != MPI_SUCCESS) {
    fprintf(stderr, "upc runtime: error: MPI_Init failed\n");
    exit(1);
  }
  MPI_Comm_set_errhandler(MPI_COMM_WORLD, MPI_ERRORS_RETURN);
  /* Started by Open MPI's launcher (its daemon on this node, or mpirun on
   * the first): a rank whose launcher dies could otherwise outlive the job
   * for good, spinning in a barrier. */
  if (getenv("OMPI_COMM_WORLD_SIZE")) {
    prctl(PR_SET_PDEATHSIG, SIGKILL);
    if (getppid() == 1)
      raise(SIGKILL);
  }
  MPI_Comm_rank(MPI_COMM_WORLD, &upcrm_rank);
  MPI_Comm_size(MPI_COMM_WORLD, &upcrm_nranks);
  on_exit(exit_check, NULL);
  check_requested_threads(requested_threads, argv ? *argv : NULL);
  upcri_threads = upcrm_nranks;
  *first = upcrm_rank;
  *count = 1;
  upcrm_use_shared_memory = !upcrm_env_disabled("UPC_MPI_SHARED_MEMORY");
}

int upcrb_segments_create(size_t size) {
  char **bases = upcrm_windows_create(size);
  if (!bases)
    return -1;
  upcrm_heap_setup();
  upcrm_rma_setup();
  upcrm_barrier_setup();
  upcrm_windows_open();
  upcri_segment_base = bases;
  return 0;
}

void upcrb_run_threads(upcrb_thread_main_t thread_main, size_t stack_bytes) {
  (void)stack_bytes; /* the process's main thread runs the UPC thread */
  thread_main(upcrm_rank);
  abort(); /* not reached */
}

void upcrb_thread_exit(int status) {
  upcrm_exit_passed = 1;
  fflush(stdout);
  fflush(stderr);
  free_all();
  MPI_Finalize();
  exit(status);
}

void upcrb_abort(int status) {
  ending_job = 1;
  upcrm_exit_passed = 1;
  fflush(stdout);
  fflush(stderr);
  if (upcrm_mpi_active()) {
    if (upcrm_nranks > 1)
      MPI_Abort(MPI_COMM_WORLD, status);
    /* Alone: end quietly with the status (mpirun reports a process that
     * ends without MPI_Finalize as a failure, whatever its status). */
    free_all();
    MPI_Finalize();
  }
  _exit(status);
}

void upcrb_noncollective_exit(void) { ending_job = 1; }
