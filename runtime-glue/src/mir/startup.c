/*
 * startup.c - the MIR engine's start-up (every UPC thread, collectively,
 * in gasp_init) and exit (engine.h).
 *
 * At start-up the threads learn each other's processes and hosts through
 * the program's shared memory (a collective upc_all_alloc). The root (the
 * process of thread 0) draws the job's secret and, when other processes
 * share its node, makes the job's private directory; both reach the other
 * processes the same way, which then listen for the root (relay.h) and
 * publish where. The root keeps the addresses, listens for clients on
 * UPC_MIR_SOCKET (server.h) and clears the secret from the shared memory.
 */
#define _GNU_SOURCE
#include "engine.h"

#include <pthread.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "gasp_upc.h"
#include "io.h"
#include "paths.h"
#include "relay.h"
#include "server.h"
#include "upc.h"

#define ADDRESS_MAX 160
#define DIR_MAX 200

/* Thread 0's part of its slot: the job's secret and private directory
 * ("" for none). */
typedef struct {
  unsigned char secret[MIR_SECRET_BYTES];
  char dir[DIR_MAX];
} job_t;

/* A thread's record in the shared memory of the start-up. Each part is
 * written by one thread at one stage, between barriers, and read after
 * the next. */
typedef struct {
  mire_place_t place;
  char address[ADDRESS_MAX]; /* the relay of its process (first thread) */
  job_t job;                 /* thread 0's */
} slot_t;

static unsigned char secret[MIR_SECRET_BYTES];
static char *job_dir;     /* the root: the private directory, or NULL */
static int server_up;     /* the root listens for clients */
static int listening;     /* another process listens for the root */
static char **peer_paths; /* the root: the peers' sockets in job_dir */
static size_t npeer_paths;

static void barrier(void) {
  upcr_barrier(0, UPCR_BARRIERFLAG_ANONYMOUS, UPCR_SRCPOS_UNKNOWN);
}

static void fail_start(const char *what) {
  fprintf(stderr, "upc-mir: error: %s\n", what);
  exit(1);
}

static upcr_shared_ptr_t slot_of(upcr_shared_ptr_t all, int t) {
  return upcr_add_shared(all, sizeof(slot_t), t, 1);
}

/* A part of thread t's slot (on thread t, as the whole slot). */
static upcr_shared_ptr_t part_of(upcr_shared_ptr_t all, int t, size_t offset) {
  upcr_shared_ptr_t p = slot_of(all, t);
  p.offset += offset;
  return p;
}

/* The root: the socket UPC_MIR_SOCKET names, and the server on it. A name
 * without '/' is in the user's private directory; when that one is not
 * private (another user made it), in a new private one, said. */
static void start_server(void) {
  const char *name = getenv("UPC_MIR_SOCKET");
  if (!name || !*name)
    return;
  char *error = NULL, *path = mir_socket_path(name, 1, &error);
  if (!path && !strchr(name, '/')) {
    char *why = error, *dir = mir_private_dir("upc-mir", &error);
    path = dir ? mir_format("%s/%s", dir, name) : NULL;
    if (path)
      fprintf(stderr, "upc-mir: warning: %s; the control socket is %s\n",
              why, path);
    free(why);
    free(dir);
  }
  if (path && mir_server_start(path, mire_serve_client, NULL, &error) == 0)
    server_up = 1;
  else
    /* The program runs on without a channel: its values are still written
     * at exit. */
    fprintf(stderr, "upc-mir: warning: no control channel: %s\n",
            error ? error : "out of memory");
  free(error);
  free(path);
}

/* The first thread of the root's process: probes, stacks, the job's
 * secret and directory (into thread 0's slot), deliveries. */
static void start_root(upcr_shared_ptr_t all) {
  job_t mine;
  memset(&mine, 0, sizeof mine);
  if (mir_relay_new_secret(secret) != 0)
    fail_start("no random bytes for the job's secret (getrandom)");
  memcpy(mine.secret, secret, sizeof secret);
  int shared_node = 0;
  for (int t = 1; t < mire_threads; ++t)
    shared_node |= mire_process_of(t) == t && mire_node_of(t) == 0;
  if (shared_node) {
    char *error = NULL;
    job_dir = mir_private_dir("job", &error);
    if (!job_dir || strlen(job_dir) >= sizeof mine.dir)
      fprintf(stderr, "upc-mir: warning: the processes of this node cannot "
              "be reached: %s\n", error ? error : "directory name too long");
    else
      strcpy(mine.dir, job_dir);
    free(error);
  }
  upc_memput(part_of(all, 0, offsetof(slot_t, job)), &mine, sizeof mine);
  if (mire_delivery_start() != 0)
    fail_start("out of memory");
}

/* The first thread of another process: listens for the root, on a Unix
 * socket of the job's directory on the root's node, on TCP elsewhere. */
static void start_peer(upcr_shared_ptr_t all, int me) {
  job_t root;
  char address_text[ADDRESS_MAX];
  upc_memget(&root, part_of(all, 0, offsetof(slot_t, job)), sizeof root);
  memcpy(secret, root.secret, sizeof secret);
  int same_node = mire_node_of(me) == mire_node_of(0);
  char *address = NULL, *error = NULL;
  if (same_node && !root.dir[0])
    error = mir_format("the root has no directory for this node's sockets");
  else if (mir_relay_listen(same_node ? root.dir : NULL, secret,
                            mire_serve_relay, NULL, &address, &error) == 0)
    listening = 1;
  if (!listening || strlen(address) >= sizeof address_text) {
    fprintf(stderr, "upc-mir: warning: thread %d's process cannot be "
            "reached by the root: %s\n", me, error ? error : "address too long");
    address_text[0] = '\0';
  } else {
    strcpy(address_text, address);
  }
  free(address);
  free(error);
  upc_memput(part_of(all, me, offsetof(slot_t, address)), address_text,
             sizeof address_text);
}

/* The root: the others' addresses; then the secret leaves the shared
 * memory. */
static void connect_peers(upcr_shared_ptr_t all) {
  int n = mire_nprocesses() - 1, k = 0;
  const char **addresses = calloc((size_t)n + 1, sizeof *addresses);
  slot_t *peers = calloc((size_t)mire_threads, sizeof *peers);
  peer_paths = calloc((size_t)n + 1, sizeof *peer_paths);
  for (int t = 1; addresses && peers && peer_paths && t < mire_threads; ++t)
    if (mire_process_of(t) == t) {
      upc_memget(peers[t].address, part_of(all, t, offsetof(slot_t, address)),
                 sizeof peers[t].address);
      if (peers[t].address[0])
        addresses[k++] = peers[t].address;
      if (strncmp(peers[t].address, "unix:", 5) == 0)
        peer_paths[npeer_paths++] = strdup(peers[t].address + 5);
    }
  if (k == n && mir_relay_set_peers(addresses, (size_t)n, secret) == 0)
    mire_relay_up(1);
  free(addresses);
  free(peers);
  upc_memset(part_of(all, 0, offsetof(slot_t, job)), 0, MIR_SECRET_BYTES);
}

static pthread_barrier_t local_barrier;
static pthread_once_t process_once = PTHREAD_ONCE_INIT;
static int local_count;
static void init_local_barrier(void) {
  pthread_barrier_init(&local_barrier, NULL,
                       (unsigned)__atomic_load_n(&local_count,
                                                 __ATOMIC_ACQUIRE));
}

void mire_service_start(void) {
  int me = gasp_upc_mythread();
  int T = gasp_upc_threads();
  upcr_shared_ptr_t all = upc_all_alloc((size_t)T, sizeof(slot_t));
  slot_t mine;
  memset(&mine, 0, sizeof mine);
  mine.place.pid = (int)getpid();
  gethostname(mine.place.host, sizeof mine.place.host - 1);
  upc_memput(slot_of(all, me), &mine, sizeof mine);
  barrier();
  /* Every thread reads every thread's place. */
  mire_place_t *view = calloc((size_t)T, sizeof *view);
  if (!view)
    fail_start("out of memory");
  for (int t = 0; t < T; ++t)
    upc_memget(&view[t], slot_of(all, t), sizeof *view);
  int first = me, count = 0;
  for (int t = 0; t < T; ++t)
    if (view[t].pid == view[me].pid &&
        strcmp(view[t].host, view[me].host) == 0 && count++ == 0)
      first = t;
  if (first == me) {
    /* The first thread of the process owns the process's tables. */
    mire_threads = T;
    mire_first_thread = first;
    mire_local_threads = count;
    if (mire_processes_init(view, T) != 0 || mire_probes_init() != 0 ||
        mire_stacks_init() != 0)
      fail_start("the probes compiled into the program cannot be set up");
    if (mire_is_root())
      start_root(all);
  } else {
    free(view);
  }
  /* The process's threads meet on a barrier of their own, made once. */
  __atomic_store_n(&local_count, count, __ATOMIC_RELEASE);
  pthread_once(&process_once, init_local_barrier);
  pthread_barrier_wait(&local_barrier);
  mire_stacks_register(me - mire_first_thread);
  barrier(); /* thread 0's slot holds the secret and the directory */
  if (first == me && mire_nprocesses() > 1 && !mire_is_root())
    start_peer(all, me);
  barrier(); /* every process listens, and says where */
  if (first == me && mire_is_root()) {
    /* The relay first: a client may send a request as soon as the socket
     * exists, and a request served before the relay knows the others
     * would reach this process alone. */
    if (mire_nprocesses() > 1)
      connect_peers(all);
    start_server();
  }
  barrier();
}

/* ------------------------------------------------------------------------
 * Exit
 * ------------------------------------------------------------------------ */

/* The root: its channel ends; the job's directory goes with the sockets
 * of the processes it holds. */
static void stop_root(void) {
  if (server_up)
    mir_server_stop();
  server_up = 0;
  mir_relay_forget_peers();
  for (size_t i = 0; i < npeer_paths; ++i) {
    if (peer_paths[i])
      unlink(peer_paths[i]);
    free(peer_paths[i]);
  }
  npeer_paths = 0;
  if (job_dir)
    rmdir(job_dir);
  free(job_dir);
  job_dir = NULL;
}

void mire_service_collective_exit(int thread) {
  mire_stacks_leave(thread - mire_first_thread);
  if (thread != mire_first_thread || !mire_threads)
    return;
  if (mire_is_root()) {
    mire_write_final();
    stop_root();
    return;
  }
  if (!listening)
    return;
  /* The root gathers the final values after every thread's exit: this
   * process stays until it has them (or 30 s passed). */
  mire_wait_final(30);
  mir_relay_stop();
  listening = 0;
}

void mire_service_exit(void) {
  /* exit without a collective exit event (upc_global_exit, an error): the
   * root writes what it can reach. */
  if (mire_is_root()) {
    mire_write_final();
    stop_root();
  }
}
