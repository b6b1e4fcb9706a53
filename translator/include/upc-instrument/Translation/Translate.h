//===- Translate.h - Translate one UPC file to C ----------------*- C++ -*-===//
//
// The whole translation of one file, stage after stage: the driver's
// translator and launcher forms and upc-translate-fuzzer call it, so that
// what is fuzzed is what users run.
//
//===----------------------------------------------------------------------===//

#ifndef UPC_INSTRUMENT_TRANSLATION_TRANSLATE_H
#define UPC_INSTRUMENT_TRANSLATION_TRANSLATE_H

#include "upc-instrument/FrontEnd/UpcFrontend.h"
#include "upc-instrument/Instrumentation/Instrumentation.h"
#include "upc-instrument/Mir/Probes.h"

#include <string>
#include <vector>

namespace upc {

struct TranslateOptions {
  bool LineDirectives = true;
  bool LocalizeForall = true;
  /// GASP instrumentation (--profile...); off by default.
  InstrumentationOptions Instrumentation;
  /// --mir-request: the probes to compile in (their response paths set
  /// per output by the caller), and which of them the input must hold.
  std::vector<ProbeRequest> MirRequests;
  ProbesRequired MirRequired = ProbesRequired::OfItsFiles;
  /// --mir-dormant: the kinds of regions that get a dormant probe site
  /// (DormantProbes.h), and the SIR compiled in; 0: none.
  unsigned MirDormant = 0;
  /// The other UPC sources of the command, by path: the SIR ids of the
  /// input's files are told apart from theirs (nameSirFiles).
  std::vector<std::string> SirCompanions;
  /// -v: remark on the variables of C headers (process-wide data).
  bool ListProcessWideData = false;
  /// The version the emitted C's banner names (the driver's; the library
  /// does not know it).
  std::string ToolVersion;
};

/// A file the translation read besides its input: a header, by the name
/// under which it was found.
struct Dependency {
  std::string Path;
  /// Found in a system header directory (left out by -MMD).
  bool System = false;
};

/// Translates \p Input to C and writes it to \p Output ("-": standard
/// output). Nothing is written unless the whole translation succeeds; the
/// output appears atomically. Returns false after reporting errors. The
/// headers the translation read are added to \p Dependencies, if given, in
/// the order they were first included. \p Inspect, if given, sees the
/// checked unit before it is lowered (the launcher's SIR). The probe
/// documents of the MIR requests placed in the unit are written beside
/// \p ResponsesBeside (empty: beside \p Output) unless --mir-response
/// said where; their indices are added to \p PlacedProbes, if given.
/// With \p Emitted, the C (made for \p Output) goes there instead, and
/// neither it nor the probe documents are written: the caller writes them
/// (--sir-request, whose outputs are all written or none).
bool translateUpcFile(const UpcFrontendOptions &Frontend,
                      const TranslateOptions &Opts, llvm::StringRef Input,
                      llvm::StringRef Output, UpcDiagnosticPrinter &Printer,
                      std::vector<Dependency> *Dependencies = nullptr,
                      const UpcTranslationUnitHandler &Inspect = nullptr,
                      llvm::StringRef ResponsesBeside = "",
                      std::vector<size_t> *PlacedProbes = nullptr,
                      std::string *Emitted = nullptr);

} // namespace upc

#endif
