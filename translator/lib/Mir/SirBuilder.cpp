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
#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/ADT/StringSet.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"

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

std::string sirFileId(llvm::StringRef Path) {
  return sirIdPart(llvm::sys::path::filename(Path));
}

namespace {

/// \p Name made absolute (from the current directory), without `.` and
/// `..`: the same file whichever directory named it.
std::string normalizedPath(llvm::StringRef Name) {
  llvm::SmallString<256> Path(Name);
  llvm::sys::fs::make_absolute(Path);
  llvm::sys::path::remove_dots(Path, /*remove_dot_dot=*/true);
  return std::string(Path);
}

/// The components of a normalized path, without its root.
std::vector<std::string> pathComponents(llvm::StringRef Path) {
  llvm::StringRef Relative = llvm::sys::path::relative_path(Path);
  std::vector<std::string> Out;
  for (auto It = llvm::sys::path::begin(Relative),
            End = llvm::sys::path::end(Relative);
       It != End; ++It)
    Out.push_back(It->str());
  return Out;
}

/// The ids of the distinct paths \p Paths (sorted): each one's last
/// component, or the shortest trailing part that tells it from the others
/// with the same id; a number after those that only differ by characters
/// an id cannot hold.
std::vector<std::string> fileIds(llvm::ArrayRef<std::string> Paths) {
  size_t N = Paths.size();
  std::vector<std::vector<std::string>> Parts(N);
  for (size_t I = 0; I < N; ++I)
    Parts[I] = pathComponents(Paths[I]);
  auto Trailing = [&](size_t I, size_t K) {
    const std::vector<std::string> &P = Parts[I];
    K = std::min(std::max<size_t>(K, 1), P.size());
    std::string Joined;
    for (size_t C = P.size() - K; C < P.size(); ++C)
      Joined += (Joined.empty() ? "" : "/") + P[C];
    return sirIdPart(Joined);
  };
  std::vector<size_t> Length(N, 1);
  std::vector<std::string> Ids(N);
  for (;;) {
    std::map<std::string, std::vector<size_t>> Same;
    for (size_t I = 0; I < N; ++I)
      Same[Ids[I] = Trailing(I, Length[I])].push_back(I);
    bool Longer = false, Clash = false;
    for (const auto &[Id, Group] : Same) {
      if (Group.size() < 2)
        continue;
      Clash = true;
      for (size_t I : Group) {
        size_t K = Length[I];
        while (K < Parts[I].size() && llvm::any_of(Group, [&](size_t J) {
                 return J != I && Trailing(J, K) == Trailing(I, K);
               }))
          ++K;
        Longer |= K != Length[I];
        Length[I] = K;
      }
    }
    if (!Clash)
      return Ids;
    if (Longer)
      continue;
    // Told apart at their own lengths but equal to another's id
    // (a_util.upc, a/util.upc): one component more where there is one.
    for (const auto &[Id, Group] : Same)
      for (size_t I : Group)
        if (Group.size() > 1 && Length[I] < Parts[I].size())
          Longer = true, ++Length[I];
    if (!Longer)
      break;
  }
  // Whole paths that give one id (a.b/x.upc, a_b/x.upc).
  llvm::StringMap<unsigned> Used;
  for (const std::string &Id : Ids)
    ++Used[Id];
  llvm::StringMap<unsigned> Seen;
  for (std::string &Id : Ids)
    if (Used[Id] > 1 && Seen[Id]++) {
      std::string Base = Id;
      unsigned K = Seen[Base];
      while (Used.count(Id = Base + "_" + std::to_string(K)))
        ++K;
      ++Used[Id];
    }
  return Ids;
}

/// Replaces the file part \p From of \p Id by \p To.
void renameId(std::string &Id, llvm::StringRef From, llvm::StringRef To) {
  if (llvm::StringRef(Id).starts_with(From) &&
      (Id.size() == From.size() || Id[From.size()] == '.'))
    Id = To.str() + Id.substr(From.size());
}

void renameRegions(std::vector<SirRegion> &Regions, llvm::StringRef From,
                   llvm::StringRef To) {
  for (SirRegion &R : Regions) {
    renameId(R.Id, From, To);
    renameRegions(R.Children, From, To);
  }
}

void renameFile(SirFile &F, const std::string &To) {
  std::string From = F.Id;
  if (From == To)
    return;
  F.Id = To;
  for (SirDeclaration &D : F.Declarations)
    renameId(D.Id, From, To);
  for (SirUnit &U : F.Units) {
    renameId(U.Id, From, To);
    for (SirDeclaration &D : U.Declarations)
      renameId(D.Id, From, To);
    renameRegions(U.Regions, From, To);
  }
}

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

void nameSirFiles(std::vector<SirFile> &Files,
                  llvm::ArrayRef<std::string> Companions) {
  // One file per path (a header included by several inputs).
  std::map<std::string, size_t> First;
  std::vector<SirFile> Kept;
  for (SirFile &F : Files) {
    if (F.Path.empty())
      F.Path = normalizedPath(F.Name);
    auto [It, New] = First.insert({F.Path, Kept.size()});
    if (New) {
      Kept.push_back(std::move(F));
      continue;
    }
    SirFile &Into = Kept[It->second];
    renameFile(F, Into.Id);
    llvm::StringSet<> Ids;
    for (const SirUnit &U : Into.Units)
      Ids.insert(U.Id);
    for (const SirDeclaration &D : Into.Declarations)
      Ids.insert(D.Id);
    for (SirUnit &U : F.Units)
      if (Ids.insert(U.Id).second)
        Into.Units.push_back(std::move(U));
    for (SirDeclaration &D : F.Declarations)
      if (Ids.insert(D.Id).second)
        Into.Declarations.push_back(std::move(D));
  }
  Files = std::move(Kept);
  std::vector<std::string> Paths;
  for (const std::string &C : Companions)
    Paths.push_back(normalizedPath(C));
  for (const SirFile &F : Files)
    Paths.push_back(F.Path);
  llvm::sort(Paths);
  Paths.erase(std::unique(Paths.begin(), Paths.end()), Paths.end());
  std::vector<std::string> Ids = fileIds(Paths);
  for (SirFile &F : Files)
    renameFile(F, Ids[llvm::lower_bound(Paths, F.Path) - Paths.begin()]);
}

std::vector<SirFile> buildSirFiles(UpcTranslationUnit &TU,
                                   llvm::ArrayRef<std::string> Companions) {
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
      F.Path = normalizedPath(Name);
      F.Id = sirFileId(Name);
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
  nameSirFiles(Files, Companions);
  return Files;
}

} // namespace upc
