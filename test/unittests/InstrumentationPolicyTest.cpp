//===- InstrumentationPolicyTest.cpp --------------------------------------===//
//
// The GASP policy: the list files of --profile-only and --exclude-functions
// (the warnings' positions are marked with ^ in the file's text), and which
// sites raise events under #pragma pupc regions and --profile-only (each
// site's expectation is the comment on its line).
//
//===----------------------------------------------------------------------===//

#include "Annotated.h"
#include "FrontEndFixture.h"

#include "upc-instrument/Instrumentation/Instrumentation.h"

#include "clang/AST/Expr.h"

#include "llvm/Support/FileSystem.h"
#include "llvm/Support/raw_ostream.h"

#include "gtest/gtest.h"

using namespace upc;

namespace {

/// Writes \p Text to a temporary file and returns its path.
std::string temporaryFile(llvm::StringRef Text) {
  llvm::SmallString<128> Path;
  int FD;
  if (llvm::sys::fs::createTemporaryFile("list", "txt", FD, Path))
    return "";
  llvm::raw_fd_ostream OS(FD, /*shouldClose=*/true);
  OS << Text;
  return std::string(Path);
}

/// The "LINE:COLUMN" of each point of \p A.
std::vector<std::string> positionsOfPoints(const Annotated &A) {
  std::vector<std::string> Out;
  for (unsigned P : A.Points) {
    llvm::StringRef Before = llvm::StringRef(A.Text).substr(0, P);
    unsigned Line = Before.count('\n') + 1;
    size_t LineStart = Before.rfind('\n');
    unsigned Column =
        P - (LineStart == llvm::StringRef::npos ? 0 : LineStart + 1) + 1;
    Out.push_back(std::to_string(Line) + ":" + std::to_string(Column));
  }
  return Out;
}

std::vector<std::string> positionsOf(const std::vector<ListFileWarning> &W) {
  std::vector<std::string> Out;
  for (const ListFileWarning &X : W)
    Out.push_back(std::to_string(X.Line) + ":" + std::to_string(X.Column));
  return Out;
}

TEST(InstrumentationPolicyTest, EventList) {
  Annotated A("# events to instrument\n"
              "GASP_UPC_PUT\n"
              "  GASP_C_FUNC   # trailing comment\n"
              "\n"
              "\t^GASP_UPC_BOGUS\n"
              "GASP_UPC_NB_GET_DATA\n"
              "^PUPC_UPC_GET\n");
  std::string Path = temporaryFile(A.Text);
  GaspEventSet Events;
  std::vector<ListFileWarning> Warnings;
  EXPECT_EQ(readEventList(Path, Events, Warnings), "");
  llvm::sys::fs::remove(Path);
  GaspEventSet Expected;
  Expected.set(unsigned(GaspEvent::Put));
  Expected.set(unsigned(GaspEvent::CFunc));
  EXPECT_EQ(Events, Expected); // an event never raised (NB) is ignored
  EXPECT_EQ(positionsOf(Warnings), positionsOfPoints(A));
  ASSERT_EQ(Warnings.size(), 2u);
  EXPECT_EQ(Warnings[0].Message, "unknown GASP event 'GASP_UPC_BOGUS'; ignored");
  EXPECT_NE(Warnings[1].Message.find("GASP 1.4 names events"),
            std::string::npos);
}

TEST(InstrumentationPolicyTest, FunctionList) {
  Annotated A("main\n  helper # why\n^not a name\n^3d\n");
  std::string Path = temporaryFile(A.Text);
  llvm::StringSet<> Names;
  std::vector<ListFileWarning> Warnings;
  EXPECT_EQ(readFunctionList(Path, Names, Warnings), "");
  llvm::sys::fs::remove(Path);
  EXPECT_EQ(Names.size(), 2u);
  EXPECT_TRUE(Names.count("main") && Names.count("helper"));
  EXPECT_EQ(positionsOf(Warnings), positionsOfPoints(A));
}

TEST(InstrumentationPolicyTest, UnreadableList) {
  GaspEventSet Events;
  std::vector<ListFileWarning> Warnings;
  EXPECT_NE(readEventList("/nonexistent/events.txt", Events, Warnings)
                .find("cannot read '/nonexistent/events.txt'"),
            std::string::npos);
}

/// For each synchronization statement of \p Source, whether \p Calls
/// instruments it, against the comment on its line ("instrumented" or
/// "not").
void expectSynchronizationPolicy(llvm::StringRef Source,
                                 const InstrumentationOptions &Opts) {
  withTranslationUnit(Source, [&](UpcTranslationUnit &TU) {
    GaspRuntimeCalls Calls(Opts, TU.Upc);
    ASSERT_FALSE(TU.Upc.synchronizations().empty());
    for (const SynchronizationStatement &S : TU.Upc.synchronizations()) {
      SourcePosition P;
      P.Loc = S.Call->getBeginLoc();
      unsigned Line = lineOf(TU, P.Loc);
      SyncKind Kind = SyncKind(S.SyncKind);
      std::string Call = Calls.synchronization(Kind, std::nullopt, P);
      bool Instrumented = llvm::StringRef(Call).starts_with("upcr_gasp_");
      std::string Expected = expectationOnLine(Source, Line);
      ASSERT_TRUE(Expected == "instrumented" || Expected == "not")
          << "line " << Line << " has no expectation";
      EXPECT_EQ(Instrumented, Expected == "instrumented")
          << "line " << Line << ": " << Call;
    }
  });
}

TEST(InstrumentationPolicyTest, PupcRegions) {
  InstrumentationOptions Opts;
  Opts.Mode = InstrumentationMode::Profile;
  expectSynchronizationPolicy(R"(
void f(void) {
  upc_barrier;                     // instrumented
#pragma pupc off
  upc_barrier;                     // not
  {
#pragma pupc on
    upc_notify;                    // instrumented
    upc_wait;                      // instrumented
  }
  upc_fence;                       // not
#pragma pupc on
  upc_fence;                       // instrumented
}
)",
                              Opts);
}

TEST(InstrumentationPolicyTest, ProfileOnly) {
  InstrumentationOptions Opts;
  Opts.Mode = InstrumentationMode::Profile;
  Opts.OnlyEvents.emplace();
  Opts.OnlyEvents->set(unsigned(GaspEvent::Barrier));
  Opts.OnlyEvents->set(unsigned(GaspEvent::Fence));
  expectSynchronizationPolicy(R"(
void f(void) {
  upc_barrier 3;                   // instrumented
  upc_notify;                      // not
  upc_wait;                        // not
  upc_fence;                       // instrumented
#pragma pupc off
  upc_barrier;                     // not
}
)",
                              Opts);
}

TEST(InstrumentationPolicyTest, LibraryCallsFollowTheirEvent) {
  InstrumentationOptions Opts;
  Opts.Mode = InstrumentationMode::Profile;
  Opts.OnlyEvents.emplace();
  Opts.OnlyEvents->set(unsigned(GaspEvent::Lock));
  withTranslationUnit("void f(void) {}\n", [&](UpcTranslationUnit &TU) {
    GaspRuntimeCalls Calls(Opts, TU.Upc);
    SourcePosition P{"a.upc", 3, 5, {}};
    EXPECT_EQ(Calls.libraryCall(*findLibraryFunction("upc_lock"), {"l"}, P),
              "upcr_gasp_lock(l, UPCR_SRCPOS(\"a.upc\", 3, 5))");
    EXPECT_EQ(Calls.libraryCall(*findLibraryFunction("upc_unlock"), {"l"}, P),
              "upcr_unlock(l, UPCR_SRCPOS(\"a.upc\", 3, 5))");
  });
}

} // namespace
