//===- Annotated.h - Test snippets with marked positions --------*- C++ -*-===//
//
// A snippet whose expectations are marked inside it: `^` marks a point and
// `[[ ... ]]` a range; the marks are removed from the text, and the points
// and ranges are offsets into what remains. `$` before a mark escapes it.
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
      if (Rest.starts_with("^")) {
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
};

} // namespace upc

#endif
