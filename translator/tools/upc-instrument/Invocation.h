//===- Invocation.h - One run of upc-instrument, parsed ---------*- C++ -*-===//
//
// The command line (after UPC_INSTRUMENT_FLAGS, read first) parsed once into
// what each stage needs: the front end's, the translation's and the
// launcher's options. Parsing also applies UPC_INSTRUMENT=off, reads the
// instrumentation list files and finds the installed headers, runtime and
// GASP tool, so that every error in the command line is reported before
// anything runs (docs/command-line.md).
//
//===----------------------------------------------------------------------===//

#ifndef UPC_INSTRUMENT_TOOLS_INVOCATION_H
#define UPC_INSTRUMENT_TOOLS_INVOCATION_H

#include "CompilerLauncher.h"

#include "upc-instrument/Translation/Translate.h"

#include "llvm/ADT/ArrayRef.h"

#include <string>
#include <vector>

namespace upc {

enum class Action {
  Translate,       ///< each input to a C file (the default)
  SyntaxOnly,      ///< -fsyntax-only
  DumpUpc,         ///< --dump-upc
  Sir,             ///< --sir, --sir-request
  Launch,          ///< upc-instrument [options] <cc> [cc arguments]
  Help,            ///< --help
  Version,         ///< --version
  PrintGaspEvents, ///< --print-gasp-events
};

struct Invocation {
  Action Act = Action::Translate;
  /// The translator form's inputs, and -o.
  std::vector<std::string> Inputs;
  std::string Output;
  /// The launcher form's compiler command.
  std::vector<std::string> Compiler;
  /// --sir-request: the request, whose resources are inputs too.
  std::string SirRequest;
  UpcFrontendOptions Frontend;
  TranslateOptions Translate;
  LauncherOptions Launcher;
};

/// Parses UPC_INSTRUMENT_FLAGS and \p Args (argv without argv[0]) into
/// \p Inv. \p Argv0 and \p MainAddr locate the installation. Returns false
/// after reporting an error.
bool parseInvocation(const char *Argv0, void *MainAddr,
                     llvm::ArrayRef<const char *> Args, Invocation &Inv);

} // namespace upc

#endif
