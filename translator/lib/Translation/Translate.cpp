//===- Translate.cpp - Translate one UPC file to C ------------------------===//

#include "upc-instrument/Translation/Translate.h"
#include "upc-instrument/Emission/CEmitter.h"
#include "upc-instrument/FrontEnd/MacroExpansion.h"
#include "upc-instrument/Lowering/Lowering.h"
#include "upc-instrument/Mir/DormantProbes.h"
#include "upc-instrument/Mir/Sir.h"

#include "clang/Frontend/CompilerInstance.h"
#include "llvm/Support/raw_ostream.h"

namespace upc {

namespace {

/// One translation of \p Input; with \p MacroUses non-null, uses of macros
/// that the lowering could not place are listed there instead of reported.
/// With \p Emitted non-null, the C goes there and nothing is written.
bool translateOnce(const UpcFrontendOptions &Frontend,
                   const TranslateOptions &Opts, llvm::StringRef Input,
                   llvm::StringRef Output, UpcDiagnosticPrinter &Printer,
                   std::vector<Dependency> *Dependencies,
                   const UpcTranslationUnitHandler &Inspect,
                   llvm::StringRef ResponsesBeside,
                   std::vector<std::pair<unsigned, unsigned>> *MacroUses,
                   std::vector<size_t> *PlacedProbes, std::string *Emitted) {
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
    LOpts.ListProcessWideData = Opts.ListProcessWideData;
    std::optional<GaspRuntimeCalls> Gasp;
    if (Opts.Instrumentation.isEnabled()) {
      Gasp.emplace(Opts.Instrumentation, TU.Upc);
      LOpts.Calls = &*Gasp;
    }
    LOpts.GaspGated = Opts.Instrumentation.Gated;
    ProbeResolution Probes;
    std::vector<SirFile> Sir;
    if (!Requests.empty() || Opts.MirDormant)
      Sir = buildSirFiles(TU, Opts.SirCompanions);
    if (!Requests.empty()) {
      if (!resolveProbes(Sir, Requests, Opts.MirRequired, TU.AST, Probes))
        return; // reported; nothing is written
      LOpts.Probes = Probes.Placements;
    }
    if (Opts.MirDormant) {
      addDormantProbes(Sir, Opts.MirDormant, TU.AST, LOpts.Probes);
      LOpts.EmbeddedSir = writeSir({{}, Sir});
    }
    LOpts.DeferMacroUses = MacroUses != nullptr;
    LoweredUnit Unit;
    if (!lowerTranslationUnit(TU, LOpts, Unit)) {
      if (MacroUses)
        *MacroUses = std::move(Unit.MacroUses);
      return; // reported (or deferred); nothing is written
    }
    EmissionOptions EOpts;
    EOpts.LineDirectives = Opts.LineDirectives;
    EOpts.OutputName = Output == "-" ? "" : Output.str();
    EOpts.StaticThreads = Frontend.Threads.StaticThreads;
    EOpts.ToolVersion = Opts.ToolVersion;
    std::string Text = emitC(TU, Unit, EOpts);
    if (Emitted) {
      *Emitted = std::move(Text);
      Written = true;
    } else {
      std::string Failure = writeFileAtomically(Output, Text);
      if (!Failure.empty()) {
        llvm::errs() << "upc-instrument: error: cannot write '" << Output
                     << "': " << Failure << "\n";
        return;
      }
      Written = writeProbeResponses(Requests, Probes.Placed);
    }
    if (Written && PlacedProbes)
      PlacedProbes->insert(PlacedProbes->end(), Probes.Placed.begin(),
                           Probes.Placed.end());
  };
  return runUpcFrontend(Frontend, Input, Printer, Handler) && Written;
}

} // namespace

bool translateUpcFile(const UpcFrontendOptions &Frontend,
                      const TranslateOptions &Opts, llvm::StringRef Input,
                      llvm::StringRef Output, UpcDiagnosticPrinter &Printer,
                      std::vector<Dependency> *Dependencies,
                      const UpcTranslationUnitHandler &Inspect,
                      llvm::StringRef ResponsesBeside,
                      std::vector<size_t> *PlacedProbes, std::string *Emitted) {
  using Repeats = UpcDiagnosticPrinter::WarningRepeats;
  std::vector<std::pair<unsigned, unsigned>> MacroUses;
  std::vector<Dependency> FirstDependencies;
  Printer.setWarningRepeats(Repeats::Remember);
  bool Translated =
      translateOnce(Frontend, Opts, Input, Output, Printer,
                    Dependencies ? &FirstDependencies : nullptr, Inspect,
                    ResponsesBeside, &MacroUses, PlacedProbes, Emitted);
  if (Translated && Dependencies)
    Dependencies->insert(Dependencies->end(), FirstDependencies.begin(),
                         FirstDependencies.end());
  if (Translated || MacroUses.empty()) {
    Printer.setWarningRepeats(Repeats::Show);
    return Translated;
  }
  // Macro uses whose UPC the translation cannot place: translate the file
  // again as if the user had written their expansions (MacroExpansion.h).
  // A use that cannot be expanded keeps its error in the second translation.
  UpcFrontendOptions Expanded = Frontend;
  std::string Real = canonicalPath(Input);
  Expanded.Replacements[Real] = expandMacroUses(Frontend, Input, MacroUses);
  Printer.setWarningRepeats(Repeats::Skip);
  bool Ok =
      translateOnce(Expanded, Opts, Input, Output, Printer, Dependencies,
                    Inspect, ResponsesBeside, nullptr, PlacedProbes, Emitted);
  Printer.setWarningRepeats(Repeats::Show);
  return Ok;
}

} // namespace upc
