//===- CEmitter.h - The translated C file -----------------------*- C++ -*-===//
//
// Assembles the C file from a lowered translation unit: a prologue that
// gives the C compiler the UPC environment the translation assumed
// (predefined macros, the runtime interface), the edited main file with each
// translated UPC header inlined where it is included, and an epilogue with
// the file's start-up functions (UPCRI_ALLOC_<file>_<hash>,
// UPCRI_INIT_<file>_<hash>), their registration, and the program's main if
// the file defines the user's. #line directives keep the UPC source's file
// names and line numbers.
//
//===----------------------------------------------------------------------===//

#ifndef UPC_INSTRUMENT_EMISSION_CEMITTER_H
#define UPC_INSTRUMENT_EMISSION_CEMITTER_H

#include "upc-instrument/Lowering/Lowering.h"

#include "llvm/ADT/StringRef.h"

#include <optional>
#include <string>

namespace upc {

struct UpcTranslationUnit;

struct EmissionOptions {
  bool LineDirectives = true;
  /// The name of the C file being written (for #line in generated code);
  /// empty when unknown (standard output).
  std::string OutputName;
  std::optional<unsigned> StaticThreads;
  /// The program runs on a backend where every thread addresses every
  /// segment (pthreads): shared accesses need no remote path.
  bool AllSegmentsAddressable = true;
  std::string ToolVersion;
};

/// The C text of \p Unit.
std::string emitC(const UpcTranslationUnit &TU, LoweredUnit &Unit,
                  const EmissionOptions &Opts);

/// The per-file start-up function names' suffix: the file's stem and a hash
/// of its absolute path (stable across compilations of the same file).
std::string staticDataSuffix(llvm::StringRef MainFilePath);

/// Writes \p Text to \p Path ("-": standard output) through a temporary
/// file renamed into place, so that no partial file is ever left; a path
/// that names something other than a file or a directory (a device, a pipe)
/// is written through. Returns an error message, or an empty string.
std::string writeFileAtomically(llvm::StringRef Path, llvm::StringRef Text);

} // namespace upc

#endif
