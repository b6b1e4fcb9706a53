//===- SirCommand.cpp - upc-instrument --sir, --sir-request ---------------===//

#include "SirCommand.h"
#include "Messages.h"

#include "upc-instrument/Emission/CEmitter.h"
#include "upc-instrument/Mir/Sir.h"
#include "upc-instrument/Mir/SirRequest.h"

#include "llvm/Support/FileSystem.h"
#include "llvm/Support/raw_ostream.h"

using namespace llvm;

namespace upc {

int runSirCommand(const Invocation &Inv) {
  SirDocument Doc;
  std::vector<std::string> Inputs = Inv.Inputs;
  if (!Inv.SirRequest.empty()) {
    std::vector<SirRequestResource> Resources;
    std::string Error;
    if (!readSirRequest(Inv.SirRequest, Resources, Error)) {
      errs() << Error << "\n";
      return 1;
    }
    for (const SirRequestResource &R : Resources) {
      if (!sys::fs::exists(R.InPath)) {
        errs() << Inv.SirRequest << ":" << R.Line << ": error: resource '"
               << R.Resource.In << "': no such file '" << R.InPath << "'\n";
        return 1;
      }
      Doc.Resources.push_back(R.Resource);
      Inputs.push_back(R.InPath);
    }
  }
  UpcDiagnosticPrinter Printer(errs(), "upc-instrument");
  bool OK = true;
  for (const std::string &Input : Inputs) {
    if (std::string Why = whyUnreadable(Input); !Why.empty()) {
      reportError(Why);
      return 1;
    }
    OK &= runUpcFrontend(Inv.Frontend, Input, Printer,
                         [&](UpcTranslationUnit &TU) {
                           for (SirFile &F : buildSirFiles(TU))
                             Doc.Files.push_back(std::move(F));
                         });
  }
  Printer.printSummary();
  if (!OK)
    return 1;
  std::string Failure =
      writeFileAtomically(Inv.Output.empty() ? "-" : Inv.Output,
                          writeSir(Doc));
  if (!Failure.empty()) {
    reportError("cannot write '" + Inv.Output + "': " + Failure);
    return 1;
  }
  return 0;
}

} // namespace upc
