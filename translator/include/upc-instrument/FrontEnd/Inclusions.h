//===- Inclusions.h - The #include directives of a translation unit -*- C++ -*-===//
//
// Emission keeps C headers as #include lines and replaces the inclusion of a
// UPC header by its translation, so it needs every #include directive of the
// translated files: where it is, what it found, and which file entry (if any)
// it produced. Skipped inclusions (include guards, #pragma once) are recorded
// too: they produce no file entry.
//
//===----------------------------------------------------------------------===//

#ifndef UPC_INSTRUMENT_FRONTEND_INCLUSIONS_H
#define UPC_INSTRUMENT_FRONTEND_INCLUSIONS_H

#include "clang/Basic/SourceLocation.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Lex/PPCallbacks.h"
#include "llvm/ADT/DenseMap.h"

#include <string>
#include <vector>

namespace upc {

struct InclusionDirective {
  clang::SourceLocation HashLoc;     ///< the '#'
  clang::SourceLocation FilenameEnd; ///< just after the file name
  std::string Spelled;               ///< the name as written
  bool IsAngled = false;
  /// The header found, or none if it was not found.
  clang::OptionalFileEntryRef File;
  /// The file entry the inclusion produced; invalid if it was skipped.
  clang::FileID Entered;
};

class Inclusions {
public:
  const std::vector<InclusionDirective> &directives() const {
    return Directives;
  }
  /// The directive that produced \p FID, or null (the main file).
  const InclusionDirective *findByEnteredFile(clang::FileID FID) const;

  /// Records into \p Into.
  class Recorder : public clang::PPCallbacks {
  public:
    Recorder(const clang::SourceManager &SM, Inclusions &Into)
        : SM(SM), Into(Into) {}
    void InclusionDirective(clang::SourceLocation HashLoc,
                            const clang::Token &IncludeTok,
                            llvm::StringRef FileName, bool IsAngled,
                            clang::CharSourceRange FilenameRange,
                            clang::OptionalFileEntryRef File,
                            llvm::StringRef SearchPath,
                            llvm::StringRef RelativePath,
                            const clang::Module *SuggestedModule,
                            bool ModuleImported,
                            clang::SrcMgr::CharacteristicKind FileType) override;
    void FileChanged(clang::SourceLocation Loc, FileChangeReason Reason,
                     clang::SrcMgr::CharacteristicKind FileType,
                     clang::FileID PrevFID) override;

  private:
    const clang::SourceManager &SM;
    Inclusions &Into;
  };

private:
  std::vector<InclusionDirective> Directives;
  llvm::DenseMap<clang::FileID, size_t> ByEnteredFile;
};

} // namespace upc

#endif
