//===- SourceEditsTest.cpp ------------------------------------------------===//
//
// Edits of an original text: replacements that nest bottom-up, insertions at
// a boundary, and the line numbers every edit keeps. The ranges edited are
// marked in each snippet (Annotated.h).
//
//===----------------------------------------------------------------------===//

#include "Annotated.h"

#include "upc-instrument/Lowering/SourceEdits.h"

#include "gtest/gtest.h"

using namespace upc;

namespace {

TEST(SourceEditsTest, Replace) {
  Annotated A("int x = [[a + b]];");
  SourceEdits E(A.Text, "");
  EXPECT_TRUE(E.replace(A.range().first, A.range().second, "f()"));
  EXPECT_EQ(E.getText(), "int x = f();");
}

TEST(SourceEditsTest, OuterReplacementSupersedesInner) {
  // Bottom-up: the operand first, then the expression built from its text.
  Annotated A("y = [[g([[p]])]] + 1;");
  SourceEdits E(A.Text, "");
  auto [Inner, Outer] = std::pair(A.range(0), A.range(1));
  ASSERT_TRUE(E.replace(Inner.first, Inner.second, "P"));
  std::string Operand = E.getText(Inner.first, Inner.second);
  EXPECT_EQ(Operand, "P");
  ASSERT_TRUE(E.replace(Outer.first, Outer.second, "get(" + Operand + ")"));
  EXPECT_EQ(E.getText(), "y = get(P) + 1;");
}

TEST(SourceEditsTest, PartialOverlapIsRefused) {
  Annotated A("a + [[bb]] * c");
  SourceEdits E(A.Text, "");
  auto B = A.range();
  ASSERT_TRUE(E.replace(B.first, B.second, "B"));
  // From inside bb's replacement to the end: neither contains the other.
  EXPECT_FALSE(E.replace(B.first + 1, A.Text.size(), "x"));
  EXPECT_EQ(E.getText(), "a + B * c");
}

TEST(SourceEditsTest, InsertionsAtOneOffset) {
  Annotated A("{ s; ^}");
  SourceEdits E(A.Text, "");
  E.insertAfterPreceding(A.point(), "1 ");
  E.insertAfterPreceding(A.point(), "2 ");
  E.insertBeforeFollowing(A.point(), "<a>");
  E.insertBeforeFollowing(A.point(), "<b>");
  // What ends the preceding text in insertion order, then what starts the
  // following text, the latest outermost.
  EXPECT_EQ(E.getText(), "{ s; 1 2 <b><a>}");
}

TEST(SourceEditsTest, InsertionBelongsToItsSide) {
  Annotated A("[[x]]^y");
  SourceEdits E(A.Text, "");
  E.insertAfterPreceding(A.point(), "!");
  // A range ending at the offset includes what was attached to its end.
  EXPECT_EQ(E.getText(A.range().first, A.range().second), "x!");
  EXPECT_EQ(E.getText(A.point(), A.Text.size()), "y");
}

TEST(SourceEditsTest, FewerLinesArePadded) {
  Annotated A("a = [[f(1,\n      2)]];\nnext;\n");
  SourceEdits E(A.Text, "x.upc");
  ASSERT_TRUE(E.replace(A.range().first, A.range().second, "g()"));
  EXPECT_EQ(E.getText(), "a = g()\n;\nnext;\n");
}

TEST(SourceEditsTest, MoreLinesGetALineDirective) {
  Annotated A("a = [[f()]]; b;\nnext;\n");
  SourceEdits E(A.Text, "x.upc");
  ASSERT_TRUE(E.replace(A.range().first, A.range().second, "g(\n1)"));
  EXPECT_EQ(E.getText(), "a = g(\n1)\n#line 1 \"x.upc\"\n; b;\nnext;\n");
  // Without a presumed name, no #line directive.
  SourceEdits Plain(A.Text, "");
  ASSERT_TRUE(Plain.replace(A.range().first, A.range().second, "g(\n1)"));
  EXPECT_EQ(Plain.getText(), "a = g(\n1); b;\nnext;\n");
}

TEST(SourceEditsTest, DirectivesOfReplacedTextAreKept) {
  // A statement printed from the AST on one line: the macro directives and
  // conditionals inside it go before it (later text uses W), then a #line
  // back to the statement's line, and its column; other directives, and
  // comments and literals that look like directives, do not.
  Annotated A(R"c(if (c) [[{ f();
  #ifndef W
  # define W \
    3 /* two
lines */
  #endif
  #pragma omp simd
  /*
#define X 1 */ g("\
#undef Y");
  int v[W];
}]]
after(W);
)c");
  SourceEdits E(A.Text, "x.upc");
  ASSERT_TRUE(E.replace(A.range().first, A.range().second,
                        "{ f(); g(\"\"); int v[W]; }"));
  EXPECT_EQ(E.getText(), R"c(if (c) 
#ifndef W
# define W \
    3 /* two
lines */
#endif
#line 1 "x.upc"
       { f(); g(""); int v[W]; }










)c"
                         "\nafter(W);\n");
}

TEST(SourceEditsTest, DirectivesTheTextCarriesAreNotRepeated) {
  // An operand's text copied whole keeps its own directives.
  Annotated A("x = [[F(\n#define K 1\nK)]];\n");
  SourceEdits E(A.Text, "");
  ASSERT_TRUE(E.replace(A.range().first, A.range().second,
                        "G(\n#define K 1\nK)"));
  EXPECT_EQ(E.getText(), "x = G(\n#define K 1\nK);\n");
}

TEST(SourceEditsTest, ClearInside) {
  Annotated A("[[p[[q]]]]");
  SourceEdits E(A.Text, "");
  auto Q = A.range(0), All = A.range(1);
  ASSERT_TRUE(E.replace(Q.first, Q.second, "Q"));
  E.clearInside(All.first, All.second);
  EXPECT_TRUE(E.empty());
  EXPECT_EQ(E.getText(), "pq");
}

TEST(SourceEditsTest, LineOf) {
  Annotated A("one\ntwo\n^three");
  SourceEdits E(A.Text, "");
  EXPECT_EQ(E.lineOf(0), 1u);
  EXPECT_EQ(E.lineOf(A.point()), 3u);
}

} // namespace
