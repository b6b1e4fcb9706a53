//===- ForallLocalizationTest.cpp -----------------------------------------===//
//
// Which upc_forall loops the lowering runs over the calling thread's
// iterations only (ForallLocalization.cpp), and which shared arrays their
// bodies then reach through private pointers: only the simple form (an
// integer index stepping by one between bounds the body does not change,
// the affinity the index or an element of a static shared array indexed by
// it), and only the arrays with the affinity's layout. Each marked loop's
// expectation is the comment on its line: "localized" and the arrays,
// "ordinary", or "plain for". Where local accesses raise GASP events, the
// private pointers' accesses would drop them: --profile-local does not
// localize, and files for MIR probes run the localized loop only while the
// gate is closed ("gated").
//
//===----------------------------------------------------------------------===//

#include "Annotated.h"
#include "LoweringFixture.h"

#include "upc-instrument/Instrumentation/Instrumentation.h"

#include "llvm/Support/Regex.h"

#include "gtest/gtest.h"

using namespace upc;

namespace {

/// "localized" and the arrays given private pointers (then "gated" if the
/// localized loop runs only while no MIR probe measures), "ordinary" (every
/// iteration tests its affinity), "plain for" (no affinity: a loop that
/// controls nothing), or "untranslated".
std::string describeForall(llvm::StringRef C) {
  if (C.contains("upc_forall"))
    return "untranslated";
  if (!C.contains("UPCR_FORALL_SCOPE"))
    return "plain for";
  if (!C.contains("upcr_forall_first"))
    return "ordinary";
  bool Gated = C.contains("&& !UPCR_GASP_LOCAL_ACTIVE()) {");
  std::string Out = "localized";
  llvm::Regex Pointer("upcr_l_([A-Za-z_0-9]+) = ");
  llvm::SmallVector<llvm::StringRef, 2> Match;
  while (Pointer.match(C, &Match)) {
    Out += " " + Match[1].str();
    C = C.substr(C.find(Match[0]) + Match[0].size());
  }
  if (Gated)
    Out += " gated";
  return Out;
}

void expectDescriptions(const Annotated &A, const LoweredUnit &Unit) {
  for (size_t I = 0; I < A.Ranges.size(); ++I) {
    std::string C = loweredText(Unit, A.range(I));
    EXPECT_EQ(describeForall(C),
              expectationOnLine(A.Text, A.lineOf(A.range(I).first)))
        << A.rangeText(I).str() << "\nlowered to:\n"
        << C;
  }
}

void expectForalls(llvm::StringRef Marked,
                   const LoweringOptions &Opts = plainLowering()) {
  Annotated A(Marked);
  ASSERT_FALSE(A.Ranges.empty());
  withLoweredUnit(
      A.Text,
      [&](UpcTranslationUnit &, LoweredUnit &Unit) {
        expectDescriptions(A, Unit);
      },
      Opts);
}

/// The same, instrumented with \p Instrumentation.
void expectInstrumentedForalls(llvm::StringRef Marked,
                               const InstrumentationOptions &Instrumentation) {
  Annotated A(Marked);
  ASSERT_FALSE(A.Ranges.empty());
  withTranslationUnit(A.Text, [&](UpcTranslationUnit &TU) {
    GaspRuntimeCalls Calls(Instrumentation, TU.Upc);
    LoweringOptions Opts = plainLowering();
    Opts.Calls = &Calls;
    Opts.GaspGated = Instrumentation.Gated;
    LoweredUnit Unit;
    ASSERT_TRUE(lowerTranslationUnit(TU, Opts, Unit));
    expectDescriptions(A, Unit);
  });
}

const char *Declarations = R"(
shared double a[100*THREADS], b[100*THREADS];
shared [10] int blk[100*THREADS], blk2[100*THREADS];
shared [4] int other[100*THREADS];
strict shared double sa[100*THREADS];
shared double *ptr;
)";

TEST(ForallLocalizationTest, SimpleForms) {
  expectForalls(std::string(Declarations) + R"(
void f(double s, int n) {
  int i;
  [[upc_forall (i = 0; i < 100*THREADS; i++; &a[i]) a[i] = b[i] * s;]] // localized a b
  [[upc_forall (i = 0; i <= n; ++i; i) b[i] = s;]] // localized b
  [[upc_forall (int j = 5; j < n; j += 1; a + j) a[j] = 0;]] // localized a
  [[upc_forall (i = 5; i < n; i++; &blk[i]) blk[i] = other[i] + blk2[i];]] // localized blk blk2
  [[upc_forall (i = 0; i < n; i++; &a[i]) sa[i] = a[i];]] // localized a
}
)");
}

TEST(ForallLocalizationTest, OtherFormsStayOrdinary) {
  expectForalls(std::string(Declarations) + R"(
void f(double s, int n) {
  int i;
  [[upc_forall (i = 0; i < n; i++; i) n--;]] // ordinary
  [[upc_forall (i = 0; i < n; i += 2; &a[i]) a[i] = s;]] // ordinary
  [[upc_forall (i = 0; i < n; i++; &a[i]) i++;]] // ordinary
  [[upc_forall (i = 0; i < n; i++; &a[i + 1]) a[i] = s;]] // ordinary
  [[upc_forall (i = 0; i < n; i++; &ptr[i]) a[i] = s;]] // ordinary
  [[upc_forall (i = 0; i < n; i++; &sa[i]) a[i] = s;]] // ordinary
  [[upc_forall (i = 0; i < n; i++; &a[i]) { if (a[i] < 0) break; }]] // ordinary
  [[upc_forall (i = 0; i < n; i++; continue) a[i] = s;]] // plain for
  [[upc_forall (i = n; i > 0; i--; &a[i]) a[i] = s;]] // ordinary
}
)");
}

TEST(ForallLocalizationTest, MemberArrays) {
  // Elements of array members of the thread's own structures are private
  // lvalues too; an array whose elements are only reached for addresses
  // (pointers-to-shared) gets no private pointer.
  expectForalls(R"(
struct rec { int a[4]; int m[2][3]; struct { int x; } p[2]; };
shared struct rec recs[100*THREADS];
void f(int n) {
  int i;
  shared void *v;
  [[upc_forall (i = 0; i < n; i++; &recs[i]) recs[i].a[1] += recs[i].m[1][2];]] // localized recs
  [[upc_forall (i = 0; i < n; i++; &recs[i]) recs[i].p[1].x++;]] // localized recs
  [[upc_forall (i = 0; i < n; i++; &recs[i]) v = &recs[i].a[1];]] // localized
  [[upc_forall (i = 0; i < n; i++; &recs[i]) v = recs[i].m[1];]] // localized
}
)");
}

TEST(ForallLocalizationTest, Disabled) {
  LoweringOptions Opts = plainLowering();
  Opts.LocalizeForall = false;
  expectForalls(std::string(Declarations) + R"(
void f(double s) {
  int i;
  [[upc_forall (i = 0; i < 100*THREADS; i++; &a[i]) a[i] = b[i] * s;]] // ordinary
}
)",
                Opts);
}

TEST(ForallLocalizationTest, LocalAccessEvents) {
  InstrumentationOptions Opts;
  // --profile: the private pointers' accesses are local, which raise none.
  Opts.Mode = InstrumentationMode::Profile;
  expectInstrumentedForalls(std::string(Declarations) + R"(
void f(double s, int n) {
  int i;
  [[upc_forall (i = 0; i < n; i++; &a[i]) a[i] = b[i] * s;]] // localized a b
}
)",
                            Opts);
  // --profile-local: not localized, unless no access would go through a
  // private pointer (blk has another layout) or raise an event (pupc off).
  Opts.Mode = InstrumentationMode::ProfileLocal;
  expectInstrumentedForalls(std::string(Declarations) + R"(
void f(double s, int n) {
  int i;
  [[upc_forall (i = 0; i < n; i++; &a[i]) a[i] = b[i] * s;]] // ordinary
  [[upc_forall (i = 0; i < n; i++; i) s += blk[i];]] // localized
#pragma pupc off
  [[upc_forall (i = 0; i < n; i++; &a[i]) a[i] = s;]] // localized a
}
)",
                            Opts);
  // MIR: localized, run only while no probe measures.
  Opts.Gated = true;
  expectInstrumentedForalls(std::string(Declarations) + R"(
void f(double s, int n) {
  int i;
  [[upc_forall (i = 0; i < n; i++; &a[i]) a[i] = b[i] * s;]] // localized a b gated
  [[upc_forall (i = 0; i < n; i++; i) s += blk[i];]] // localized gated
}
)",
                            Opts);
}

} // namespace
