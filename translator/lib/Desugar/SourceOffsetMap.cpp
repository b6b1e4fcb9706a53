//===- SourceOffsetMap.cpp ------------------------------------------------===//

#include "upc-instrument/Desugar/SourceOffsetMap.h"

#include <algorithm>
#include <cassert>

namespace upc {

SourceOffsetMap SourceOffsetMap::apply(llvm::StringRef Original,
                                       llvm::ArrayRef<TextEdit> Edits,
                                       std::string &Result) {
  SourceOffsetMap Map;
  Result.clear();
  Result.reserve(Original.size() + Edits.size() * 16);
  unsigned Copied = 0;
  for (const TextEdit &E : Edits) {
    assert(E.Offset >= Copied && "edits must be sorted and disjoint");
    assert(E.Offset + E.Length <= Original.size() && "edit out of range");
    Result.append(Original.data() + Copied, E.Offset - Copied);
    Map.Pieces.push_back({E.Offset, E.Length, unsigned(Result.size()),
                          unsigned(E.Replacement.size())});
    Result += E.Replacement;
    Copied = E.Offset + E.Length;
  }
  Result.append(Original.data() + Copied, Original.size() - Copied);
  return Map;
}

unsigned SourceOffsetMap::toOriginal(unsigned D) const {
  // Last piece starting at or before D.
  auto It = std::upper_bound(
      Pieces.begin(), Pieces.end(), D,
      [](unsigned Off, const Piece &P) { return Off < P.DesugaredStart; });
  if (It == Pieces.begin())
    return D;
  const Piece &P = *std::prev(It);
  unsigned DesugaredEnd = P.DesugaredStart + P.DesugaredLength;
  if (D < DesugaredEnd)
    return P.OriginalStart;
  return P.OriginalStart + P.OriginalLength + (D - DesugaredEnd);
}

bool SourceOffsetMap::isInsideReplacement(unsigned D) const {
  auto It = std::upper_bound(
      Pieces.begin(), Pieces.end(), D,
      [](unsigned Off, const Piece &P) { return Off < P.DesugaredStart; });
  if (It == Pieces.begin())
    return false;
  const Piece &P = *std::prev(It);
  return D > P.DesugaredStart && D < P.DesugaredStart + P.DesugaredLength;
}

unsigned SourceOffsetMap::toDesugared(unsigned O) const {
  auto It = std::upper_bound(
      Pieces.begin(), Pieces.end(), O,
      [](unsigned Off, const Piece &P) { return Off < P.OriginalStart; });
  if (It == Pieces.begin())
    return O;
  const Piece &P = *std::prev(It);
  unsigned OriginalEnd = P.OriginalStart + P.OriginalLength;
  if (O < OriginalEnd)
    return P.DesugaredStart;
  return P.DesugaredStart + P.DesugaredLength + (O - OriginalEnd);
}

} // namespace upc
