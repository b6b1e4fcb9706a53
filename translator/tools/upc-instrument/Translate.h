//===- Translate.h - Translate one UPC file to C ----------------*- C++ -*-===//

#ifndef UPC_INSTRUMENT_TOOLS_TRANSLATE_H
#define UPC_INSTRUMENT_TOOLS_TRANSLATE_H

#include "upc-instrument/FrontEnd/UpcFrontend.h"
#include "upc-instrument/Instrumentation/Instrumentation.h"

#include <string>

namespace upc {

struct TranslateOptions {
  bool LineDirectives = true;
  bool LocalizeForall = true;
  /// GASP instrumentation (--profile...); off by default.
  InstrumentationOptions Instrumentation;
};

/// Translates \p Input to C and writes it to \p Output ("-": standard
/// output). Nothing is written unless the whole translation succeeds; the
/// output appears atomically. Returns false after reporting errors.
bool translateUpcFile(const UpcFrontendOptions &Frontend,
                      const TranslateOptions &Opts, llvm::StringRef Input,
                      llvm::StringRef Output, UpcDiagnosticPrinter &Printer);

} // namespace upc

#endif
