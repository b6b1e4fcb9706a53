/*
 * stacks.c - the call stacks of this process's UPC threads, for snapshot
 * requests (MIR, section 3): the relay's or the server's thread asks each
 * UPC thread for its stack with a signal (SIGRTMIN+3) whose handler
 * records it (backtrace(3), the unwinder of glibc); frames are then named
 * by dladdr(3).
 */
#define _GNU_SOURCE
#include "engine.h"

#include <dlfcn.h>
#include <errno.h>
#include <execinfo.h>
#include <pthread.h>
#include <sched.h>
#include <semaphore.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

/* A request for one thread's stack. The helper asks (IDLE -> ASKED) and
 * signals the thread; the handler takes the request (ASKED -> TAKEN),
 * records the frames and says so (DONE, then the semaphore). A helper that
 * gives up after its timeout withdraws a request not taken yet, or waits
 * for one being recorded, so that a late handler never writes frames that
 * the helper reads. */
enum { STACK_IDLE, STACK_ASKED, STACK_TAKEN, STACK_DONE };

typedef struct {
  pthread_t thread;
  int state; /* atomic */
  int depth; /* frames wanted, written before ASKED */
  void *frames[MIRE_STACK_MAX + 2];
  int nframes;
  int pending; /* asked by the snapshot being taken (its helper's) */
  int gone;    /* past the exit barrier: asked no more (atomic) */
  sem_t done;
} stack_slot_t;

static stack_slot_t *stacks; /* [local threads] */
static __thread int my_local = -1;

static int stack_signal(void) { return SIGRTMIN + 3; }

static void on_stack_signal(int sig) {
  (void)sig;
  int saved = errno;
  int asked = STACK_ASKED;
  stack_slot_t *s = my_local >= 0 ? &stacks[my_local] : NULL;
  if (s && __atomic_compare_exchange_n(&s->state, &asked, STACK_TAKEN, 0,
                                       __ATOMIC_ACQUIRE, __ATOMIC_RELAXED)) {
    /* Two more: the handler and the signal trampoline. */
    s->nframes = backtrace(s->frames, s->depth + 2);
    __atomic_store_n(&s->state, STACK_DONE, __ATOMIC_RELEASE);
    sem_post(&s->done);
  }
  errno = saved;
}

/* Asks a thread for its frames (up to depth); 0 when it has ended or is
 * past the exit barrier. */
static int ask_stack(stack_slot_t *s, int depth) {
  s->depth = depth;
  __atomic_store_n(&s->state, STACK_ASKED, __ATOMIC_SEQ_CST);
  if (__atomic_load_n(&s->gone, __ATOMIC_SEQ_CST)) {
    int asked = STACK_ASKED;
    if (__atomic_compare_exchange_n(&s->state, &asked, STACK_IDLE, 0,
                                    __ATOMIC_RELAXED, __ATOMIC_RELAXED))
      return 0;
    return 1; /* mire_stacks_leave took it: it answers */
  }
  if (pthread_kill(s->thread, stack_signal()) != 0) {
    __atomic_store_n(&s->state, STACK_IDLE, __ATOMIC_RELAXED);
    return 0;
  }
  return 1;
}

/* Local thread k is past the exit barrier (it may end at any moment): a
 * snapshot no longer asks it, and one asking it now gets no frames at once,
 * rather than waiting a second for a thread that has ended (which kept a
 * program sampled ten times a second running a second longer). */
void mire_stacks_leave(int k) {
  if (!stacks || k < 0 || k >= mire_local_threads)
    return;
  stack_slot_t *s = &stacks[k];
  __atomic_store_n(&s->gone, 1, __ATOMIC_SEQ_CST);
  int asked = STACK_ASKED;
  if (__atomic_compare_exchange_n(&s->state, &asked, STACK_TAKEN, 0,
                                  __ATOMIC_SEQ_CST, __ATOMIC_RELAXED)) {
    s->nframes = 0;
    __atomic_store_n(&s->state, STACK_DONE, __ATOMIC_RELEASE);
    sem_post(&s->done);
  }
}

/* The number of frames a thread asked by ask_stack recorded into
 * s->frames, 0 when it did not answer by until. */
static int take_stack(stack_slot_t *s, const struct timespec *until) {
  int posted;
  while (!(posted = sem_timedwait(&s->done, until) == 0) && errno == EINTR)
    ;
  int asked = STACK_ASKED;
  if (!posted && __atomic_compare_exchange_n(&s->state, &asked, STACK_IDLE, 0,
                                             __ATOMIC_RELAXED,
                                             __ATOMIC_RELAXED))
    return 0; /* withdrawn before the handler ran */
  while (__atomic_load_n(&s->state, __ATOMIC_ACQUIRE) != STACK_DONE)
    sched_yield(); /* being recorded: a handler does not block */
  if (!posted)
    while (sem_wait(&s->done) != 0 && errno == EINTR)
      ;
  __atomic_store_n(&s->state, STACK_IDLE, __ATOMIC_RELAXED);
  return s->nframes;
}

/* "function+0xoffset (object)", or "object+0xoffset" when the function
 * has no dynamic symbol (static functions; link with -rdynamic for
 * names). */
static void describe_frame(void *pc, char *buf, size_t size) {
  Dl_info info;
  if (dladdr(pc, &info) && info.dli_sname)
    snprintf(buf, size, "%s+0x%lx (%s)", info.dli_sname,
             (unsigned long)((char *)pc - (char *)info.dli_saddr),
             info.dli_fname ? info.dli_fname : "?");
  else if (dladdr(pc, &info) && info.dli_fname)
    snprintf(buf, size, "%s+0x%lx", info.dli_fname,
             (unsigned long)((char *)pc - (char *)info.dli_fbase));
  else
    snprintf(buf, size, "%p", pc);
}

/* The frames' strings already made, by address: a tool sampling stacks
 * many times a second sees the same return addresses again and again, and
 * dladdr costs microseconds a frame, in a thread that takes a core from the
 * program's threads while it works. An open-addressing table looked up
 * over a few slots; a frame that finds none free is described each time.
 * (Code unloaded by dlclose and other code loaded at its addresses would
 * keep the old names.) */
enum { FRAME_CACHE = 4096, FRAME_PROBES = 8 };
static struct {
  void *pc;
  char *text;
} frame_cache[FRAME_CACHE];
static pthread_mutex_t frame_cache_lock = PTHREAD_MUTEX_INITIALIZER;

static void frame_string(void *pc, char *buf, size_t size) {
  size_t h = (size_t)(((uintptr_t)pc >> 2) * 0x9E3779B97F4A7C15ull);
  pthread_mutex_lock(&frame_cache_lock);
  for (size_t i = 0; i < FRAME_PROBES; ++i) {
    size_t k = (h + i) % FRAME_CACHE;
    if (frame_cache[k].pc == pc) {
      snprintf(buf, size, "%s", frame_cache[k].text);
      pthread_mutex_unlock(&frame_cache_lock);
      return;
    }
    if (!frame_cache[k].pc) {
      describe_frame(pc, buf, size);
      if ((frame_cache[k].text = strdup(buf)))
        frame_cache[k].pc = pc;
      pthread_mutex_unlock(&frame_cache_lock);
      return;
    }
  }
  pthread_mutex_unlock(&frame_cache_lock);
  describe_frame(pc, buf, size);
}

/* Lines "thread frame" (outermost last) of this process's threads. */
char *mire_local_stacks(int depth) {
  char *text = NULL;
  size_t size = 0;
  FILE *f = open_memstream(&text, &size);
  if (!f)
    return NULL;
  if (depth > MIRE_STACK_MAX)
    depth = MIRE_STACK_MAX;
  if (depth <= 0) {
    fclose(f);
    return text;
  }
  /* Every thread is asked first, then waited for: they record their stacks
   * at once, so that a program whose threads wait for one another (a
   * barrier) is held up once per snapshot, not once per thread; each has a
   * second to answer. */
  for (int k = 0; k < mire_local_threads; ++k)
    stacks[k].pending = ask_stack(&stacks[k], depth);
  struct timespec until;
  clock_gettime(CLOCK_REALTIME, &until);
  until.tv_sec += 1;
  for (int k = 0; k < mire_local_threads; ++k) {
    stack_slot_t *s = &stacks[k];
    int n = s->pending ? take_stack(s, &until) : 0;
    /* The first two frames are the handler and the signal trampoline. */
    for (int i = 2; i < n && i - 2 < depth; ++i) {
      char frame[512];
      frame_string(s->frames[i], frame, sizeof frame);
      fprintf(f, "%d %s\n", mire_first_thread + k, frame);
    }
  }
  fclose(f);
  return text;
}

int mire_stacks_init(void) {
  stacks = calloc((size_t)mire_local_threads, sizeof *stacks);
  if (!stacks)
    return -1;
  for (int k = 0; k < mire_local_threads; ++k)
    sem_init(&stacks[k].done, 0, 0);
  struct sigaction sa;
  memset(&sa, 0, sizeof sa);
  sa.sa_handler = on_stack_signal;
  sa.sa_flags = SA_RESTART;
  sigemptyset(&sa.sa_mask);
  sigaction(stack_signal(), &sa, NULL);
  void *warm[2];
  backtrace(warm, 2); /* loads the unwinder now, not in a handler */
  return 0;
}

void mire_stacks_register(int k) {
  my_local = k;
  stacks[k].thread = pthread_self();
}
