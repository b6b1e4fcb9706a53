// #pragma upc strict|relaxed at file scope and at the start of blocks (and as _Pragma), the consistency they give to shared declarations after them, and #pragma pupc on|off.
// RUN: %upc-instrument -fsyntax-only -Wall -Wextra %s 2>&1 | count 0
// RUN: %upc-instrument --dump-upc %s | FileCheck %s --implicit-check-not=__upc

#define STRICT_REGION _Pragma("upc strict")

// CHECK: [[@LINE+1]]:12: shared variable 'before': shared int; block size 1; relaxed (default); file scope
shared int before;
// CHECK: [[@LINE+1]]:1: #pragma upc strict: rest of the translation unit
#pragma upc strict
// CHECK: [[@LINE+1]]:12: shared variable 'after_strict': shared int; block size 1; strict (pragma); file scope
shared int after_strict;
// An explicit qualifier wins over the pragma.
// CHECK: [[@LINE+1]]:20: shared variable 'explicit_relaxed': relaxed shared int; block size 1; relaxed; file scope
relaxed shared int explicit_relaxed;
// CHECK: [[@LINE+1]]:1: #pragma pupc off: rest of the translation unit
#pragma pupc off

int block_pragmas(void) {
// CHECK: [[@LINE+1]]:1: #pragma upc relaxed: rest of the block opened at line [[@LINE-1]]
#pragma upc relaxed
  // CHECK: [[@LINE+1]]:21: shared variable 'inner': shared int; block size 1; relaxed (pragma); static local
  static shared int inner;
  {
    // CHECK: [[@LINE+1]]:5: #pragma upc strict: rest of the block opened at line [[@LINE-1]]
    #pragma upc strict
    // CHECK: [[@LINE+1]]:23: shared variable 'nested': shared int; block size 1; strict (pragma); static local
    static shared int nested;
    inner += nested;
  }
  // The nested block's pragma has ended: relaxed again.
  // CHECK: [[@LINE+1]]:21: shared variable 'inner_after': shared int; block size 1; relaxed (pragma); static local
  static shared int inner_after;
  return inner + inner_after;
}

int operator_pragmas(void) {
  // CHECK: [[@LINE+1]]:3: #pragma upc relaxed: rest of the block opened at line [[@LINE-1]]
  _Pragma("upc relaxed")
  // CHECK: [[@LINE+1]]:21: shared variable 'by_operator': shared int; block size 1; relaxed (pragma); static local
  static shared int by_operator;
  if (by_operator) {
    // CHECK: [[@LINE+1]]:5: #pragma upc strict: rest of the block opened at line [[@LINE-1]]
    STRICT_REGION
    // CHECK: [[@LINE+1]]:23: shared variable 'by_macro': shared int; block size 1; strict (pragma); static local
    static shared int by_macro;
    return by_macro;
  }
  return 0;
}

// The file-scope pragma still holds after the functions.
// CHECK: [[@LINE+1]]:12: shared variable 'later': shared int; block size 1; strict (pragma); file scope
shared int later;
// CHECK: [[@LINE+1]]:1: #pragma pupc on: rest of the translation unit
#pragma pupc on
// CHECK: [[@LINE+1]]:1: #pragma upc relaxed: rest of the translation unit
#pragma upc relaxed
// CHECK: [[@LINE+1]]:12: shared variable 'last': shared int; block size 1; relaxed (pragma); file scope
shared int last;
// CHECK: [[@LINE+1]]:1: #pragma upc strict: rest of the translation unit
_Pragma("upc strict")

int main(void) {
  // CHECK: [[@LINE+1]]:21: shared variable 'in_main': shared int; block size 1; strict (pragma); static local
  static shared int in_main;
  {
    // CHECK: [[@LINE+1]]:5: #pragma pupc off: rest of the block opened at line [[@LINE-1]]
    #pragma pupc off
    in_main++;
  }
  return before + after_strict + explicit_relaxed + block_pragmas() +
         operator_pragmas() + later + last + in_main;
}

// CHECK: 11 shared variables, 0 upc_forall, 0 synchronization statements, 0 UPC sizeof operators, 10 pragmas
