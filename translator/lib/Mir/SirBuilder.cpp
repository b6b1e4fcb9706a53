//===- SirBuilder.cpp - The code regions of a UPC translation unit --------===//
//
// One traversal of each function defined in a UPC file collects its code
// regions with their ranges in the original text; the regions are then
// nested by containment (UPC constructs never overlap partially: they are
// AST nodes, or statement ranges in one block) and numbered per kind.
//
//===----------------------------------------------------------------------===//

#include "upc-instrument/Mir/Sir.h"
#include "upc-instrument/Desugar/InternalNames.h"
#include "upc-instrument/Library/UpcLibrary.h"
#include "upc-instrument/Semantics/SharedObjects.h"
#include "upc-instrument/Semantics/UpcTypePrinter.h"
#include "upc-instrument/Semantics/UpcTypes.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/Frontend/CompilerInstance.h"
#include "clang/Lex/Lexer.h"
#include "llvm/Support/Path.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringMap.h"

#include <algorithm>
#include <map>

using namespace clang;

namespace upc {

std::string sirIdPart(llvm::StringRef Text) {
  std::string Out;
  for (char C : Text)
    Out += (llvm::isAlnum(C) || C == '-' || C == '_') ? C : '_';
  if (Out.empty() || llvm::isDigit(Out[0]) || Out[0] == '-')
    Out.insert(Out.begin(), '_');
  return Out;
}

namespace {

/// A region before nesting, with its original offsets.
struct RawRegion {
  SirRegion Region;
  unsigned Begin = 0, End = 0; // original offsets, End inclusive
  unsigned Order = 0;          // when it was found
};

/// Original positions of AST ranges.
class Positions {
public:
  explicit Positions(UpcTranslationUnit &TU)
      : TU(TU), SM(TU.AST.getSourceManager()) {}

  /// The file, original offsets and position of \p R; false when it is not
  /// in one file.
  bool locate(SourceRange R, FileID &File, unsigned &Begin, unsigned &End,
              SirPosition &P) const {
    SourceLocation B = SM.getFileLoc(R.getBegin());
    SourceLocation E = SM.getFileLoc(R.getEnd());
    if (B.isInvalid() || E.isInvalid())
      return false;
    File = SM.getFileID(B);
    if (SM.getFileID(E) != File)
      return false;
    unsigned Length =
        Lexer::MeasureTokenLength(E, SM, TU.AST.getLangOpts());
    unsigned EndExclusive = SM.getFileOffset(E) + std::max(Length, 1u);
    OriginalLocation OB = TU.Sources.getOriginalLocation(B);
    Begin = OB.Offset;
    // The end maps back as the character before the first one after the
    // range: text the desugarer appended (the argument list of a
    // synchronization statement) maps to the original text it follows.
    unsigned After = TU.Sources.getOriginalOffset(File, EndExclusive);
    End = After > Begin ? After - 1 : Begin;
    llvm::StringRef Text = TU.Sources.getOriginalText(File);
    if (End >= Text.size())
      End = Text.empty() ? 0 : unsigned(Text.size() - 1);
    P.StartLine = OB.Line;
    P.StartColumn = OB.Column;
    llvm::StringRef Between = Text.slice(Begin, End);
    P.EndLine = OB.Line + unsigned(Between.count('\n'));
    size_t LineStart = Text.substr(0, End).rfind('\n');
    P.EndColumn = End - unsigned(LineStart == llvm::StringRef::npos
                                     ? 0
                                     : LineStart + 1) +
                  1;
    return true;
  }

  std::string fileName(SourceLocation Loc) const {
    return TU.Sources.getOriginalLocation(Loc).FileName;
  }

  std::string text(const Expr *E) const {
    return E ? TU.Sources.getOriginalText(E->getSourceRange(),
                                          TU.AST.getLangOpts())
             : std::string();
  }

private:
  UpcTranslationUnit &TU;
  const SourceManager &SM;
};

const CallExpr *asCall(const Stmt *S) {
  const auto *E = dyn_cast_or_null<Expr>(S);
  return E ? dyn_cast<CallExpr>(E->IgnoreParenImpCasts()) : nullptr;
}

/// Collects the regions of one function body.
class RegionCollector : public RecursiveASTVisitor<RegionCollector> {
public:
  RegionCollector(UpcTranslationUnit &TU, const Positions &Pos, FileID File)
      : TU(TU), U(TU.Upc), SM(TU.AST.getSourceManager()), Pos(Pos),
        File(File) {}

  std::vector<RawRegion> Regions;

  bool VisitForStmt(ForStmt *S) {
    if (const ForallStatement *F = U.findForall(S)) {
      std::vector<std::pair<std::string, std::string>> Attrs;
      if (F->AffinityKind == names::AffinityContinue)
        Attrs.push_back({"affinity", "continue"});
      else if (F->AffinityKind == names::AffinityExpr)
        Attrs.push_back({"affinity", Pos.text(F->Affinity)});
      add(S, "upcForall", "upc_forall", std::move(Attrs));
      return true;
    }
    add(S, "loop", "for");
    return true;
  }
  bool VisitWhileStmt(WhileStmt *S) {
    add(S, "loop", "while");
    return true;
  }
  bool VisitDoStmt(DoStmt *S) {
    add(S, "loop", "do");
    return true;
  }

  bool VisitCallExpr(CallExpr *E) {
    if (const SynchronizationStatement *S = U.findSynchronization(E)) {
      static const char *const Types[] = {"upcBarrier", "upcNotify",
                                          "upcWait", "upcFence"};
      std::vector<std::pair<std::string, std::string>> Attrs;
      if (S->Value)
        Attrs.push_back({"value", Pos.text(S->Value)});
      add(E, Types[S->SyncKind],
          std::string(spelling(S->SyncKind)), std::move(Attrs));
      return true;
    }
    const FunctionDecl *FD = E->getDirectCallee();
    if (!FD) {
      add(E, "call", Pos.text(E->getCallee()));
      return true;
    }
    llvm::StringRef Name = FD->getName();
    if (Name.starts_with("__upc_") || Name.starts_with("__builtin_"))
      return true; // the desugarer's or the compiler's own
    if (const LibraryFunction *L = findLibraryFunction(FD, SM)) {
      add(E, L->Header == "upc_collective.h" ? "upcCollective" : "upcCall",
          Name.str());
      return true;
    }
    if (Name.consume_front("pupc_event_") &&
        (Name == "start" || Name == "end" || Name == "atomic") &&
        E->getNumArgs() > 0) {
      add(E, "userEvent", Pos.text(E->getArg(0)),
          {{"event", Name.str()}});
      return true;
    }
    add(E, "call", FD->getName().str());
    return true;
  }

  bool VisitImplicitCastExpr(ImplicitCastExpr *E) {
    if (E->getCastKind() == CK_LValueToRValue &&
        isSharedType(E->getSubExpr()->getType()))
      access(E->getSubExpr(), E->getSubExpr(), "sharedRead");
    return true;
  }

  bool VisitBinaryOperator(BinaryOperator *E) {
    if (E->isAssignmentOp() && isSharedType(E->getLHS()->getType()))
      access(E, E->getLHS(),
             E->isCompoundAssignmentOp() ? "sharedUpdate" : "sharedWrite");
    return true;
  }

  bool VisitUnaryOperator(UnaryOperator *E) {
    if (E->isIncrementDecrementOp() && isSharedType(E->getSubExpr()->getType()))
      access(E, E->getSubExpr(), "sharedUpdate");
    return true;
  }

  /// upc_lock(l); ... upc_unlock(l); in one block: a lock region.
  bool VisitCompoundStmt(CompoundStmt *S) {
    auto Body = S->body();
    for (auto It = Body.begin(); It != Body.end(); ++It) {
      std::string Lock = lockArgument(*It, "upc_lock");
      if (Lock.empty())
        continue;
      for (auto Next = std::next(It); Next != Body.end(); ++Next)
        if (lockArgument(*Next, "upc_unlock") == Lock) {
          add(*It, *Next, "upcLockRegion", Lock);
          break;
        }
    }
    return true;
  }

private:
  UpcTranslationUnit &TU;
  const UpcContext &U;
  const SourceManager &SM;
  const Positions &Pos;
  FileID File;

  /// The argument text of a call statement of the library function \p Name.
  std::string lockArgument(const Stmt *S, llvm::StringRef Name) {
    const CallExpr *C = asCall(S);
    if (!C || C->getNumArgs() != 1)
      return "";
    const LibraryFunction *L = findLibraryFunction(C->getDirectCallee(), SM);
    return L && L->Name == Name ? Pos.text(C->getArg(0)) : "";
  }

  void access(const Expr *Whole, const Expr *LValue, const char *Type) {
    const VarDecl *V = accessedVariable(LValue);
    add(Whole, Type, V ? V->getName().str() : "",
        {{"upcType", printUpcType(LValue->getType(), TU.AST,
                                  /*Desugar=*/false, &U)}});
  }

  void add(const Stmt *S, const char *Type, std::string Name,
           std::vector<std::pair<std::string, std::string>> Attrs = {}) {
    add(S, S, Type, std::move(Name), std::move(Attrs));
  }
  /// The region from \p First to \p Last (one statement, or statements of
  /// one block).
  void add(const Stmt *First, const Stmt *Last, const char *Type,
           std::string Name,
           std::vector<std::pair<std::string, std::string>> Attrs = {}) {
    RawRegion Raw;
    FileID F;
    if (!Pos.locate(SourceRange(First->getBeginLoc(), Last->getEndLoc()), F,
                    Raw.Begin, Raw.End, Raw.Region.Position) ||
        F != File)
      return; // in another file (a macro's definition): not this unit's
    Raw.Region.First = First;
    Raw.Region.Last = Last;
    Raw.Order = unsigned(Regions.size());
    Raw.Region.Type = Type;
    Raw.Region.Name = std::move(Name);
    Raw.Region.Attributes = std::move(Attrs);
    Regions.push_back(std::move(Raw));
  }
};

/// The regions of \p Raw from \p I on that end at or before \p Limit, each
/// with the ones it contains; numbered per kind (\p Counts) in source order.
std::vector<SirRegion> nestWithin(std::vector<RawRegion> &Raw, size_t &I,
                                  unsigned Limit, const std::string &UnitId,
                                  llvm::StringMap<unsigned> &Counts) {
  std::vector<SirRegion> Out;
  while (I < Raw.size() && Raw[I].End <= Limit) {
    RawRegion &R = Raw[I++];
    R.Region.Id = UnitId + "." + R.Region.Type +
                  std::to_string(++Counts[R.Region.Type]);
    R.Region.Children = nestWithin(Raw, I, R.End, UnitId, Counts);
    Out.push_back(std::move(R.Region));
  }
  return Out;
}

/// Nests \p Raw by containment and numbers the regions.
std::vector<SirRegion> nest(std::vector<RawRegion> Raw,
                            const std::string &UnitId) {
  // Outer regions first; for equal ranges, the one found first (the
  // traversal visits parents before children).
  std::sort(Raw.begin(), Raw.end(), [](const RawRegion &A, const RawRegion &B) {
    if (A.Begin != B.Begin)
      return A.Begin < B.Begin;
    if (A.End != B.End)
      return A.End > B.End;
    return A.Order < B.Order;
  });
  llvm::StringMap<unsigned> Counts;
  std::vector<SirRegion> Top;
  size_t I = 0;
  while (I < Raw.size()) {
    std::vector<SirRegion> Part =
        nestWithin(Raw, I, ~0u, UnitId, Counts);
    Top.insert(Top.end(), std::make_move_iterator(Part.begin()),
               std::make_move_iterator(Part.end()));
  }
  return Top;
}

SirDeclaration declaration(const VarDecl *VD, const UpcContext &U,
                           const Positions &Pos, const std::string &Scope) {
  SirDeclaration Out;
  Out.Id = Scope + "." + sirIdPart(VD->getName());
  Out.Name = VD->getName().str();
  Out.Object = describeSharedVariable(VD, U);
  FileID F;
  unsigned B, E;
  Pos.locate(VD->getSourceRange(), F, B, E, Out.Position);
  return Out;
}

} // namespace

std::vector<SirFile> buildSirFiles(UpcTranslationUnit &TU) {
  const SourceManager &SM = TU.AST.getSourceManager();
  Positions Pos(TU);
  std::vector<SirFile> Files;
  std::map<std::string, size_t> FileIndex;
  auto FileFor = [&](SourceLocation Loc) -> SirFile & {
    // "./x.uph" (an #include beside its includer) is x.uph.
    llvm::SmallString<256> Clean(Pos.fileName(Loc));
    llvm::sys::path::remove_dots(Clean, /*remove_dot_dot=*/false);
    std::string Name(Clean);
    auto [It, New] = FileIndex.insert({Name, Files.size()});
    if (New) {
      SirFile F;
      F.Name = Name;
      F.Id = sirIdPart(Name);
      Files.push_back(std::move(F));
    }
    return Files[It->second];
  };
  // The main file first, even without functions.
  FileFor(SM.getLocForStartOfFile(SM.getMainFileID()));
  auto IsUserUpc = [&](SourceLocation Loc) {
    Loc = SM.getFileLoc(Loc);
    return Loc.isValid() && TU.Sources.isUpcLocation(Loc) &&
           !SM.isInSystemHeader(Loc);
  };

  // (file, unit) indices: the vectors grow while units are added.
  std::map<const FunctionDecl *, std::pair<size_t, size_t>> UnitOf;
  for (Decl *D : TU.AST.getTranslationUnitDecl()->decls()) {
    auto *FD = dyn_cast<FunctionDecl>(D);
    if (!FD || !FD->doesThisDeclarationHaveABody() ||
        !IsUserUpc(FD->getLocation()))
      continue;
    SirFile &F = FileFor(FD->getLocation());
    SirUnit Unit;
    Unit.Name = FD->getName().str();
    Unit.Id = F.Id + "." + sirIdPart(Unit.Name);
    Unit.Function = FD;
    FileID File;
    unsigned B, E;
    if (!Pos.locate(FD->getSourceRange(), File, B, E, Unit.Position))
      continue;
    RegionCollector Collector(TU, Pos, File);
    Collector.TraverseStmt(FD->getBody());
    Unit.Regions = nest(std::move(Collector.Regions), Unit.Id);
    F.Units.push_back(std::move(Unit));
    UnitOf[FD] = {size_t(&F - Files.data()), F.Units.size() - 1};
  }
  // Shared declarations: file scope ones with their file, static locals
  // with their function.
  // One declaration per variable: its definition (a tentative one
  // included), else its first declaration.
  llvm::DenseSet<const VarDecl *> Described;
  for (const VarDecl *VD : TU.Upc.sharedVariables()) {
    const VarDecl *Canonical = VD->getCanonicalDecl();
    for (const VarDecl *R : VD->redecls())
      if (R->isThisDeclarationADefinition(TU.AST) != VarDecl::DeclarationOnly) {
        VD = R;
        break;
      }
    if (!IsUserUpc(VD->getLocation()) || !Described.insert(Canonical).second)
      continue;
    if (VD->isStaticLocal()) {
      const auto *FD =
          dyn_cast_or_null<FunctionDecl>(VD->getParentFunctionOrMethod());
      auto It = UnitOf.find(FD);
      if (It != UnitOf.end()) {
        SirUnit &Unit = Files[It->second.first].Units[It->second.second];
        Unit.Declarations.push_back(declaration(VD, TU.Upc, Pos, Unit.Id));
      }
      continue;
    }
    SirFile &F = FileFor(VD->getLocation());
    F.Declarations.push_back(declaration(VD, TU.Upc, Pos, F.Id));
  }
  return Files;
}

} // namespace upc
