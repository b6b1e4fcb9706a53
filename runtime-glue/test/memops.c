/*
 * memops.c - upc_memcpy, upc_memget, upc_memput and upc_memset between
 * threads (each thread copies into and out of its neighbours' memory), with
 * odd sizes and offsets.
 *
 * With an argument, one expected failure: out-of-range.
 */
#include "upcr.h"

#include "testlib.h"

enum { AREA = 8192 };

static unsigned char pat(int thread, int i) {
  return (unsigned char)(thread * 37 + i * 11 + 5);
}

static int user_main(int argc, char **argv) {
  const int T = THREADS, me = MYTHREAD;
  /* Each thread has AREA bytes: shared [AREA] char a[AREA*THREADS]. */
  upcr_shared_ptr_t a = upcr_all_alloc((size_t)T, AREA, HERE);
  upcr_shared_ptr_t b = upcr_all_alloc((size_t)T, AREA, HERE);
  (void)argv;
  if (argc > 1) {
    upcr_shared_ptr_t mine = upcr_add_shared(a, AREA, me, 1);
    upcr_memset(mine, 0, (size_t)1 << 40, UPCR_SRCPOS("copy.upc", 3, 9));
    fprintf(stderr, "the expected failure did not happen\n");
    return 1;
  }
  upcr_shared_ptr_t a_of[64], b_of[64];
  for (int t = 0; t < T; ++t) {
    a_of[t] = upcr_add_shared(a, AREA, t, 1); /* thread t's area */
    b_of[t] = upcr_add_shared(b, AREA, t, 1);
    CHECK_EQ(a_of[t].thread, t);
  }
  unsigned char buf[AREA];
  for (int i = 0; i < AREA; ++i)
    buf[i] = pat(me, i);
  int right = (me + 1) % T, left = (me + T - 1) % T;
  /* memput into the right neighbour's area, at an odd offset. */
  upcr_shared_ptr_t dst = a_of[right];
  dst.offset += 3;
  upcr_memput(dst, buf, AREA - 10, HERE);
  test_barrier();
  unsigned char *mine = upcr_shared_to_local(a_of[me]);
  for (int i = 0; i < AREA - 10; ++i)
    CHECK_EQ(mine[i + 3], pat(left, i));
  /* memget from the left neighbour. */
  unsigned char got[AREA];
  upcr_shared_ptr_t src = a_of[left];
  src.offset += 3;
  upcr_memget(got, src, AREA - 10, HERE);
  for (int i = 0; i < AREA - 10; ++i)
    CHECK_EQ(got[i], pat((left + T - 1) % T, i));
  test_barrier();
  /* memcpy from the left neighbour's a to the right neighbour's b. */
  upcr_memcpy(b_of[right], a_of[left], 777, HERE);
  test_barrier();
  unsigned char *mb = upcr_shared_to_local(b_of[me]);
  /* b_of[me] was written by thread left, from a of left's left, which
   * holds (at +3) data of the thread before that. */
  int src_thread = (me + 2 * T - 2) % T;
  for (int i = 0; i < 777; ++i)
    CHECK_EQ(mb[i], i < 3 ? 0 : pat((src_thread + T - 1) % T, i - 3));
  test_barrier();
  /* memset a piece of the right neighbour's b. */
  upcr_shared_ptr_t s = b_of[right];
  s.offset += 1000;
  upcr_memset(s, 0xAB, 501, HERE);
  upcr_memset(s, 0xCD, 0, HERE); /* no-op */
  test_barrier();
  for (int i = 999; i < 1502; ++i)
    CHECK_EQ(mb[i], i >= 1000 && i < 1501 ? 0xAB : 0);
  test_barrier();
  upcr_all_free(a, HERE);
  upcr_all_free(b, HERE);
  if (me == 0)
    printf("memops: %d threads ok\n", T);
  return 0;
}

int main(int argc, char **argv) { return upcr_run(argc, argv, user_main); }
