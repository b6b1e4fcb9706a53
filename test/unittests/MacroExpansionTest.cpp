//===- MacroExpansionTest.cpp ---------------------------------------------===//
//
// The expansions of chosen macro uses (MacroExpansion.cpp), which replace
// the uses when a file is translated again: the tokens a preprocessor alone
// gives, from the original text (UPC keywords as written, THREADS and
// MYTHREAD by name, not as the prelude spells them), and the extent of each
// use. Each marked range is a use; the comment on its first line is its
// expansion.
//
//===----------------------------------------------------------------------===//

#include "Annotated.h"
#include "FrontEndFixture.h"

#include "upc-instrument/FrontEnd/MacroExpansion.h"

#include "gtest/gtest.h"

#include <algorithm>

using namespace upc;

namespace {

std::string position(unsigned Line, unsigned Column) {
  return std::to_string(Line) + ":" + std::to_string(Column);
}

TEST(MacroExpansionTest, ChosenUses) {
  Annotated A(R"(
#define DECLARE(n) shared int n[THREADS]; int n##_mine(void) { return n[MYTHREAD]; }
#define TWICE(x) ((x) + (x))
#define FORTY_TWO 42
[[DECLARE(a)]]                      // shared int a [ THREADS ] ; int a_mine ( void ) { return a [ MYTHREAD ] ; }
int y = [[TWICE(FORTY_TWO)]];       // ( ( 42 ) + ( 42 ) )
int z = FORTY_TWO + [[FORTY_TWO]];  // 42
[[DECLARE(                          // shared int b [ THREADS ] ; int b_mine ( void ) { return b [ MYTHREAD ] ; }
  b)]]
)");
  std::string Path = writeTemporaryFile(A.Text);
  std::vector<std::pair<unsigned, unsigned>> Uses;
  std::vector<std::string> Expected;
  for (auto [Begin, End] : A.Ranges) {
    std::string Position = A.position(Begin);
    llvm::StringRef Where = Position;
    auto [Line, Column] = Where.split(':');
    Uses.push_back({std::stoul(Line.str()), std::stoul(Column.str())});
    Expected.push_back(A.position(Begin) + "-" + A.position(End) + " " +
                       expectationOnLine(A.Text, A.lineOf(Begin)));
  }
  // Not a macro use: left out.
  Uses.push_back({6, 1});
  std::vector<std::string> Actual;
  for (const SourceReplacement &R :
       expandMacroUses(fixtureOptions(), Path, Uses))
    Actual.push_back(position(R.Line, R.Column) + "-" +
                     position(R.EndLine, R.EndColumn) + " " + R.Text);
  llvm::sys::fs::remove(Path);
  std::sort(Actual.begin(), Actual.end());
  std::sort(Expected.begin(), Expected.end());
  EXPECT_EQ(Actual, Expected);
}

TEST(MacroExpansionTest, ReplacementsKeepLines) {
  // The expansions replace the uses in the original text; the lines that
  // follow keep their numbers.
  Annotated A("int a = [[TWICE(1,\n  2)]]; int b;\nint c;\n");
  auto [Begin, End] = A.range();
  SourceReplacement R;
  R.Line = 1;
  R.Column = 9;
  R.EndLine = 2;
  R.EndColumn = 5;
  R.Text = "( 1 + 2 )";
  ASSERT_EQ(A.position(Begin), position(R.Line, R.Column));
  ASSERT_EQ(A.position(End), position(R.EndLine, R.EndColumn));
  EXPECT_EQ(applyReplacements(A.Text, {R}),
            "int a = ( 1 + 2 )\n; int b;\nint c;\n");
}

} // namespace
