//===- UpcTypePrinter.h - Print types in UPC syntax -------------*- C++ -*-===//
//
// Clang prints the desugared qualifiers as attributes; users wrote
// `strict shared [4] int *`. This printer writes C declarator syntax with the
// UPC qualifiers put back. Diagnostics use it for every type argument.
//
//===----------------------------------------------------------------------===//

#ifndef UPC_INSTRUMENT_SEMANTICS_UPCTYPEPRINTER_H
#define UPC_INSTRUMENT_SEMANTICS_UPCTYPEPRINTER_H

#include "clang/AST/Type.h"
#include "llvm/ADT/ArrayRef.h"
#include <string>

namespace clang {
class ASTContext;
class DiagnosticsEngine;
} // namespace clang

namespace upc {

class UpcContext;

/// Prints \p T as UPC source would spell it. With \p Desugar, typedef names
/// are replaced by what they name. With \p U, block sizes are printed as the
/// user wrote them (else macro-expanded).
std::string printUpcType(clang::QualType T, const clang::ASTContext &Ctx,
                         bool Desugar = false, const UpcContext *U = nullptr);

/// As above, with the array dimensions of \p T (outermost first) spelled as
/// given: THREADS-dependent sizes are symbolic in the declaration, not in the
/// type Clang computed.
std::string printUpcType(clang::QualType T, const clang::ASTContext &Ctx,
                         bool Desugar, const UpcContext *U,
                         llvm::ArrayRef<std::string> Dimensions);

/// Appends " const", " volatile", " restrict" (as \p Q has them) to the
/// space-separated words in \p Words.
void appendQualifierWords(std::string &Words, clang::Qualifiers Q);

/// Makes \p Diags print type arguments with printUpcType (with an "aka" when
/// typedefs hide the type), keeping Clang's formatting for everything else.
void installUpcTypePrinting(clang::DiagnosticsEngine &Diags,
                            clang::ASTContext &Ctx, const UpcContext *U);

} // namespace upc

#endif
