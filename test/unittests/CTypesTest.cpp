//===- CTypesTest.cpp -----------------------------------------------------===//
//
// UPC types as the translated C spells them. Each declaration of a snippet
// carries its expectation in the comment on its line.
//
//===----------------------------------------------------------------------===//

#include "FrontEndFixture.h"

#include "upc-instrument/Lowering/CTypes.h"

#include "clang/AST/Decl.h"

#include "gtest/gtest.h"

using namespace upc;
using namespace clang;

namespace {

/// Calls \p Check(CTypes, Var, Expectation) for each variable declared at
/// file scope in \p Source.
void forEachVariable(
    llvm::StringRef Source,
    const std::function<void(const CTypes &, const VarDecl &,
                             const std::string &)> &Check,
    ThreadsEnvironment Threads = {}) {
  withTranslationUnit(
      Source,
      [&](UpcTranslationUnit &TU) {
        CTypes Types(TU.AST, TU.Upc, TU.Sources,
                     [](const TypedefNameDecl *) { return true; });
        unsigned Seen = forEachFileScopeVariable(
            TU, Source, [&](const VarDecl &VD, const std::string &Expected) {
              Check(Types, VD, Expected);
            });
        EXPECT_GT(Seen, 0u);
      },
      Threads);
}

TEST(CTypesTest, Print) {
  forEachVariable(R"(
int plain;                          // int plain
shared int s;                       // int s
shared [4] double blocked[8*THREADS]; // double blocked[8*THREADS]
shared int *p1;                     // upcr_pshared_ptr_t p1
shared [] char *pi;                 // upcr_pshared_ptr_t pi
shared [4] int *p4;                 // upcr_shared_ptr_t p4
shared void *pv;                    // upcr_shared_ptr_t pv
strict shared [2] long *ps;         // upcr_shared_ptr_t ps
int *shared sp;                     // int *sp
shared int *shared spp;             // upcr_pshared_ptr_t spp
shared [3] int *arr[2];             // upcr_shared_ptr_t arr[2]
shared [3] int *(*fp)(shared int *); // upcr_shared_ptr_t (*fp)(upcr_pshared_ptr_t)
)",
                  [](const CTypes &Types, const VarDecl &VD,
                     const std::string &Expected) {
                    // As written: with the declaration's TypeLoc.
                    EXPECT_EQ(Types.print(VD.getTypeSourceInfo()->getTypeLoc(),
                                          VD.getName()),
                              Expected);
                  });
}

TEST(CTypesTest, Pointee) {
  // The expectation: ElementType|ElementCount|block kind|BlockElements.
  forEachVariable(R"(
shared int *a;                      // int||one|
shared [] double *b;                // double||indefinite|
shared [5] char *c;                 // char||blocked|5
shared [2] int (*d)[3];             // int|3|blocked|2
shared void *e;                     // ||blocked|
)",
                  [](const CTypes &Types, const VarDecl &VD,
                     const std::string &Expected) {
                    SharedPointee P = Types.pointee(VD.getType());
                    const char *Kinds[] = {"indefinite", "one", "blocked"};
                    EXPECT_EQ(P.ElementType + "|" + P.ElementCount + "|" +
                                  Kinds[P.Block] + "|" + P.BlockElements,
                              Expected);
                  });
}

TEST(CTypesTest, ElementCountsKeepThreads) {
  forEachVariable(R"(
shared int x[10*THREADS];           // (10*THREADS)
shared int y[4][THREADS];           // 4 * (THREADS)
shared [2] int z[3][2*THREADS];     // 3 * (2*THREADS)
shared [] int w[7];                 // 7
)",
                  [](const CTypes &Types, const VarDecl &VD,
                     const std::string &Expected) {
                    TypeLoc TL = VD.getTypeSourceInfo()->getTypeLoc();
                    EXPECT_EQ(Types.elementCount(VD.getType(), TL), Expected);
                  });
}

TEST(CTypesTest, NamesOfRepresentations) {
  EXPECT_EQ(CTypes::name(PointerRepresentation::Phased), "upcr_shared_ptr_t");
  EXPECT_EQ(CTypes::name(PointerRepresentation::Phaseless),
            "upcr_pshared_ptr_t");
  EXPECT_EQ(CTypes::quote("a\"b\\c\n"), "\"a\\\"b\\\\c\\n\"");
}

} // namespace
