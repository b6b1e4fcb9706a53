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
// The jobs around it have their own files: CompilerCommand (what the
// command does), DependencyFiles, LinkComponents (runtime, tool, UPC
// objects), ShellCommand (-v and --dry-run output).
//
//===----------------------------------------------------------------------===//

#ifndef UPC_INSTRUMENT_TOOLS_COMPILERLAUNCHER_H
#define UPC_INSTRUMENT_TOOLS_COMPILERLAUNCHER_H

#include "LinkComponents.h"

#include "upc-instrument/Translation/Translate.h"

#include <cstdint>
#include <string>
#include <vector>

namespace upc {

struct LauncherOptions {
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
  /// --backend=: the runtime linked into programs.
  Backend Runtime;
  /// --shared-heap=: the program's default heap per thread (0: none), and
  /// the option's text.
  uint64_t SharedHeapSize = 0;
  std::string SharedHeapText;
  /// --tool=: the GASP tool's name, and its library and the libraries it needs,
  /// linked before the runtime (whose default GASP functions it replaces).
  std::string ToolName;
  std::vector<std::string> ToolLinkArgs;
  /// --sir: the SIR of each UPC input beside its object; --sir=FILE: of all
  /// of them in FILE (docs/mir.md).
  bool SirBesideObjects = false;
  std::string SirFile;
  /// How a translation step is shown by -v and --dry-run: upc-instrument
  /// and its translation options (the input and output are appended).
  std::vector<std::string> TranslateCommand;
};

/// Runs \p Command (the compiler and its arguments), translating its UPC
/// inputs with \p Frontend and \p Translate; returns the exit status.
int runCompilerLauncher(const UpcFrontendOptions &Frontend,
                        const TranslateOptions &Translate,
                        const LauncherOptions &Opts,
                        const std::vector<std::string> &Command);

} // namespace upc

#endif
