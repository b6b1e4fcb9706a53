//===- Messages.h - upc-instrument's own errors and warnings ----*- C++ -*-===//
//
// Messages about the command line, files and the compiler, as
// "upc-instrument: error: ..." on standard error, and why an input cannot
// be read. Diagnostics of the UPC program are UpcDiagnosticPrinter's (at the
// source's file:line:col).
//
//===----------------------------------------------------------------------===//

#ifndef UPC_INSTRUMENT_TOOLS_MESSAGES_H
#define UPC_INSTRUMENT_TOOLS_MESSAGES_H

#include "llvm/ADT/Twine.h"
#include "llvm/Support/Error.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/raw_ostream.h"

#include <string>

namespace upc {

inline void reportError(const llvm::Twine &Message) {
  llvm::errs() << "upc-instrument: error: " << Message << "\n";
}

inline void reportWarning(const llvm::Twine &Message) {
  llvm::errs() << "upc-instrument: warning: " << Message << "\n";
}

/// Why \p Path cannot be read as a source file; empty if it can.
inline std::string whyUnreadable(const std::string &Path) {
  llvm::sys::fs::file_status Status;
  if (std::error_code EC = llvm::sys::fs::status(Path, Status))
    return EC == std::errc::no_such_file_or_directory
               ? "no such file or directory: '" + Path + "'"
               : "cannot read '" + Path + "': " + EC.message();
  if (llvm::sys::fs::is_directory(Status))
    return "'" + Path + "' is a directory, not a source file";
  llvm::Expected<llvm::sys::fs::file_t> F =
      llvm::sys::fs::openNativeFileForRead(Path);
  if (!F)
    return "cannot read '" + Path + "': " + llvm::toString(F.takeError());
  llvm::sys::fs::closeFile(*F);
  return "";
}

} // namespace upc

#endif
