//===- InternalNames.h - C spellings of UPC constructs ----------*- C++ -*-===//
//
// The desugarer replaces UPC keywords with these reserved identifiers; the
// parse-time prelude (headers/upc-instrument/__upc_prelude.h) defines them, and
// the semantic layer recognises the resulting AST by them. The three places
// must agree; test/FrontEnd/prelude-names.upc checks that they do.
//
//===----------------------------------------------------------------------===//

#ifndef UPC_INSTRUMENT_DESUGAR_INTERNALNAMES_H
#define UPC_INSTRUMENT_DESUGAR_INTERNALNAMES_H

#include "llvm/ADT/StringRef.h"

namespace upc::names {

// Type qualifiers. `shared` is the address space below; layout and
// strict/relaxed are btf_type_tag strings (sugar that Clang keeps on types).
inline constexpr unsigned SharedAddressSpace = 16;
inline constexpr llvm::StringLiteral Shared = "__upc_shared";
inline constexpr llvm::StringLiteral SharedIndefinite = "__upc_shared_indefinite";
inline constexpr llvm::StringLiteral SharedStar = "__upc_shared_star";
inline constexpr llvm::StringLiteral SharedBlock = "__upc_shared_block";
/// The inner macro of __upc_shared_block: its arguments are the occurrence's
/// number and the macro-expanded block size expression, which the front end
/// records.
inline constexpr llvm::StringLiteral SharedBlockExpanded =
    "__upc_shared_block_expanded";
/// Expands to the annotate attribute that evaluates a block size in scope,
/// or (redefined by the front end) to nothing.
inline constexpr llvm::StringLiteral BlockSizeAnnotation =
    "__upc_block_size_annotation";
inline constexpr llvm::StringLiteral BlockSizeAnnotationName = "upc:block";
inline constexpr llvm::StringLiteral Strict = "__upc_strict";
inline constexpr llvm::StringLiteral Relaxed = "__upc_relaxed";

// btf_type_tag payloads. A block size tag is "upc:block=<expr>@<number>".
inline constexpr llvm::StringLiteral TagBlockPrefix = "upc:block=";
inline constexpr llvm::StringLiteral TagIndefinite = "upc:block=[]";
inline constexpr llvm::StringLiteral TagStar = "upc:block=[*]";
inline constexpr llvm::StringLiteral TagStrict = "upc:strict";
inline constexpr llvm::StringLiteral TagRelaxed = "upc:relaxed";

// Expressions.
inline constexpr llvm::StringLiteral MyThread = "__upc_MYTHREAD";
inline constexpr llvm::StringLiteral Threads = "__upc_THREADS";
inline constexpr llvm::StringLiteral MaxBlockSize = "__upc_MAX_BLOCK_SIZE";
/// The value of UPC_MAX_BLOCK_SIZE.
inline constexpr unsigned long long MaxBlockSizeValue = 2147483647;
inline constexpr llvm::StringLiteral BlockSizeofType = "__upc_blocksizeof_t";
inline constexpr llvm::StringLiteral LocalSizeofType = "__upc_localsizeof_t";
inline constexpr llvm::StringLiteral ElemSizeofType = "__upc_elemsizeof_t";

/// Wraps each array dimension inside the operand of sizeof and _Alignof:
/// (__builtin_constant_p(e) ? (e) : 1) is an integer constant expression, so
/// the operand is never a variable-length array type. (Clang 19 crashes
/// transforming a variably modified sizeof operand that carries a
/// btf_type_tag.)
inline constexpr llvm::StringLiteral ArrayDimension = "__upc_array_dimension";

// Statements: calls of these prelude functions.
inline constexpr llvm::StringLiteral Barrier = "__upc_barrier";
inline constexpr llvm::StringLiteral Notify = "__upc_notify";
inline constexpr llvm::StringLiteral Wait = "__upc_wait";
inline constexpr llvm::StringLiteral Fence = "__upc_fence";
/// upc_forall (A; B; C; D) S  becomes
///   for (A; B; C) if (!__upc_forall_affinity(K[, D])) ; else S
/// with K one of the ForallAffinityKind values below.
inline constexpr llvm::StringLiteral ForallAffinity = "__upc_forall_affinity";
enum ForallAffinityKind : unsigned {
  AffinityNone = 0,     // empty affinity clause
  AffinityContinue = 1, // `continue`
  AffinityExpr = 2,     // an expression follows as the second argument
};

// End of the main file: evaluates every recorded block size expression.
inline constexpr llvm::StringLiteral EvaluateBlockSizesPragma =
    "__upc_evaluate_block_sizes";
inline constexpr llvm::StringLiteral BlockSizeConstantPrefix =
    "__upc_block_size_";

} // namespace upc::names

#endif
