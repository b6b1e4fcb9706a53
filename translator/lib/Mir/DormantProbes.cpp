//===- DormantProbes.cpp - A probe site on every region -------------------===//

#include "upc-instrument/Mir/DormantProbes.h"
#include "upc-instrument/Lowering/CTypes.h"
#include "upc-instrument/Mir/Probes.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/ParentMapContext.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringSwitch.h"

using namespace clang;

namespace upc {

bool parseDormantKinds(llvm::StringRef List, unsigned &Kinds,
                       std::string &Why) {
  Kinds = 0;
  llvm::SmallVector<llvm::StringRef, 8> Names;
  List.split(Names, ',');
  for (llvm::StringRef Name : Names) {
    unsigned K = llvm::StringSwitch<unsigned>(Name.trim())
                     .Case("functions", DormantFunctions)
                     .Case("loops", DormantLoops)
                     .Case("foralls", DormantForalls)
                     .Case("calls", DormantCalls)
                     .Case("upc", DormantUpc)
                     .Case("shared", DormantShared)
                     .Case("all", DormantAll)
                     .Default(0);
    if (!K) {
      Why = "unknown kind of region '" + Name.trim().str() +
            "' (expected functions, loops, foralls, calls, upc, shared or "
            "all, separated by commas)";
      return false;
    }
    Kinds |= K;
  }
  return true;
}

unsigned dormantKindOf(llvm::StringRef RegionType) {
  return llvm::StringSwitch<unsigned>(RegionType)
      .Case("loop", DormantLoops)
      .Case("upcForall", DormantForalls)
      .Case("call", DormantCalls)
      .Cases("upcBarrier", "upcNotify", "upcWait", "upcFence", DormantUpc)
      .Cases("upcCall", "upcCollective", "upcLockRegion", "userEvent",
             DormantUpc)
      .Cases("sharedRead", "sharedWrite", "sharedUpdate", DormantShared)
      .Default(0);
}

namespace {

/// Whether statements hold a label, or a case of a switch outside them:
/// a jump there from outside would enter the site's block past its start,
/// whose cleanup would then end a measurement that never began.
class JumpTargets : public RecursiveASTVisitor<JumpTargets> {
public:
  bool Found = false;

  bool TraverseSwitchStmt(SwitchStmt *S) {
    ++Switches;
    bool Continue = RecursiveASTVisitor::TraverseSwitchStmt(S);
    --Switches;
    return Continue;
  }
  bool VisitLabelStmt(LabelStmt *) { return !(Found = true); }
  bool VisitSwitchCase(SwitchCase *) {
    if (Switches == 0)
      Found = true;
    return !Found;
  }

private:
  unsigned Switches = 0;
};

bool holdsJumpTarget(ASTContext &AST, const Stmt *First, const Stmt *Last) {
  JumpTargets Finder;
  if (First == Last) {
    Finder.TraverseStmt(const_cast<Stmt *>(First));
    return Finder.Found;
  }
  // Statements of one block (regionStatements checked it).
  const auto *Block = AST.getParents(*First)[0].get<CompoundStmt>();
  bool Inside = false;
  for (Stmt *S : Block->body()) {
    Inside |= S == First;
    if (Inside)
      Finder.TraverseStmt(S);
    if (S == Last || Finder.Found)
      break;
  }
  return Finder.Found;
}

class SiteMaker {
public:
  SiteMaker(unsigned Kinds, ASTContext &AST,
            std::vector<ProbePlacement> &Out)
      : Kinds(Kinds), AST(AST), Out(Out) {}

  void unit(const SirUnit &U) {
    if (Kinds & DormantFunctions)
      add(U.Id, U.Position, U.Function, nullptr, nullptr);
    regions(U, U.Regions);
  }

private:
  void regions(const SirUnit &U, const std::vector<SirRegion> &Rs) {
    for (const SirRegion &R : Rs) {
      if ((Kinds & dormantKindOf(R.Type)) && R.First) {
        StatementSpan Span = regionStatements(AST, R, R);
        if (Span.Why.empty() && !holdsJumpTarget(AST, Span.First, Span.Last))
          add(R.Id, R.Position, U.Function, Span.First, Span.Last);
      }
      regions(U, R.Children);
    }
  }

  void add(const std::string &Id, const SirPosition &Pos,
           const FunctionDecl *F, const Stmt *First, const Stmt *Last) {
    if (!F || !F->hasBody())
      return;
    ProbePlacement P;
    P.Id = Id;
    P.Variable = "upcri_mir_site_" + std::to_string(Out.size());
    P.DefinitionArguments = CTypes::quote(Id) + ", " +
                            std::to_string(Pos.StartLine) + ", " +
                            std::to_string(Pos.StartColumn);
    P.Function = F;
    P.First = First;
    P.Last = Last;
    P.Dormant = true;
    Out.push_back(std::move(P));
  }

  unsigned Kinds;
  ASTContext &AST;
  std::vector<ProbePlacement> &Out;
};

} // namespace

void addDormantProbes(const std::vector<SirFile> &Files, unsigned Kinds,
                      ASTContext &AST,
                      std::vector<ProbePlacement> &Placements) {
  SiteMaker Maker(Kinds, AST, Placements);
  for (const SirFile &F : Files)
    for (const SirUnit &U : F.Units)
      Maker.unit(U);
}

} // namespace upc
