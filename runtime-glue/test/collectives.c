/*
 * collectives.c - the relocalization collectives (broadcast, scatter,
 * gather, gather_all, exchange, permute) against a serial model, for
 * several block sizes, source/destination arrays starting on thread 0 and
 * on another thread, and every synchronization mode (with NOSYNC the test
 * synchronizes itself, as a program must). Uses the C-side
 * upc_collective.h.
 *
 * "The block of thread t" of an array of blocks starting at pointer p is
 * the one with affinity to thread t (UPC 1.3 7.3).
 */
#include "upcr.h"

#include "testlib.h"
#include "upc_collective.h"

static __thread int T, me;

static unsigned char val(int kind, int thread, size_t byte) {
  return (unsigned char)(kind * 53 + thread * 17 + (int)byte * 3 + 1);
}

/* An array of 2 blocks per thread of `bytes`, so that a start on thread s
 * still has a block for every thread; returns a pointer to the block of
 * thread `start`. */
static upcr_shared_ptr_t blocks(size_t bytes, int start) {
  upcr_shared_ptr_t p = upcr_all_alloc(2 * (size_t)T, bytes, HERE);
  return upcr_add_shared(p, bytes, start, 1); /* same offset, thread start */
}

static void free_blocks(upcr_shared_ptr_t p) {
  upcr_shared_ptr_t base = {p.offset, 0, 0};
  upcr_all_free(base, HERE);
}

/* The block of thread t in an array of blocks of `bytes` from p. */
static upcr_shared_ptr_t block_ptr(upcr_shared_ptr_t p, size_t bytes, int t) {
  int k = (t - (int)p.thread + T) % T;
  upcr_shared_ptr_t b = p;
  b.phase = 0;
  b = upcr_add_shared(b, bytes, k, 1);
  CHECK_EQ(b.thread, t);
  return b;
}

/* The calling thread's own block, through a local pointer. */
static unsigned char *block_of(upcr_shared_ptr_t p, size_t bytes, int t) {
  return upcr_shared_to_local(block_ptr(p, bytes, t));
}

/* Byte i of thread t's block, read with a get (any thread's memory, also
 * where it is not addressable, as over MPI). */
static unsigned char byte_of(upcr_shared_ptr_t p, size_t bytes, int t,
                             size_t i) {
  upcr_shared_ptr_t b = block_ptr(p, bytes, t);
  b.offset += i;
  unsigned char c;
  upcr_memget(&c, b, 1, HERE);
  return c;
}

static void fill_my_block(upcr_shared_ptr_t p, size_t bytes, int kind) {
  unsigned char *b = block_of(p, bytes, me);
  for (size_t i = 0; i < bytes; ++i)
    b[i] = val(kind, me, i);
}

static void clear_my_block(upcr_shared_ptr_t p, size_t bytes) {
  memset(block_of(p, bytes, me), 0xEE, bytes);
}

static const int flag_sets[] = {
    UPC_IN_ALLSYNC | UPC_OUT_ALLSYNC, UPC_IN_NOSYNC | UPC_OUT_NOSYNC,
    UPC_IN_MYSYNC | UPC_OUT_MYSYNC, UPC_IN_NOSYNC | UPC_OUT_ALLSYNC,
    UPC_IN_ALLSYNC | UPC_OUT_NOSYNC};

/* NOSYNC on a side: the program synchronizes there itself. */
static void before(int flags) {
  if (flags & UPC_IN_NOSYNC)
    test_barrier();
}
static void after(int flags) {
  if (flags & UPC_OUT_NOSYNC)
    test_barrier();
}

static void run(size_t nb, int ds, int ss, int flags) {
  size_t row = nb * (size_t)T;
  /* broadcast: src is nb bytes on thread ss. */
  {
    upcr_shared_ptr_t dst = blocks(nb, ds), src = blocks(nb, ss);
    fill_my_block(src, nb, 1);
    clear_my_block(dst, nb);
    test_barrier();
    before(flags);
    upc_all_broadcast(dst, src, nb, flags);
    after(flags);
    for (int t = 0; t < T; ++t)
      for (size_t i = 0; i < nb; ++i)
        CHECK_EQ(byte_of(dst, nb, t, i), val(1, ss, i));
    test_barrier();
    free_blocks(dst);
    free_blocks(src);
  }
  /* scatter: src is T*nb bytes on thread ss; thread t gets piece t. */
  {
    upcr_shared_ptr_t dst = blocks(nb, ds), src = blocks(row, ss);
    fill_my_block(src, row, 2);
    clear_my_block(dst, nb);
    test_barrier();
    before(flags);
    upc_all_scatter(dst, src, nb, flags);
    after(flags);
    for (int t = 0; t < T; ++t)
      for (size_t i = 0; i < nb; ++i)
        CHECK_EQ(byte_of(dst, nb, t, i), val(2, ss, (size_t)t * nb + i));
    test_barrier();
    free_blocks(dst);
    free_blocks(src);
  }
  /* gather: thread t's block goes to piece t of dst on thread ds. */
  {
    upcr_shared_ptr_t dst = blocks(row, ds), src = blocks(nb, ss);
    fill_my_block(src, nb, 3);
    clear_my_block(dst, row);
    test_barrier();
    before(flags);
    upc_all_gather(dst, src, nb, flags);
    after(flags);
    for (int t = 0; t < T; ++t)
      for (size_t i = 0; i < nb; ++i)
        CHECK_EQ(byte_of(dst, row, ds, (size_t)t * nb + i), val(3, t, i));
    test_barrier();
    free_blocks(dst);
    free_blocks(src);
  }
  /* gather_all: every thread's dst block gets every src block. */
  {
    upcr_shared_ptr_t dst = blocks(row, ds), src = blocks(nb, ss);
    fill_my_block(src, nb, 4);
    clear_my_block(dst, row);
    test_barrier();
    before(flags);
    upc_all_gather_all(dst, src, nb, flags);
    after(flags);
    for (int d = 0; d < T; ++d)
      for (int t = 0; t < T; ++t)
        for (size_t i = 0; i < nb; ++i)
          CHECK_EQ(byte_of(dst, row, d, (size_t)t * nb + i), val(4, t, i));
    test_barrier();
    free_blocks(dst);
    free_blocks(src);
  }
  /* exchange: piece i of thread j's src goes to piece j of thread i's dst. */
  {
    upcr_shared_ptr_t dst = blocks(row, ds), src = blocks(row, ss);
    fill_my_block(src, row, 5);
    clear_my_block(dst, row);
    test_barrier();
    before(flags);
    upc_all_exchange(dst, src, nb, flags);
    after(flags);
    for (int i = 0; i < T; ++i)
      for (int j = 0; j < T; ++j)
        for (size_t k = 0; k < nb; ++k)
          CHECK_EQ(byte_of(dst, row, i, (size_t)j * nb + k),
                   val(5, j, (size_t)i * nb + k));
    test_barrier();
    free_blocks(dst);
    free_blocks(src);
  }
  /* permute: thread i's src block goes to thread perm[i]'s dst block;
   * perm is a shared int[THREADS]. */
  {
    upcr_shared_ptr_t dst = blocks(nb, ds), src = blocks(nb, ss);
    upcr_shared_ptr_t perm = upcr_all_alloc((size_t)T, sizeof(int), HERE);
    int my_target = (me * 3 + 1) % T;
    if (T % 3 == 0) /* keep it a permutation */
      my_target = (me + 1) % T;
    UPCR_PUT_PSHARED_VALUE(int, upcr_add_pshared1(
                                    upcr_shared_to_pshared(perm), 4, me),
                           0, my_target);
    fill_my_block(src, nb, 6);
    clear_my_block(dst, nb);
    test_barrier();
    before(flags);
    upc_all_permute(dst, src, upcr_shared_to_pshared(perm), nb, flags);
    after(flags);
    for (int i = 0; i < T; ++i) {
      int target = T % 3 == 0 ? (i + 1) % T : (i * 3 + 1) % T;
      for (size_t k = 0; k < nb; ++k)
        CHECK_EQ(byte_of(dst, nb, target, k), val(6, i, k));
    }
    test_barrier();
    free_blocks(dst);
    free_blocks(src);
    upcr_all_free(perm, HERE);
  }
}

static int user_main(int argc, char **argv) {
  (void)argc;
  (void)argv;
  T = THREADS;
  me = MYTHREAD;
  static const size_t sizes[] = {1, 7, 64, 1000};
  for (size_t si = 0; si < sizeof sizes / sizeof *sizes; ++si)
    for (int f = 0; f < (int)(sizeof flag_sets / sizeof *flag_sets); ++f) {
      run(sizes[si], 0, 0, flag_sets[f]);
      run(sizes[si], T - 1, 1 % T, flag_sets[f]);
    }
  if (me == 0)
    printf("collectives: %d threads ok\n", T);
  return 0;
}

int main(int argc, char **argv) { return upcr_run(argc, argv, user_main); }
