/* A C system header (found through -isystem) that uses UPC keywords as
 * ordinary identifiers; it must be read as C (included by user-headers.upc). */
#ifndef C_WORDS_H
#define C_WORDS_H
extern int shared;
extern int strict;
extern int relaxed;
struct options {
  int shared;
  int strict;
  int relaxed;
  int THREADS;
  int MYTHREAD;
};
int upc_forall(int upc_barrier, int upc_fence);
typedef int upc_blocksizeof;
#define OPTION_SHARED(o) ((o).shared)
static inline int c_words_sum(const struct options *o) {
  return o->shared + o->strict + o->relaxed + o->THREADS + o->MYTHREAD;
}
#endif
