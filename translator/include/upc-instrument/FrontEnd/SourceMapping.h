//===- SourceMapping.h - Locations in the original UPC sources --*- C++ -*-===//
//
// Clang's SourceManager holds the desugared texts. Users, diagnostics, GASP
// events and the emitted C all speak of the original text: this maps
// locations back. Line numbers (and #line) are Clang's own, since the
// desugarer keeps lines; columns and offsets are translated.
//
//===----------------------------------------------------------------------===//

#ifndef UPC_INSTRUMENT_FRONTEND_SOURCEMAPPING_H
#define UPC_INSTRUMENT_FRONTEND_SOURCEMAPPING_H

#include "upc-instrument/FrontEnd/UpcFileSystem.h"

#include "clang/Basic/SourceManager.h"
#include "llvm/ADT/DenseMap.h"

#include <memory>
#include <string>

namespace upc {

/// A location as the user wrote it.
struct OriginalLocation {
  std::string FileName; ///< as named to the compiler or by #line
  unsigned Line = 0;    ///< 1-based, honours #line
  unsigned Column = 0;  ///< 1-based byte column in the original text
  clang::FileID File;
  unsigned Offset = 0;  ///< byte offset in the original text of File
  bool isValid() const { return Line != 0; }
};

class SourceMapping {
public:
  SourceMapping(const clang::SourceManager &SM,
                std::shared_ptr<const DesugaredFileStore> Store)
      : SM(SM), Store(std::move(Store)) {}

  /// The desugared form of a file, or null when Clang read it as C.
  const DesugaredSource *getDesugared(clang::FileID FID) const;

  /// Whether \p Loc is in a UPC file (one that was desugared); macro
  /// locations count where Clang reports them.
  bool isUpcLocation(clang::SourceLocation Loc) const;

  /// The original text of a file (reads it for desugared files).
  llvm::StringRef getOriginalText(clang::FileID FID) const;

  /// The original offset of a file offset in the desugared text.
  unsigned getOriginalOffset(clang::FileID FID, unsigned Offset) const;

  /// Whether \p Loc (a file location) lies in text the desugarer inserted
  /// rather than in text the user wrote.
  bool isInInsertedText(clang::SourceLocation Loc) const;

  /// The text the user wrote for a token range: within one macro argument
  /// or one macro body, the text where it is spelled; otherwise the text of
  /// the macro uses that contain it. Empty if the range is not in one file.
  std::string getOriginalText(clang::SourceRange Range,
                              const clang::LangOptions &LangOpts) const;

  /// The original location of \p Loc; macro locations are first reduced to
  /// the file location where Clang would report them.
  OriginalLocation getOriginalLocation(clang::SourceLocation Loc) const;

  const clang::SourceManager &getSourceManager() const { return SM; }

private:
  const clang::SourceManager &SM;
  std::shared_ptr<const DesugaredFileStore> Store;
  mutable llvm::DenseMap<clang::FileID, const DesugaredSource *> Cache;
  mutable llvm::DenseMap<clang::FileID, std::unique_ptr<std::string>>
      OriginalTexts;
};

} // namespace upc

#endif
