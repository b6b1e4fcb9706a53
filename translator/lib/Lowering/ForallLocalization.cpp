//===- ForallLocalization.cpp - upc_forall over the thread's own elements -===//
//
// The common data-parallel loop
//
//   upc_forall (i = L; i < U; i++; &a[i])   // or affinity i
//     a[i] = b[i] + s * c[i];
//
// runs, on each thread, exactly the iterations whose element a[i] the thread
// owns, and b[i], c[i] are on the same thread when b and c have a's layout.
// Translated naively, every iteration tests the affinity and every access
// goes through pointer-to-shared arithmetic. When the loop has the simple
// form above (i an integer stepping by one from L to U, neither changed by
// the body; the affinity a[i] of a static shared array, or the integer i),
// the translation instead computes the thread's iterations directly (block
// by block) and reaches the elements x[i] of every static shared array x
// with a's layout (and their members, and the elements of those that are
// arrays) through a private pointer to the thread's part of x.
//
// The loop still has to run every iteration when it executes inside the body
// of another upc_forall (UPC 1.3, 6.6.2), which is only known at run time:
// the body is translated twice, once for that case (the ordinary
// translation) and once for the thread's own iterations.
//
// The private pointers' accesses raise no GASP event. With --profile they
// are local accesses, which raise none anyway; with --profile-local such a
// loop is not localized. In files translated for MIR probes, the thread's
// own iterations run only while no probe measures on the thread (one test
// of the gate per loop): a measured loop runs the ordinary translation,
// whose accesses and iterations the probe counts.
//
//===----------------------------------------------------------------------===//

#include "LoweringInternal.h"
#include "upc-instrument/Semantics/UpcTypes.h"

#include "clang/AST/ParentMapContext.h"
#include "llvm/ADT/SmallPtrSet.h"

using namespace clang;

namespace upc {
namespace lowering {

namespace {

const VarDecl *referencedVar(const Expr *E) {
  const auto *DRE = dyn_cast<DeclRefExpr>(E->IgnoreParenImpCasts());
  return DRE ? dyn_cast<VarDecl>(DRE->getDecl()) : nullptr;
}

/// A local integer variable, as the loop's index.
const VarDecl *indexVariable(const Expr *E) {
  const VarDecl *V = referencedVar(E);
  return V && V->hasLocalStorage() && V->getType()->isIntegerType() &&
                 !V->getType().isVolatileQualified()
             ? V
             : nullptr;
}

void collectVars(const Stmt *S, llvm::SmallPtrSetImpl<const VarDecl *> &Out) {
  if (!S)
    return;
  if (const auto *DRE = dyn_cast<DeclRefExpr>(S))
    if (const auto *V = dyn_cast<VarDecl>(DRE->getDecl()))
      Out.insert(V);
  for (const Stmt *Child : S->children())
    collectVars(Child, Out);
}

/// What a candidate body does that rules the localization out, and which
/// shared arrays it indexes with the loop's index.
struct BodyScan {
  const VarDecl *Index = nullptr;
  llvm::SmallPtrSet<const VarDecl *, 4> Bound; // variables of L and U
  bool OK = true;
  llvm::SmallVector<const VarDecl *, 4> Arrays;
  llvm::SmallVector<const ArraySubscriptExpr *, 8> Accesses; // of Arrays

  bool isWatched(const Expr *E) const {
    const VarDecl *V = referencedVar(E);
    return V && (V == Index || Bound.count(V));
  }

  void scan(const Stmt *S, unsigned Loops) {
    if (!S || !OK)
      return;
    // Labels would be defined twice; a break of this loop, a goto or a
    // change of the index or the bounds would change the iterations.
    if (isa<LabelStmt>(S) || isa<GotoStmt>(S) || isa<IndirectGotoStmt>(S) ||
        (isa<BreakStmt>(S) && Loops == 0)) {
      OK = false;
      return;
    }
    if (const auto *DS = dyn_cast<DeclStmt>(S))
      for (const Decl *D : DS->decls())
        if (const auto *V = dyn_cast<VarDecl>(D);
            V && (V->isStaticLocal() || V->hasExternalStorage() ||
                  isSharedType(V->getType()))) {
          OK = false; // translated twice, it would be defined twice
          return;
        }
    if (const auto *BO = dyn_cast<BinaryOperator>(S);
        BO && BO->isAssignmentOp() && isWatched(BO->getLHS())) {
      OK = false;
      return;
    }
    if (const auto *UO = dyn_cast<UnaryOperator>(S);
        UO && (UO->isIncrementDecrementOp() || UO->getOpcode() == UO_AddrOf) &&
        isWatched(UO->getSubExpr())) {
      OK = false;
      return;
    }
    if (const auto *AS = dyn_cast<ArraySubscriptExpr>(S))
      if (referencedVar(AS->getIdx()) == Index)
        if (const VarDecl *X = referencedVar(AS->getBase());
            X && isSharedType(X->getType())) {
          Accesses.push_back(AS);
          if (llvm::find(Arrays, X) == Arrays.end())
            Arrays.push_back(X);
        }
    bool Loop = isa<ForStmt>(S) || isa<WhileStmt>(S) || isa<DoStmt>(S) ||
                isa<SwitchStmt>(S);
    for (const Stmt *Child : S->children())
      scan(Child, Loops + Loop);
  }
};

/// Whether the localized element \p E is only used as a private lvalue: the
/// lvalue at the end of a chain of members (`.m`), elements of its array
/// members and parentheses is not an array, and is read, written or
/// updated. Its address, or an array member that decays other than for a
/// subscript, is a pointer-to-shared (UPC 1.3, 6.4.4) and keeps the
/// ordinary translation.
bool usedAsPrivateLValue(ASTContext &Ctx, const Expr *E) {
  const Expr *Cur = E;
  while (true) {
    DynTypedNodeList Parents = Ctx.getParents(*Cur);
    if (Parents.size() != 1)
      return false;
    const auto *P = Parents[0].get<Expr>();
    if (!P)
      return !Cur->getType()->isArrayType();
    if (isa<ParenExpr>(P)) {
      Cur = P;
      continue;
    }
    if (const auto *ME = dyn_cast<MemberExpr>(P)) {
      if (ME->isArrow())
        return false;
      Cur = P;
      continue;
    }
    if (const auto *ICE = dyn_cast<ImplicitCastExpr>(P);
        ICE && ICE->getCastKind() == CK_ArrayToPointerDecay) {
      DynTypedNodeList Up = Ctx.getParents(*ICE);
      const auto *AS =
          Up.size() == 1 ? Up[0].get<ArraySubscriptExpr>() : nullptr;
      if (!AS || AS->getBase() != ICE)
        return false;
      Cur = AS;
      continue;
    }
    if (const auto *UO = dyn_cast<UnaryOperator>(P);
        UO && UO->getOpcode() == UO_AddrOf)
      return false;
    return !Cur->getType()->isArrayType();
  }
}

bool contains(const Stmt *S, const Stmt *Inner) {
  if (!S || S == Inner)
    return S;
  return llvm::any_of(
      S->children(), [&](const Stmt *Child) { return contains(Child, Inner); });
}

} // namespace

/// The elements per block of a static, one-dimensional shared array whose
/// element 0 is on thread 0 (a proxy), or 0 if it is not one.
static uint64_t staticArrayBlock(const CTypes &Types, const VarDecl *X) {
  if (!X || !isSharedType(X->getType()) || !X->hasGlobalStorage())
    return 0;
  const ArrayType *AT = X->getType()->getAsArrayTypeUnsafe();
  if (!AT || AT->getElementType()->isArrayType())
    return 0;
  if (getUpcQualifiers(X->getType()).Reference == ReferenceQualifier::Strict)
    return 0;
  TypeLoc TL = X->getTypeSourceInfo() ? X->getTypeSourceInfo()->getTypeLoc()
                                      : TypeLoc();
  SharedPointee O = Types.object(X->getType(), TL);
  if (O.Block == SharedPointee::One)
    return 1;
  uint64_t B = 0;
  if (O.Block == SharedPointee::Blocked &&
      !llvm::StringRef(O.BlockElements).getAsInteger(10, B))
    return B;
  return 0;
}

std::optional<ForallPlan> Lowerer::planForall(ForStmt *S,
                                              const ForallStatement &F) {
  if (!Opts.LocalizeForall || F.AffinityKind != names::AffinityExpr ||
      S->getForLoc().isMacroID() || !F.Body)
    return std::nullopt;
  ForallPlan P;
  // i = L, or T i = L
  if (const auto *DS = dyn_cast_or_null<DeclStmt>(S->getInit())) {
    const auto *V = DS->isSingleDecl() ? dyn_cast<VarDecl>(DS->getSingleDecl())
                                       : nullptr;
    if (!V || !V->getInit() || !V->getType()->isIntegerType())
      return std::nullopt;
    P.Index = V;
    P.IndexDeclaredInInit = true;
    P.Lower = V->getInit();
  } else if (const auto *BO = dyn_cast_or_null<BinaryOperator>(S->getInit());
             BO && BO->getOpcode() == BO_Assign) {
    P.Index = indexVariable(BO->getLHS());
    P.Lower = BO->getRHS();
  }
  if (!P.Index)
    return std::nullopt;
  // i < U, i <= U
  const auto *Cond =
      S->getCond() ? dyn_cast<BinaryOperator>(S->getCond()->IgnoreParens())
                   : nullptr;
  if (!Cond || (Cond->getOpcode() != BO_LT && Cond->getOpcode() != BO_LE) ||
      referencedVar(Cond->getLHS()) != P.Index)
    return std::nullopt;
  P.Upper = Cond->getRHS();
  P.Inclusive = Cond->getOpcode() == BO_LE;
  // i++, ++i, i += 1
  const Expr *Inc = S->getInc() ? S->getInc()->IgnoreParens() : nullptr;
  bool StepsByOne = false;
  if (const auto *UO = dyn_cast_or_null<UnaryOperator>(Inc))
    StepsByOne = UO->isIncrementOp() && referencedVar(UO->getSubExpr()) == P.Index;
  else if (const auto *CA = dyn_cast_or_null<CompoundAssignOperator>(Inc))
    if (CA->getOpcode() == BO_AddAssign &&
        referencedVar(CA->getLHS()) == P.Index)
      if (const auto *One = dyn_cast<IntegerLiteral>(
              CA->getRHS()->IgnoreParenImpCasts()))
        StepsByOne = One->getValue() == 1;
  if (!StepsByOne)
    return std::nullopt;
  // The bounds are evaluated once.
  if (P.Lower->HasSideEffects(Ctx) || P.Upper->HasSideEffects(Ctx))
    return std::nullopt;
  BodyScan Scan;
  Scan.Index = P.Index;
  collectVars(P.Upper, Scan.Bound);
  collectVars(P.Lower, Scan.Bound);
  if (Scan.Bound.count(P.Index))
    return std::nullopt;
  // The affinity: the index itself, or a[i] (&a[i], a + i) of a static
  // shared array.
  const Expr *Affinity = markerArgument(forallMarker(S), 1)->IgnoreParens();
  const VarDecl *AffinityArray = nullptr;
  if (referencedVar(Affinity) == P.Index) {
    P.Block = 1;
  } else {
    const Expr *Base = nullptr, *Idx = nullptr;
    if (const auto *UO = dyn_cast<UnaryOperator>(Affinity);
        UO && UO->getOpcode() == UO_AddrOf)
      if (const auto *AS =
              dyn_cast<ArraySubscriptExpr>(UO->getSubExpr()->IgnoreParens())) {
        Base = AS->getBase();
        Idx = AS->getIdx();
      }
    if (const auto *BO = dyn_cast<BinaryOperator>(Affinity);
        BO && BO->getOpcode() == BO_Add) {
      Base = BO->getLHS();
      Idx = BO->getRHS();
      if (!isPointerToShared(Base->getType()))
        std::swap(Base, Idx);
    }
    if (!Base || referencedVar(Idx) != P.Index)
      return std::nullopt;
    AffinityArray = referencedVar(Base);
    P.Block = staticArrayBlock(Types, AffinityArray);
    if (!P.Block)
      return std::nullopt;
  }
  Scan.scan(F.Body, 0);
  if (!Scan.OK)
    return std::nullopt;
  // An array whose elements are only reached for their addresses gets no
  // private pointer (it would be unused).
  for (const VarDecl *X : Scan.Arrays)
    if (staticArrayBlock(Types, X) == P.Block &&
        llvm::any_of(Scan.Accesses, [&](const ArraySubscriptExpr *E) {
          return referencedVar(E->getBase()) == X && localizable(E);
        }))
      P.Arrays.push_back({X, "upcr_l_" + nameOf(X)});
  if (Opts.GaspGated) {
    // The gate changes only at a probe region's ends: not in the local form.
    // (Dormant sites there are left out instead, as in any rewritten
    // statement.)
    for (const ProbePlacement &Probe : Opts.Probes)
      if (Probe.First && !Probe.Dormant && contains(F.Body, Probe.First))
        return std::nullopt;
  } else {
    // --profile-local: the local form would drop the events of its accesses.
    for (const ArraySubscriptExpr *E : Scan.Accesses)
      if (llvm::any_of(P.Arrays,
                       [&](const auto &A) {
                         return A.first == referencedVar(E->getBase());
                       }) &&
          Calls.raisesLocalAccessEvents(positionOf(E->getBeginLoc())))
        return std::nullopt;
  }
  return P;
}

void Lowerer::forget(const Stmt *S) {
  if (!S)
    return;
  Lowered.erase(S);
  Unplaced.erase(S);
  PrintAs.erase(S);
  if (const auto *E = dyn_cast<Expr>(S)) {
    LValues.erase(E);
    LocalizedLValues.erase(E);
  }
  for (const Stmt *Child : S->children())
    forget(Child);
}

std::string Lowerer::statementText(const Stmt *S) {
  // The statement with its ';', which is not part of an expression
  // statement's AST node (nor of a loop whose body is one).
  std::optional<FileRange> R = fileRange(S);
  std::optional<unsigned> End = statementEnd(S);
  if (R && End && *End >= R->End && !Lowered.count(S))
    return editsFor(R->File)->getText(R->Begin, *End);
  std::string Text = textOf(S);
  if (isa<Expr>(S))
    Text += ";";
  return Text;
}

void Lowerer::traverseLocalizedBody(ForStmt *S, ForallPlan &Plan) {
  const Stmt *Body = cast<IfStmt>(S->getBody())->getElse();
  // Every iteration (the affinity test and its expression included).
  traverse(S->getBody());
  Plan.GenericBody = statementText(Body);
  // The thread's own iterations: translated again from the original text.
  std::optional<FileRange> R = fileRange(Body);
  std::optional<unsigned> End = statementEnd(Body);
  if (!R || !End) {
    ForallPlans.erase(S);
    return;
  }
  forget(Body);
  editsFor(R->File)->clearInside(R->Begin, *End);
  Localizing = &Plan;
  traverse(const_cast<Stmt *>(Body));
  Localizing = nullptr;
  Plan.LocalBody = statementText(Body);
}

bool Lowerer::localizable(const ArraySubscriptExpr *E) const {
  // A strict access keeps its ordering; &x[i], &x[i].m stay
  // pointers-to-shared.
  return Upc.getEffectiveReference(E->getType(), E->getExprLoc()) !=
             ReferenceQualifier::Strict &&
         usedAsPrivateLValue(Ctx, E);
}

std::optional<std::string>
Lowerer::localizedElement(const ArraySubscriptExpr *E) const {
  if (!Localizing || referencedVar(E->getIdx()) != Localizing->Index)
    return std::nullopt;
  const VarDecl *X = referencedVar(E->getBase());
  auto It = llvm::find_if(Localizing->Arrays,
                          [&](const auto &A) { return A.first == X; });
  if (It == Localizing->Arrays.end())
    return std::nullopt;
  if (!localizable(E))
    return std::nullopt;
  std::string Index = Localizing->Block == 1
                          ? "upcr_k0_ + upcr_k_"
                          : "upcr_d_ + " + Localizing->Index->getName().str();
  return It->second + "[" + Index + "]";
}

void Lowerer::lowerLocalizedForall(ForStmt *S, const ForallStatement &F,
                                   const ForallPlan &Plan) {
  std::optional<FileRange> Keyword =
      fileRange(SourceRange(S->getForLoc(), S->getForLoc()));
  std::optional<FileRange> Body = fileRange(F.Body);
  std::optional<unsigned> End = statementEnd(F.Body);
  if (!Keyword || !Body || !End || Keyword->File != Body->File) {
    error(S->getForLoc(), "internal error: cannot place a localized "
                          "upc_forall");
    return;
  }
  SourceEdits *Edits = editsFor(Keyword->File);
  llvm::StringRef Original = Edits->original();
  // The bodies start on their original lines: line breaks pad what precedes
  // each of them to the header's height.
  size_t HeaderLines = Original.slice(Keyword->Begin, Body->Begin).count('\n');
  auto Pad = [&](const std::string &Before) {
    size_t Have = llvm::StringRef(Before).count('\n');
    return std::string(Have < HeaderLines ? HeaderLines - Have : 0, '\n');
  };
  std::string I = Plan.Index->getName().str();

  std::string Init = textOf(S->getInit());
  while (!Init.empty() && (Init.back() == ';' || Init.back() == ' '))
    Init.pop_back();
  std::string Generic = "for (" + Init + "; " + textOf(S->getCond()) + "; " +
                        textOf(S->getInc()) + ") " +
                        forallMineTest(affinityTest(S, F)) + " ";

  std::string Text = forallScopeOpen();
  if (Plan.IndexDeclaredInInit)
    Text += Types.print(Plan.Index->getType(), I) + "; ";
  Text += "long long upcr_lo_ = (" + textOf(Plan.Lower) + "), upcr_hi_ = (" +
          textOf(Plan.Upper) + ")" + (Plan.Inclusive ? " + 1" : "") + "; ";
  Text += "if (!" + runtime::ForallNested.str() + " && upcr_lo_ >= 0" +
          (Opts.GaspGated ? " && !" + spellCall(runtime::GaspLocalActive, {})
                          : std::string()) +
          ") { ";
  for (const auto &[X, Name] : Plan.Arrays) {
    TypeLoc TL = X->getTypeSourceInfo() ? X->getTypeSourceInfo()->getTypeLoc()
                                        : TypeLoc();
    SharedPointee O = Types.object(X->getType(), TL);
    Text += O.ElementType + " *__restrict__ " + Name + " = (" +
            O.ElementType + " *)" +
            spellCall((runtime::LocalPart + CTypes::suffix(O.representation()))
                          .str(),
                      {nameOf(X)}) +
            "; ";
  }
  if (Plan.Block == 1) {
    Text += "long long upcr_first_ = " +
            spellCall(runtime::ForallFirst, {"upcr_lo_"}) + ", " +
            (Plan.Arrays.empty() ? "" : "upcr_k0_ = upcr_first_ / THREADS, ") +
            "upcr_n_ = upcr_hi_ > upcr_first_ ? "
            "(upcr_hi_ - upcr_first_ + THREADS - 1) / THREADS : 0; "
            "for (long long upcr_k_ = 0; upcr_k_ < upcr_n_; upcr_k_++) { " +
            I + " = upcr_first_ + upcr_k_ * THREADS; ";
    Text += Pad(Text) + Plan.LocalBody + " } ";
  } else {
    std::string B = std::to_string(Plan.Block);
    Text += "for (long long upcr_b_ = " +
            spellCall(runtime::ForallFirstBlock, {"upcr_lo_", B}) +
            "; upcr_b_ * " + B + " < upcr_hi_; upcr_b_ += THREADS) { "
            "long long upcr_s_ = upcr_b_ * " + B + " > upcr_lo_ ? upcr_b_ * " +
            B + " : upcr_lo_, upcr_e_ = (upcr_b_ + 1) * " + B +
            " < upcr_hi_ ? (upcr_b_ + 1) * " + B +
            " : upcr_hi_, upcr_d_ = upcr_b_ / THREADS * " + B + " - upcr_b_ * " +
            B + "; for (" + I + " = upcr_s_; " + I + " < upcr_e_; " + I +
            "++) ";
    Text += Pad(Text) + Plan.LocalBody + " } ";
  }
  if (!Plan.IndexDeclaredInInit)
    Text += I + " = upcr_hi_ > upcr_lo_ ? upcr_hi_ : upcr_lo_; ";
  Text += "} else {";
  // Every iteration: the ordinary translation, on its own lines.
  llvm::StringRef Name = Edits->presumedName();
  if (!Name.empty())
    Text += "\n#line " + std::to_string(Edits->lineOf(Keyword->Begin)) + " " +
            CTypes::quote(Name) + "\n";
  else
    Text += " ";
  Text += Generic + Pad(Generic) + Plan.GenericBody + " } }";
  if (!Edits->replace(Keyword->Begin, *End, std::move(Text)))
    error(S->getForLoc(), "internal error: overlapping translations");
}

} // namespace lowering
} // namespace upc
