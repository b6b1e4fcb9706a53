//===- CompilerLauncher.h - upc-instrument <cc> [cc args] -------*- C++ -*-===//
//
// Compiler launcher mode: each UPC input of a C compiler command line (.upc,
// or any file after -x upc) is translated to a temporary C file, which
// takes its place; the runtime's headers are added to the include path and,
// when the command links, the runtime library to the link. Everything else
// goes to the compiler unchanged.
//
//===----------------------------------------------------------------------===//

#ifndef UPC_INSTRUMENT_TOOLS_COMPILERLAUNCHER_H
#define UPC_INSTRUMENT_TOOLS_COMPILERLAUNCHER_H

#include "Translate.h"

#include <string>
#include <vector>

namespace upc {

struct LauncherOptions {
  UpcFrontendOptions Frontend;
  TranslateOptions Translate;
  bool KeepFiles = false;
  bool Verbose = false;
  /// Where translated C finds upcr.h and the C versions of upc.h...
  std::string RuntimeIncludeDir;
  /// The runtime library linked into programs.
  std::string RuntimeLibrary;
  /// --tool=: the GASP tool's library and the libraries it needs, linked
  /// before the runtime (whose default GASP functions it replaces).
  std::vector<std::string> ToolLinkArgs;
};

/// Finds the GASP tool \p Name in \p LibDir (libupc-gasp-<name>.a, and the
/// extra link arguments listed in upc-gasp-<name>.libs); false after
/// reporting an unknown tool with the ones available.
bool findGaspTool(llvm::StringRef LibDir, llvm::StringRef Name,
                  std::vector<std::string> &LinkArgs);

/// Runs \p Command (the compiler and its arguments); returns the exit status.
int runCompilerLauncher(const LauncherOptions &Opts,
                        const std::vector<std::string> &Command);

} // namespace upc

#endif
