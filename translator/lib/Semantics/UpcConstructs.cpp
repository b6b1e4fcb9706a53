//===- UpcConstructs.cpp - Recognising UPC in the desugared AST -----------===//
//
// The desugarer turns each UPC construct into a fixed C form (InternalNames.h);
// this file matches those forms (upc_forall loops, synchronization statements,
// UPC sizeof operators) and collects them, with the pragma regions, into the
// UpcContext in one traversal.
//
//===----------------------------------------------------------------------===//

#include "upc-instrument/Semantics/UpcContext.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/Basic/Builtins.h"
#include "clang/Basic/SourceManager.h"

using namespace clang;

namespace upc {

llvm::StringRef spelling(SynchronizationStatement::Kind K) {
  switch (K) {
  case SynchronizationStatement::Barrier:
    return "upc_barrier";
  case SynchronizationStatement::Notify:
    return "upc_notify";
  case SynchronizationStatement::Wait:
    return "upc_wait";
  case SynchronizationStatement::Fence:
    return "upc_fence";
  }
  return "";
}

llvm::StringRef spelling(UpcSizeofExpression::Kind K) {
  switch (K) {
  case UpcSizeofExpression::BlockSizeof:
    return "upc_blocksizeof";
  case UpcSizeofExpression::LocalSizeof:
    return "upc_localsizeof";
  case UpcSizeofExpression::ElemSizeof:
    return "upc_elemsizeof";
  }
  return "";
}

llvm::StringRef spelling(UpcPragma::Kind K) {
  switch (K) {
  case UpcPragma::Strict:
    return "upc strict";
  case UpcPragma::Relaxed:
    return "upc relaxed";
  case UpcPragma::InstrumentationOn:
    return "pupc on";
  case UpcPragma::InstrumentationOff:
    return "pupc off";
  }
  return "";
}

namespace {

/// The prelude function a call calls, if it is one of the internal ones.
llvm::StringRef internalCalleeName(const CallExpr *Call) {
  const FunctionDecl *FD = Call->getDirectCallee();
  if (!FD || !FD->getIdentifier())
    return "";
  llvm::StringRef Name = FD->getName();
  return Name.starts_with("__upc_") ? Name : "";
}

std::optional<ForallStatement> matchForall(const ForStmt *Loop) {
  // for (A; B; C) if (!__upc_forall_affinity(K[, D])) ; else S
  const auto *If = dyn_cast_or_null<IfStmt>(Loop->getBody());
  if (!If || !If->getElse() || !isa_and_nonnull<NullStmt>(If->getThen()))
    return std::nullopt;
  const auto *Not = dyn_cast<UnaryOperator>(If->getCond()->IgnoreImpCasts());
  if (!Not || Not->getOpcode() != UO_LNot)
    return std::nullopt;
  const auto *Marker = dyn_cast<CallExpr>(Not->getSubExpr()->IgnoreImpCasts());
  if (!Marker || internalCalleeName(Marker) != names::ForallAffinity ||
      Marker->getNumArgs() < 1)
    return std::nullopt;
  const auto *KindLit =
      dyn_cast<IntegerLiteral>(Marker->getArg(0)->IgnoreImpCasts());
  if (!KindLit)
    return std::nullopt;
  ForallStatement F;
  F.Loop = Loop;
  F.Init = Loop->getInit();
  F.Cond = Loop->getCond();
  F.Step = Loop->getInc();
  F.AffinityKind =
      static_cast<names::ForallAffinityKind>(KindLit->getValue().getZExtValue());
  if (F.AffinityKind == names::AffinityExpr && Marker->getNumArgs() == 2) {
    const Expr *Arg = Marker->getArg(1)->IgnoreParens();
    // Undo the default argument promotions of the variadic marker, but keep
    // array-to-pointer decay: an array is an affinity by its address.
    if (const auto *ICE = dyn_cast<ImplicitCastExpr>(Arg))
      if (ICE->getCastKind() != CK_ArrayToPointerDecay &&
          ICE->getCastKind() != CK_FunctionToPointerDecay)
        Arg = ICE->getSubExpr();
    F.Affinity = Arg;
  }
  F.Body = If->getElse();
  return F;
}

std::optional<SynchronizationStatement> matchSynchronization(const CallExpr *Call) {
  llvm::StringRef Name = internalCalleeName(Call);
  if (Name.empty())
    return std::nullopt;
  SynchronizationStatement S;
  if (Name == names::Barrier)
    S.SyncKind = SynchronizationStatement::Barrier;
  else if (Name == names::Notify)
    S.SyncKind = SynchronizationStatement::Notify;
  else if (Name == names::Wait)
    S.SyncKind = SynchronizationStatement::Wait;
  else if (Name == names::Fence)
    S.SyncKind = SynchronizationStatement::Fence;
  else
    return std::nullopt;
  S.Call = Call;
  if (Call->getNumArgs() == 2) {
    const Expr *Value = Call->getArg(1);
    // Passing through '...' promotes; the user's expression is underneath.
    if (const auto *ICE = dyn_cast<ImplicitCastExpr>(Value))
      Value = ICE->getSubExpr();
    S.Value = Value;
  }
  return S;
}

std::optional<UpcSizeofExpression> matchUpcSizeof(const CStyleCastExpr *Cast) {
  // (__upc_blocksizeof_t)sizeof X
  const auto *TT = Cast->getTypeAsWritten()->getAs<TypedefType>();
  if (!TT)
    return std::nullopt;
  llvm::StringRef Name = TT->getDecl()->getName();
  UpcSizeofExpression U;
  if (Name == names::BlockSizeofType)
    U.OperatorKind = UpcSizeofExpression::BlockSizeof;
  else if (Name == names::LocalSizeofType)
    U.OperatorKind = UpcSizeofExpression::LocalSizeof;
  else if (Name == names::ElemSizeofType)
    U.OperatorKind = UpcSizeofExpression::ElemSizeof;
  else
    return std::nullopt;
  // (T)sizeof X, or (T)(V + 0 * sizeof X) when the front end substituted
  // the value V (see UpcFrontend.cpp).
  const Expr *Operand = Cast->getSubExpr()->IgnoreParenImpCasts();
  if (const auto *Sum = dyn_cast<BinaryOperator>(Operand);
      Sum && Sum->getOpcode() == BO_Add) {
    const auto *Value = dyn_cast<IntegerLiteral>(Sum->getLHS()->IgnoreImpCasts());
    const auto *Zero = dyn_cast<BinaryOperator>(Sum->getRHS()->IgnoreParenImpCasts());
    if (!Value || !Zero || Zero->getOpcode() != BO_Mul)
      return std::nullopt;
    U.SubstitutedValue = Value->getValue().getZExtValue();
    Operand = Zero->getRHS()->IgnoreParenImpCasts();
  }
  const auto *Sizeof = dyn_cast<UnaryExprOrTypeTraitExpr>(Operand);
  if (!Sizeof || Sizeof->getKind() != UETT_SizeOf)
    return std::nullopt;
  U.Expr = Cast;
  U.Sizeof = Sizeof;
  if (Sizeof->isArgumentType()) {
    U.OperandType = Sizeof->getArgumentType();
    U.OperandLoc = Sizeof->getArgumentTypeInfo()->getTypeLoc();
  } else {
    const Expr *E = Sizeof->getArgumentExpr()->IgnoreParens();
    U.OperandType = E->getType();
    if (const auto *DRE = dyn_cast<DeclRefExpr>(E))
      if (const auto *DD = dyn_cast<DeclaratorDecl>(DRE->getDecl()))
        if (const TypeSourceInfo *TSI = DD->getTypeSourceInfo())
          U.OperandLoc = TSI->getTypeLoc();
  }
  return U;
}

} // namespace

bool isDeclaredByCHeader(const Decl *D,
                         const std::function<bool(SourceLocation)> &IsUpc) {
  // Deciding per top-level declaration is enough: what it contains is in
  // the same file.
  return D->getDeclContext() && D->getDeclContext()->isTranslationUnit() &&
         (D->getLocation().isInvalid() || !IsUpc(D->getLocation()));
}

/// One traversal of the UPC parts of the translation unit.
class UpcConstructCollector
    : public RecursiveASTVisitor<UpcConstructCollector> {
public:
  UpcConstructCollector(UpcContext &U,
                        std::function<bool(SourceLocation)> IsUpcLocation)
      : U(U), IsUpcLocation(std::move(IsUpcLocation)) {}

  bool TraverseDecl(Decl *D) {
    if (!D || isDeclaredByCHeader(D, IsUpcLocation))
      return true;
    return RecursiveASTVisitor::TraverseDecl(D);
  }

  bool VisitForStmt(ForStmt *S) {
    if (auto F = matchForall(S)) {
      U.ForallIndex[S] = U.Foralls.size();
      U.Foralls.push_back(*F);
    }
    return true;
  }

  bool VisitCallExpr(CallExpr *E) {
    if (auto S = matchSynchronization(E)) {
      U.SynchronizationIndex[E] = U.Synchronizations.size();
      U.Synchronizations.push_back(*S);
    }
    return true;
  }

  bool VisitCStyleCastExpr(CStyleCastExpr *E) {
    if (auto S = matchUpcSizeof(E))
      U.SizeofExpressions.push_back(*S);
    return true;
  }

  bool VisitDecl(Decl *D) {
    for (const auto *A : D->specific_attrs<AnnotateAttr>())
      if (A->getAnnotation() == names::BlockSizeAnnotationName &&
          A->args_size() == 3)
        recordBlockSize(A);
    if (const auto *ND = dyn_cast<NamedDecl>(D);
        ND && ND->getIdentifier() && isInBlock(ND))
      U.BlockScopeNames.insert(ND->getName());
    return true;
  }

  bool VisitFunctionDecl(FunctionDecl *FD) {
    if (FD->doesThisDeclarationHaveABody())
      U.FunctionBodies.push_back(FD->getBody()->getSourceRange());
    return true;
  }

  bool VisitVarDecl(VarDecl *D) {
    if (isa<ParmVarDecl>(D))
      return true;
    if (isSharedType(D->getType()))
      U.SharedVariables.push_back(D);
    if (D->getType()->isArrayType() && D->getTypeSourceInfo())
      for (const ArrayDimension &Dim :
           U.getArrayDimensions(D->getTypeSourceInfo()->getTypeLoc()))
        if (Dim.ThreadsOccurrences) {
          U.ThreadsDependentDeclarations.push_back(D);
          break;
        }
    return true;
  }

  bool VisitTypedefNameDecl(TypedefNameDecl *D) {
    // Clang folds THREADS in a typedef's dimensions too.
    if (const TypeSourceInfo *TSI = D->getTypeSourceInfo())
      if (D->getUnderlyingType()->isArrayType())
        for (const ArrayDimension &Dim : U.getArrayDimensions(TSI->getTypeLoc()))
          if (Dim.ThreadsOccurrences) {
            U.ThreadsDependentDeclarations.push_back(D);
            break;
          }
    return true;
  }

  bool VisitCompoundStmt(CompoundStmt *S) {
    if (!U.Pragmas.empty())
      CompoundStatements.push_back(S);
    return true;
  }

  /// Gives each pragma the compound statement it governs.
  void assignPragmaScopes(const SourceManager &SM) {
    for (UpcPragma &P : U.Pragmas) {
      for (const CompoundStmt *S : CompoundStatements) {
        if (!SM.isBeforeInTranslationUnit(S->getLBracLoc(), P.Loc) ||
            !SM.isBeforeInTranslationUnit(P.Loc, S->getRBracLoc()))
          continue;
        if (!P.Scope ||
            SM.isBeforeInTranslationUnit(P.Scope->getLBracLoc(),
                                         S->getLBracLoc()))
          P.Scope = S;
      }
      if (P.Scope && !P.Scope->body_empty())
        P.AtScopeStart = SM.isBeforeInTranslationUnit(
            P.Loc, P.Scope->body_front()->getBeginLoc());
    }
  }

private:
  UpcContext &U;
  std::function<bool(SourceLocation)> IsUpcLocation;

  /// annotate("upc:block", number, is-constant, value)
  void recordBlockSize(const AnnotateAttr *A) {
    const ASTContext &C = *U.Ctx;
    Expr *const *Args = A->args_begin();
    std::optional<llvm::APSInt> Number = Args[0]->getIntegerConstantExpr(C);
    std::optional<llvm::APSInt> IsConstant = Args[1]->getIntegerConstantExpr(C);
    std::optional<llvm::APSInt> Value = Args[2]->getIntegerConstantExpr(C);
    if (!Number || !IsConstant || !Value)
      return;
    UpcContext::EvaluatedBlockSize &E =
        U.BlockSizesWhereWritten[Number->getZExtValue()];
    E.IsConstant = IsConstant->getBoolValue();
    E.Value = Value->isSigned() && Value->isNegative()
                  ? Value->getSExtValue()
                  : int64_t(std::min<uint64_t>(Value->getLimitedValue(),
                                               INT64_MAX));
  }

  static bool isInBlock(const NamedDecl *D) {
    const DeclContext *DC = D->getDeclContext();
    // Enumerators and members belong to their enum or record: look at where
    // that is declared.
    while (DC && (isa<EnumDecl>(DC) || isa<RecordDecl>(DC)))
      DC = DC->getParent();
    return DC && DC->isFunctionOrMethod();
  }
  std::vector<const CompoundStmt *> CompoundStatements;
};

void UpcContext::addPragma(UpcPragma::Kind Kind, SourceLocation Loc) {
  UpcPragma P;
  P.PragmaKind = Kind;
  P.Loc = Loc;
  Pragmas.push_back(P);
}

void UpcContext::analyze(ASTContext &C,
                         std::function<bool(SourceLocation)> IsUpcLocation) {
  Ctx = &C;
  auto LookupVar = [&](llvm::StringRef Name) -> const VarDecl * {
    for (NamedDecl *D :
         C.getTranslationUnitDecl()->lookup(&C.Idents.get(Name)))
      if (auto *VD = dyn_cast<VarDecl>(D))
        return VD->getCanonicalDecl();
    return nullptr;
  };
  ThreadsVar = LookupVar(names::Threads);
  MyThreadVar = LookupVar(names::MyThread);

  UpcConstructCollector Collector(*this, std::move(IsUpcLocation));
  Collector.TraverseDecl(C.getTranslationUnitDecl());
  Collector.assignPragmaScopes(C.getSourceManager());
}

const ForallStatement *UpcContext::findForall(const ForStmt *S) const {
  auto It = ForallIndex.find(S);
  return It == ForallIndex.end() ? nullptr : &Foralls[It->second];
}

const SynchronizationStatement *
UpcContext::findSynchronization(const CallExpr *E) const {
  auto It = SynchronizationIndex.find(E);
  return It == SynchronizationIndex.end() ? nullptr
                                          : &Synchronizations[It->second];
}

} // namespace upc
