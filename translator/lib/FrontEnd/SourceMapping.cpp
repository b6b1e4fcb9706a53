//===- SourceMapping.cpp --------------------------------------------------===//

#include "upc-instrument/FrontEnd/SourceMapping.h"

#include <algorithm>

using namespace clang;

namespace upc {

const DesugaredSource *SourceMapping::getDesugared(FileID FID) const {
  if (FID.isInvalid())
    return nullptr;
  auto It = Cache.find(FID);
  if (It != Cache.end())
    return It->second;
  const DesugaredSource *D = nullptr;
  if (OptionalFileEntryRef FE = SM.getFileEntryRefForID(FID))
    D = Store->lookup(FE->getName());
  Cache[FID] = D;
  return D;
}

llvm::StringRef SourceMapping::getOriginalText(FileID FID) const {
  if (const DesugaredSource *D = getDesugared(FID))
    return D->Original;
  bool Invalid = false;
  llvm::StringRef Data = SM.getBufferData(FID, &Invalid);
  return Invalid ? llvm::StringRef() : Data;
}

unsigned SourceMapping::getOriginalOffset(FileID FID, unsigned Offset) const {
  const DesugaredSource *D = getDesugared(FID);
  if (!D)
    return Offset;
  return std::min<unsigned>(D->Map.toOriginal(Offset), D->Original.size());
}

bool SourceMapping::isInInsertedText(SourceLocation Loc) const {
  if (Loc.isInvalid())
    return false;
  Loc = SM.getFileLoc(Loc);
  FileID FID = SM.getFileID(Loc);
  const DesugaredSource *D = getDesugared(FID);
  if (!D)
    return false;
  unsigned Offset = SM.getFileOffset(Loc);
  if (FID == SM.getMainFileID() &&
      Offset >= D->Text.size() - Store->MainFileSuffix.size())
    return true;
  return D->Map.isInsideReplacement(Offset);
}

OriginalLocation SourceMapping::getOriginalLocation(SourceLocation Loc) const {
  OriginalLocation Result;
  if (Loc.isInvalid())
    return Result;
  Loc = SM.getFileLoc(Loc);
  PresumedLoc P = SM.getPresumedLoc(Loc);
  if (P.isInvalid())
    return Result;
  Result.File = SM.getFileID(Loc);
  Result.FileName = P.getFilename();
  Result.Line = P.getLine();
  Result.Offset = getOriginalOffset(Result.File, SM.getFileOffset(Loc));
  llvm::StringRef Text = getOriginalText(Result.File);
  size_t LineStart = Text.substr(0, Result.Offset).rfind('\n');
  LineStart = LineStart == llvm::StringRef::npos ? 0 : LineStart + 1;
  Result.Column = Result.Offset - LineStart + 1;
  return Result;
}

} // namespace upc
