// #include <upc_strict.h> / <upc_relaxed.h>: upc.h is included and the consistency they select holds for the rest of the translation unit.
// RUN: %upc-instrument -fsyntax-only -Wall -Wextra -DUSE_STRICT %s 2>&1 | count 0
// RUN: %upc-instrument -fsyntax-only -Wall -Wextra %s 2>&1 | count 0
// RUN: %upc-instrument --dump-upc -DUSE_STRICT %s | FileCheck %s --implicit-check-not=__upc --check-prefixes=CHECK,STRICT
// RUN: %upc-instrument --dump-upc %s | FileCheck %s --implicit-check-not=__upc --check-prefixes=CHECK,RELAXED

// Before the header: the default (relaxed).
// CHECK: [[@LINE+1]]:12: shared variable 'before': shared int; block size 1; relaxed (default); file scope
shared int before;

#ifdef USE_STRICT
// STRICT: {{.*}}upc_strict.h:{{[0-9]+}}:{{[0-9]+}}: #pragma upc strict: rest of the translation unit
#include <upc_strict.h>
#else
// The relaxed header after a strict pragma switches back to relaxed.
// RELAXED: [[@LINE+1]]:1: #pragma upc strict: rest of the translation unit
#pragma upc strict
// RELAXED: {{.*}}upc_relaxed.h:{{[0-9]+}}:{{[0-9]+}}: #pragma upc relaxed: rest of the translation unit
#include <upc_relaxed.h>
#endif

// STRICT: [[@LINE+2]]:12: shared variable 'after': shared int; block size 1; strict (pragma); file scope
// RELAXED: [[@LINE+1]]:12: shared variable 'after': shared int; block size 1; relaxed (pragma); file scope
shared int after;
// CHECK: [[@LINE+1]]:19: shared variable 'own': strict shared int; block size 1; strict; file scope
strict shared int own;

int main(void) {
  // upc.h came with the header.
  shared void *p = upc_alloc(sizeof(int));
  // STRICT: [[@LINE+2]]:21: shared variable 'local': shared int; block size 1; strict (pragma); static local
  // RELAXED: [[@LINE+1]]:21: shared variable 'local': shared int; block size 1; relaxed (pragma); static local
  static shared int local;
  upc_free(p);
  return before + after + own + local;
}

// STRICT: 4 shared variables, 0 upc_forall, 0 synchronization statements, 0 UPC sizeof operators, 1 pragmas
// RELAXED: 4 shared variables, 0 upc_forall, 0 synchronization statements, 0 UPC sizeof operators, 2 pragmas
