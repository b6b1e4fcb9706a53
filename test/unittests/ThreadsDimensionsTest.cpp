//===- ThreadsDimensionsTest.cpp ------------------------------------------===//
//
// Array dimensions as constant multiples of THREADS (UpcContext's
// getArrayDimensions and totalElements) and the sizeof expressions whose
// value depends on THREADS: the sizes of shared arrays, their allocation
// records and their lowering all rest on these. Each declaration's
// expectation is the comment on its line.
//
//===----------------------------------------------------------------------===//

#include "FrontEndFixture.h"

#include "clang/AST/Decl.h"
#include "clang/AST/Expr.h"
#include "clang/AST/Stmt.h"

#include "gtest/gtest.h"

using namespace upc;
using namespace clang;

namespace {

std::string multiple(bool Known, uint64_t Factor, bool ScalesWithThreads) {
  if (!Known)
    return "?";
  return std::to_string(Factor) + (ScalesWithThreads ? "*THREADS" : "");
}

/// "D1 x D2 ... = TOTAL", each a multiple of THREADS, "?" when unknown;
/// "scalar = 1" for no dimensions.
std::string describeDimensions(const UpcContext &U, const DeclaratorDecl &D) {
  auto Dims = U.getArrayDimensions(D.getTypeSourceInfo()->getTypeLoc());
  std::string Out;
  for (const ArrayDimension &Dim : Dims)
    Out += (Out.empty() ? "" : " x ") +
           multiple(Dim.Known, Dim.Factor, Dim.ScalesWithThreads);
  if (Dims.empty())
    Out = "scalar";
  SymbolicSize Total = UpcContext::totalElements(Dims);
  return Out + " = " +
         multiple(Total.Known, Total.Factor, Total.ScalesWithThreads);
}

/// Checks every file-scope variable and typedef of \p Source against the
/// comment on its line.
void expectDimensions(llvm::StringRef Source, ThreadsEnvironment Threads = {}) {
  withTranslationUnit(
      Source,
      [&](UpcTranslationUnit &TU) {
        const SourceManager &SM = TU.AST.getSourceManager();
        unsigned Seen = 0;
        for (const Decl *D : TU.AST.getTranslationUnitDecl()->decls()) {
          if (!SM.isInMainFile(D->getLocation()))
            continue;
          if (const auto *VD = dyn_cast<VarDecl>(D)) {
            ++Seen;
            EXPECT_EQ(describeDimensions(TU.Upc, *VD),
                      expectationOnLine(Source, lineOf(TU, VD->getLocation())))
                << VD->getName().str();
          }
        }
        EXPECT_GT(Seen, 0u);
      },
      Threads);
}

TEST(ThreadsDimensionsTest, MultiplesOfThreads) {
  expectDimensions(R"(
#define N 3
typedef shared int row_t[4*THREADS];
typedef int pair_t[2];
shared int a[10*THREADS];             // 10*THREADS = 10*THREADS
shared int b[THREADS];                // 1*THREADS = 1*THREADS
shared int c[THREADS*5];              // 5*THREADS = 5*THREADS
shared [2] int d[N][(2*THREADS)];     // 3 x 2*THREADS = 6*THREADS
shared [] int e[7][2];                // 7 x 2 = 14
shared row_t f[2];                    // 2 x 4*THREADS = 8*THREADS
shared pair_t g[THREADS];             // 1*THREADS x 2 = 2*THREADS
extern shared int h[];                // ? = ?
shared int scalar;                    // scalar = 1
)");
}

TEST(ThreadsDimensionsTest, StaticThreadsAreConstants) {
  // With -T 4 THREADS is the constant 4: no dimension scales with THREADS,
  // and it may appear in several dimensions and in private arrays.
  expectDimensions(R"(
shared int a[10*THREADS];             // 40 = 40
shared int b[THREADS][THREADS];       // 4 x 4 = 16
int p[THREADS];                       // 4 = 4
)",
                   ThreadsEnvironment{4u});
}

TEST(ThreadsDimensionsTest, ThreadsDependentSizeof) {
  // The initializer of each local variable: "dependent" when its value
  // depends on THREADS (only in the dynamic environment).
  const char *Source = R"(
shared int big[10*THREADS];
shared [2] int grid[3][2*THREADS];
shared [] int fixed[8];
void f(void) {
  unsigned long s1 = sizeof big;        // dependent
  unsigned long s2 = sizeof(big[0]);    // constant
  unsigned long s3 = sizeof grid[1];    // dependent
  unsigned long s4 = sizeof grid[1][0]; // constant
  unsigned long s5 = sizeof fixed;      // constant
  unsigned long s6 = sizeof(shared int[THREADS]); // dependent
  unsigned long s7 = sizeof(int[4]);    // constant
  (void)s1; (void)s2; (void)s3; (void)s4; (void)s5; (void)s6; (void)s7;
}
)";
  for (ThreadsEnvironment Threads :
       {ThreadsEnvironment{}, ThreadsEnvironment{4u}}) {
    SCOPED_TRACE(Threads.isDynamic() ? "dynamic THREADS" : "-T 4");
    withTranslationUnit(
        Source,
        [&](UpcTranslationUnit &TU) {
          unsigned Seen = 0;
          for (const Decl *D : TU.AST.getTranslationUnitDecl()->decls()) {
            const auto *FD = dyn_cast<FunctionDecl>(D);
            if (!FD || FD->getName() != "f" || !FD->hasBody())
              continue;
            for (const Stmt *S : cast<CompoundStmt>(FD->getBody())->body()) {
              const auto *DS = dyn_cast<DeclStmt>(S);
              if (!DS)
                continue;
              const auto *VD = cast<VarDecl>(DS->getSingleDecl());
              ++Seen;
              std::string Expected =
                  expectationOnLine(Source, lineOf(TU, VD->getLocation()));
              bool Dependent = TU.Upc.isThreadsDependentSizeof(
                  VD->getInit()->IgnoreImpCasts());
              EXPECT_EQ(Dependent ? "dependent" : "constant",
                        Threads.isDynamic() ? Expected : "constant")
                  << VD->getName().str();
            }
          }
          EXPECT_EQ(Seen, 7u);
        },
        Threads);
  }
}

} // namespace
