//===- SourceMappingTest.cpp ----------------------------------------------===//
//
// Locations and text in the original UPC source (SourceMapping.cpp), though
// Clang parsed the desugared text, whose columns differ: every diagnostic,
// GASP source position and SIR position rests on these. The positions
// expected are marked with ^ (each declared name, in order), the texts are
// the comments on the lines where the marked initializers end.
//
//===----------------------------------------------------------------------===//

#include "Annotated.h"
#include "FrontEndFixture.h"

#include "upc-instrument/FrontEnd/SourceMapping.h"

#include "clang/AST/Decl.h"
#include "clang/AST/Expr.h"
#include "clang/AST/Stmt.h"
#include "clang/Frontend/CompilerInstance.h"

#include "gtest/gtest.h"

using namespace upc;
using namespace clang;

namespace {

/// The variables declared in the main file, in order, at file scope and in
/// the body of the functions.
std::vector<const VarDecl *> variablesOf(UpcTranslationUnit &TU) {
  const SourceManager &SM = TU.AST.getSourceManager();
  std::vector<const VarDecl *> Out;
  for (const Decl *D : TU.AST.getTranslationUnitDecl()->decls()) {
    if (!SM.isInMainFile(D->getLocation()))
      continue;
    if (const auto *VD = dyn_cast<VarDecl>(D))
      Out.push_back(VD);
    if (const auto *FD = dyn_cast<FunctionDecl>(D); FD && FD->hasBody())
      for (const Stmt *S : cast<CompoundStmt>(FD->getBody())->body())
        if (const auto *DS = dyn_cast<DeclStmt>(S))
          for (const Decl *Inner : DS->decls())
            if (const auto *VD = dyn_cast<VarDecl>(Inner))
              Out.push_back(VD);
  }
  return Out;
}

TEST(SourceMappingTest, OriginalLocations) {
  Annotated A(R"(
shared [4] int ^a[4*THREADS];
strict shared [] double ^b[10], ^c;
shared [*] int ^d[THREADS];
void f(void) {
  upc_barrier; int ^x = MYTHREAD; upc_forall (;;;) break; int ^y;
  static shared [2] int ^z[2*THREADS];
}
)");
  withTranslationUnit(A.Text, [&](UpcTranslationUnit &TU) {
    std::vector<std::string> Actual;
    for (const VarDecl *VD : variablesOf(TU)) {
      OriginalLocation L = TU.Sources.getOriginalLocation(VD->getLocation());
      EXPECT_EQ(L.File, TU.AST.getSourceManager().getMainFileID());
      EXPECT_EQ(llvm::StringRef(A.Text).substr(L.Offset, 1),
                VD->getName().substr(0, 1));
      Actual.push_back(std::to_string(L.Line) + ":" + std::to_string(L.Column));
    }
    std::vector<std::string> Expected;
    for (unsigned P : A.Points)
      Expected.push_back(A.position(P));
    EXPECT_EQ(Actual, Expected);
  });
}

TEST(SourceMappingTest, OriginalText) {
  // Runs of white space become one space; a whole macro expansion is its
  // use; what the desugarer rewrote is shown as written.
  Annotated A(R"(
#define TWICE(e) ((e) + (e))
shared int s;
void f(int x) {
  int a1 = [[MYTHREAD + THREADS]];  // MYTHREAD + THREADS
  int a2 = [[TWICE(MYTHREAD)]];     // TWICE(MYTHREAD)
  int a3 = [[upc_elemsizeof(s)]];   // upc_elemsizeof(s)
  int a4 = [[x   *
      2]];                          // x * 2
  int a5 = [[(shared [3] int *)0 == 0]]; // (shared [3] int *)0 == 0
}
)");
  withTranslationUnit(A.Text, [&](UpcTranslationUnit &TU) {
    std::vector<std::string> Actual, Expected;
    for (const VarDecl *VD : variablesOf(TU))
      if (VD->getInit())
        Actual.push_back(TU.Sources.getOriginalText(
            VD->getInit()->IgnoreImpCasts()->getSourceRange(),
            TU.AST.getLangOpts()));
    for (auto [Begin, End] : A.Ranges)
      Expected.push_back(expectationOnLine(A.Text, A.lineOf(End)));
    EXPECT_EQ(Actual, Expected);
  });
}

TEST(SourceMappingTest, InsertedText) {
  // `upc_barrier;` is parsed as `__upc_barrier(0);`: its argument is text
  // the desugarer inserted, its start is the user's.
  withTranslationUnit(
      "void f(void) {\n  upc_barrier;\n}\n", [](UpcTranslationUnit &TU) {
        ASSERT_EQ(TU.Upc.synchronizations().size(), 1u);
        const CallExpr *Call = TU.Upc.synchronizations()[0].Call;
        EXPECT_FALSE(TU.Sources.isInInsertedText(Call->getBeginLoc()));
        EXPECT_TRUE(TU.Sources.isInInsertedText(Call->getRParenLoc()));
        EXPECT_TRUE(TU.Sources.isUpcLocation(Call->getBeginLoc()));
        OriginalLocation L =
            TU.Sources.getOriginalLocation(Call->getRParenLoc());
        EXPECT_EQ(L.Line, 2u);
        // Inserted text is where its replacement starts.
        EXPECT_EQ(L.Column, 3u);
      });
}

} // namespace
