//===- PreprocessorHooks.h - UPC hooks into Clang's preprocessor -*- C++ -*-===//
//
// - `#pragma upc strict|relaxed` and `#pragma pupc on|off` are recorded in
//   the UpcContext;
// - every block size expression (the argument of the prelude macro
//   __upc_shared_block_expanded, already macro-expanded) is recorded, and at
//   the end of the main file it is re-injected as
//     enum { __upc_block_size_N = (expr) };
//   so that Clang evaluates it as an integer constant expression with the
//   file's declarations in scope;
// - syntax errors found by the desugarer are reported when their file is
//   entered.
//
//===----------------------------------------------------------------------===//

#ifndef UPC_INSTRUMENT_LIB_FRONTEND_PREPROCESSORHOOKS_H
#define UPC_INSTRUMENT_LIB_FRONTEND_PREPROCESSORHOOKS_H

#include "upc-instrument/FrontEnd/SourceMapping.h"
#include "upc-instrument/Semantics/UpcContext.h"

#include "clang/Lex/PPCallbacks.h"
#include "clang/Lex/Pragma.h"
#include "clang/Lex/Token.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/StringMap.h"

#include <vector>

namespace clang {
class DiagnosticsEngine;
class EnumConstantDecl;
} // namespace clang

namespace upc {

/// The distinct block size expressions of a translation unit.
class BlockSizeExpressions {
public:
  struct Entry {
    std::string Spelling;              ///< as stringized in the type's tag
    std::vector<clang::Token> Tokens;  ///< macro-expanded
    /// The expression at each use (first to last token).
    std::vector<clang::SourceRange> Uses;
    bool UsesThreads = false;
  };

  void record(std::string Spelling, std::vector<clang::Token> Tokens,
              bool UsesThreads);

  /// Tokens of `enum { __upc_block_size_N = (expr) };` for every entry that
  /// can be evaluated.
  std::vector<clang::Token> evaluationTokens(clang::Preprocessor &PP,
                                            clang::SourceLocation Loc) const;

  /// Takes the value Clang computed for an injected enumerator; reports
  /// out-of-range values. Returns false if \p D is not one of ours.
  bool consume(const clang::EnumConstantDecl *D, UpcContext &U,
               clang::DiagnosticsEngine &Diags) const;

  /// Reports THREADS in block sizes (dynamic THREADS environment).
  void reportThreadsUses(clang::DiagnosticsEngine &Diags) const;

  /// Whether \p Loc is the location of a token of a recorded expression.
  bool isExpressionToken(clang::SourceLocation Loc) const {
    return TokenLocations.count(Loc.getRawEncoding());
  }

private:
  std::vector<Entry> Entries;
  llvm::StringMap<unsigned> BySpelling;
  llvm::DenseSet<unsigned> TokenLocations;
};

/// Records block size expressions as the prelude's macro expands.
class BlockSizeRecorder : public clang::PPCallbacks {
public:
  BlockSizeRecorder(clang::Preprocessor &PP, BlockSizeExpressions &Exprs,
                    const ThreadsEnvironment &Env)
      : PP(PP), Exprs(Exprs), Env(Env) {}

  void MacroExpands(const clang::Token &MacroName,
                    const clang::MacroDefinition &MD, clang::SourceRange Range,
                    const clang::MacroArgs *Args) override;

private:
  clang::Preprocessor &PP;
  BlockSizeExpressions &Exprs;
  const ThreadsEnvironment &Env;
};

/// `#pragma __upc_evaluate_block_sizes`, appended to the main file.
class EvaluateBlockSizesPragma : public clang::PragmaHandler {
public:
  explicit EvaluateBlockSizesPragma(const BlockSizeExpressions &Exprs);
  void HandlePragma(clang::Preprocessor &PP, clang::PragmaIntroducer Introducer,
                    clang::Token &FirstToken) override;

private:
  const BlockSizeExpressions &Exprs;
};

/// `#pragma upc ...` and `#pragma pupc ...`.
class UpcPragmaHandler : public clang::PragmaHandler {
public:
  UpcPragmaHandler(llvm::StringRef Namespace, UpcContext &U)
      : PragmaHandler(Namespace), U(U) {}
  void HandlePragma(clang::Preprocessor &PP, clang::PragmaIntroducer Introducer,
                    clang::Token &FirstToken) override;

private:
  UpcContext &U;
};

/// Reports the desugarer's syntax errors when Clang enters their file.
class DesugarDiagnosticReporter : public clang::PPCallbacks {
public:
  DesugarDiagnosticReporter(const SourceMapping &Mapping,
                            clang::DiagnosticsEngine &Diags)
      : Mapping(Mapping), Diags(Diags) {}

  void FileChanged(clang::SourceLocation Loc, FileChangeReason Reason,
                   clang::SrcMgr::CharacteristicKind FileType,
                   clang::FileID PrevFID) override;

private:
  const SourceMapping &Mapping;
  clang::DiagnosticsEngine &Diags;
  llvm::DenseSet<const DesugaredSource *> Reported;
};

} // namespace upc

#endif
