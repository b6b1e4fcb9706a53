//===- Translate.cpp - Translate one UPC file to C ------------------------===//

#include "Translate.h"
#include "BuildConfig.h"
#include "upc-instrument/Emission/CEmitter.h"
#include "upc-instrument/Lowering/Lowering.h"
#include "upc-instrument/Mir/Sir.h"

#include "clang/Frontend/CompilerInstance.h"
#include "llvm/Support/raw_ostream.h"

namespace upc {

bool translateUpcFile(const UpcFrontendOptions &Frontend,
                      const TranslateOptions &Opts, llvm::StringRef Input,
                      llvm::StringRef Output, UpcDiagnosticPrinter &Printer,
                      std::vector<Dependency> *Dependencies,
                      const UpcTranslationUnitHandler &Inspect,
                      llvm::StringRef ResponsesBeside) {
  bool Written = false;
  std::vector<ProbeRequest> Requests = Opts.MirRequests;
  setProbeResponsePaths(Requests,
                        ResponsesBeside.empty() ? Output : ResponsesBeside);
  auto Handler = [&](UpcTranslationUnit &TU) {
    if (Inspect)
      Inspect(TU);
    if (Dependencies) {
      const clang::SourceManager &SM = TU.Compiler.getSourceManager();
      // A header included again (skipped by its guard) is not entered again.
      for (const InclusionDirective &D : TU.Includes.directives())
        if (D.File && D.Entered.isValid())
          Dependencies->push_back(
              {D.File->getName().str(),
               clang::SrcMgr::isSystem(SM.getFileCharacteristic(
                   SM.getLocForStartOfFile(D.Entered)))});
    }
    LoweringOptions LOpts;
    LOpts.LineDirectives = Opts.LineDirectives;
    LOpts.LocalizeForall = Opts.LocalizeForall;
    std::optional<GaspRuntimeCalls> Gasp;
    if (Opts.Instrumentation.isEnabled()) {
      Gasp.emplace(Opts.Instrumentation, TU.Upc);
      LOpts.Calls = &*Gasp;
    }
    LOpts.GaspGated = Opts.Instrumentation.Gated;
    ProbeResolution Probes;
    if (!Requests.empty()) {
      if (!resolveProbes(buildSirFiles(TU), Requests, Opts.MirAllHere, TU.AST,
                         Probes))
        return; // reported; nothing is written
      LOpts.Probes = Probes.Placements;
    }
    LoweredUnit Unit;
    if (!lowerTranslationUnit(TU, LOpts, Unit))
      return; // reported; nothing is written
    EmissionOptions EOpts;
    EOpts.LineDirectives = Opts.LineDirectives;
    EOpts.OutputName = Output == "-" ? "" : Output.str();
    EOpts.StaticThreads = Frontend.Threads.StaticThreads;
    EOpts.ToolVersion = UPC_INSTRUMENT_VERSION;
    std::string Text = emitC(TU, Unit, EOpts);
    std::string Failure = writeFileAtomically(Output, Text);
    if (!Failure.empty()) {
      llvm::errs() << "upc-instrument: error: cannot write '" << Output
                   << "': " << Failure << "\n";
      return;
    }
    Written = writeProbeResponses(Requests, Probes.Placed);
  };
  return runUpcFrontend(Frontend, Input, Printer, Handler) && Written;
}

} // namespace upc
