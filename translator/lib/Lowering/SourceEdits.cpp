//===- SourceEdits.cpp ----------------------------------------------------===//

#include "upc-instrument/Lowering/SourceEdits.h"

#include <algorithm>

namespace upc {

namespace {
unsigned countNewlines(llvm::StringRef S) { return S.count('\n'); }
} // namespace

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
  unsigned Old = countNewlines(Original.slice(Begin, End));
  unsigned New = countNewlines(Text);
  if (New < Old) {
    Text.append(Old - New, '\n');
  } else if (New > Old && !PresumedName.empty()) {
    // The rest of the line after End follows on a line of its own.
    Text += "\n#line " + std::to_string(lineOf(End)) + " \"" + PresumedName +
            "\"\n";
  }
  return replaceImpl(Begin, End, std::move(Text));
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
