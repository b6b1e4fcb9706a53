//===- Messages.h - upc-instrument's own errors and warnings ----*- C++ -*-===//
//
// Messages about the command line, files and the compiler, as
// "upc-instrument: error: ..." on standard error. Diagnostics of the UPC
// program are UpcDiagnosticPrinter's (at the source's file:line:col).
//
//===----------------------------------------------------------------------===//

#ifndef UPC_INSTRUMENT_TOOLS_MESSAGES_H
#define UPC_INSTRUMENT_TOOLS_MESSAGES_H

#include "llvm/ADT/Twine.h"
#include "llvm/Support/raw_ostream.h"

namespace upc {

inline void reportError(const llvm::Twine &Message) {
  llvm::errs() << "upc-instrument: error: " << Message << "\n";
}

inline void reportWarning(const llvm::Twine &Message) {
  llvm::errs() << "upc-instrument: warning: " << Message << "\n";
}

} // namespace upc

#endif
