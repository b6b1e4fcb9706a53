//===- SirCommand.cpp - upc-instrument --sir, --sir-request ---------------===//
//
// The SIR of the inputs and of a SIR request's resources, as one document.
// A resource with `out` (MIR, section 2: "where they should be written back
// after the instrumentation") is also translated, with the command's
// instrumentation options and --mir-request probes, and its C is written
// there. Every file is staged beside its destination and renamed there only
// once all of them are made: a command that fails writes nothing.
//
//===----------------------------------------------------------------------===//

#include "SirCommand.h"
#include "Messages.h"

#include "upc-instrument/Emission/CEmitter.h"
#include "upc-instrument/Mir/Sir.h"
#include "upc-instrument/Mir/SirRequest.h"

#include "llvm/Support/FileSystem.h"
#include "llvm/Support/raw_ostream.h"

#include "mir_document.h"

#include <cstdlib>
#include <utility>

using namespace llvm;

namespace upc {

namespace {

/// Files written all or none: each staged in a temporary file beside its
/// destination (as writeFileAtomically does), renamed over it by commit().
/// Standard output and existing files that are not regular ones
/// (/dev/null) are written at commit() instead.
class StagedFiles {
public:
  StagedFiles() = default;
  StagedFiles(const StagedFiles &) = delete;
  StagedFiles &operator=(const StagedFiles &) = delete;
  ~StagedFiles() {
    for (auto &[Temp, Path] : Temps)
      consumeError(Temp.discard());
  }

  /// Stages \p Text for \p Path; false after reporting why it cannot be.
  bool stage(const std::string &Path, std::string Text) {
    if (Path == "-" ||
        (sys::fs::exists(Path) && !sys::fs::is_regular_file(Path))) {
      Direct.emplace_back(Path, std::move(Text));
      return true;
    }
    Expected<sys::fs::TempFile> Temp =
        sys::fs::TempFile::create(Path + ".temp-%%%%%%");
    if (!Temp) {
      reportError("cannot write '" + Path + "': " + toString(Temp.takeError()));
      return false;
    }
    raw_fd_ostream OS(Temp->FD, /*shouldClose=*/false);
    OS << Text;
    OS.flush();
    if (OS.has_error()) {
      reportError("cannot write '" + Path + "': " + OS.error().message());
      OS.clear_error();
      consumeError(Temp->discard());
      return false;
    }
    Temps.emplace_back(std::move(*Temp), Path);
    return true;
  }

  /// Renames the staged files to their destinations, then writes the
  /// others; false after reporting one that could not be written.
  bool commit() {
    bool OK = true;
    for (auto &[Temp, Path] : Temps)
      if (Error E = Temp.keep(Path)) {
        reportError("cannot write '" + Path + "': " + toString(std::move(E)));
        OK = false;
      }
    Temps.clear();
    for (const auto &[Path, Text] : Direct)
      if (std::string Failure = writeFileAtomically(Path, Text);
          !Failure.empty()) {
        reportError("cannot write '" + Path + "': " + Failure);
        OK = false;
      }
    Direct.clear();
    return OK;
  }

private:
  std::vector<std::pair<sys::fs::TempFile, std::string>> Temps;
  std::vector<std::pair<std::string, std::string>> Direct;
};

} // namespace

int runSirCommand(const Invocation &Inv) {
  SirDocument Doc;
  std::vector<std::string> Inputs = Inv.Inputs;
  // Where each input is written back (a resource's out); empty: nowhere.
  std::vector<std::string> Outs(Inputs.size());
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
      Outs.push_back(R.OutPath);
    }
    if (!checkSirRequestOutputs(Inv.SirRequest, Resources, Inv.Inputs,
                                Inv.Output, Error)) {
      errs() << Error << "\n";
      return 1;
    }
  }
  // The probes' documents go beside the SIR, as beside a translation's -o.
  std::vector<ProbeRequest> Requests = Inv.Translate.MirRequests;
  setProbeResponsePaths(Requests, Inv.Output);
  std::vector<bool> Placed(Requests.size());
  // SIR ids tell the document's files of the same name apart.
  TranslateOptions Named = Inv.Translate;
  Named.SirCompanions = Inputs;
  std::vector<std::vector<SirFile>> Sirs(Inputs.size());
  std::vector<std::string> Texts(Inputs.size()), Translated;
  UpcDiagnosticPrinter Printer(errs(), "upc-instrument");
  bool OK = true;
  for (size_t K = 0; K < Inputs.size(); ++K) {
    if (std::string Why = whyUnreadable(Inputs[K]); !Why.empty()) {
      reportError(Why);
      return 1;
    }
    // The SIR of the source as written: a second translation with macro
    // uses expanded (Translate.h) does not replace it.
    bool Seen = false;
    auto Inspect = [&](UpcTranslationUnit &TU) {
      if (!std::exchange(Seen, true))
        Sirs[K] = buildSirFiles(TU);
    };
    if (Outs[K].empty()) {
      OK &= runUpcFrontend(Inv.Frontend, Inputs[K], Printer, Inspect);
      continue;
    }
    std::vector<size_t> PlacedHere;
    OK &= translateUpcFile(Inv.Frontend, Named, Inputs[K], Outs[K], Printer,
                           nullptr, Inspect, "", &PlacedHere, &Texts[K]);
    for (size_t P : PlacedHere)
      Placed[P] = true;
    Translated.push_back(Inputs[K]);
  }
  Printer.printSummary();
  if (!OK)
    return 1;
  // Every probe must be in a resource written back: nothing else holds it.
  bool Probes = false;
  for (const ProbeRequest &R : Requests)
    Probes |= !R.DefaultsOnly;
  if (Probes && Translated.empty()) {
    reportError("'--mir-request' compiles probes into the resources the SIR "
                "request writes back, and none of its resources has an out");
    return 1;
  }
  if (Probes && !checkProbesPlaced(Requests, Placed, Translated))
    return 1;

  for (std::vector<SirFile> &Files : Sirs)
    for (SirFile &F : Files)
      Doc.Files.push_back(std::move(F));
  nameSirFiles(Doc.Files);
  StagedFiles Files;
  for (size_t K = 0; K < Inputs.size(); ++K)
    if (!Outs[K].empty() && !Files.stage(Outs[K], std::move(Texts[K])))
      return 1;
  for (size_t P = 0; P < Requests.size(); ++P) {
    if (!Placed[P])
      continue;
    char *Response = mir_probe_document(Requests[P].Id.c_str());
    if (!Response) {
      reportError("out of memory");
      return 1;
    }
    bool Staged = Files.stage(Requests[P].ResponsePath, Response);
    std::free(Response);
    if (!Staged)
      return 1;
  }
  if (!Files.stage(Inv.Output.empty() ? "-" : Inv.Output, writeSir(Doc)))
    return 1;
  return Files.commit() ? 0 : 1;
}

} // namespace upc
