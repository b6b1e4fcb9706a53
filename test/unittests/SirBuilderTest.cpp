//===- SirBuilderTest.cpp -------------------------------------------------===//
//
// The SIR of a translation unit (SirBuilder.cpp): the code regions of each
// function, their extents in the original UPC text, their nesting, and the
// stable identifiers requests name them by (a per-kind rank in source order
// within the function). Each region is a marked range of the snippet; the
// comment on the line where ranges start lists their identifiers (without
// the unit's prefix) in the order the ranges start. The nesting expected is
// that of the marked ranges. A region ends where Clang's statement does:
// before the ';' of an expression statement.
//
//===----------------------------------------------------------------------===//

#include "Annotated.h"
#include "FrontEndFixture.h"

#include "upc-instrument/Mir/Sir.h"

#include "gtest/gtest.h"

#include <algorithm>
#include <map>

using namespace upc;

namespace {

/// "START-END PARENT/ID": START and END the positions of the first and last
/// characters, PARENT the enclosing region's identifier (empty at the top).
std::string describeRegion(const std::string &Start, const std::string &End,
                           llvm::StringRef Parent, llvm::StringRef Id) {
  return Start + "-" + End + " " + Parent.str() + "/" + Id.str();
}

void flatten(const std::vector<SirRegion> &Regions, llvm::StringRef Unit,
             llvm::StringRef Parent, std::vector<std::string> &Out) {
  for (const SirRegion &R : Regions) {
    llvm::StringRef Id = R.Id;
    EXPECT_TRUE(Id.consume_front((Unit + ".").str())) << R.Id;
    const SirPosition &P = R.Position;
    Out.push_back(describeRegion(
        std::to_string(P.StartLine) + ":" + std::to_string(P.StartColumn),
        std::to_string(P.EndLine) + ":" + std::to_string(P.EndColumn), Parent,
        Id));
    flatten(R.Children, Unit, Id, Out);
  }
}

/// The regions the ranges of \p A mark, described as by describeRegion().
std::vector<std::string> markedRegions(const Annotated &A) {
  // Identifiers: the words of the comment on each range's first line, in
  // the order the ranges start.
  std::vector<std::pair<unsigned, unsigned>> Ranges = A.Ranges;
  std::sort(Ranges.begin(), Ranges.end(), [](auto X, auto Y) {
    return X.first != Y.first ? X.first < Y.first : X.second > Y.second;
  });
  std::vector<std::string> Ids;
  std::map<unsigned, std::vector<std::string>> WordsOfLine;
  for (auto [Begin, End] : Ranges) {
    unsigned Line = A.lineOf(Begin);
    if (!WordsOfLine.count(Line)) {
      std::string Comment = expectationOnLine(A.Text, Line);
      llvm::SmallVector<llvm::StringRef> Words;
      llvm::StringRef(Comment).split(Words, ' ', -1, /*KeepEmpty=*/false);
      for (llvm::StringRef W : llvm::reverse(Words))
        WordsOfLine[Line].push_back(W.str());
    }
    std::vector<std::string> &Words = WordsOfLine[Line];
    Ids.push_back(Words.empty() ? "<no identifier>" : Words.back());
    if (!Words.empty())
      Words.pop_back();
  }
  std::vector<std::string> Out;
  for (size_t I = 0; I < Ranges.size(); ++I) {
    // The innermost range that contains this one, marked before it.
    std::string Parent;
    for (size_t J = 0; J < I; ++J)
      if (Ranges[J].first <= Ranges[I].first &&
          Ranges[I].second <= Ranges[J].second)
        Parent = Ids[J];
    Out.push_back(describeRegion(A.position(Ranges[I].first),
                                 A.position(Ranges[I].second - 1), Parent,
                                 Ids[I]));
  }
  return Out;
}

TEST(SirBuilderTest, RegionsOfAFunction) {
  Annotated A(R"(
#include <upc.h>
shared int a[10*THREADS];
upc_lock_t *l;
int helper(int x) { return x + 1; }
void work(void) {
  int i, s = 0;
  [[upc_forall (i = 0; i < 10*THREADS; i++; &a[i]) { // upcForall1
    [[a[i] = [[helper(i)]]]];       // sharedWrite1 call1
    s += [[a[i]]];                  // sharedRead1
  }]]
  [[while (s > 100)                 // loop1
    s--]];
  [[for (i = 0; i < 2; i++)         // loop2
    [[upc_barrier]]]];              // upcBarrier1
  [[[[upc_lock(l)]];                // upcLockRegion1 upcCall1
  [[a[0] += s]];                    // sharedUpdate1
  [[upc_unlock(l)]]]];              // upcCall2
  [[do s--; while (s > 0)]];        // loop3
}
)");
  withTranslationUnit(A.Text, [&](UpcTranslationUnit &TU) {
    std::vector<SirFile> Files = buildSirFiles(TU);
    ASSERT_FALSE(Files.empty());
    const SirFile &Main = Files.front();
    ASSERT_EQ(Main.Units.size(), 2u);
    EXPECT_EQ(Main.Units[0].Name, "helper");
    EXPECT_TRUE(Main.Units[0].Regions.empty());
    const SirUnit &Work = Main.Units[1];
    EXPECT_EQ(Work.Id, Main.Id + ".work");
    std::vector<std::string> Actual;
    flatten(Work.Regions, Work.Id, "", Actual);
    std::vector<std::string> Expected = markedRegions(A);
    std::sort(Actual.begin(), Actual.end());
    std::sort(Expected.begin(), Expected.end());
    EXPECT_EQ(Actual, Expected);
  });
}

TEST(SirBuilderTest, RanksArePerFunctionAndKind) {
  // An edit of one function (here: g's extra loop) changes no identifier of
  // another; each kind counts on its own.
  Annotated A(R"(
void f(int n) {
  [[while (n) n--]];                // loop1
  [[for (;;) break]];               // loop2
}
void g(int n) {
  [[while (n) n--]];                // loop1
  [[while (n) n++]];                // loop2
  [[upc_fence]];                    // upcFence1
  [[while (n) n--]];                // loop3
}
)");
  withTranslationUnit(A.Text, [&](UpcTranslationUnit &TU) {
    std::vector<SirFile> Files = buildSirFiles(TU);
    ASSERT_FALSE(Files.empty());
    std::vector<std::string> Actual;
    for (const SirUnit &U : Files.front().Units)
      flatten(U.Regions, U.Id, "", Actual);
    std::vector<std::string> Expected = markedRegions(A);
    std::sort(Actual.begin(), Actual.end());
    std::sort(Expected.begin(), Expected.end());
    EXPECT_EQ(Actual, Expected);
  });
}

TEST(SirBuilderTest, SharedDeclarations) {
  // File scope declarations belong to the file, static locals to their
  // function; a variable declared several times is described once.
  withTranslationUnit(R"(
extern shared int counter;
shared int counter;
shared [4] double grid[4*THREADS];
int f(void) {
  static shared int hits;
  return hits;
}
)",
                      [](UpcTranslationUnit &TU) {
                        std::vector<SirFile> Files = buildSirFiles(TU);
                        ASSERT_EQ(Files.size(), 1u);
                        const SirFile &F = Files.front();
                        std::vector<std::string> Ids;
                        for (const SirDeclaration &D : F.Declarations)
                          Ids.push_back(D.Id);
                        ASSERT_EQ(F.Units.size(), 1u);
                        for (const SirDeclaration &D : F.Units[0].Declarations)
                          Ids.push_back(D.Id);
                        EXPECT_EQ(Ids, (std::vector<std::string>{
                                           F.Id + ".counter", F.Id + ".grid",
                                           F.Id + ".f.hits"}));
                        // The definition, not the first declaration.
                        EXPECT_EQ(F.Declarations[0].Position.StartLine, 3u);
                      });
}

TEST(SirBuilderTest, IdParts) {
  EXPECT_EQ(sirIdPart("main"), "main");
  EXPECT_EQ(sirIdPart("dir/my-file.upc"), "dir_my-file_upc");
  EXPECT_EQ(sirIdPart("3d.upc"), "_3d_upc");
  EXPECT_EQ(sirIdPart("-x"), "_-x");
  EXPECT_EQ(sirIdPart(""), "_");
  EXPECT_EQ(sirIdPart("caf\xc3\xa9"), "caf__");
}

TEST(SirBuilderTest, FileIdsAreNames) {
  // Whatever directory the path is given from.
  for (const char *Path :
       {"prog.upc", "./prog.upc", "../prog.upc", "src/prog.upc",
        "/abs/src/prog.upc", "../x/../prog.upc"})
    EXPECT_EQ(sirFileId(Path), "prog_upc") << Path;
  EXPECT_EQ(sirFileId("dir/3d-grid.upc"), "_3d-grid_upc");
}

/// A file of a document at \p Path, with a unit, a region, a declaration
/// and a static local of it.
SirFile fileAt(const std::string &Path, const std::string &Function = "f") {
  SirFile F;
  F.Name = Path;
  F.Path = Path;
  F.Id = sirFileId(Path);
  SirDeclaration D;
  D.Id = F.Id + ".x";
  F.Declarations.push_back(D);
  SirUnit U;
  U.Id = F.Id + "." + Function;
  SirDeclaration Static;
  Static.Id = U.Id + ".s";
  U.Declarations.push_back(Static);
  SirRegion Loop;
  Loop.Id = U.Id + ".loop1";
  SirRegion Barrier;
  Barrier.Id = U.Id + ".upcBarrier1";
  Loop.Children.push_back(Barrier);
  U.Regions.push_back(Loop);
  F.Units.push_back(U);
  return F;
}

std::vector<std::string>
fileIdsOf(std::vector<SirFile> Files,
          llvm::ArrayRef<std::string> Companions = {}) {
  nameSirFiles(Files, Companions);
  std::vector<std::string> Ids;
  for (const SirFile &F : Files)
    Ids.push_back(F.Id);
  return Ids;
}

TEST(SirBuilderTest, FilesOfTheSameName) {
  std::vector<SirFile> Files = {fileAt("/w/a/util.upc"), fileAt("/w/main.upc"),
                                fileAt("/w/b/util.upc")};
  nameSirFiles(Files);
  ASSERT_EQ(Files.size(), 3u);
  EXPECT_EQ(Files[0].Id, "a_util_upc");
  EXPECT_EQ(Files[1].Id, "main_upc");
  EXPECT_EQ(Files[2].Id, "b_util_upc");
  // Every id of the file takes its new file part.
  const SirFile &A = Files[0];
  EXPECT_EQ(A.Declarations[0].Id, "a_util_upc.x");
  EXPECT_EQ(A.Units[0].Id, "a_util_upc.f");
  EXPECT_EQ(A.Units[0].Declarations[0].Id, "a_util_upc.f.s");
  EXPECT_EQ(A.Units[0].Regions[0].Id, "a_util_upc.f.loop1");
  EXPECT_EQ(A.Units[0].Regions[0].Children[0].Id, "a_util_upc.f.upcBarrier1");

  // Each its own shortest trailing part, in any order.
  EXPECT_EQ(fileIdsOf({fileAt("/x/a/u.upc"), fileAt("/x/b/u.upc"),
                       fileAt("/y/b/u.upc")}),
            (std::vector<std::string>{"a_u_upc", "x_b_u_upc", "y_b_u_upc"}));
  EXPECT_EQ(fileIdsOf({fileAt("/y/b/u.upc"), fileAt("/x/a/u.upc"),
                       fileAt("/x/b/u.upc")}),
            (std::vector<std::string>{"y_b_u_upc", "a_u_upc", "x_b_u_upc"}));
  // One path ends the other.
  EXPECT_EQ(fileIdsOf({fileAt("/b/u.upc"), fileAt("/a/b/u.upc")}),
            (std::vector<std::string>{"b_u_upc", "a_b_u_upc"}));
  // Names that give one id; a trailing part that gives another's.
  EXPECT_EQ(fileIdsOf({fileAt("/w/u.upc"), fileAt("/w/u_upc")}),
            (std::vector<std::string>{"w_u_upc", "w_u_upc_2"}));
  EXPECT_EQ(fileIdsOf({fileAt("/p/a_u.upc"), fileAt("/q/a/u.upc"),
                       fileAt("/q/b/u.upc")}),
            (std::vector<std::string>{"p_a_u_upc", "q_a_u_upc", "b_u_upc"}));

  // The other sources of the command count, as their translations do.
  EXPECT_EQ(fileIdsOf({fileAt("/w/a/util.upc")}, {"/w/b/util.upc"}),
            (std::vector<std::string>{"a_util_upc"}));
  EXPECT_EQ(fileIdsOf({fileAt("/w/a/util.upc")}, {"/w/a/util.upc"}),
            (std::vector<std::string>{"util_upc"}));
}

TEST(SirBuilderTest, OneFileTwice) {
  // A header that two inputs include: one file, with the units of both.
  std::vector<SirFile> Files = {
      fileAt("/w/common.uph", "f"), fileAt("/w/main.upc"),
      fileAt("/w/common.uph", "g"), fileAt("/w/common.uph", "f")};
  nameSirFiles(Files);
  ASSERT_EQ(Files.size(), 2u);
  EXPECT_EQ(Files[0].Id, "common_uph");
  ASSERT_EQ(Files[0].Units.size(), 2u);
  EXPECT_EQ(Files[0].Units[0].Id, "common_uph.f");
  EXPECT_EQ(Files[0].Units[1].Id, "common_uph.g");
  EXPECT_EQ(Files[0].Declarations.size(), 1u);
  EXPECT_EQ(Files[1].Id, "main_upc");
}

} // namespace
