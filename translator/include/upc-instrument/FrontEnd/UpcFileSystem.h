//===- UpcFileSystem.h - Desugar UPC files as Clang reads them --*- C++ -*-===//
//
// A virtual file system over the real one: a file that is UPC (the main
// file, .upc/.uph files, the project's UPC headers, and any header outside the
// system include directories) is read through the desugarer; every other
// file (C system headers) is passed through untouched, so UPC words stay
// plain identifiers there.
//
//===----------------------------------------------------------------------===//

#ifndef UPC_INSTRUMENT_FRONTEND_UPCFILESYSTEM_H
#define UPC_INSTRUMENT_FRONTEND_UPCFILESYSTEM_H

#include "upc-instrument/Desugar/UpcDesugarer.h"

#include "llvm/ADT/StringMap.h"
#include "llvm/Support/VirtualFileSystem.h"

#include <map>
#include <memory>
#include <mutex>
#include <string>
#include <vector>

namespace upc {

/// Which files are UPC, decided by path.
struct UpcFileClassifier {
  /// The translation unit's main file (real path); always UPC.
  std::string MainFile;
  /// Directories (real paths) of the project's UPC headers; files there are
  /// UPC.
  std::vector<std::string> UpcHeaderDirs;
  /// System include directories (real paths); files there are C.
  std::vector<std::string> SystemDirs;

  bool isUpcFile(llvm::StringRef RealPath) const;
};

/// A span of a file's original text (1-based lines and columns, the end
/// exclusive) replaced before desugaring: a use of a macro by its expansion
/// (MacroExpansion.h).
struct SourceReplacement {
  unsigned Line = 0, Column = 0, EndLine = 0, EndColumn = 0;
  std::string Text;
};

/// \p Original with \p Replacements (in any order, not overlapping) made.
/// Each keeps the line breaks of the text it replaces (after it), so that
/// the lines that follow keep their numbers.
std::string applyReplacements(llvm::StringRef Original,
                              std::vector<SourceReplacement> Replacements);

/// Desugared files by the path Clang opened them with. Shared between the
/// file system (which fills it) and the front end (which maps locations).
class DesugaredFileStore {
public:
  /// The desugared form of a file Clang opened by \p Path, or null when the
  /// file was read as C.
  const DesugaredSource *lookup(llvm::StringRef Path) const;

  /// Text appended to the main file after desugaring (not in the original).
  std::string MainFileSuffix;

  /// Options for desugaring each file, by real path.
  llvm::StringMap<DesugarOptions> Options;
  /// Edits of each file's original text before desugaring, by real path.
  std::map<std::string, std::vector<SourceReplacement>> Replacements;

private:
  friend class UpcOverlayFileSystem;
  mutable std::mutex Mutex;
  llvm::StringMap<std::shared_ptr<DesugaredSource>> ByRealPath;
  llvm::StringMap<std::shared_ptr<DesugaredSource>> ByPath;
};

/// Creates the overlay over \p Base.
llvm::IntrusiveRefCntPtr<llvm::vfs::FileSystem>
createUpcOverlayFileSystem(llvm::IntrusiveRefCntPtr<llvm::vfs::FileSystem> Base,
                           UpcFileClassifier Classifier,
                           std::shared_ptr<DesugaredFileStore> Store);

/// The real path of \p Path if it exists, else \p Path made absolute.
std::string canonicalPath(llvm::StringRef Path);

} // namespace upc

#endif
