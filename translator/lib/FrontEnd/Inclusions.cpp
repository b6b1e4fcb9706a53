//===- Inclusions.cpp -----------------------------------------------------===//

#include "upc-instrument/FrontEnd/Inclusions.h"
#include "upc-instrument/Support/OwnCode.h"

using namespace clang;

namespace upc {

const InclusionDirective *Inclusions::findByEnteredFile(FileID FID) const {
  auto It = ByEnteredFile.find(FID);
  return It == ByEnteredFile.end() ? nullptr : &Directives[It->second];
}

void Inclusions::Recorder::InclusionDirective(
    SourceLocation HashLoc, const Token &, StringRef FileName, bool IsAngled,
    CharSourceRange FilenameRange, OptionalFileEntryRef File, StringRef,
    StringRef, const Module *, bool, SrcMgr::CharacteristicKind) {
  OwnCodeScope Own;
  upc::InclusionDirective D;
  D.HashLoc = HashLoc;
  D.FilenameEnd = FilenameRange.getEnd();
  D.Spelled = FileName.str();
  D.IsAngled = IsAngled;
  D.File = File;
  Into.Directives.push_back(std::move(D));
}

void Inclusions::Recorder::FileChanged(SourceLocation Loc,
                                       FileChangeReason Reason,
                                       SrcMgr::CharacteristicKind, FileID) {
  OwnCodeScope Own;
  if (Reason != EnterFile || Into.Directives.empty())
    return;
  FileID Entered = SM.getFileID(Loc);
  SourceLocation IncludeLoc = SM.getIncludeLoc(Entered);
  upc::InclusionDirective &Last = Into.Directives.back();
  // The file entered by the directive just recorded: its include location
  // lies on that directive (between the '#' and the end of the file name).
  if (Last.Entered.isInvalid() && IncludeLoc.isValid() &&
      SM.getFileID(IncludeLoc) == SM.getFileID(Last.HashLoc) &&
      !SM.isBeforeInTranslationUnit(IncludeLoc, Last.HashLoc) &&
      !SM.isBeforeInTranslationUnit(Last.FilenameEnd, IncludeLoc)) {
    Last.Entered = Entered;
    Into.ByEnteredFile[Entered] = Into.Directives.size() - 1;
  }
}

} // namespace upc
