//===- UpcFrontend.h - Parse and check one UPC translation unit -*- C++ -*-===//
//
// Runs stock Clang on a UPC file: the file system overlay desugars UPC
// sources, the parse-time prelude gives the UPC constructs their C meaning,
// preprocessor hooks record pragmas and block sizes, and after parsing the
// UPC view (UpcContext) is built and the UPC constraints are checked. Later
// stages receive the result through a handler.
//
//===----------------------------------------------------------------------===//

#ifndef UPC_INSTRUMENT_FRONTEND_UPCFRONTEND_H
#define UPC_INSTRUMENT_FRONTEND_UPCFRONTEND_H

#include "upc-instrument/FrontEnd/Inclusions.h"
#include "upc-instrument/FrontEnd/SourceMapping.h"
#include "upc-instrument/FrontEnd/UpcDiagnosticPrinter.h"
#include "upc-instrument/FrontEnd/UpcFileSystem.h"
#include "upc-instrument/Semantics/UpcContext.h"

#include <functional>
#include <map>
#include <string>
#include <vector>

namespace clang {
class ASTContext;
class CompilerInstance;
} // namespace clang

namespace upc {

struct UpcFrontendOptions {
  /// Clang flags (-I, -D, -std=, -W..., ...), without input files.
  std::vector<std::string> ClangArgs;
  ThreadsEnvironment Threads;
  /// Clang's resource directory (builtin headers such as stddef.h).
  std::string ClangResourceDir;
  /// The directory holding upc.h and the parse-time prelude.
  std::string UpcHeaderDir;
  /// Turn a crash inside Clang into an error.
  bool RecoverFromCrashes = true;
  /// With RecoverFromCrashes, a crash in upc-instrument's own code called
  /// back by Clang (see OwnCodeScope) aborts instead: the front-end fuzzer
  /// must see our bugs, not Clang 19's.
  bool CrashInOwnCodeIsFatal = false;
  /// Edits of UPC files' original text (by real path) before they are
  /// desugared: macro uses replaced by their expansions (MacroExpansion.h).
  std::map<std::string, std::vector<SourceReplacement>> Replacements;
};

/// The arguments of the Clang invocation that parses \p InputFile: the
/// parse-time prelude, the library feature macros, the THREADS environment,
/// the gcc-compatible warnings, then the user's options.
std::vector<std::string> frontendArguments(const UpcFrontendOptions &Opts,
                                           llvm::StringRef InputFile);

/// One parsed and checked UPC translation unit.
struct UpcTranslationUnit {
  clang::CompilerInstance &Compiler;
  clang::ASTContext &AST;
  UpcContext &Upc;
  const SourceMapping &Sources;
  UpcDiagnosticPrinter &Diagnostics;
  const Inclusions &Includes;
};

using UpcTranslationUnitHandler = std::function<void(UpcTranslationUnit &)>;

/// Parses and checks \p InputFile. Diagnostics go to \p Printer. \p Handler
/// runs only when the file has no errors. Returns false if errors were
/// reported (including ones the handler reported).
bool runUpcFrontend(const UpcFrontendOptions &Opts, llvm::StringRef InputFile,
                    UpcDiagnosticPrinter &Printer,
                    const UpcTranslationUnitHandler &Handler = nullptr);

/// The C of the UPC codes users bring (calls of undeclared functions,
/// implicit int, integer-pointer conversions, K&R definitions) is accepted
/// by gcc 12 with warnings, and is an error (or an extra warning) by
/// default in Clang 19. These options, given before the user's own (so that
/// -Werror=implicit-function-declaration still wins), make Clang behave as
/// gcc 12 does: the front end parses with them, and the launcher passes
/// them to a Clang that compiles translated C.
llvm::ArrayRef<const char *> gccCompatibleWarningOptions();

/// Where an installed (or build-tree) upc-instrument finds its files,
/// relative to the running executable.
struct InstallLayout {
  std::string BinDir;
  std::string UpcHeaderDir;
  /// The runtime's C headers (upcr.h, and upc.h for C) and library.
  std::string RuntimeIncludeDir;
  std::string RuntimeLibDir;
  static InstallLayout forExecutable(const char *Argv0, void *MainAddr);
};

} // namespace upc

#endif
