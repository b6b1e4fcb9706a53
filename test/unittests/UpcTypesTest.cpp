//===- UpcTypesTest.cpp ---------------------------------------------------===//
//
// How the UPC qualifiers are read back from Clang types: shared
// qualification (an address space, kept by the canonical type), the layout
// qualifier and strict/relaxed (type tags, seen through typedefs and array
// types but never into a pointee), and the block size UpcContext gives the
// result. Each declaration's expectation is the comment on its line.
//
//===----------------------------------------------------------------------===//

#include "FrontEndFixture.h"

#include "upc-instrument/Desugar/InternalNames.h"
#include "upc-instrument/Semantics/UpcTypes.h"

#include "clang/AST/Decl.h"

#include "gtest/gtest.h"

using namespace upc;
using namespace clang;

namespace {

std::string describeBlockSize(BlockSize B) {
  switch (B.BlockKind) {
  case BlockSize::Definite:
    return std::to_string(B.Elements);
  case BlockSize::Indefinite:
    return "[]";
  case BlockSize::Star:
    return "[*]";
  case BlockSize::Invalid:
    return "invalid";
  }
  return "";
}

/// "private", or "[strict|relaxed ]shared block B[ (typedef)]", or
/// "pointer to " and the description of a pointer-to-shared's pointee.
std::string describe(const UpcContext &U, QualType T) {
  if (isPointerToShared(T))
    return "pointer to " + describe(U, getSharedPointee(T));
  if (!isSharedType(T))
    return "private";
  UpcQualifiers Q = getUpcQualifiers(T);
  std::string Out;
  if (Q.Reference == ReferenceQualifier::Strict)
    Out += "strict ";
  else if (Q.Reference == ReferenceQualifier::Relaxed)
    Out += "relaxed ";
  Out += "shared block " + describeBlockSize(U.getBlockSize(T));
  if (!Q.Tags.empty() && Q.Tags.front().FromTypedef)
    Out += " (typedef)";
  return Out;
}

TEST(UpcTypesTest, QualifiersOfDeclarations) {
  const char *Source = R"(
#define B 2
typedef shared [4] int block4_t;
typedef strict shared int strict_t;
int plain;                          // private
int *private_pointer;               // private
shared int s;                       // shared block 1
shared [3] double d[3*THREADS];     // shared block 3
shared [B*2] char c[4*THREADS];     // shared block 4
shared [] long indefinite[10];      // shared block []
shared [*] int star[4*THREADS];     // shared block [*]
shared [0] int zero[10];            // shared block []
strict shared int st;               // strict shared block 1
relaxed shared [2] int rl[2*THREADS]; // relaxed shared block 2
block4_t via_typedef[4*THREADS];    // shared block 4 (typedef)
strict_t strict_via_typedef;        // strict shared block 1 (typedef)
shared int *p;                      // pointer to shared block 1
shared [] int *pi;                  // pointer to shared block []
strict shared [5] int *ps;          // pointer to strict shared block 5
int *shared sp;                     // shared block 1
shared [5] int *shared spp;         // pointer to shared block 5
shared int *arr_of_pointers[2];     // private
)";
  withTranslationUnit(Source, [&](UpcTranslationUnit &TU) {
    unsigned Seen = forEachFileScopeVariable(
        TU, Source, [&](const VarDecl &VD, const std::string &Expected) {
          EXPECT_EQ(describe(TU.Upc, VD.getType()), Expected);
        });
    EXPECT_EQ(Seen, 18u);
  });
}

TEST(UpcTypesTest, DecodeTags) {
  auto Strict = decodeUpcTag(names::TagStrict);
  ASSERT_TRUE(Strict);
  EXPECT_EQ(Strict->TagKind, UpcQualifierTag::StrictTag);
  auto Relaxed = decodeUpcTag(names::TagRelaxed);
  ASSERT_TRUE(Relaxed);
  EXPECT_EQ(Relaxed->TagKind, UpcQualifierTag::RelaxedTag);

  auto Indefinite = decodeUpcTag(names::TagIndefinite);
  ASSERT_TRUE(Indefinite);
  EXPECT_EQ(Indefinite->TagKind, UpcQualifierTag::LayoutTag);
  EXPECT_EQ(Indefinite->Layout, LayoutKind::Indefinite);
  auto Star = decodeUpcTag(names::TagStar);
  ASSERT_TRUE(Star);
  EXPECT_EQ(Star->Layout, LayoutKind::Star);

  // An expression: its spelling and its occurrence number after the last
  // '@' (the spelling may hold one).
  std::string BlockTag = (names::TagBlockPrefix + "N*f(a@b)@12").str();
  auto Block = decodeUpcTag(BlockTag);
  ASSERT_TRUE(Block);
  EXPECT_EQ(Block->TagKind, UpcQualifierTag::LayoutTag);
  EXPECT_EQ(Block->Layout, LayoutKind::Expression);
  EXPECT_EQ(Block->BlockSizeSpelling, "N*f(a@b)");
  EXPECT_EQ(Block->BlockSizeOccurrence, 12u);

  // Through a macro parameter, `shared [N]` may receive nothing or `*`.
  std::string EmptyTag = (names::TagBlockPrefix + "@3").str();
  auto Empty = decodeUpcTag(EmptyTag);
  ASSERT_TRUE(Empty);
  EXPECT_EQ(Empty->Layout, LayoutKind::Indefinite);
  std::string StarTag = (names::TagBlockPrefix + "*@4").str();
  auto StarArgument = decodeUpcTag(StarTag);
  ASSERT_TRUE(StarArgument);
  EXPECT_EQ(StarArgument->Layout, LayoutKind::Star);

  EXPECT_FALSE(decodeUpcTag("upc:other"));
  EXPECT_FALSE(decodeUpcTag("strict"));
}

} // namespace
