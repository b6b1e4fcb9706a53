//===- CompilerLauncher.h - upc-instrument <cc> [cc args] -------*- C++ -*-===//
//
// Compiler launcher mode (docs/command-line.md, "Compiler launcher"): each
// UPC input of a C compiler command line (.upc, .uph, any file after -x upc
// or matching --upc-sources=) is translated to a temporary C file, which
// takes its place; the runtime's headers are added to the include path,
// dependency files are rewritten to name the UPC sources and headers, and a
// link that involves UPC code gets the runtime library. A command without
// UPC sources or UPC objects runs unchanged.
//
//===----------------------------------------------------------------------===//

#ifndef UPC_INSTRUMENT_TOOLS_COMPILERLAUNCHER_H
#define UPC_INSTRUMENT_TOOLS_COMPILERLAUNCHER_H

#include "Translate.h"

#include <string>
#include <vector>

namespace llvm {
class raw_ostream;
} // namespace llvm

namespace upc {

struct LauncherOptions {
  UpcFrontendOptions Frontend;
  TranslateOptions Translate;
  /// --keep-files: the translated C is kept beside the object.
  bool KeepFiles = false;
  /// -v, --verbose: print each step (on standard error) as it runs.
  bool Verbose = false;
  /// --dry-run: print each step (on standard output) and run nothing.
  bool DryRun = false;
  /// --link-runtime: link the runtime even without detected UPC code.
  bool LinkRuntime = false;
  /// --upc-sources=: more inputs to translate as UPC.
  std::vector<std::string> UpcSourceGlobs;
  /// Where translated C finds upcr.h and the C versions of upc.h...
  std::string RuntimeIncludeDir;
  /// The runtime library linked into programs (the backend's), the
  /// libraries it needs after it, and what compiling UPC code for it takes.
  std::string RuntimeLibrary;
  std::vector<std::string> BackendLinkArgs = {"-lpthread"};
  std::vector<std::string> BackendCompileArgs;
  /// --tool=: the GASP tool's library and the libraries it needs, linked
  /// before the runtime (whose default GASP functions it replaces).
  std::vector<std::string> ToolLinkArgs;
  /// How a translation step is shown by -v and --dry-run: upc-instrument
  /// and its translation options (the input and output are appended).
  std::vector<std::string> TranslateCommand;
};

/// Finds the GASP tool \p Name in \p LibDir (libupc-gasp-<name>.a, and the
/// extra link arguments listed in upc-gasp-<name>.libs); false after
/// reporting an unknown tool with the ones available.
bool findGaspTool(llvm::StringRef LibDir, llvm::StringRef Name,
                  std::vector<std::string> &LinkArgs);

/// Finds the runtime of the backend \p Name in \p LibDir
/// (libupcr-<name>.a, and the link arguments listed in upcr-<name>.libs);
/// false after reporting an unknown backend with the ones available.
bool findBackend(llvm::StringRef LibDir, llvm::StringRef Name,
                 LauncherOptions &Opts);

/// Runs \p Command (the compiler and its arguments); returns the exit status.
int runCompilerLauncher(const LauncherOptions &Opts,
                        const std::vector<std::string> &Command);

/// Whether the object file, archive or shared library at \p Path holds
/// translated UPC code (a `upcri_files` section, where the runtime finds
/// the UPC files of a program).
bool containsUpcCode(llvm::StringRef Path);

/// Prints \p Args as one POSIX shell command line.
void printShellCommand(llvm::raw_ostream &OS,
                       const std::vector<std::string> &Args);

} // namespace upc

#endif
