//===- PreprocessorHooks.h - UPC hooks into Clang's preprocessor -*- C++ -*-===//
//
// - `#pragma upc strict|relaxed` and `#pragma pupc on|off` are recorded in
//   the UpcContext;
// - every block size expression (shared [expr]) is recorded as the prelude's
//   macros expand, with its occurrence number and macro-expanded tokens. Its
//   value comes from where it is written when that is a declaration (the
//   annotate attribute, read by UpcContext); for type names in expressions,
//   the expression is re-injected at the end of the main file as
//     enum { __upc_block_size_N = (expr) };
//   and evaluated there, silently, with the file's declarations in scope;
// - syntax errors found by the desugarer are reported when their file is
//   entered.
//
//===----------------------------------------------------------------------===//

#ifndef UPC_INSTRUMENT_LIB_FRONTEND_PREPROCESSORHOOKS_H
#define UPC_INSTRUMENT_LIB_FRONTEND_PREPROCESSORHOOKS_H

#include "upc-instrument/FrontEnd/SourceMapping.h"
#include "upc-instrument/FrontEnd/UpcDiagnosticPrinter.h"
#include "upc-instrument/Semantics/UpcContext.h"

#include "clang/Lex/PPCallbacks.h"
#include "clang/Lex/Pragma.h"
#include "clang/Lex/Token.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/DenseSet.h"

#include <optional>
#include <vector>

namespace clang {
class DiagnosticsEngine;
class EnumConstantDecl;
class MacroInfo;
} // namespace clang

namespace upc {

/// The block size expressions of a translation unit, one per occurrence of
/// `shared [expr]` (also through macros).
class BlockSizeExpressions {
public:
  struct Occurrence {
    unsigned Number = 0;
    std::vector<clang::Token> Tokens; ///< macro-expanded
    clang::SourceRange Range;         ///< first to last token, expanded
    clang::SourceRange Written;       ///< the expression as written
    bool UsesThreads = false;         ///< dynamic environment only
    /// `*` or nothing, given through a macro parameter: not an expression.
    bool NotAnExpression = false;
  };

  void record(Occurrence O);
  const Occurrence *find(unsigned Number) const;

  /// Tokens of `enum { __upc_block_size_N = (expr), ... };` for every
  /// occurrence that can be evaluated.
  std::vector<clang::Token> evaluationTokens(clang::Preprocessor &PP,
                                            clang::SourceLocation Loc) const;

  /// Takes the values Clang computed for the injected enumerators.
  void consumeEvaluation(const clang::EnumDecl *D);

  /// Nothing is injected at the end of the main file (which ends inside a
  /// construct: Clang reports that): the block sizes that needed it have no
  /// value, and are not reported as not constant.
  void skipEndOfFileEvaluation() { EvaluatedAtEnd = false; }

  /// Decides each occurrence's value (where it is written, else at the end
  /// of the file) and reports what is wrong with it.
  void finalize(UpcContext &U, clang::DiagnosticsEngine &Diags,
                const UpcDiagnosticPrinter &Printer,
                const SourceMapping &Sources,
                const clang::LangOptions &LangOpts) const;

private:
  std::vector<Occurrence> Occurrences;

  std::optional<int64_t> valueOf(const Occurrence &O, UpcContext &U,
                                 clang::DiagnosticsEngine &Diags,
                                 bool &Reported) const;
  llvm::DenseMap<unsigned, size_t> ByNumber;
  llvm::DenseMap<unsigned, int64_t> EndOfFileValues;
  bool EvaluatedAtEnd = true;
};

/// Records block size occurrences as the prelude's macro expands, and
/// chooses whether each is annotated for evaluation in scope.
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
  /// The written block size of each __upc_shared_block being expanded
  /// (they nest when a block size contains a layout).
  std::vector<clang::SourceRange> WrittenRanges;
  clang::MacroInfo *Annotating = nullptr; ///< the prelude's definition
  clang::MacroInfo *Silent = nullptr;     ///< expands to nothing
  bool Annotates = true;

  void setAnnotation(bool On, clang::SourceLocation Loc);
};

/// `#pragma __upc_evaluate_block_sizes`, appended to the main file. The
/// injected declaration is parsed with diagnostics suppressed: failures are
/// reported by BlockSizeExpressions::finalize.
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

/// Keeps Clang 19's parser out of an endless loop: in C, it never gets past a
/// `::` that starts a parenthesized expression or type, or the operand of
/// sizeof or _Alignof (as in `(::x)`, also from a layout qualifier
/// `shared [::x]`, which becomes a parenthesized argument). Such a `::` is
/// never valid C (only attributes, `[[gnu::unused]]`, have one); it is given
/// to the parser as a `:`, which it reports as an expected expression.
/// Installed as the preprocessor's token watcher, which sees every token the
/// parser gets.
class ScopeOperatorGuard {
public:
  void operator()(const clang::Token &T);

private:
  clang::tok::TokenKind Previous = clang::tok::unknown;
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
