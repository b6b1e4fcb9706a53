// Pointers-to-shared, shared pointers (to shared and to private), shared void *, pointer-to-shared parameters, return types and structure members, and shared structure objects.
// RUN: %upc-instrument -fsyntax-only -Wall -Wextra %s 2>&1 | count 0
// RUN: %upc-instrument --dump-upc %s | FileCheck %s --implicit-check-not=__upc

#include <stddef.h>

// Structure members that are pointers-to-shared (the structure itself is private).
struct list {
  shared struct list *next;
  shared [4] double *data;
  shared [] char *text;
  shared void *any;
  strict shared int *flag;
  int v;
};

// Shared structure objects.
// CHECK: [[@LINE+1]]:20: shared variable 'head': shared struct list; block size 1; relaxed (default); file scope
shared struct list head;
// CHECK: [[@LINE+1]]:20: shared variable 'nodes': shared struct list[THREADS]; block size 1; THREADS elements; relaxed (default); file scope
shared struct list nodes[THREADS];
// CHECK: [[@LINE+1]]:23: shared variable 'lone': shared [] struct list[3]; block size indefinite; 3 elements; relaxed (default); file scope
shared [] struct list lone[3];
// CHECK: [[@LINE+1]]:36: shared variable 'anon': shared struct {{.*}}; block size 1; relaxed (default); file scope
shared struct { int a; double b; } anon;

// Private pointers to shared data (not shared variables themselves).
shared int *p;
shared [4] int *p4;
shared [] char *pi;
shared void *vp;
const shared int *cp;

// Shared pointers to shared data, to private data, and arrays of them.
// CHECK: [[@LINE+1]]:20: shared variable 'sp': shared int *shared; block size 1; relaxed (default); file scope
shared int *shared sp;
// CHECK: [[@LINE+1]]:24: shared variable 'sp4': shared [4] int *shared; block size 1; relaxed (default); file scope
shared [4] int *shared sp4;
// CHECK: [[@LINE+1]]:24: shared variable 'spi': shared [] char *shared; block size 1; relaxed (default); file scope
shared [] char *shared spi;
// CHECK: [[@LINE+1]]:21: shared variable 'svp': shared void *shared; block size 1; relaxed (default); file scope
shared void *shared svp;
// CHECK: [[@LINE+1]]:13: shared variable 'spriv': int *shared; block size 1; relaxed (default); file scope
int *shared spriv;
// CHECK: [[@LINE+1]]:20: shared variable 'sparr': shared int *shared[THREADS]; block size 1; THREADS elements; relaxed (default); file scope
shared int *shared sparr[THREADS];
// CHECK: [[@LINE+1]]:28: shared variable 'sp4b': shared [4] int *shared [2]; block size 2; relaxed (default); file scope
shared [4] int *shared [2] sp4b;
// A private pointer to a shared pointer.
shared int *shared *ppriv = &sp;

// Pointer-to-shared parameters and return types.
shared int *pick(shared int *a, shared [4] int *b, shared void *c, int which);
shared [4] double *data_of(shared struct list *l) { return l->data; }
shared void *any_of(shared struct list *l) { return l->any; }
shared [] char *text_of(const shared struct list *l) { return l->text; }
shared int *pick(shared int *a, shared [4] int *b, shared void *c, int which) {
  return which ? a : (shared int *)b + (c != NULL);
}
// Pointers to functions taking and returning pointers-to-shared.
void (*callback)(shared int *, shared [] char *);
shared int *(*getter)(shared void *);

_Static_assert(__builtin_types_compatible_p(__typeof__(pick),
                   shared int *(shared int *, shared int *, shared void *, int)), "");
_Static_assert(__builtin_types_compatible_p(__typeof__(*head.next), shared struct list), "");
_Static_assert(!__builtin_types_compatible_p(shared int *, int *), "");

int main(void) {
  shared struct list *l = &nodes[MYTHREAD];
  l->next = &head;
  l->data = (shared [4] double *)vp;
  head.v = nodes[0].v + anon.a + lone[0].v;
  vp = l;                         // any pointer-to-shared converts to shared void *
  l = vp;                         // and back
  p = (shared int *)&nodes[0].v; // a cast: the block size of a member's address is not at issue here
  sp = p;
  sp4 = p4;
  spi = pi;
  svp = sp;
  cp = p;
  int *mine = (int *)&nodes[MYTHREAD].v; // cast to a private pointer
  spriv = mine;
  ppriv = &sparr[MYTHREAD];
  // The operand types show the pointee's qualifiers.
  // CHECK: [[@LINE+3]]:15: upc_blocksizeof: operand '*data_of(l)' of type 'shared [4] double'
  // CHECK: [[@LINE+2]]:51: upc_blocksizeof: operand '*text_of(l)' of type 'shared [] char'
  // CHECK: [[@LINE+1]]:87: upc_elemsizeof: operand '*l->flag' of type 'strict shared int'
  return (int)upc_blocksizeof(*data_of(l)) + (int)upc_blocksizeof(*text_of(l)) + (int)upc_elemsizeof(*l->flag) +
  // CHECK: [[@LINE+2]]:15: upc_blocksizeof: operand '*pick(p, p4, vp, 1)' of type 'shared int'
  // CHECK: [[@LINE+1]]:59: upc_blocksizeof: operand '*sp4' of type 'shared [4] int'
         (int)upc_blocksizeof(*pick(p, p4, vp, 1)) + (int)upc_blocksizeof(*sp4) +
         (any_of(l) != NULL) + *mine + *cp + (callback != NULL) + (getter != NULL) + (sp4b != NULL);
}

// CHECK: 11 shared variables, 0 upc_forall, 0 synchronization statements, 5 UPC sizeof operators, 0 pragmas
