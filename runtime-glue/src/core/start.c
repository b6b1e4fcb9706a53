/*
 * start.c - program start-up (upcr_run), the environment, and exit.
 */
/* dl_iterate_phdr */
#ifndef _GNU_SOURCE
#define _GNU_SOURCE
#endif
#include <errno.h>
#include <limits.h>
#include <link.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/resource.h>
#include <unistd.h>

#include "internal.h"
#include "size.h"

/* The globals upcr.h declares. Before upcr_run there is one thread and no
 * segment. */
int upcri_threads = 1;
__thread int upcri_mythread;
char **upcri_segment_base;
__thread int upcr_forall_active;

size_t upcri_heap_size;
upcr_offset_t upcri_internal_offset;

/* The heap of each thread when UPC_SHARED_HEAP_SIZE is not set, if the
 * backend's memory holds it (upcrb_segment_limit); segments cost only the
 * pages a program touches, so the default can be generous. */
#define UPCRI_DEFAULT_HEAP_SIZE ((uint64_t)256 << 20)
/* The smallest heap a default shrunk to fit the backend's memory may have:
 * less would only turn the error into a later, less clear one. */
#define UPCRI_MIN_DEFAULT_HEAP_SIZE ((uint64_t)1 << 20)

/* ------------------------------------------------------------------------
 * File records: every translated file puts one upcr_file_info_t into the
 * ELF section upcri_files; the linker provides these symbols around the
 * section (weak: a program with no translated file has none).
 * ------------------------------------------------------------------------ */

extern const upcr_file_info_t __start_upcri_files[] __attribute__((__weak__));
extern const upcr_file_info_t __stop_upcri_files[] __attribute__((__weak__));

static const upcr_file_info_t *files_begin(void) { return __start_upcri_files; }
static const upcr_file_info_t *files_end(void) {
  return __start_upcri_files ? __stop_upcri_files : __start_upcri_files;
}

static void run_alloc_functions(void) {
  for (const upcr_file_info_t *f = files_begin(); f != files_end(); ++f)
    if (f->file && f->alloc)
      f->alloc();
}

static void run_init_functions(void) {
  for (const upcr_file_info_t *f = files_begin(); f != files_end(); ++f)
    if (f->file && f->init)
      f->init();
}

/* The static THREADS the program was translated for (0: any). Files
 * translated for different counts cannot run together. */
static int static_threads(const char **file_out) {
  const upcr_file_info_t *first = NULL;
  for (const upcr_file_info_t *f = files_begin(); f != files_end(); ++f) {
    if (!f->file || f->static_threads <= 0)
      continue;
    if (first && first->static_threads != f->static_threads)
      upcri_fatal("%s was translated for %d threads and %s for %d; they "
                  "cannot run in one program",
                  first->file, first->static_threads, f->file,
                  f->static_threads);
    if (!first)
      first = f;
  }
  *file_out = first ? first->file : NULL;
  return first ? first->static_threads : 0;
}

/* Files compiled for a backend where every segment is addressable cannot
 * run on one where it is not. */
static void check_file_flags(void) {
  if (upcrb_all_segments_addressable())
    return;
  for (const upcr_file_info_t *f = files_begin(); f != files_end(); ++f)
    if (f->file && (f->flags & UPCR_FILE_ALL_SEGMENTS_ADDRESSABLE))
      upcri_fatal("%s was compiled for backends where every thread "
                  "addresses all shared memory, but this run reaches other "
                  "threads' memory remotely: compile it with upc-instrument "
                  "--backend=mpi (which adds -DUPCR_REMOTE_ACCESS)",
                  f->file);
}

upcri_hooks_t upcri_hooks;

/* A file translated with instrumentation: gasp_init is called on every
 * thread before main. */
static int gasp_instrumented(void) {
  for (const upcr_file_info_t *f = files_begin(); f != files_end(); ++f)
    if (f->file && (f->flags & UPCR_FILE_GASP))
      return 1;
  return 0;
}

/* ------------------------------------------------------------------------
 * Environment
 * ------------------------------------------------------------------------ */

static int threads_from_environment(void) {
  const char *sfile;
  int s = static_threads(&sfile);
  const char *env = getenv("UPC_THREADS");
  if (!env || !*env) {
    if (s)
      return s;
    long n = sysconf(_SC_NPROCESSORS_ONLN);
    return n > 0 ? (int)(n < UPCR_MAX_THREADS ? n : UPCR_MAX_THREADS) : 1;
  }
  char *end;
  errno = 0;
  long n = strtol(env, &end, 10);
  if (errno || end == env || *end || n <= 0)
    upcri_fatal("UPC_THREADS=%s is not a positive integer", env);
  if (n > UPCR_MAX_THREADS)
    upcri_fatal("UPC_THREADS=%s is more than the %d threads this runtime "
                "supports", env, UPCR_MAX_THREADS);
  if (s && n != s)
    upcri_fatal("%s was translated for %d threads (static THREADS), but "
                "UPC_THREADS=%ld; run it with %d threads",
                sfile, s, n, s);
  return (int)n;
}

/* upc-instrument --shared-heap=SIZE (upcc -shared-heap=SIZE) links this
 * definition into the program: its default heap per thread. */
extern const uint64_t upcr_linked_shared_heap_size __attribute__((__weak__));

/* UPC_SHARED_HEAP_SIZE, else the size linked into the program, else 0. */
static uint64_t heap_size_from_environment(void) {
  const char *env = getenv("UPC_SHARED_HEAP_SIZE");
  uint64_t n;
  if (!env || !*env)
    return &upcr_linked_shared_heap_size ? upcr_linked_shared_heap_size : 0;
  if (upcr_parse_size(env, &n) != 0)
    upcri_fatal("UPC_SHARED_HEAP_SIZE=%s is not a size (bytes, or a number "
                "with K, M, G or T, such as 256MB)", env);
  return n;
}

/* The heap each thread gets: UPC_SHARED_HEAP_SIZE (requested; 0 if not
 * set) when the backend's memory holds it beside heap_base bytes of static
 * data, else an error that says what to change; without a request, the
 * default, shrunk to what the memory holds. */
static uint64_t heap_size_fitting(uint64_t requested, uint64_t heap_base) {
  char what[512] = "";
  uint64_t limit = upcrb_segment_limit(what, sizeof what);
  uint64_t room = limit > heap_base ? limit - heap_base : 0;
  if (requested == 0) {
    if (room >= UPCRI_DEFAULT_HEAP_SIZE)
      return UPCRI_DEFAULT_HEAP_SIZE;
    uint64_t fit = room / UPCRI_MIN_DEFAULT_HEAP_SIZE *
                   UPCRI_MIN_DEFAULT_HEAP_SIZE;
    if (fit >= UPCRI_MIN_DEFAULT_HEAP_SIZE)
      return fit;
  } else if (requested <= room) {
    return requested;
  }
  char need[64], have[64];
  upcri_format_size(need, sizeof need,
                    heap_base + (requested ? requested
                                           : UPCRI_MIN_DEFAULT_HEAP_SIZE));
  upcri_format_size(have, sizeof have, limit);
  if (requested) {
    const char *env = getenv("UPC_SHARED_HEAP_SIZE");
    char linked[64];
    if (!env || !*env) {
      upcri_format_size(linked, sizeof linked, requested);
      upcri_fatal("the shared heap linked into the program (%s, "
                  "--shared-heap) does not fit: each thread's segment "
                  "(static data and heap) needs %s, at most %s is available "
                  "(%s); set a smaller UPC_SHARED_HEAP_SIZE",
                  linked, need, have, what);
    }
    upcri_fatal("UPC_SHARED_HEAP_SIZE=%s does not fit: each thread's "
                "segment (static data and heap) needs %s, at most %s is "
                "available (%s); lower UPC_SHARED_HEAP_SIZE",
                env, need, have, what);
  }
  upcri_fatal("no room for a shared heap: each thread's segment needs at "
              "least %s, at most %s is available (%s)",
              need, have, what);
}

/* ------------------------------------------------------------------------
 * Thread stacks: UPC threads get the stack a C program's main thread would
 * have (its rlimit, at least 8 MiB) plus the static TLS, which glibc carves
 * out of every thread's stack.
 * ------------------------------------------------------------------------ */

static int add_tls_size(struct dl_phdr_info *info, size_t size, void *data) {
  (void)size;
  size_t *total = data;
  for (int i = 0; i < info->dlpi_phnum; ++i)
    if (info->dlpi_phdr[i].p_type == PT_TLS)
      *total += info->dlpi_phdr[i].p_memsz + info->dlpi_phdr[i].p_align;
  return 0;
}

static size_t thread_stack_size(void) {
  size_t stack = (size_t)8 << 20;
  struct rlimit rl;
  if (getrlimit(RLIMIT_STACK, &rl) == 0 && rl.rlim_cur != RLIM_INFINITY &&
      rl.rlim_cur > stack)
    stack = (size_t)rl.rlim_cur;
  size_t tls = 0;
  dl_iterate_phdr(add_tls_size, &tls);
  size_t page = (size_t)sysconf(_SC_PAGESIZE);
  size_t total = stack + tls + 64 * 1024; /* + glibc's own descriptors */
  return (total + page - 1) / page * page;
}

/* ------------------------------------------------------------------------
 * upcr_run
 * ------------------------------------------------------------------------ */

static upcr_user_main_t user_main;
static int user_argc;
static char **user_argv;

static void thread_main(int thread) {
  upcri_mythread = thread;
  /* Every thread runs the ALLOC functions (in the same order); the layout
   * was fixed by the sizing pass, this only checks it. */
  run_alloc_functions();
  upcri_sync("start-up", UPCRI_ID_STARTUP, UPCR_SRCPOS_UNKNOWN);
  run_init_functions();
  upcri_sync("start-up", UPCRI_ID_STARTUP, UPCR_SRCPOS_UNKNOWN);
  int argc = user_argc;
  char **argv = user_argv;
  if (upcri_hooks.thread_start) {
    upcri_hooks.thread_start(thread, &argc, &argv);
    /* No thread raises an event (or runs main) before every thread's
     * gasp_init has returned: a tool may set up shared state there. */
    upcri_sync("start-up", UPCRI_ID_STARTUP, UPCR_SRCPOS_UNKNOWN);
  }
  upcr_exit(user_main(argc, argv));
}

int upcr_run(int argc, char **argv, upcr_user_main_t main_fn) {
  user_main = main_fn;
  user_argc = argc;
  user_argv = argv;

  int threads = threads_from_environment();
  uint64_t heap = heap_size_from_environment();
  int first = 0, count = 0;
  upcri_ending.claim_error = upcrb_claim_error;
  upcri_ending.abort = upcrb_abort;
  upcrb_init(&user_argc, &user_argv, threads, &first, &count);
  upcri_mythread = first;
  /* A backend that decides the thread count itself (MPI: the number of
   * processes) may differ from the static THREADS. */
  const char *sfile;
  int s = static_threads(&sfile);
  if (s && upcri_threads != s)
    upcri_fatal("%s was translated for %d threads (static THREADS), but the "
                "program runs with %d; run it with %d",
                sfile, s, upcri_threads, s);
  if (gasp_instrumented()) {
    if (!upcri_hooks.setup)
      upcri_fatal("a file was translated with instrumentation, but the "
                  "runtime's GASP layer is not linked");
    upcri_hooks.setup(user_argc, first, count);
  }

  /* Lay out the static data once, before any segment exists: offsets do not
   * depend on where segments are mapped. */
  upcri_static_begin_layout();
  upcri_internal_offset = upcri_static_reserve(sizeof(upcri_internal_area_t));
  run_alloc_functions();
  upcri_static_end_layout();

  const uint64_t align = 4096;
  uint64_t heap_base = (upcri_static_size + align - 1) / align * align;
  heap = heap_size_fitting(heap, heap_base);
  uint64_t heap_rounded = (heap + 15) / 16 * 16;
  if (heap_rounded < heap || heap_base + heap_rounded < heap_base ||
      heap_base + heap_rounded > (uint64_t)SIZE_MAX)
    upcri_fatal("a shared heap of %llu bytes per thread is too large "
                "(UPC_SHARED_HEAP_SIZE)",
                (unsigned long long)heap);
  upcri_heap_size = (size_t)heap_rounded;
  size_t segment = (size_t)(heap_base + heap_rounded);
  if (upcrb_segments_create(segment) != 0) {
    char seg[64], st[64], hp[64];
    upcri_format_size(seg, sizeof seg, segment);
    upcri_format_size(st, sizeof st, upcri_static_size);
    upcri_format_size(hp, sizeof hp, heap_rounded);
    upcri_fatal("cannot reserve %d shared segments of %s (%s of static "
                "data, %s of heap from UPC_SHARED_HEAP_SIZE): %s",
                upcri_threads, seg, st, hp, strerror(errno));
  }
  check_file_flags();
  upcri_heap_init(heap_base, heap_rounded);
  upcrb_run_threads(thread_main, thread_stack_size());
}

/* ------------------------------------------------------------------------
 * Exit
 * ------------------------------------------------------------------------ */

void upcr_exit(int status) {
  /* GASP_UPC_COLLECTIVE_EXIT brackets the final barrier (GASP 1.4, 5.4.1);
   * thread 0 ends the process only after every thread raised END. */
  if (upcri_hooks.collective_exit)
    upcri_hooks.collective_exit(0, status);
  fflush(stdout);
  fflush(stderr);
  int final = upcri_sync_exit(status);
  if (upcri_hooks.collective_exit)
    upcri_hooks.collective_exit(1, status);
  upcrb_thread_exit(final);
}

void upcr_global_exit(int status, upcr_srcpos_t pos) {
  (void)pos;
  /* In an instrumented program: GASP_UPC_NONCOLLECTIVE_EXIT, then exit()
   * so that the tool's atexit handlers write its output. Otherwise at once
   * (other threads may be running user code, which atexit handlers and
   * stdio teardown must not race with). */
  if (upcri_hooks.global_exit)
    upcri_hooks.global_exit(status);
  upcrb_abort(status);
}
