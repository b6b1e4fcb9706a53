/*
 * upc-instrument: parse-time prelude.
 *
 * Included (with -include) before every UPC translation unit that the
 * translator parses. The desugarer spells UPC keywords and constructs with the
 * reserved names below; this header gives them a C meaning that stock Clang
 * understands. It is never part of translated output.
 *
 * Keep in sync with translator/include/upc-instrument/Desugar/InternalNames.h
 * (test/FrontEnd/prelude-names.upc checks the two agree).
 */
#ifndef __UPC_INSTRUMENT_PRELUDE_H
#define __UPC_INSTRUMENT_PRELUDE_H
#pragma GCC system_header

/* Predefined macros (UPC 1.3, 6.2). The library feature macros
 * (__UPC_COLLECTIVE__ and the others) come from the library table: the
 * translator defines them on its command line. */
#define __UPC__ 1
#define __UPC_VERSION__ 201311L
#define __UPC_PUPC__ 1

#ifdef __UPC_INSTRUMENT_STATIC_THREADS__
#define __UPC_STATIC_THREADS__ 1
#define __upc_THREADS (__UPC_INSTRUMENT_STATIC_THREADS__)
#else
#define __UPC_DYNAMIC_THREADS__ 1
/* THREADS is a run-time value. As a const int, Clang folds it in the
 * dimensions of static arrays (the front end computes their true, symbolic
 * sizes) and rejects it where C requires a constant. */
static const int __upc_THREADS __attribute__((__unused__)) = 1;
#endif

extern const int __upc_MYTHREAD;
#define __upc_MAX_BLOCK_SIZE 2147483647UL

/* The names are macros too, as in the C the compiler sees (upcr.h):
 * #ifdef THREADS, #if UPC_MAX_BLOCK_SIZE > N, and #if THREADS == 4 under
 * -T. (Tokens of UPC code are rewritten by the desugarer before these
 * matter.) */
#define MYTHREAD __upc_MYTHREAD
#define THREADS __upc_THREADS
#define UPC_MAX_BLOCK_SIZE __upc_MAX_BLOCK_SIZE

/* Type qualifiers: `shared` is an address space; layout and strict/relaxed
 * are type tags that Clang keeps as sugar on the type. */
#define __upc_shared __attribute__((__address_space__(16)))
#define __upc_strict __attribute__((__btf_type_tag__("upc:strict")))
#define __upc_relaxed __attribute__((__btf_type_tag__("upc:relaxed")))
#define __upc_shared_indefinite \
  __upc_shared __attribute__((__btf_type_tag__("upc:block=[]")))
#define __upc_shared_star \
  __upc_shared __attribute__((__btf_type_tag__("upc:block=[*]")))
/* shared [expr]: each occurrence is numbered (__COUNTER__), and its tag holds
 * the macro-expanded block size expression and the number:
 * "upc:block=<expr>@<number>". On a declaration, the annotate attribute
 * makes Clang evaluate the expression where it is written, with the names
 * in scope there; the front end reads the value back by number. The front
 * end defines __upc_block_size_annotation to nothing for occurrences that
 * must not be evaluated ([*] or an empty size given through a macro, THREADS
 * in the dynamic environment). */
#define __upc_shared_block(...) \
  __upc_shared_block_numbered(__COUNTER__, __VA_ARGS__)
#define __upc_shared_block_numbered(id, ...) \
  __upc_shared_block_expanded(id, __VA_ARGS__)
#define __upc_shared_block_expanded(id, ...) \
  __upc_shared __attribute__((__btf_type_tag__("upc:block=" #__VA_ARGS__ \
                                               "@" #id)))               \
  __upc_block_size_annotation(id, __VA_ARGS__)
#define __upc_block_size_annotation(id, ...)                                 \
  __attribute__((__annotate__("upc:block", id,                               \
                              __builtin_constant_p(__VA_ARGS__),             \
                              __builtin_constant_p(__VA_ARGS__) ? (__VA_ARGS__) \
                                                                : 0)))

/* upc_blocksizeof X  ->  (__upc_blocksizeof_t)sizeof X */
typedef __SIZE_TYPE__ __upc_blocksizeof_t;
typedef __SIZE_TYPE__ __upc_localsizeof_t;
typedef __SIZE_TYPE__ __upc_elemsizeof_t;

/* Array dimensions in the operands of sizeof and _Alignof: always an integer
 * constant expression, so that the operand is never a variably modified type
 * (Clang 19 crashes on those when they carry UPC qualifiers). Constant
 * dimensions keep their value. */
#define __upc_array_dimension(...) \
  (__builtin_constant_p(__VA_ARGS__) ? (__VA_ARGS__) : 1)

/* upc_barrier [expr];  ->  __upc_barrier(0);  or  __upc_barrier(1, expr); */
void __upc_barrier(int __has_value, ...);
void __upc_notify(int __has_value, ...);
void __upc_wait(int __has_value, ...);
void __upc_fence(void);

/* upc_forall (A; B; C; D) S  ->
 *   for (A; B; C) if (!__upc_forall_affinity(K[, D])) ; else S
 * K: 0 no affinity, 1 `continue`, 2 expression D. */
int __upc_forall_affinity(int __kind, ...);

#endif
