//===- Annotated.h - Test snippets with marked positions --------*- C++ -*-===//
//
// A snippet whose expectations are marked inside it: `^` marks a point and
// `[[ ... ]]` a range; the marks are removed from the text, and the points
// and ranges are offsets into what remains. `$` before a mark escapes it; in
// a run of an odd number of ']', the first is text (`[[a[i]]]` marks `a[i]`).
//
//===----------------------------------------------------------------------===//

#ifndef UPC_INSTRUMENT_TEST_UNITTESTS_ANNOTATED_H
#define UPC_INSTRUMENT_TEST_UNITTESTS_ANNOTATED_H

#include "llvm/ADT/StringRef.h"

#include <cassert>
#include <string>
#include <utility>
#include <vector>

namespace upc {

struct Annotated {
  std::string Text;
  std::vector<unsigned> Points;
  std::vector<std::pair<unsigned, unsigned>> Ranges;

  explicit Annotated(llvm::StringRef Marked) {
    std::vector<unsigned> Open;
    for (size_t I = 0; I < Marked.size(); ++I) {
      llvm::StringRef Rest = Marked.substr(I);
      if (Rest.starts_with("$^") || Rest.starts_with("$[[") ||
          Rest.starts_with("$]]")) {
        Text += Rest[1];
        ++I;
        continue;
      }
      if (Rest.starts_with("]]") &&
          Rest.substr(0, Rest.find_first_not_of(']')).size() % 2) {
        // An odd run of ']': the first is text (`[[a[i]]]` marks `a[i]`).
        Text += ']';
      } else if (Rest.starts_with("^")) {
        Points.push_back(Text.size());
      } else if (Rest.starts_with("[[")) {
        Open.push_back(Text.size());
        ++I;
      } else if (Rest.starts_with("]]")) {
        assert(!Open.empty() && "']]' without '[['");
        Ranges.push_back({Open.back(), unsigned(Text.size())});
        Open.pop_back();
        ++I;
      } else {
        Text += Rest.front();
      }
    }
    assert(Open.empty() && "'[[' without ']]'");
  }

  unsigned point(size_t I = 0) const { return Points.at(I); }
  std::pair<unsigned, unsigned> range(size_t I = 0) const {
    return Ranges.at(I);
  }
  /// The text of range \p I.
  llvm::StringRef rangeText(size_t I = 0) const {
    auto [Begin, End] = range(I);
    return llvm::StringRef(Text).slice(Begin, End);
  }

  /// "LINE:COLUMN" (both 1-based) of offset \p Offset of the text.
  std::string position(unsigned Offset) const {
    llvm::StringRef Before = llvm::StringRef(Text).substr(0, Offset);
    size_t LineStart = Before.rfind('\n');
    unsigned Column =
        Offset - (LineStart == llvm::StringRef::npos ? 0 : LineStart + 1) + 1;
    return std::to_string(Before.count('\n') + 1) + ":" +
           std::to_string(Column);
  }
  /// The 1-based line of offset \p Offset.
  unsigned lineOf(unsigned Offset) const {
    return llvm::StringRef(Text).substr(0, Offset).count('\n') + 1;
  }
};

} // namespace upc

#endif
