//===- LoweringFixture.h - Lower a UPC snippet ------------------*- C++ -*-===//
//
// For unit tests of the lowering and what follows it: the snippet is parsed
// (FrontEndFixture.h) and lowered as the driver does (Translate.cpp), by
// default without #line directives, so that the lowered text of a marked
// range of the snippet is the C the translation puts there.
//
//===----------------------------------------------------------------------===//

#ifndef UPC_INSTRUMENT_TEST_UNITTESTS_LOWERINGFIXTURE_H
#define UPC_INSTRUMENT_TEST_UNITTESTS_LOWERINGFIXTURE_H

#include "FrontEndFixture.h"

#include "upc-instrument/Lowering/Lowering.h"

#include "gtest/gtest.h"

#include <functional>
#include <string>
#include <utility>

namespace upc {

using LoweredUnitCheck =
    std::function<void(UpcTranslationUnit &, LoweredUnit &)>;

/// The lowering options of the tests: no #line directives.
inline LoweringOptions plainLowering() {
  LoweringOptions Opts;
  Opts.LineDirectives = false;
  return Opts;
}

/// Parses and lowers \p Source and runs \p Check on the result; fails the
/// test if the front end or the lowering reports errors.
inline void withLoweredUnit(llvm::StringRef Source,
                            const LoweredUnitCheck &Check,
                            const LoweringOptions &Opts = plainLowering(),
                            ThreadsEnvironment Threads = {}) {
  withTranslationUnit(
      Source,
      [&](UpcTranslationUnit &TU) {
        LoweredUnit Unit;
        ASSERT_TRUE(lowerTranslationUnit(TU, Opts, Unit))
            << "the lowering rejected:\n"
            << Source.str();
        ASSERT_FALSE(Unit.Files.empty());
        ASSERT_TRUE(Unit.Files.front().IsMainFile);
        Check(TU, Unit);
      },
      Threads);
}

/// The C that replaces the original text [Range.first, Range.second) of the
/// main file of \p Unit.
inline std::string loweredText(const LoweredUnit &Unit,
                               std::pair<unsigned, unsigned> Range) {
  return Unit.Files.front().Edits->getText(Range.first, Range.second);
}

} // namespace upc

#endif
