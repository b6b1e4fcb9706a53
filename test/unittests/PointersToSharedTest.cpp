//===- PointersToSharedTest.cpp -------------------------------------------===//
//
// Pointer-to-shared values as the lowering spells them (PointersToShared.cpp):
// the phaseless representation for block size 1 and indefinite, the phased
// one otherwise; arithmetic, differences and comparisons as runtime calls
// that carry the element size and block size; null pointers and null tests;
// conversions between representations and block sizes (a new block size
// restarts the phase). Each marked range's expectation is the comment on
// its line: the C that replaces it.
//
//===----------------------------------------------------------------------===//

#include "Annotated.h"
#include "LoweringFixture.h"

#include "gtest/gtest.h"

using namespace upc;

namespace {

/// Expects each range of \p Marked to be lowered to the comment on its line.
void expectLoweredRanges(llvm::StringRef Marked) {
  Annotated A(Marked);
  ASSERT_FALSE(A.Ranges.empty());
  withLoweredUnit(A.Text, [&](UpcTranslationUnit &, LoweredUnit &Unit) {
    for (size_t I = 0; I < A.Ranges.size(); ++I)
      EXPECT_EQ(loweredText(Unit, A.range(I)),
                expectationOnLine(A.Text, A.lineOf(A.range(I).first)))
          << "range " << A.rangeText(I).str();
  });
}

TEST(PointersToSharedTest, Arithmetic) {
  expectLoweredRanges(R"(
shared int a[10*THREADS];
shared [4] double d[8*THREADS];
shared [] char bytes[64];
shared [3] int (*rows)[5];
void f(int i, long n, shared int *p, shared [] char *c,
       shared [4] double *q) {
  // The declarations are lowered as a whole: assignments show expressions.
  p = [[&a[i]]];                  // upcr_add_pshared1(a, sizeof(int), i)
  c = [[bytes + 3]];                // upcr_add_psharedI(bytes, sizeof(char), 3)
  q = [[d + i]];                    // upcr_add_shared(d, sizeof(double), i, 4)
  [[p += 2]];                       // (p = upcr_add_pshared1(p, sizeof(int), 2))
  [[q++]];                          // (q = upcr_add_shared(q, sizeof(double), 1, 4))
  [[--c]];                          // (c = upcr_add_psharedI(c, sizeof(char), -1))
  q = [[q - n]];                    // upcr_add_shared(q, sizeof(double), -(n), 4)
  n = [[q - d]];                    // upcr_sub_shared(q, d, sizeof(double), 4)
  n = [[p - a]];                    // upcr_sub_pshared1(p, a, sizeof(int))
  rows = [[rows + 1]];              // upcr_add_shared(rows, sizeof(int), (1) * (5), 3)
}
)");
}

TEST(PointersToSharedTest, ComparisonsAndNullPointers) {
  expectLoweredRanges(R"(
shared int a[10*THREADS];
shared [4] double d[8*THREADS];
void f(shared int *p, shared [4] double *q, shared void *v) {
  int n;
  n = [[p > a]];                    // (upcr_sub_pshared1(p, a, sizeof(int)) > 0)
  n = [[q != v]];                   // (!upcr_isequal_shared_shared(q, v))
  n = [[p == 0]];                   // (upcr_isnull_pshared(p))
  n = [[!q]];                       // (upcr_isnull_shared(q))
  p = [[0]];                        // UPCR_NULL_PSHARED
  q = [[(void *)0]];                // UPCR_NULL_SHARED
}
)");
}

TEST(PointersToSharedTest, Conversions) {
  expectLoweredRanges(R"(
shared [4] double d[8*THREADS];
void f(shared int *p, shared [4] double *q, shared void *v) {
  v = [[p]];                        // upcr_pshared_to_shared(p)
  p = [[(shared int *)q]];          // (upcr_shared_to_pshared(q))
  q = [[(shared [4] double *)(shared [2] double *)q]]; // (upcr_shared_resetphase((upcr_shared_resetphase(q))))
  q = [[(shared [4] double *)v]];   // (v)
  double *local;
  local = [[(double *)&d[4]]]; // ((double *)upcr_shared_to_local(upcr_add_shared(d, sizeof(double), 4, 4)))
  (void)local;
}
)");
}

TEST(PointersToSharedTest, RowPointerArguments) {
  // A parameter pointing to rows of THREADS elements: Clang converts the
  // argument to `(*)[*]`, the parameter's canonical type, which is the
  // same pointer (the phase stays: UPC 1.3, 6.4.3).
  expectLoweredRanges(R"(
shared [3] int rows[8][THREADS];
void take(shared [3] int (*r)[THREADS]);
void f(shared [3] int (*p)[THREADS]) {
  [[take(&rows[1])]];               // take(upcr_add_shared(rows, sizeof(int), (1) * ((THREADS)), 3))
  [[take(p + 1)]];                  // take(upcr_add_shared(p, sizeof(int), (1) * ((THREADS)), 3))
  [[take((shared [3] int (*)[THREADS])&rows[1][1])]]; // take((upcr_shared_resetphase(upcr_add_shared(upcr_add_shared(rows, sizeof(int), (1) * ((THREADS)), 3), sizeof(int), 1, 3))))
}
)");
}

} // namespace
