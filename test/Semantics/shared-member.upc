// A structure or union member cannot be shared-qualified; a whole shared
// structure, and members that are pointers-to-shared, are fine.
//
// RUN: not %upc-instrument -fsyntax-only %s 2>&1 | FileCheck %s --implicit-check-not=error: --implicit-check-not=warning: --implicit-check-not=__upc_ --implicit-check-not=__attribute__

struct s {
  // CHECK: shared-member.upc:[[@LINE+1]]:14: error: member 'm' cannot have shared-qualified type 'shared int'; declare the whole structure shared, or use a pointer-to-shared member
  shared int m;
  // CHECK: shared-member.upc:[[@LINE+1]]:18: error: member 'blocked' cannot have shared-qualified type 'shared [4] int[8]'; declare the whole structure shared, or use a pointer-to-shared member
  shared [4] int blocked[8];
  // Not errors.
  shared int *pointer_to_shared;
  shared [] double *shared_pointer_member;
  int plain;
};

union u {
  // CHECK: shared-member.upc:[[@LINE+1]]:24: error: member 'd' cannot have shared-qualified type 'strict shared double'; declare the whole structure shared, or use a pointer-to-shared member
  strict shared double d;
  int i;
};

struct outer {
  struct {
    // CHECK: shared-member.upc:[[@LINE+1]]:17: error: member 'inner' cannot have shared-qualified type 'shared long'; declare the whole structure shared, or use a pointer-to-shared member
    shared long inner;
  } nested;
};

// Not errors.
struct point { int x, y; };
shared struct point whole;
shared struct point points[4 * THREADS];
