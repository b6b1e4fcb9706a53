//===- SourceMapping.cpp --------------------------------------------------===//

#include "upc-instrument/FrontEnd/SourceMapping.h"

#include "clang/Lex/Lexer.h"

#include <algorithm>
#include <cctype>

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

bool SourceMapping::isUpcLocation(SourceLocation Loc) const {
  if (Loc.isInvalid())
    return false;
  return getDesugared(SM.getFileID(SM.getFileLoc(Loc))) != nullptr;
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

std::string SourceMapping::getOriginalText(SourceRange Range,
                                           const LangOptions &LangOpts) const {
  SourceLocation B = Range.getBegin(), E = Range.getEnd();
  if (B.isInvalid() || E.isInvalid())
    return "";
  // A whole macro expansion is what the user wrote: the macro's use.
  SourceLocation MacroBegin, MacroEnd;
  bool WholeExpansion =
      B.isMacroID() && E.isMacroID() &&
      Lexer::isAtStartOfMacroExpansion(B, SM, LangOpts, &MacroBegin) &&
      Lexer::isAtEndOfMacroExpansion(E, SM, LangOpts, &MacroEnd);
  // Otherwise, text spelled together (one macro argument, one macro body,
  // or plain text) is shown where it is spelled.
  SourceLocation SB = SM.getSpellingLoc(B), SE = SM.getSpellingLoc(E);
  // One end in a macro and the other not: the text between the uses.
  bool Mixed = B.isMacroID() != E.isMacroID();
  if (WholeExpansion || Mixed || SM.getFileID(SB) != SM.getFileID(SE) ||
      SM.isBeforeInTranslationUnit(SE, SB)) {
    CharSourceRange R = SM.getExpansionRange(Range);
    SB = R.getBegin();
    SE = R.getEnd();
  }
  FileID FID = SM.getFileID(SB);
  if (FID != SM.getFileID(SE))
    return "";
  unsigned Begin = getOriginalOffset(FID, SM.getFileOffset(SB));
  unsigned End = getOriginalOffset(
      FID, SM.getFileOffset(SE) + Lexer::MeasureTokenLength(SE, SM, LangOpts));
  llvm::StringRef Text = getOriginalText(FID);
  if (Begin > End || End > Text.size())
    return "";
  // One line: runs of white space (and line continuations) become one space.
  llvm::StringRef Slice = Text.slice(Begin, End);
  std::string Out;
  bool Space = false;
  for (size_t I = 0; I < Slice.size(); ++I) {
    char Ch = Slice[I];
    bool Continuation = Ch == '\\' && I + 1 < Slice.size() &&
                        (Slice[I + 1] == '\n' || Slice[I + 1] == '\r');
    if (Continuation || isspace(static_cast<unsigned char>(Ch))) {
      Space = true;
      continue;
    }
    if (Space && !Out.empty())
      Out += ' ';
    Space = false;
    Out += Ch;
  }
  return Out;
}

OriginalLocation SourceMapping::getOriginalLocation(SourceLocation Loc) const {
  OriginalLocation Result;
  if (Loc.isInvalid())
    return Result;
  Loc = SM.getFileLoc(Loc);
  // The text appended to the main file (the block size evaluation) holds
  // Clang's end of file: put it where Clang puts it in a file without that
  // text, on the user's last line break (\n, \r\n or \r) if there is one.
  if (FileID FID = SM.getFileID(Loc); FID == SM.getMainFileID())
    if (const DesugaredSource *D = getDesugared(FID)) {
      llvm::StringRef User =
          llvm::StringRef(D->Text).drop_back(Store->MainFileSuffix.size());
      unsigned Offset = SM.getFileOffset(Loc);
      if (Offset > User.size()) {
        size_t End = User.size();
        if (End && (User[End - 1] == '\n' || User[End - 1] == '\r')) {
          --End;
          if (End && User[End - 1] == '\r' && User[End] == '\n')
            --End;
        }
        Loc = Loc.getLocWithOffset(int(End) - int(Offset));
      }
    }
  PresumedLoc P = SM.getPresumedLoc(Loc);
  if (P.isInvalid())
    return Result;
  Result.File = SM.getFileID(Loc);
  Result.FileName = P.getFilename();
  Result.Line = P.getLine();
  Result.Offset = getOriginalOffset(Result.File, SM.getFileOffset(Loc));
  llvm::StringRef Text = getOriginalText(Result.File);
  // A line ends at \n, \r\n or a lone \r, as for Clang's SourceManager.
  size_t LineStart = Text.substr(0, Result.Offset).find_last_of("\r\n");
  LineStart = LineStart == llvm::StringRef::npos ? 0 : LineStart + 1;
  Result.Column = Result.Offset - LineStart + 1;
  // In or after a macro use replaced by its expansion: the column in the
  // user's text (inside the expansion, the use's own column).
  if (const DesugaredSource *D = getDesugared(Result.File))
    for (const DesugaredSource::ReplacedSpan &R : D->Replaced) {
      if (Result.Line == R.Line && Result.Column >= R.Column) {
        if (Result.Column < R.Column + R.Length)
          Result.Column = R.Column;
        else if (R.EndLine == R.Line)
          Result.Column = Result.Column - R.Length + (R.EndColumn - R.Column);
      } else if (Result.Line == R.EndLine && R.EndLine != R.Line) {
        Result.Column += R.EndColumn - 1;
      }
    }
  return Result;
}

} // namespace upc
