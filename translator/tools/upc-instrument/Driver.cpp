//===- Driver.cpp - The upc-instrument command ----------------------------===//
//
// A thin driver: the command line is parsed once (Invocation), then either
// the compiler launcher runs, or the front end runs on each input to check
// it, dump its UPC view or translate it.
//
//===----------------------------------------------------------------------===//

#include "BuildConfig.h"
#include "CompilerLauncher.h"
#include "Invocation.h"
#include "Messages.h"
#include "Options.h"
#include "ProgramEnvironment.h"
#include "SirCommand.h"
#include "UpcViewDumper.h"

#include "upc-instrument/Translation/Translate.h"

#include "llvm/Support/FileSystem.h"
#include "llvm/Support/InitLLVM.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/raw_ostream.h"

using namespace llvm;

namespace {

void printHelp() {
  upc::options::table().printHelp(
      outs(),
      "upc-instrument [options] [clang options] <file.upc>...\n"
      "       upc-instrument [options] <cc> [cc arguments]",
      "upc-instrument - Clang-based UPC front end and GASP instrumenter\n\n"
      "The first form translates UPC files to C; options that are not listed "
      "here are passed to Clang (-I, -D, -std=, -W...). In the second form "
      "(a compiler launcher) the options end at the compiler.");
  upc::printEnvironment(
      outs(), "ENVIRONMENT",
      {{"UPC_INSTRUMENT_FLAGS",
        "upc-instrument options, read before the command line's"},
       {"UPC_INSTRUMENT=off",
        "no instrumentation: --profile, --profile-local, --profile-only, "
        "--exclude-functions, --tool, --mir-request, --mir-response and "
        "--mir-dormant are ignored"},
       {"UPC_GASP_TOOL_PATH",
        "folders (':'-separated) searched first for --tool=<name>"},
       {"UPC_INSTRUMENT_CLANG_RESOURCE_DIR",
        "the default of --clang-resource-dir"},
       {"TMPDIR",
        "folder of the launcher's translated files while it runs (default "
        "/tmp)"}});
  upc::printProgramEnvironment(outs());
}

void printVersion() {
  outs() << "upc-instrument " << UPC_INSTRUMENT_VERSION << "\n"
         << "built with Clang " << UPC_INSTRUMENT_CLANG_VERSION << "\n";
}

void printGaspEvents() {
  for (unsigned E = 0; E < upc::NumGaspEvents; ++E)
    outs() << upc::gaspEventName(static_cast<upc::GaspEvent>(E)) << "\n";
}

/// Where the translation of \p Input goes: -o, or the input's name with .c
/// in the current directory; empty after reporting that it is the input.
std::string outputFor(const upc::Invocation &Inv, const std::string &Input) {
  if (!Inv.Output.empty())
    return Inv.Output;
  SmallString<256> Name(sys::path::filename(Input));
  sys::path::replace_extension(Name, "c");
  if (sys::fs::equivalent(Name, Input)) {
    upc::reportError("translating '" + Input +
                     "' would overwrite it; name the output with -o");
    return "";
  }
  return std::string(Name);
}

/// The translator form: checks, dumps or translates each input.
int runOnInputs(const upc::Invocation &Inv) {
  for (const std::string &Input : Inv.Inputs)
    if (std::string Why = upc::whyUnreadable(Input); !Why.empty()) {
      upc::reportError(Why);
      return 1;
    }
  upc::UpcDiagnosticPrinter Printer(errs(), "upc-instrument");
  bool OK = true;
  for (const std::string &Input : Inv.Inputs) {
    if (Inv.Act == upc::Action::Translate) {
      std::string Output = outputFor(Inv, Input);
      if (Output.empty())
        return 1;
      OK &= upc::translateUpcFile(Inv.Frontend, Inv.Translate, Input, Output,
                                  Printer);
      continue;
    }
    upc::UpcTranslationUnitHandler Dump;
    if (Inv.Act == upc::Action::DumpUpc)
      Dump = [](upc::UpcTranslationUnit &TU) { dumpUpcView(TU, outs()); };
    OK &= upc::runUpcFrontend(Inv.Frontend, Input, Printer, Dump);
  }
  Printer.printSummary();
  return OK ? 0 : 1;
}

} // namespace

int main(int argc, char **argv) {
  InitLLVM X(argc, argv);
  static int MainAddr;
  upc::Invocation Inv;
  if (!upc::parseInvocation(argv[0], &MainAddr, ArrayRef(argv + 1, argc - 1),
                            Inv))
    return 1;
  switch (Inv.Act) {
  case upc::Action::Help:
    printHelp();
    return 0;
  case upc::Action::Version:
    printVersion();
    return 0;
  case upc::Action::PrintGaspEvents:
    printGaspEvents();
    return 0;
  case upc::Action::Launch:
    return upc::runCompilerLauncher(Inv.Frontend, Inv.Translate, Inv.Launcher,
                                    Inv.Compiler);
  case upc::Action::Sir:
    return upc::runSirCommand(Inv);
  case upc::Action::Translate:
  case upc::Action::SyntaxOnly:
  case upc::Action::DumpUpc:
    return runOnInputs(Inv);
  }
  return 1;
}
