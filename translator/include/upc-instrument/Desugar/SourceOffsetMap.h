//===- SourceOffsetMap.h - Desugared <-> original text offsets --*- C++ -*-===//
//
// The desugarer rewrites UPC syntax that Clang cannot parse into C spellings.
// It never adds or removes a line break that precedes an original token, so
// line numbers are the same in both texts; only columns move. This map
// translates byte offsets between the two texts.
//
//===----------------------------------------------------------------------===//

#ifndef UPC_INSTRUMENT_DESUGAR_SOURCEOFFSETMAP_H
#define UPC_INSTRUMENT_DESUGAR_SOURCEOFFSETMAP_H

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"
#include <string>
#include <vector>

namespace upc {

/// A replacement of original text, in original-text coordinates.
/// Length == 0 is an insertion before Offset.
struct TextEdit {
  unsigned Offset = 0;
  unsigned Length = 0;
  std::string Replacement;
};

/// Maps byte offsets between an original text and the text obtained by
/// applying a sorted, non-overlapping list of edits to it.
class SourceOffsetMap {
public:
  /// The identity map (no edits).
  SourceOffsetMap() = default;

  /// Applies \p Edits (sorted by offset, non-overlapping) to \p Original and
  /// returns the map; the edited text is stored in \p Result.
  static SourceOffsetMap apply(llvm::StringRef Original,
                               llvm::ArrayRef<TextEdit> Edits,
                               std::string &Result);

  /// The original offset of a desugared offset. Offsets inside replacement
  /// text map to the start of the text it replaced; the end of a replacement
  /// maps to the end of the replaced text.
  unsigned toOriginal(unsigned DesugaredOffset) const;

  /// The desugared offset of an original offset. Offsets inside replaced text
  /// map to the start of its replacement.
  unsigned toDesugared(unsigned OriginalOffset) const;

  /// Whether a desugared offset lies inside replacement text, after its
  /// first character (the first character stands for the replaced text).
  bool isInsideReplacement(unsigned DesugaredOffset) const;

  bool isIdentity() const { return Pieces.empty(); }
  size_t numEdits() const { return Pieces.size(); }

private:
  struct Piece {
    unsigned OriginalStart;
    unsigned OriginalLength;
    unsigned DesugaredStart;
    unsigned DesugaredLength;
  };
  std::vector<Piece> Pieces;
};

} // namespace upc

#endif
