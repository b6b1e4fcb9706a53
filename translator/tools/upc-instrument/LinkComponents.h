//===- LinkComponents.h - What a UPC program is linked with -----*- C++ -*-===//
//
// The installed parts a link of a UPC program adds (the runtime of a
// backend, a GASP tool), each an archive in lib/upc-instrument with the
// link arguments it needs listed beside it; and whether an object or
// archive holds translated UPC code, which decides whether a link needs
// them at all.
//
//===----------------------------------------------------------------------===//

#ifndef UPC_INSTRUMENT_TOOLS_LINKCOMPONENTS_H
#define UPC_INSTRUMENT_TOOLS_LINKCOMPONENTS_H

#include "llvm/ADT/StringRef.h"

#include <string>
#include <vector>

namespace upc {

/// A runtime backend as the launcher uses it.
struct Backend {
  /// libupcr-<name>.a.
  std::string Library;
  /// Linked after the library.
  std::vector<std::string> LinkArgs = {"-lpthread"};
  /// Added when compiling translated C for it.
  std::vector<std::string> CompileArgs;
};

/// Finds the runtime of the backend \p Name in \p LibDir
/// (libupcr-<name>.a, and the link arguments listed in upcr-<name>.libs);
/// false after reporting an unknown backend with the ones available.
bool findBackend(llvm::StringRef LibDir, llvm::StringRef Name, Backend &B);

/// Finds the GASP tool \p Name in \p LibDir (libupc-gasp-<name>.a, and the
/// extra link arguments listed in upc-gasp-<name>.libs); false after
/// reporting an unknown tool with the ones available.
bool findGaspTool(llvm::StringRef LibDir, llvm::StringRef Name,
                  std::vector<std::string> &LinkArgs);

/// Whether the object file, archive or shared library at \p Path holds
/// translated UPC code (a section where the runtime finds the UPC files of
/// a program: RuntimeNames.h's FilesSection).
bool containsUpcCode(llvm::StringRef Path);

} // namespace upc

#endif
