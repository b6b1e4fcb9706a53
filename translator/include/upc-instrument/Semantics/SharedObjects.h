//===- SharedObjects.h - Shared variables described for people -*- C++ -*-===//
//
// What a tool or a user is told about a shared variable: its UPC type with
// the dimensions as declared (THREADS symbolic), its block size, its number
// of elements, its reference qualifier and its storage. --dump-upc and the
// SIR (MIR) both describe shared data this way.
//
//===----------------------------------------------------------------------===//

#ifndef UPC_INSTRUMENT_SEMANTICS_SHAREDOBJECTS_H
#define UPC_INSTRUMENT_SEMANTICS_SHAREDOBJECTS_H

#include "upc-instrument/Semantics/UpcContext.h"

#include <string>

namespace upc {

struct SharedObjectDescription {
  /// The UPC type, desugared, dimensions as declared ("shared [4] int
  /// [4*THREADS]").
  std::string Type;
  /// "4", "indefinite", "[*] = 2", "[*] = elements/THREADS, rounded up".
  std::string BlockSize;
  /// The number of elements of an array ("8*THREADS", "unknown"); empty for
  /// a scalar.
  std::string Elements;
  /// Whether a dimension is a multiple of THREADS.
  bool ThreadsDependent = false;
  /// "strict", "relaxed", "strict (pragma)", "relaxed (pragma)",
  /// "relaxed (default)".
  std::string Reference;
  /// "extern", "static local", "file scope" or "local".
  std::string Storage;
};

/// Describes the shared variable \p D.
SharedObjectDescription describeSharedVariable(const clang::VarDecl *D,
                                               const UpcContext &U);

/// The type \p T with the dimensions of \p TL (the type as written, may be
/// null) spelled as declared; \p Dims receives them.
std::string declaredObjectType(clang::QualType T, clang::TypeLoc TL,
                               const UpcContext &U,
                               llvm::SmallVectorImpl<ArrayDimension> &Dims);

/// The variable an access of the shared lvalue \p Use (or of the
/// assignment to it) goes through: the array or pointer-to-shared variable
/// of a subscript (`p` for `p[i]`), the base of a member access, the operand
/// of a unary operator; null when there is none (a call's result, say).
const clang::VarDecl *accessedVariable(const clang::Expr *Use);

/// "N" or "N*THREADS" ("THREADS" for 1).
std::string symbolicCount(uint64_t Factor, bool ScalesWithThreads);

} // namespace upc

#endif
