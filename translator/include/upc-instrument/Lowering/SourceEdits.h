//===- SourceEdits.h - Edits to one original source text --------*- C++ -*-===//
//
// The translated C is the user's original text with the UPC constructs
// replaced. Lowering works bottom-up: a construct's replacement is built from
// the already translated text of its operands, so a replacement may cover
// earlier ones, which it then supersedes. Two edits may nest but never
// partially overlap.
//
// Line numbers are kept: a replacement that spans fewer lines than the text it
// replaces is padded with line breaks; one that spans more is followed by a
// #line directive, so that the compiler's line numbers (and __LINE__) stay
// those of the UPC source.
//
//===----------------------------------------------------------------------===//

#ifndef UPC_INSTRUMENT_LOWERING_SOURCEEDITS_H
#define UPC_INSTRUMENT_LOWERING_SOURCEEDITS_H

#include "llvm/ADT/StringRef.h"

#include <string>
#include <vector>

namespace upc {

class SourceEdits {
public:
  /// \p Original is the file's text; \p PresumedName the name #line
  /// directives give it (empty: no #line directives).
  SourceEdits(llvm::StringRef Original, std::string PresumedName)
      : Original(Original), PresumedName(std::move(PresumedName)) {}

  llvm::StringRef original() const { return Original; }

  /// Replaces the text of [Begin, End). Edits inside the range are dropped:
  /// \p Text was built from them. The directives of the range that define
  /// or undefine macros or choose text (`#define`, `#undef`, `#if`...
  /// `#endif`), unless \p Text has them, are kept before it, on lines of
  /// their own: text printed from the AST (a statement with a macro use
  /// inside) has none, and later text uses their macros. Returns false if
  /// the range partially overlaps an earlier edit (a lowering bug).
  bool replace(unsigned Begin, unsigned End, std::string Text);

  /// Like replace(), but the caller takes care of line numbers itself (the
  /// text carries its own #line directives).
  bool replaceVerbatim(unsigned Begin, unsigned End, std::string Text);

  /// Inserts \p Text at \p Offset as the end of what precedes it: ranges
  /// ending at Offset include it. Later insertions go after earlier ones.
  void insertAfterPreceding(unsigned Offset, std::string Text);
  /// Inserts \p Text at \p Offset as the start of what follows: ranges
  /// starting at Offset include it. Later insertions go before earlier ones.
  void insertBeforeFollowing(unsigned Offset, std::string Text);

  /// Whether \p Offset lies strictly inside replaced text (an insertion
  /// there would be lost).
  bool isInsideReplacement(unsigned Offset) const;

  /// Forgets the edits inside [Begin, End) (a construct translated again).
  void clearInside(unsigned Begin, unsigned End);

  /// The name #line directives give this file (empty: no #line directives).
  llvm::StringRef presumedName() const { return PresumedName; }

  /// The current text of [Begin, End) with the edits inside it applied.
  std::string getText(unsigned Begin, unsigned End) const;
  /// The whole edited text.
  std::string getText() const { return getText(0, Original.size()); }

  bool empty() const { return Edits.empty(); }

  /// The 1-based line of \p Offset in the original text.
  unsigned lineOf(unsigned Offset) const;

private:
  enum class Kind { Replace, AttachLeft, AttachRight };
  struct Edit {
    unsigned Begin, End;
    Kind EditKind;
    unsigned Sequence;
    std::string Text;
  };

  bool replaceImpl(unsigned Begin, unsigned End, std::string Text);
  /// What replace() puts before \p Text: the directives of [Begin, End)
  /// that \p Text lacks, then a #line back to Begin's line and column.
  std::string keptDirectives(unsigned Begin, unsigned End,
                             llvm::StringRef Text) const;
  /// Whether edit \p E lies within [Begin, End) as a range of that extent
  /// sees it.
  static bool isInside(const Edit &E, unsigned Begin, unsigned End);

  llvm::StringRef Original;
  std::string PresumedName;
  std::vector<Edit> Edits; // sorted by (Begin, insertion order rules)
  unsigned NextSequence = 0;
};

} // namespace upc

#endif
