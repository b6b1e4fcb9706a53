/*
 * barriers.c - the barrier's two implementations: counters in the shared
 * window when every segment is on this node (UPC_MPI_SHM_BARRIER=0 turns
 * it off), messages otherwise.
 */
#include <limits.h>
#include <string.h>

#include "mpi_internal.h"

static MPI_Comm barrier_comm = MPI_COMM_NULL;
static int vote_rounds; /* ceil(log2 nranks) */
/* Every rank on one node with shared memory: the barrier is a counter in
 * shared memory instead of MPI collectives. */
static int shm_barrier;
/* Between notify and the end of wait (messages to pass on). */
static int vote_active;

static void shm_notify(const upcrb_vote_t *vote);
static void shm_wait(upcrb_tally_t *tally);

void upcrm_barrier_setup(void) {
  shm_barrier = upcrm_use_shared_memory && upcrm_all_addressable &&
                !upcrm_env_disabled("UPC_MPI_SHM_BARRIER");
  if (!shm_barrier) {
    CHECK_MPI(MPI_Comm_dup(MPI_COMM_WORLD, &barrier_comm));
    while ((1 << vote_rounds) < upcrm_nranks)
      ++vote_rounds;
  }
}

void upcrm_barrier_free(void) {
  if (barrier_comm != MPI_COMM_NULL)
    MPI_Comm_free(&barrier_comm);
}

/* ------------------------------------------------------------------------
 * Barrier across processes that do not share memory: a dissemination
 * all-reduce of the votes with point-to-point messages. Each vote slot is
 * encoded so that the field-wise maximum combines votes:
 *   ~value   (0 if absent): the maximum is ~(minimum value)
 *   value    (0 if absent): the maximum value
 *   present  (0 or 1)
 *   nranks - rank (0 if absent): gives the lowest contributing rank
 * In round k (k < ceil(log2 P)) rank r sends what it has combined so far to
 * r + 2^k and combines what r - 2^k sends; after the last round every rank
 * holds the maximum over all ranks (a rank's vote may arrive twice, which a
 * maximum does not mind). notify posts every receive and the first send;
 * each later send leaves as soon as the previous round's message is in,
 * from the wait, or from any fence, poll or lock wait in between (progress
 * below), so a thread between upc_notify and upc_wait that touches shared
 * data lets the others finish. Messages of one round between two ranks are
 * matched in order (MPI's non-overtaking rule), so consecutive barriers
 * need no phase in the tag. The MPI_Iallreduce this replaces cost 13-17 us
 * on two simulated nodes against 8-10 us for MPI_Barrier (libnbc's
 * schedule); one message per round costs what MPI_Barrier costs.
 *
 * When every value of a slot is the same, the lowest contributor is both
 * min_thread and max_thread. Otherwise (a mismatch, or differing exit
 * statuses: rare) a blocking MPI_Allreduce with MPI_MIN finds the lowest
 * rank holding the minimum and the one holding the maximum.
 * ------------------------------------------------------------------------ */

enum { V_NOTMIN, V_MAX, V_PRESENT, V_LOWEST, V_FIELDS };
#define V_WORDS (UPCRB_VOTE_SLOTS * V_FIELDS)
#define MAX_ROUNDS 32

static uint64_t vote_acc[V_WORDS];             /* combined so far */
static uint64_t vote_out[MAX_ROUNDS][V_WORDS]; /* sent in round k */
static uint64_t vote_in[MAX_ROUNDS][V_WORDS];  /* received in round k */
static MPI_Request vote_recvs[MAX_ROUNDS], vote_sends[MAX_ROUNDS];
static int vote_round; /* the round whose message is awaited */
static uint64_t vote_mine[UPCRB_VOTE_SLOTS];
static int vote_mine_present[UPCRB_VOTE_SLOTS];

static void vote_send(int k) {
  memcpy(vote_out[k], vote_acc, sizeof vote_acc);
  int to = (upcrm_rank + (1 << k)) % upcrm_nranks;
  CHECK_MPI(MPI_Isend(vote_out[k], V_WORDS, MPI_UINT64_T, to, k, barrier_comm,
                      &vote_sends[k]));
}

/* Combines the rounds that have arrived and sends the next ones. Returns
 * nonzero when every round is in. */
static int vote_advance(void) {
  while (vote_round < vote_rounds) {
    int done = 0;
    CHECK_MPI(MPI_Test(&vote_recvs[vote_round], &done, MPI_STATUS_IGNORE));
    if (!done)
      return 0;
    for (int i = 0; i < V_WORDS; ++i)
      if (vote_in[vote_round][i] > vote_acc[i])
        vote_acc[i] = vote_in[vote_round][i];
    if (++vote_round < vote_rounds)
      vote_send(vote_round);
  }
  return 1;
}

void upcrm_barrier_pass_on(void) {
  if (vote_active)
    vote_advance();
}

/* The barrier's fences skip the progress probe: its own polls make
 * progress, and a probe runs the whole progress engine once more. */
void upcrb_barrier_notify(const upcrb_vote_t *vote) {
  upcrm_complete_and_sync();
  if (shm_barrier) {
    shm_notify(vote);
    return;
  }
  for (int s = 0; s < UPCRB_VOTE_SLOTS; ++s) {
    uint64_t *f = &vote_acc[s * V_FIELDS];
    int present = vote->present[s] != 0;
    uint64_t v = vote->value[s];
    vote_mine[s] = v;
    vote_mine_present[s] = present;
    f[V_NOTMIN] = present ? ~v : 0;
    f[V_MAX] = present ? v : 0;
    f[V_PRESENT] = (uint64_t)present;
    f[V_LOWEST] = present ? (uint64_t)(upcrm_nranks - upcrm_rank) : 0;
  }
  for (int k = 0; k < vote_rounds; ++k) {
    int from =
        ((upcrm_rank - (1 << k)) % upcrm_nranks + upcrm_nranks) % upcrm_nranks;
    CHECK_MPI(MPI_Irecv(vote_in[k], V_WORDS, MPI_UINT64_T, from, k,
                        barrier_comm, &vote_recvs[k]));
  }
  vote_round = 0;
  vote_active = 1;
  if (vote_rounds > 0)
    vote_send(0);
}

void upcrb_barrier_wait(upcrb_tally_t *tally) {
  if (shm_barrier) {
    shm_wait(tally);
    upcrm_complete_and_sync();
    return;
  }
  upcrm_backoff_t b = UPCRM_BACKOFF_INIT;
  while (!vote_advance())
    upcrm_backoff_pause(&b);
  CHECK_MPI(MPI_Waitall(vote_rounds, vote_sends, MPI_STATUSES_IGNORE));
  vote_active = 0;
  int differ = 0;
  for (int s = 0; s < UPCRB_VOTE_SLOTS; ++s) {
    const uint64_t *f = &vote_acc[s * V_FIELDS];
    tally->present[s] = f[V_PRESENT] != 0;
    tally->min[s] = tally->present[s] ? ~f[V_NOTMIN] : 0;
    tally->max[s] = f[V_MAX];
    int lowest = tally->present[s] ? upcrm_nranks - (int)f[V_LOWEST] : 0;
    tally->min_thread[s] = tally->max_thread[s] = lowest;
    if (tally->present[s] && tally->min[s] != tally->max[s])
      differ = 1;
  }
  if (differ) { /* every rank sees the same tally, so all come here */
    int who[2 * UPCRB_VOTE_SLOTS], lowest[2 * UPCRB_VOTE_SLOTS];
    for (int s = 0; s < UPCRB_VOTE_SLOTS; ++s) {
      int p = vote_mine_present[s];
      who[2 * s] = p && vote_mine[s] == tally->min[s] ? upcrm_rank : INT_MAX;
      who[2 * s + 1] =
          p && vote_mine[s] == tally->max[s] ? upcrm_rank : INT_MAX;
    }
    CHECK_MPI(MPI_Allreduce(who, lowest, 2 * UPCRB_VOTE_SLOTS, MPI_INT, MPI_MIN,
                            MPI_COMM_WORLD));
    for (int s = 0; s < UPCRB_VOTE_SLOTS; ++s)
      if (tally->present[s]) {
        tally->min_thread[s] = lowest[2 * s];
        tally->max_thread[s] = lowest[2 * s + 1];
      }
  }
  upcrm_complete_and_sync();
}

/* ------------------------------------------------------------------------
 * Barrier on one node (every segment in the shared-memory window): as on
 * the pthreads backend, across processes. Each rank writes its vote past its
 * segment and increments rank 0's arrival counter; the last to arrive
 * computes the tally (reading every rank's vote) into one of two slots by
 * phase parity, resets the counter and bumps rank 0's generation word;
 * waiters poll the generation (spinning briefly, then yielding, then
 * sleeping). Both split-phase and complete barriers use it, so a
 * upc_barrier on one thread matches a upc_notify/upc_wait on another (a
 * blocking MPI_Allreduce would not match an MPI_Iallreduce: MPI never
 * matches blocking with non-blocking collectives). Roughly 5x cheaper than
 * the MPI_Iallreduce at 2 ranks (bench/README.md).
 *
 * A tally is rewritten two phases later, when every rank has read it: a
 * rank notifies phase p + 2 only after its wait of phase p + 1 returned,
 * which needs every rank's notify of p + 1, which each issued after reading
 * the tally of p.
 * ------------------------------------------------------------------------ */

static uint32_t shm_phase; /* phases this process has completed */

static void *backend_word(int r, size_t offset) {
  return upcri_segment_base[r] + offset;
}

static void shm_compute_tally(upcrb_tally_t *out) {
  memset(out, 0, sizeof *out);
  for (int t = 0; t < upcrm_nranks; ++t) {
    upcrb_vote_t v;
    memcpy(&v, backend_word(t, SHM_VOTE_OFFSET), sizeof v);
    upcrb_tally_add(out, t, &v);
  }
}

static void shm_notify(const upcrb_vote_t *vote) {
  memcpy(backend_word(upcrm_rank, SHM_VOTE_OFFSET), vote, sizeof *vote);
  uint32_t *arrived = backend_word(0, SHM_ARRIVED_OFFSET);
  if (__atomic_add_fetch(arrived, 1, __ATOMIC_SEQ_CST) ==
      (uint32_t)upcrm_nranks) {
    upcrb_tally_t *tally = backend_word(0, SHM_TALLY_OFFSET);
    shm_compute_tally(&tally[shm_phase & 1]);
    __atomic_store_n(arrived, 0, __ATOMIC_RELAXED);
    __atomic_store_n((uint32_t *)backend_word(0, SHM_GENERATION_OFFSET),
                     shm_phase + 1, __ATOMIC_SEQ_CST);
  }
}

static void shm_wait(upcrb_tally_t *out) {
  const uint32_t *generation = backend_word(0, SHM_GENERATION_OFFSET);
  upcrm_backoff_t b = UPCRM_BACKOFF_INIT;
  while (__atomic_load_n(generation, __ATOMIC_ACQUIRE) == shm_phase)
    upcrm_backoff_pause(&b);
  const upcrb_tally_t *tally = backend_word(0, SHM_TALLY_OFFSET);
  *out = tally[shm_phase & 1];
  ++shm_phase;
}
