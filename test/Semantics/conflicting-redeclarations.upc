// All declarations of a function or object have compatible types (C11
// 6.7p4), and compatible types are identically qualified (6.7.3p10): the
// layout qualifiers and 'strict'/'relaxed' are type qualifiers (UPC 1.3,
// 6.5.1.1), at every level of the type. Clang's own check does not see them
// ('int *' against 'shared int *' is Clang's error).
//
// RUN: not %upc-instrument -fsyntax-only %s 2>&1 | FileCheck %s --implicit-check-not=error: --implicit-check-not=warning: --implicit-check-not=note: --implicit-check-not=__upc_ --implicit-check-not=__attribute__

typedef struct { int gx; } s_t;

void next_hop(shared [] s_t *n, int *x);
void next_hop(shared s_t *n, int *x) {}
// CHECK: conflicting-redeclarations.upc:[[@LINE-1]]:6: error: conflicting types for 'next_hop': 'void (shared s_t *, int *)' here and 'void (shared [] s_t *, int *)' before differ in the block size of a shared type
// CHECK: conflicting-redeclarations.upc:[[@LINE-3]]:6: note: previous declaration is here

void f(shared int *);
void f(shared [4] int *);
// CHECK: conflicting-redeclarations.upc:[[@LINE-1]]:6: error: conflicting types for 'f': 'void (shared [4] int *)' here and 'void (shared int *)' before differ in the block size of a shared type
// CHECK: conflicting-redeclarations.upc:[[@LINE-3]]:6: note: previous declaration is here

shared int *g(void);
shared [2] int *g(void);
// CHECK: conflicting-redeclarations.upc:[[@LINE-1]]:17: error: conflicting types for 'g': 'shared [2] int *(void)' here and 'shared int *(void)' before differ in the block size of a shared type
// CHECK: conflicting-redeclarations.upc:[[@LINE-3]]:13: note: previous declaration is here

void h(shared int *);
void h(strict shared int *);
// CHECK: conflicting-redeclarations.upc:[[@LINE-1]]:6: error: conflicting types for 'h': 'void (strict shared int *)' here and 'void (shared int *)' before differ in the 'strict' or 'relaxed' qualifier of a shared type
// CHECK: conflicting-redeclarations.upc:[[@LINE-3]]:6: note: previous declaration is here

// A pointer to pointers-to-shared that are shared themselves.
void deep(shared int *shared *);
void deep(shared [8] int *shared *);
// CHECK: conflicting-redeclarations.upc:[[@LINE-1]]:6: error: conflicting types for 'deep': 'void (shared [8] int *shared *)' here and 'void (shared int *shared *)' before differ in the block size of a shared type
// CHECK: conflicting-redeclarations.upc:[[@LINE-3]]:6: note: previous declaration is here

// Objects (arrays by their elements).
extern shared [4] int arr[];
shared [8] int arr[8 * THREADS];
// CHECK: conflicting-redeclarations.upc:[[@LINE-1]]:16: error: conflicting types for 'arr': 'shared [8] int' here and 'shared [4] int' before differ in the block size of a shared type
// CHECK: conflicting-redeclarations.upc:[[@LINE-3]]:23: note: previous declaration is here

extern shared int *ptr;
shared [] int *ptr;
// CHECK: conflicting-redeclarations.upc:[[@LINE-1]]:16: error: conflicting types for 'ptr': 'shared [] int *' here and 'shared int *' before differ in the block size of a shared type
// CHECK: conflicting-redeclarations.upc:[[@LINE-3]]:20: note: previous declaration is here

// Typedefs.
typedef shared [4] int *T;
typedef shared [5] int *T;
// CHECK: conflicting-redeclarations.upc:[[@LINE-1]]:25: error: conflicting types for 'T': 'shared [5] int *' here and 'shared [4] int *' before differ in the block size of a shared type
// CHECK: conflicting-redeclarations.upc:[[@LINE-3]]:25: note: previous declaration is here

// Not errors: the same qualifiers, spelled otherwise.
enum { FOUR = 4 };
typedef shared [4] int S4;
void same(shared [4] int *, shared [] int *, shared void *);
void same(shared [FOUR] int *, shared [0] int *, shared void *);
void same(S4 *a, shared [] int *b, shared void *c) {}
void arrays(shared [4] int a[]);
void arrays(shared [2 + 2] int *a);
extern shared [4] int arr2[];
shared [4] int arr2[4 * THREADS];
void strictly(strict shared int *);
void strictly(shared strict int *);
