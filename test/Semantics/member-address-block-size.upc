// '&' applied to a member of a shared structure of type T yields a
// 'shared [] T *' (UPC 1.3, 6.4.4): converting it implicitly to another block
// size is a warning (as Berkeley UPC takes it: its bug 1665 test), not the
// error of other block size changes. Converting it to an indefinite block
// size or to 'shared void *', or with a cast, is silent; upc_blocksizeof of
// what it points to is 0.
//
// RUN: %upc-instrument -fsyntax-only %s 2>&1 | FileCheck %s --implicit-check-not=error: --implicit-check-not=warning: --implicit-check-not=__upc_ --implicit-check-not=__attribute__
// RUN: not %upc-instrument -fsyntax-only -Werror %s 2>&1 | FileCheck %s --check-prefix=WERROR
// WERROR: member-address-block-size.upc:[[@LINE+19]]:5: error: implicit conversion

typedef struct node {
  shared struct node *next;
  long data;
  int arr[4];
} node_t;
typedef shared node_t *node_p;

shared node_p head;
shared node_t one;

_Static_assert(upc_blocksizeof(*&one.data) == 0, "address of a member");
_Static_assert(upc_blocksizeof(*&head->data) == 0, "through a pointer");
_Static_assert(upc_blocksizeof(*head) == 1, "the structure itself");

void proc(void) {
  shared node_p *p;
  // CHECK: member-address-block-size.upc:[[@LINE+1]]:5: warning: implicit conversion to 'shared node_p *' {{\(aka '[^']*'\) }}changes the block size of a pointer-to-shared: the address of a member of a shared structure has an indefinite block size, as if declared 'shared []'; use an explicit cast
  p = &(head->next);
  // CHECK: member-address-block-size.upc:[[@LINE+1]]:21: warning: implicit conversion to 'shared long *' changes the block size of a pointer-to-shared
  shared long *dl = &one.data;
  // CHECK: member-address-block-size.upc:[[@LINE+1]]:24: warning: implicit conversion to 'shared [4] int *' changes the block size
  shared [4] int *a4 = &one.arr[1];
  // CHECK: member-address-block-size.upc:[[@LINE+1]]:20: warning: implicit conversion to 'shared int *' changes the block size
  shared int *ai = one.arr;

  // Not warnings.
  shared [] node_p *pi = &(head->next);
  shared [] long *di = &one.data;
  shared void *v = &one.data;
  shared long *cast = (shared long *)&one.data;
  shared [] int *elements = one.arr;
  (void)p; (void)dl; (void)a4; (void)ai; (void)pi; (void)di; (void)v;
  (void)cast; (void)elements;
}
