//===- SourceEdits.cpp ----------------------------------------------------===//

#include "upc-instrument/Lowering/SourceEdits.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"

#include <algorithm>

namespace upc {

namespace {
unsigned countNewlines(llvm::StringRef S) { return S.count('\n'); }

/// The end of the comment that starts at \p I of \p T (`/*` or `//`).
size_t commentEnd(llvm::StringRef T, size_t I) {
  if (T[I + 1] == '*') {
    size_t E = T.find("*/", I + 2);
    return E == llvm::StringRef::npos ? T.size() : E + 2;
  }
  // A line comment goes on over escaped line breaks.
  size_t E = I + 2;
  while (E < T.size() && (T[E] != '\n' || T[E - 1] == '\\'))
    ++E;
  return E;
}

/// The end of the string or character literal that starts at \p I of \p T
/// (or of its line, if it is not closed there).
size_t literalEnd(llvm::StringRef T, size_t I) {
  size_t E = I + 1;
  while (E < T.size() && T[E] != T[I] && T[E] != '\n')
    E += T[E] == '\\' ? 2 : 1;
  return std::min(E + 1, T.size());
}

bool isComment(llvm::StringRef T, size_t I) {
  return T[I] == '/' && I + 1 < T.size() && (T[I + 1] == '*' || T[I + 1] == '/');
}

/// The preprocessor directives in \p T that define or undefine macros or
/// choose text (`#define`, `#undef`, `#if` ... `#endif`), whole, each ending
/// with a line break. \p AtLineStart: nothing but blanks precede \p T on
/// its line. Comments and literals are skipped.
std::vector<std::string> macroDirectives(llvm::StringRef T, bool AtLineStart) {
  static const llvm::StringRef Kept[] = {
      "define", "undef", "if",   "ifdef",   "ifndef",   "elif",
      "else",   "endif", "elifdef", "elifndef"};
  std::vector<std::string> Out;
  bool LineStart = AtLineStart;
  size_t I = 0;
  while (I < T.size()) {
    char C = T[I];
    if (C == '\n') {
      LineStart = true;
      ++I;
    } else if (C == '\\' && I + 1 < T.size() && T[I + 1] == '\n') {
      I += 2; // a line continued
    } else if (C == ' ' || C == '\t' || C == '\r' || C == '\f' || C == '\v') {
      ++I;
    } else if (isComment(T, I)) {
      I = commentEnd(T, I); // a comment is a blank (C11 5.1.1.2p3)
    } else if (C == '#' && LineStart) {
      // To the end of the logical line: a comment inside is a blank even
      // when it spans lines.
      size_t E = I + 1;
      while (E < T.size() && T[E] != '\n') {
        if (isComment(T, E))
          E = commentEnd(T, E);
        else if (T[E] == '"' || T[E] == '\'')
          E = literalEnd(T, E);
        else
          E += T[E] == '\\' && E + 1 < T.size() ? 2 : 1;
      }
      llvm::StringRef Name = T.slice(I + 1, E).ltrim(" \t");
      Name = Name.take_while([](char Ch) { return llvm::isAlnum(Ch) || Ch == '_'; });
      if (llvm::is_contained(Kept, Name))
        Out.push_back(T.slice(I, E).rtrim("\r").str() + "\n");
      I = E;
      LineStart = false;
    } else if (C == '"' || C == '\'') {
      I = literalEnd(T, I);
      LineStart = false;
    } else {
      ++I;
      LineStart = false;
    }
  }
  return Out;
}
} // namespace

std::string SourceEdits::keptDirectives(unsigned Begin, unsigned End,
                                        llvm::StringRef Text) const {
  llvm::StringRef Replaced = Original.slice(Begin, End);
  if (!Replaced.contains('#'))
    return "";
  size_t LineBegin = Original.rfind('\n', Begin);
  LineBegin = LineBegin == llvm::StringRef::npos ? 0 : LineBegin + 1;
  bool AtLineStart =
      Original.slice(LineBegin, Begin).find_first_not_of(" \t") ==
      llvm::StringRef::npos;
  std::vector<std::string> Lost = macroDirectives(Replaced, AtLineStart);
  // The text may carry some of them itself (an operand's text copied whole).
  for (const std::string &D : macroDirectives(Text, AtLineStart))
    if (auto It = llvm::find(Lost, D); It != Lost.end())
      Lost.erase(It);
  if (Lost.empty())
    return "";
  std::string Prefix = "\n";
  for (const std::string &D : Lost)
    Prefix += D;
  if (!PresumedName.empty())
    Prefix += "#line " + std::to_string(lineOf(Begin)) + " \"" +
              PresumedName + "\"\n";
  // The text keeps its column.
  Prefix.append(Begin - LineBegin, ' ');
  return Prefix;
}

bool SourceEdits::isInside(const Edit &E, unsigned Begin, unsigned End) {
  switch (E.EditKind) {
  case Kind::Replace:
    return Begin <= E.Begin && E.End <= End;
  case Kind::AttachLeft:
    return Begin < E.Begin && E.Begin <= End;
  case Kind::AttachRight:
    return Begin <= E.Begin && E.Begin < End;
  }
  return false;
}

unsigned SourceEdits::lineOf(unsigned Offset) const {
  return countNewlines(Original.substr(0, Offset)) + 1;
}

bool SourceEdits::replace(unsigned Begin, unsigned End, std::string Text) {
  if (Begin > End || End > Original.size())
    return false;
  // Directives inside the replaced text still hold for the text after it
  // (and the C text of the replacement may use their macros): they go
  // before the replacement, in their order, which then starts again on
  // Begin's line.
  std::string Directives = keptDirectives(Begin, End, Text);
  unsigned Old = countNewlines(Original.slice(Begin, End));
  unsigned New = countNewlines(Text);
  if (New < Old) {
    Text.append(Old - New, '\n');
  } else if (New > Old && !PresumedName.empty()) {
    // The rest of the line after End follows on a line of its own.
    Text += "\n#line " + std::to_string(lineOf(End)) + " \"" + PresumedName +
            "\"\n";
  }
  return replaceImpl(Begin, End, Directives + Text);
}

bool SourceEdits::replaceVerbatim(unsigned Begin, unsigned End,
                                  std::string Text) {
  return replaceImpl(Begin, End, std::move(Text));
}

bool SourceEdits::replaceImpl(unsigned Begin, unsigned End, std::string Text) {
  if (Begin > End || End > Original.size())
    return false;
  for (const Edit &E : Edits) {
    if (E.EditKind != Kind::Replace)
      continue;
    bool Same = E.Begin == Begin && E.End == End;
    bool Disjoint = E.End <= Begin || End <= E.Begin;
    bool Contains = Begin <= E.Begin && E.End <= End;
    if (!Same && !Disjoint && !Contains)
      return false; // partial overlap, or inside replaced text
  }
  Edits.erase(std::remove_if(Edits.begin(), Edits.end(),
                             [&](const Edit &E) {
                               return isInside(E, Begin, End) ||
                                      (E.EditKind == Kind::Replace &&
                                       E.Begin == Begin && E.End == End);
                             }),
              Edits.end());
  Edits.push_back({Begin, End, Kind::Replace, NextSequence++, std::move(Text)});
  return true;
}

bool SourceEdits::isInsideReplacement(unsigned Offset) const {
  return std::any_of(Edits.begin(), Edits.end(), [&](const Edit &E) {
    return E.EditKind == Kind::Replace && E.Begin < Offset && Offset < E.End;
  });
}

void SourceEdits::clearInside(unsigned Begin, unsigned End) {
  Edits.erase(std::remove_if(Edits.begin(), Edits.end(),
                             [&](const Edit &E) {
                               return isInside(E, Begin, End);
                             }),
              Edits.end());
}

void SourceEdits::insertAfterPreceding(unsigned Offset, std::string Text) {
  Edits.push_back(
      {Offset, Offset, Kind::AttachLeft, NextSequence++, std::move(Text)});
}

void SourceEdits::insertBeforeFollowing(unsigned Offset, std::string Text) {
  Edits.push_back(
      {Offset, Offset, Kind::AttachRight, NextSequence++, std::move(Text)});
}

std::string SourceEdits::getText(unsigned Begin, unsigned End) const {
  std::vector<const Edit *> Inside;
  for (const Edit &E : Edits)
    if (isInside(E, Begin, End))
      Inside.push_back(&E);
  // At one offset: what ends the preceding text (in insertion order), what
  // starts the following text (the latest outermost), then replaced text.
  auto Rank = [](const Edit *E) {
    return E->EditKind == Kind::AttachLeft    ? 0
           : E->EditKind == Kind::AttachRight ? 1
                                              : 2;
  };
  std::sort(Inside.begin(), Inside.end(), [&](const Edit *A, const Edit *B) {
    if (A->Begin != B->Begin)
      return A->Begin < B->Begin;
    if (Rank(A) != Rank(B))
      return Rank(A) < Rank(B);
    if (A->EditKind == Kind::AttachRight)
      return A->Sequence > B->Sequence;
    return A->Sequence < B->Sequence;
  });
  std::string Out;
  unsigned Pos = Begin;
  for (const Edit *E : Inside) {
    if (E->Begin < Pos)
      continue; // inside a replacement already emitted (cannot happen)
    Out.append(Original.data() + Pos, E->Begin - Pos);
    Out += E->Text;
    Pos = E->EditKind == Kind::Replace ? E->End : E->Begin;
  }
  Out.append(Original.data() + Pos, End - Pos);
  return Out;
}

} // namespace upc
