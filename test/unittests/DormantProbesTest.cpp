//===- DormantProbesTest.cpp ----------------------------------------------===//
//
// The dormant probe sites of --mir-dormant (DormantProbes.cpp): which
// regions of the SIR get one for each kind, and which are left out because
// a probe's block cannot hold them (a region inside an expression or a
// declaration; statements that hold a label or a case a jump from outside
// reaches). The comment on a line names the sites expected there (the
// tests list them by kind).
//
//===----------------------------------------------------------------------===//

#include "FrontEndFixture.h"

#include "upc-instrument/Mir/DormantProbes.h"

#include "gtest/gtest.h"

#include <algorithm>

using namespace upc;

namespace {

/// The ids of the sites for \p Kinds in \p Source, unit prefix removed,
/// sorted.
std::vector<std::string> sitesOf(llvm::StringRef Source, unsigned Kinds) {
  std::vector<std::string> Ids;
  withTranslationUnit(Source, [&](UpcTranslationUnit &TU) {
    std::vector<SirFile> Files = buildSirFiles(TU);
    std::vector<ProbePlacement> Placements;
    addDormantProbes(Files, Kinds, TU.AST, Placements);
    for (const ProbePlacement &P : Placements) {
      EXPECT_TRUE(P.Dormant);
      llvm::StringRef Id = P.Id;
      Id = Id.split('.').second; // the file part
      Ids.push_back(Id.str());
    }
  });
  std::sort(Ids.begin(), Ids.end());
  return Ids;
}

std::vector<std::string> sorted(std::vector<std::string> V) {
  std::sort(V.begin(), V.end());
  return V;
}

const char Program[] = R"(
#include <upc.h>
shared int a[10*THREADS];
upc_lock_t *l;
int helper(int x) { return x + 1; }             // helper
void work(void) {                               // work
  int i, s = helper(0);                         // (call1: in a declaration)
  upc_forall (i = 0; i < 10*THREADS; i++; &a[i]) { // upcForall1
    a[i] = helper(i);                           // sharedWrite1 (call2)
    s += a[i];                                  // (sharedRead1: in an expression)
  }
  while (s > 100)                               // loop1
    s--;
  for (i = 0; i < 2; i++)                       // loop2
    upc_barrier;                                // upcBarrier1
  upc_lock(l);                                  // upcLockRegion1 upcCall1
  a[0] += s;                                    // sharedUpdate1
  upc_unlock(l);                                // upcCall2
  helper(s);                                    // call3
  switch (s) {                                  // (no kind)
  case 1:
    while (s) s--;                              // loop3
    break;
  }
  while (s < 10) {                              // (loop4: a label)
  again:
    s++;
  }
  if (s > 20) goto again;
}
)";

TEST(DormantProbesTest, KindsSelectRegions) {
  EXPECT_EQ(sitesOf(Program, DormantFunctions), sorted({"helper", "work"}));
  EXPECT_EQ(sitesOf(Program, DormantLoops),
            sorted({"work.loop1", "work.loop2", "work.loop3"}));
  EXPECT_EQ(sitesOf(Program, DormantForalls), sorted({"work.upcForall1"}));
  EXPECT_EQ(sitesOf(Program, DormantCalls), sorted({"work.call3"}));
  EXPECT_EQ(sitesOf(Program, DormantUpc),
            sorted({"work.upcBarrier1", "work.upcLockRegion1",
                    "work.upcCall1", "work.upcCall2"}));
  EXPECT_EQ(sitesOf(Program, DormantShared),
            sorted({"work.sharedWrite1", "work.sharedUpdate1"}));
}

TEST(DormantProbesTest, ParseKinds) {
  unsigned Kinds = 0;
  std::string Why;
  EXPECT_TRUE(parseDormantKinds("loops,foralls", Kinds, Why));
  EXPECT_EQ(Kinds, unsigned(DormantLoops | DormantForalls));
  EXPECT_TRUE(parseDormantKinds("all", Kinds, Why));
  EXPECT_EQ(Kinds, unsigned(DormantAll));
  EXPECT_FALSE(parseDormantKinds("loops,statements", Kinds, Why));
  EXPECT_EQ(Why, "unknown kind of region 'statements' (expected functions, "
                 "loops, foralls, calls, upc, shared or all, separated by "
                 "commas)");
  EXPECT_FALSE(parseDormantKinds("", Kinds, Why));
}

TEST(DormantProbesTest, EveryRegionTypeHasAKind) {
  for (const char *Type :
       {"loop", "upcForall", "upcBarrier", "upcNotify", "upcWait", "upcFence",
        "call", "upcCall", "upcCollective", "sharedRead", "sharedWrite",
        "sharedUpdate", "upcLockRegion", "userEvent"})
    EXPECT_NE(dormantKindOf(Type), 0u) << Type;
}

} // namespace
