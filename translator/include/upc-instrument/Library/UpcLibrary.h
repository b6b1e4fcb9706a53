//===- UpcLibrary.h - The UPC library functions the runtime provides -*- C++ -*-===//
//
// The translator's view of the library table (runtime-glue/library/
// upc_library.toml, from which UpcLibrary.inc is generated): for each
// function of the UPC headers, how a call is lowered, the runtime
// entry it becomes and the GASP event its instrumented form raises. The
// runtime's declarations and wrappers come from the same table, so the
// names here always exist there.
//
//===----------------------------------------------------------------------===//

#ifndef UPC_INSTRUMENT_LOWERING_UPCLIBRARY_H
#define UPC_INSTRUMENT_LOWERING_UPCLIBRARY_H

#include "llvm/ADT/ArrayRef.h"

namespace clang {
class FunctionDecl;
class SourceManager;
} // namespace clang
#include "llvm/ADT/StringRef.h"

namespace upc {

/// How a call of a library function is lowered.
enum class LibraryLowering {
  Runtime, ///< the runtime entry, with the call's position as last argument
  Inline,  ///< an inline function of upcr.h, same arguments
  Plain,   ///< the C function itself, unchanged
  Custom,  ///< written in the lowering (Lowerer::lowerLibraryCall)
};

struct LibraryFunction {
  llvm::StringLiteral Name; ///< upc_X, as declared in the UPC header
  llvm::StringLiteral Header; ///< upc.h, upc_collective.h
  LibraryLowering Lowering;
  /// The function a lowered call names (Runtime, Inline); else empty.
  llvm::StringLiteral Runtime;
  /// The GASP event of the instrumented form (gasp_upc.h's name); empty
  /// when calls raise none.
  llvm::StringLiteral Event;
  /// The instrumented runtime entry (upcr_gasp_X), when Event is set.
  llvm::StringLiteral Instrumented;
};

/// A constant of the UPC headers (upc_types.h, upc_atomic.h).
struct LibraryConstant {
  llvm::StringLiteral Typedef; ///< upc_op_t, upc_type_t, upc_atomichint_t
  llvm::StringLiteral Name;    ///< UPC_ADD
  unsigned Value;
  /// The atomic class (optional library 7.6.3): "access", "bitwise" or
  /// "numeric" for an operation; "int", "uint", "float" or "pts" for a
  /// type; empty when the constant is not used by atomics.
  llvm::StringLiteral Atomic;
  /// For an atomic type, the upc_op_t operations it allows (OR-ed).
  unsigned AtomicOps;
};

/// An optional header's feature macro (__UPC_ATOMIC__ for upc_atomic.h),
/// defined to 1.
struct LibraryFeature {
  llvm::StringLiteral Header;
  llvm::StringLiteral Macro;
};

/// Every function of the table, in table order.
llvm::ArrayRef<LibraryFunction> libraryFunctions();
/// The function named \p Name, or null.
const LibraryFunction *findLibraryFunction(llvm::StringRef Name);
/// The library function \p FD is: one a UPC system header declares (not a
/// user's function of the same name), or null.
const LibraryFunction *findLibraryFunction(const clang::FunctionDecl *FD,
                                           const clang::SourceManager &SM);

/// Every constant of the table, and every feature macro.
llvm::ArrayRef<LibraryConstant> libraryConstants();
llvm::ArrayRef<LibraryFeature> libraryFeatures();
/// The constant of \p Typedef with value \p Value, or null.
const LibraryConstant *findLibraryConstant(llvm::StringRef Typedef,
                                           unsigned Value);

} // namespace upc

#endif
