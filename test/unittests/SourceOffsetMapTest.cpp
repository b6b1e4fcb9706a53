//===- SourceOffsetMapTest.cpp --------------------------------------------===//

#include "upc-instrument/Desugar/SourceOffsetMap.h"

#include "gtest/gtest.h"

using namespace upc;

namespace {

TEST(SourceOffsetMapTest, IdentityWithoutEdits) {
  std::string Out;
  SourceOffsetMap M = SourceOffsetMap::apply("abc", {}, Out);
  EXPECT_EQ(Out, "abc");
  EXPECT_TRUE(M.isIdentity());
  for (unsigned I = 0; I <= 3; ++I) {
    EXPECT_EQ(M.toOriginal(I), I);
    EXPECT_EQ(M.toDesugared(I), I);
  }
}

TEST(SourceOffsetMapTest, LongerReplacementShiftsLaterText) {
  // "x shared y" -> "x __upc_shared y"
  std::string Out;
  SourceOffsetMap M =
      SourceOffsetMap::apply("x shared y", {{2, 6, "__upc_shared"}}, Out);
  EXPECT_EQ(Out, "x __upc_shared y");
  EXPECT_EQ(M.toOriginal(0), 0u);
  EXPECT_EQ(M.toOriginal(2), 2u);  // start of the replacement
  EXPECT_EQ(M.toOriginal(7), 2u);  // inside it
  EXPECT_EQ(M.toOriginal(14), 8u); // its end is the end of `shared`
  EXPECT_EQ(M.toOriginal(15), 9u); // `y`
  EXPECT_EQ(M.toDesugared(9), 15u);
  EXPECT_EQ(M.toDesugared(4), 2u); // inside `shared`
  EXPECT_TRUE(M.isInsideReplacement(7));
  EXPECT_FALSE(M.isInsideReplacement(2));
  EXPECT_FALSE(M.isInsideReplacement(15));
}

TEST(SourceOffsetMapTest, InsertionMapsToItsPosition) {
  // "f(a;" -> "f(a);" : insertion of ")" before ';'.
  std::string Out;
  SourceOffsetMap M = SourceOffsetMap::apply("f(a;", {{3, 0, ")"}}, Out);
  EXPECT_EQ(Out, "f(a);");
  EXPECT_EQ(M.toOriginal(3), 3u); // the inserted ')'
  EXPECT_EQ(M.toOriginal(4), 3u); // ';'
  EXPECT_EQ(M.toDesugared(3), 4u);
}

TEST(SourceOffsetMapTest, ShorterReplacementAndSeveralEdits) {
  // upc_forall(a;b;c;d) -> for(a;b;c) X(d))
  std::string Out;
  SourceOffsetMap M = SourceOffsetMap::apply(
      "upc_forall(a;b;c;d)", {{0, 10, "for"}, {16, 1, ") X("}, {18, 1, "))"}},
      Out);
  EXPECT_EQ(Out, "for(a;b;c) X(d))");
  EXPECT_EQ(M.toOriginal(4), 11u);  // `a`
  EXPECT_EQ(M.toOriginal(13), 17u); // `d`
  EXPECT_EQ(M.toDesugared(17), 13u);
  EXPECT_EQ(M.toDesugared(11), 4u);
  EXPECT_EQ(M.toOriginal(Out.size()), 19u);
}

} // namespace
