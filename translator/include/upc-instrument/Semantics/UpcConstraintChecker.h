//===- UpcConstraintChecker.h - UPC 1.3 constraints -------------*- C++ -*-===//
//
// Reports the violations of UPC 1.3 constraints that Clang's C semantics do
// not catch: shared objects of automatic storage, conflicting qualifiers,
// THREADS in array dimensions, upc_forall affinity and barrier value types,
// block size changes of pointers-to-shared, and private-to-shared casts.
//
//===----------------------------------------------------------------------===//

#ifndef UPC_INSTRUMENT_SEMANTICS_UPCCONSTRAINTCHECKER_H
#define UPC_INSTRUMENT_SEMANTICS_UPCCONSTRAINTCHECKER_H

#include "clang/Basic/SourceLocation.h"
#include <functional>

namespace clang {
class ASTContext;
class DiagnosticsEngine;
} // namespace clang

namespace upc {

class UpcContext;

/// Checks the declarations for which \p IsUpcLocation holds.
void checkUpcConstraints(
    clang::ASTContext &Ctx, const UpcContext &U,
    clang::DiagnosticsEngine &Diags,
    const std::function<bool(clang::SourceLocation)> &IsUpcLocation);

} // namespace upc

#endif
