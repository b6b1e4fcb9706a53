// Predefined macros and expressions: __UPC__, __UPC_VERSION__, __UPC_PUPC__, __UPC_COLLECTIVE__, __UPC_CASTABLE__, __UPC_ATOMIC__, __UPC_NB__, __UPC_TICK__ (from the library table), __UPC_DYNAMIC_THREADS__ by default and __UPC_STATIC_THREADS__ with -T/--static-threads, UPC_MAX_BLOCK_SIZE in #if, and MYTHREAD and THREADS as int expressions.
// RUN: %upc-instrument -fsyntax-only -Wall -Wextra %s 2>&1 | count 0
// RUN: %upc-instrument -T 4 -fsyntax-only -Wall -Wextra %s 2>&1 | count 0
// RUN: %upc-instrument --dump-upc %s | FileCheck %s --implicit-check-not=__upc --check-prefixes=CHECK,DYNAMIC
// RUN: %upc-instrument -T 4 --dump-upc %s | FileCheck %s --implicit-check-not=__upc --check-prefixes=CHECK,STATIC
// RUN: %upc-instrument -T4 --dump-upc %s | FileCheck %s --implicit-check-not=__upc --check-prefixes=CHECK,STATIC
// RUN: %upc-instrument --static-threads=4 --dump-upc %s | FileCheck %s --implicit-check-not=__upc --check-prefixes=CHECK,STATIC

// DYNAMIC: predefined-macros.upc: UPC translation unit, dynamic THREADS
// STATIC: predefined-macros.upc: UPC translation unit, static THREADS = 4

#if !defined(__UPC__) || __UPC__ != 1
#error __UPC__ must be 1
#endif
#if !defined(__UPC_VERSION__) || __UPC_VERSION__ != 201311L
#error __UPC_VERSION__ must be 201311L
#endif
#if !defined(__UPC_PUPC__) || __UPC_PUPC__ != 1
#error __UPC_PUPC__ must be 1
#endif
#if !defined(__UPC_COLLECTIVE__) || __UPC_COLLECTIVE__ != 1
#error __UPC_COLLECTIVE__ must be 1
#endif
#if !defined(__UPC_CASTABLE__) || __UPC_CASTABLE__ != 1
#error __UPC_CASTABLE__ must be 1
#endif
#if !defined(__UPC_ATOMIC__) || __UPC_ATOMIC__ != 1
#error __UPC_ATOMIC__ must be 1
#endif
#if !defined(__UPC_NB__) || __UPC_NB__ != 1
#error __UPC_NB__ must be 1
#endif
#if !defined(__UPC_TICK__) || __UPC_TICK__ != 1
#error __UPC_TICK__ must be 1
#endif
#if defined(__UPC_DYNAMIC_THREADS__) == defined(__UPC_STATIC_THREADS__)
#error exactly one of __UPC_DYNAMIC_THREADS__ and __UPC_STATIC_THREADS__
#endif
#if !(UPC_MAX_BLOCK_SIZE > 0)
#error UPC_MAX_BLOCK_SIZE must work in #if
#endif
// The UPC names are macros, as the C side's upcr.h has them.
#if !defined(UPC_MAX_BLOCK_SIZE) || !defined(THREADS) || !defined(MYTHREAD)
#error UPC_MAX_BLOCK_SIZE, THREADS and MYTHREAD must be macros
#endif
#ifndef UPC_MAX_BLOCK_SIZE
#error UPC_MAX_BLOCK_SIZE must be a macro for #ifndef
#endif

// The values in C expressions, and a shared object per macro that is defined,
// so that the dump shows which are.
_Static_assert(__UPC__ == 1, "");
_Static_assert(__UPC_VERSION__ == 201311L, "");
_Static_assert(UPC_MAX_BLOCK_SIZE == 2147483647, "");
// An unsigned long, so that arithmetic on it does not overflow an int.
_Static_assert(UPC_MAX_BLOCK_SIZE + 1 > UPC_MAX_BLOCK_SIZE, "");
_Static_assert(4 * UPC_MAX_BLOCK_SIZE / 4 == UPC_MAX_BLOCK_SIZE, "");
_Static_assert(__builtin_types_compatible_p(__typeof__(MYTHREAD + 0), int), "MYTHREAD is an int");
_Static_assert(__builtin_types_compatible_p(__typeof__(THREADS + 0), int), "THREADS is an int");

int thread_info(void) {
  int me = MYTHREAD, n = THREADS;
  return me < n ? me * n : -1;
}

#if defined(__UPC__) && __UPC_VERSION__ >= 201311L
// CHECK: [[@LINE+1]]:12: shared variable 'upc_1_3': shared int; block size 1; relaxed (default); file scope
shared int upc_1_3;
#endif
#ifdef __UPC_PUPC__
// CHECK: [[@LINE+1]]:12: shared variable 'has_pupc': shared int; block size 1; relaxed (default); file scope
shared int has_pupc;
#endif
#ifdef __UPC_COLLECTIVE__
// CHECK: [[@LINE+1]]:12: shared variable 'has_collective': shared int; block size 1; relaxed (default); file scope
shared int has_collective;
#endif
#ifdef __UPC_DYNAMIC_THREADS__
// DYNAMIC: [[@LINE+1]]:12: shared variable 'dynamic_threads': shared int; block size 1; relaxed (default); file scope
shared int dynamic_threads;
#endif
#ifdef __UPC_STATIC_THREADS__
// STATIC: [[@LINE+1]]:12: shared variable 'static_threads': shared int; block size 1; relaxed (default); file scope
shared int static_threads;
_Static_assert(__UPC_STATIC_THREADS__ == 1, "");
#if THREADS != 4
#error THREADS must be 4 with -T 4
#endif
_Static_assert(THREADS == 4, "");
#else
_Static_assert(__UPC_DYNAMIC_THREADS__ == 1, "");
#endif
#if UPC_MAX_BLOCK_SIZE == 2147483647
// DYNAMIC: [[@LINE+2]]:34: shared variable 'max_block': shared [{{.+}}] char[THREADS]; block size 2147483647; THREADS elements; relaxed (default); file scope
// STATIC: [[@LINE+1]]:34: shared variable 'max_block': shared [{{.+}}] char[4]; block size 2147483647; 4 elements; relaxed (default); file scope
shared [UPC_MAX_BLOCK_SIZE] char max_block[THREADS];
#endif

// CHECK: 5 shared variables, 0 upc_forall, 0 synchronization statements, 0 UPC sizeof operators, 0 pragmas
