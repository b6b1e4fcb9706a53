//===- UpcDesugarer.h - UPC syntax to Clang-parseable C ---------*- C++ -*-===//
//
// Stock Clang parses C. The UPC syntax that C macros cannot express --
// `shared [N]`, `upc_forall` with four clauses, `upc_barrier expr;`,
// `upc_blocksizeof x` -- and the UPC keywords are rewritten here, token by
// token with Clang's raw lexer, into reserved identifiers that the parse-time
// prelude defines (see InternalNames.h). Everything else is kept byte for
// byte. Line breaks before original tokens are never added or removed, so line
// numbers stay true; SourceOffsetMap recovers columns.
//
// Only files that are UPC are desugared: C headers keep UPC words as plain
// identifiers, and so does the C code of a UPC file from `#pragma upc c_code`
// to `#pragma upc upc_code` (Berkeley UPC's pragmas; GCC UPC reads them so).
//
//===----------------------------------------------------------------------===//

#ifndef UPC_INSTRUMENT_DESUGAR_UPCDESUGARER_H
#define UPC_INSTRUMENT_DESUGAR_UPCDESUGARER_H

#include "upc-instrument/Desugar/SourceOffsetMap.h"
#include "llvm/ADT/StringRef.h"
#include <cstdint>
#include <string>
#include <vector>

namespace upc {

/// A syntax error found while desugaring, at an offset of the original text.
struct DesugarDiagnostic {
  unsigned Offset = 0;
  std::string Message;
};

/// A UPC source file as Clang will see it.
struct DesugaredSource {
  /// The file as the user wrote it.
  std::string Original;
  /// The file as Clang reads it.
  std::string Text;
  SourceOffsetMap Map;
  std::vector<DesugarDiagnostic> Diagnostics;
  /// Number of UPC constructs rewritten; 0 means the file is plain C.
  unsigned NumRewrites = 0;
  /// Macro uses replaced by their expansions in Original before desugaring
  /// (FrontEnd/MacroExpansion.h), to report positions in the user's text:
  /// the expansion starts at Line:Column and is Length characters long; the
  /// use ended at EndLine:EndColumn of the user's text.
  struct ReplacedSpan {
    unsigned Line = 0, Column = 0, Length = 0, EndLine = 0, EndColumn = 0;
  };
  std::vector<ReplacedSpan> Replaced;
  /// Original offsets of the '#' of each `#pragma upc c_code` and
  /// `#pragma upc upc_code` line followed: from a c_code line to the next
  /// upc_code line, the text is C and nothing in it is rewritten.
  std::vector<unsigned> CodeLanguagePragmas;
};

/// The value of one upc_blocksizeof/upc_localsizeof/upc_elemsizeof, known
/// from an earlier parse: Clang then folds the operator to it.
struct UpcSizeofValue {
  unsigned KeywordOffset = 0; ///< original offset of the operator keyword
  unsigned OperandEnd = 0;    ///< original offset just after its operand
  uint64_t Value = 0;
};

struct DesugarOptions {
  std::vector<UpcSizeofValue> SizeofValues;
  /// Original offsets of the '#' of `#pragma upc c_code|upc_code` lines
  /// that the preprocessor skipped (a false #if branch): not followed.
  std::vector<unsigned> SkippedCodeLanguagePragmas;
};

/// Rewrites the UPC syntax of \p Original. Never fails: malformed constructs
/// are reported in Diagnostics and left in a form that Clang parses without
/// cascading errors.
DesugaredSource desugarUpcSource(llvm::StringRef Original,
                                 const DesugarOptions &Options = {});

} // namespace upc

#endif
