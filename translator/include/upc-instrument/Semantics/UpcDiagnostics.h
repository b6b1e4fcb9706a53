//===- UpcDiagnostics.h - Diagnostics for UPC constraints -------*- C++ -*-===//
//
// UPC 1.3 constraint violations and front-end warnings, registered with
// Clang's DiagnosticsEngine so that they are rendered, counted and mapped
// (-w, -Werror) like Clang's own.
//
//===----------------------------------------------------------------------===//

#ifndef UPC_INSTRUMENT_SEMANTICS_UPCDIAGNOSTICS_H
#define UPC_INSTRUMENT_SEMANTICS_UPCDIAGNOSTICS_H

#include "clang/Basic/Diagnostic.h"

namespace upc {

enum class UpcDiag {
  // Lexical (reported by the desugarer).
  SyntaxError,
  // Declarations.
  SharedAutomatic,
  SharedParameter,
  SharedReturn,
  LayoutOnVoid,
  SharedMember,
  SharedCompoundLiteral,
  StrictAndRelaxed,
  ConflictingLayouts,
  ConflictingRedeclaration,
  PreviousDeclaration,
  StarLayoutPointer,
  StarLayoutTypedef,
  ReferenceWithoutShared,
  // Block sizes.
  BlockSizeNegative,
  BlockSizeTooLarge,
  StarBlockSizeTooLarge,
  BlockSizeNotConstant,
  BlockSizeUsesThreads,
  BlockSizeUsesBlockScopeName,
  // THREADS in array dimensions and constant expressions.
  ThreadsRequiredOnce,
  ThreadsInSeveralDimensions,
  ThreadsNotMultiplier,
  ThreadsInIndefiniteArray,
  ThreadsInPrivateStaticArray,
  ThreadsNotConstant,
  ThreadsDependentSizeNotConstant,
  SharedArrayNotConstant,
  // Statements and expressions.
  ForallAffinityType,
  SynchronizationValueType,
  SynchronizationValuePointer,
  UpcSizeofNotShared,
  UpcSizeofVoid,
  VoidSizeUnderNoWarnings,
  BlockSizeMismatch,
  MemberAddressBlockSizeMismatch,
  ComparePrivateShared,
  CompareIncompatibleShared,
  PrivateToShared,
  IntegerToShared,
  // Library calls (optional library, 7.6).
  AtomicTypeInvalid,
  AtomicOpInvalid,
  AtomicOpNotAllowed,
  AtomicOpNotSingle,
  AtomicOperandMissing,
  AtomicOperandSize,
  // Pragmas.
  PragmaUnknown,
  PragmaMissingArgument,
  PragmaExtraTokens,
  ProcessWideHeaderData,
  PragmaNotAtScopeStart,
  // Translation to C.
  CannotTranslate,
};

/// The Clang diagnostic ID of \p D in \p Diags.
unsigned getUpcDiagID(clang::DiagnosticsEngine &Diags, UpcDiag D);

/// Reports \p D at \p Loc; stream arguments into the result.
inline clang::DiagnosticBuilder reportUpc(clang::DiagnosticsEngine &Diags,
                                          clang::SourceLocation Loc,
                                          UpcDiag D) {
  return Diags.Report(Loc, getUpcDiagID(Diags, D));
}

} // namespace upc

#endif
