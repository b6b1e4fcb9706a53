//===- UpcDiagnosticPrinter.h - Diagnostics on the original text -*- C++ -*-===//
//
// Renders diagnostics in Clang's format, but at original file:line:col and
// with the original source line under the caret: never the desugared text.
// Diagnostics are held until the end of the translation unit so that UPC
// knowledge gathered after parsing can drop artifacts of the desugaring (the
// THREADS stand-in makes Clang fold THREADS-dependent arrays).
//
//===----------------------------------------------------------------------===//

#ifndef UPC_INSTRUMENT_FRONTEND_UPCDIAGNOSTICPRINTER_H
#define UPC_INSTRUMENT_FRONTEND_UPCDIAGNOSTICPRINTER_H

#include "upc-instrument/FrontEnd/SourceMapping.h"

#include "clang/Basic/Diagnostic.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/StringSet.h"
#include "llvm/Support/raw_ostream.h"

#include <functional>
#include <vector>

namespace upc {

class UpcDiagnosticPrinter : public clang::DiagnosticConsumer {
public:
  /// \p ToolName prefixes diagnostics that have no source location.
  UpcDiagnosticPrinter(llvm::raw_ostream &OS, std::string ToolName);
  ~UpcDiagnosticPrinter() override;

  void setSourceMapping(const SourceMapping *M) { Mapping = M; }

  void BeginSourceFile(const clang::LangOptions &LO,
                       const clang::Preprocessor *PP) override;
  void EndSourceFile() override;
  void HandleDiagnostic(clang::DiagnosticsEngine::Level Level,
                        const clang::Diagnostic &Info) override;

  /// Declarations whose arrays depend on THREADS: Clang's warnings about
  /// folding or indexing them are artifacts of the desugaring.
  /// The locations (name and start) of the declarations whose dimensions
  /// depend on THREADS, and their initializers: Clang checked their bounds
  /// with THREADS = 1 in the dynamic environment.
  void setThreadsDependentDeclarations(
      llvm::DenseSet<clang::SourceLocation> L,
      std::vector<clang::SourceRange> Initializers = {}) {
    ThreadsDependentInitializers = std::move(Initializers);
    ThreadsDependentDecls = std::move(L);
  }

  /// Whether an error not yet printed lies within \p Range.
  bool hasErrorWithin(clang::SourceRange Range) const;

  /// The ID of the desugarer's syntax errors: Clang's diagnostics on their
  /// lines are consequences and are not shown.
  void setSyntaxErrorID(unsigned ID) { SyntaxErrorID = ID; }

  /// The ID of the UPC error on an integer converted to a pointer-to-shared:
  /// Clang's warning on the same conversion is not shown.
  void setIntegerToSharedID(unsigned ID) { IntegerToSharedID = ID; }

  /// Leaves Clang's own warnings (and their notes) to the C compiler that
  /// compiles the translation with the same options: only the UPC
  /// diagnostics and errors are shown (the compiler launcher). Otherwise
  /// every warning would be reported twice.
  void leaveCWarningsToCompiler() { LeaveCWarnings = true; }

  /// Prints everything held so far.
  void flush();

  /// What happens to warnings when a file is translated a second time
  /// (with macro uses expanded): Remember the ones shown by the first
  /// translation, then Skip those in the second; Show forgets them.
  enum class WarningRepeats { Show, Remember, Skip };
  void setWarningRepeats(WarningRepeats R) {
    Repeats = R;
    if (R == WarningRepeats::Show)
      ShownWarnings.clear();
  }

  /// Whether an error is held (not yet printed).
  bool hasPendingError() const;
  /// Forgets everything held so far (the translation unit is parsed again).
  void discardPending() { Pending.clear(); }

  unsigned errorsShown() const { return ErrorsShown; }
  /// Prints and counts an error that the diagnostics engine cannot report
  /// (a crash ended the parse), at \p Where if it is valid.
  void reportInternalError(const OriginalLocation &Where,
                           llvm::StringRef Message);
  unsigned warningsShown() const { return WarningsShown; }

  /// Prints "N warnings and M errors generated." if there were any.
  void printSummary();

private:
  bool LeaveCWarnings = false;
  /// The last warning was left to the compiler: so are its notes.
  bool LeftLastWarning = false;
  struct Held {
    clang::StoredDiagnostic Diag;
    std::string Flag;
  };
  llvm::raw_ostream &OS;
  std::string ToolName;
  const SourceMapping *Mapping = nullptr;
  const clang::LangOptions *LangOpts = nullptr;
  std::vector<Held> Pending;
  llvm::DenseSet<clang::SourceLocation> ThreadsDependentDecls;
  std::vector<clang::SourceRange> ThreadsDependentInitializers;
  unsigned ErrorsShown = 0;
  unsigned WarningsShown = 0;
  std::vector<std::string> LastIncludeStack;
  unsigned SyntaxErrorID = 0;
  unsigned IntegerToSharedID = 0;
  llvm::DenseSet<std::pair<unsigned, unsigned>> SyntaxErrorLines;

  bool isConsequenceOfSyntaxError(const clang::StoredDiagnostic &D) const;
  bool isReportedAsIntegerToShared(const clang::StoredDiagnostic &D) const;

  bool isArtifact(size_t Index) const;
  bool isRepeatedWarning(const Held &H);
  WarningRepeats Repeats = WarningRepeats::Show;
  llvm::StringSet<> ShownWarnings;
  void render(const Held &H);
  void renderSnippet(const clang::StoredDiagnostic &D,
                     const OriginalLocation &Loc);
  void renderIncludeStack(clang::SourceLocation Loc);
};

} // namespace upc

#endif
