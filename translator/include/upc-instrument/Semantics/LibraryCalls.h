//===- LibraryCalls.h - Misuses of the UPC library known at translation time -*- C++ -*-===//
//
// The arguments of a library call that the specification constrains and
// that are constants in the call: the type and operations of an atomic
// domain, the single operation of upc_atomic_strict/relaxed, the operands
// it needs, and operands whose size differs from the target's (UPC 1.3,
// optional library, 7.6). What only the run can tell (the domain's type)
// is checked by the runtime.
//
//===----------------------------------------------------------------------===//

#ifndef UPC_INSTRUMENT_SEMANTICS_LIBRARYCALLS_H
#define UPC_INSTRUMENT_SEMANTICS_LIBRARYCALLS_H

namespace clang {
class ASTContext;
class CallExpr;
class DiagnosticsEngine;
} // namespace clang

namespace upc {

/// Reports the misuses of \p Call (any call; those of functions other than
/// the library's are ignored).
void checkLibraryCall(clang::ASTContext &Ctx, clang::DiagnosticsEngine &Diags,
                      const clang::CallExpr *Call);

} // namespace upc

#endif
