//===- UpcContext.cpp - Recognising UPC in the desugared AST --------------===//

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

/// One traversal of the UPC parts of the translation unit.
class UpcConstructCollector
    : public RecursiveASTVisitor<UpcConstructCollector> {
public:
  UpcConstructCollector(UpcContext &U,
                        std::function<bool(SourceLocation)> IsUpcLocation)
      : U(U), IsUpcLocation(std::move(IsUpcLocation)) {}

  bool TraverseDecl(Decl *D) {
    if (!D)
      return true;
    // Skip what C headers declare. Deciding per top-level declaration is
    // enough: what it contains is in the same file.
    if (D->getDeclContext() && D->getDeclContext()->isTranslationUnit() &&
        (D->getLocation().isInvalid() || !IsUpcLocation(D->getLocation())))
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

void UpcContext::setBlockSizeValue(unsigned Occurrence, int64_t Value) {
  BlockSizeValues[Occurrence] = Value;
}

const UpcContext::EvaluatedBlockSize *
UpcContext::getBlockSizeWhereWritten(unsigned Occurrence) const {
  auto It = BlockSizesWhereWritten.find(Occurrence);
  return It == BlockSizesWhereWritten.end() ? nullptr : &It->second;
}

bool UpcContext::isInFunctionBody(SourceLocation Loc) const {
  if (!Ctx || Loc.isInvalid())
    return false;
  const SourceManager &SM = Ctx->getSourceManager();
  Loc = SM.getFileLoc(Loc);
  for (SourceRange R : FunctionBodies)
    if (SM.isBeforeInTranslationUnit(R.getBegin(), Loc) &&
        SM.isBeforeInTranslationUnit(Loc, R.getEnd()))
      return true;
  return false;
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

BlockSize UpcContext::getBlockSize(QualType T) const {
  return getBlockSize(getUpcQualifiers(T));
}

BlockSize UpcContext::getBlockSize(const UpcQualifiers &Q) const {
  BlockSize B;
  switch (Q.Layout) {
  case LayoutKind::Default:
    B.BlockKind = BlockSize::Definite;
    B.Elements = 1;
    break;
  case LayoutKind::Indefinite:
    B.BlockKind = BlockSize::Indefinite;
    B.Elements = 0;
    break;
  case LayoutKind::Star:
    B.BlockKind = BlockSize::Star;
    B.Elements = 0;
    break;
  case LayoutKind::Expression: {
    auto It = BlockSizeValues.find(Q.BlockSizeOccurrence);
    if (It == BlockSizeValues.end() || It->second < 0) {
      B.BlockKind = BlockSize::Invalid;
      B.Elements = 0;
    } else if (It->second == 0) {
      // UPC: a block size of 0 is the indefinite block size.
      B.BlockKind = BlockSize::Indefinite;
      B.Elements = 0;
    } else {
      B.BlockKind = BlockSize::Definite;
      B.Elements = uint64_t(It->second);
    }
    break;
  }
  }
  return B;
}

bool UpcContext::isInSharedAggregateMember(const Expr *LValue) const {
  const Expr *E = LValue->IgnoreParens();
  while (true) {
    if (const auto *AS = dyn_cast<ArraySubscriptExpr>(E)) {
      E = AS->getBase()->IgnoreParenImpCasts();
      continue;
    }
    if (const auto *ME = dyn_cast<MemberExpr>(E))
      return isSharedType(ME->getType());
    return false;
  }
}

BlockSize UpcContext::getPointeeBlockSize(const Expr *Pointer) const {
  const Expr *E = Pointer->IgnoreParens();
  if (const auto *ICE = dyn_cast<ImplicitCastExpr>(E)) {
    if (ICE->getCastKind() == CK_ArrayToPointerDecay &&
        isInSharedAggregateMember(ICE->getSubExpr()))
      return {BlockSize::Indefinite, 0};
    if (ICE->getCastKind() == CK_NoOp || ICE->getCastKind() == CK_LValueToRValue)
      E = ICE->getSubExpr()->IgnoreParens();
  }
  if (const auto *UO = dyn_cast<UnaryOperator>(E);
      UO && UO->getOpcode() == UO_AddrOf &&
      isInSharedAggregateMember(UO->getSubExpr()))
    return {BlockSize::Indefinite, 0};
  return getBlockSize(getSharedPointee(E->getType()));
}

bool UpcContext::isThreadsDependentSizeof(const Expr *E) const {
  const auto *S = dyn_cast<UnaryExprOrTypeTraitExpr>(E);
  if (!S || S->getKind() != UETT_SizeOf || Env.StaticThreads)
    return false;
  if (S->isArgumentType()) {
    for (const ArrayDimension &D :
         getArrayDimensions(S->getArgumentTypeInfo()->getTypeLoc()))
      if (D.ScalesWithThreads)
        return true;
    return false;
  }
  // sizeof a, sizeof a[i]...: the dimensions of the declaration that remain.
  const Expr *Operand = S->getArgumentExpr()->IgnoreParens();
  unsigned Subscripts = 0;
  while (const auto *AS = dyn_cast<ArraySubscriptExpr>(Operand)) {
    Operand = AS->getBase()->IgnoreParenImpCasts();
    ++Subscripts;
  }
  const auto *DRE = dyn_cast<DeclRefExpr>(Operand);
  const auto *VD = DRE ? dyn_cast<VarDecl>(DRE->getDecl()) : nullptr;
  if (!VD || !VD->getTypeSourceInfo())
    return false;
  auto Dims = getArrayDimensions(VD->getTypeSourceInfo()->getTypeLoc());
  for (size_t I = Subscripts; I < Dims.size(); ++I)
    if (Dims[I].ScalesWithThreads)
      return true;
  return false;
}

ReferenceQualifier UpcContext::getEffectiveReference(QualType T,
                                                     SourceLocation Use) const {
  ReferenceQualifier R = getUpcQualifiers(T).Reference;
  if (R != ReferenceQualifier::Unspecified)
    return R;
  R = getPragmaReference(Use);
  return R == ReferenceQualifier::Unspecified ? ReferenceQualifier::Relaxed : R;
}

const UpcPragma *UpcContext::innermostPragma(SourceLocation Loc,
                                             bool Consistency) const {
  if (Pragmas.empty() || Loc.isInvalid() || !Ctx)
    return nullptr;
  const SourceManager &SM = Ctx->getSourceManager();
  Loc = SM.getExpansionLoc(Loc);
  const UpcPragma *Best = nullptr;
  for (const UpcPragma &P : Pragmas) {
    bool IsConsistency =
        P.PragmaKind == UpcPragma::Strict || P.PragmaKind == UpcPragma::Relaxed;
    if (IsConsistency != Consistency)
      continue;
    if (!SM.isBeforeInTranslationUnit(P.Loc, Loc))
      continue;
    if (P.Scope && !SM.isBeforeInTranslationUnit(Loc, P.Scope->getRBracLoc()))
      continue;
    // The innermost scope wins; within a scope, the latest pragma.
    bool Deeper = Best && P.Scope &&
                  (!Best->Scope ||
                   SM.isBeforeInTranslationUnit(Best->Scope->getLBracLoc(),
                                                P.Scope->getLBracLoc()));
    bool SameScope = Best && P.Scope == Best->Scope;
    if (!Best || Deeper || SameScope)
      Best = &P;
  }
  return Best;
}

ReferenceQualifier UpcContext::getPragmaReference(SourceLocation Loc) const {
  const UpcPragma *P = innermostPragma(Loc, /*Consistency=*/true);
  if (!P)
    return ReferenceQualifier::Unspecified;
  return P->PragmaKind == UpcPragma::Strict ? ReferenceQualifier::Strict
                                            : ReferenceQualifier::Relaxed;
}

bool UpcContext::isInstrumentationEnabled(SourceLocation Loc) const {
  const UpcPragma *P = innermostPragma(Loc, /*Consistency=*/false);
  return !P || P->PragmaKind == UpcPragma::InstrumentationOn;
}

std::optional<uint64_t>
UpcContext::getUpcSizeofValue(const UpcSizeofExpression &E) const {
  if (!Ctx || E.OperandType.isNull() || !isSharedType(E.OperandType) ||
      E.OperandType->isIncompleteType())
    return std::nullopt;
  QualType Element = Ctx->getBaseElementType(E.OperandType);
  if (Element->isIncompleteType() || Element->isDependentType())
    return std::nullopt;
  uint64_t ElementSize = Ctx->getTypeSizeInChars(Element).getQuantity();
  if (E.OperatorKind == UpcSizeofExpression::ElemSizeof)
    return ElementSize;

  llvm::SmallVector<ArrayDimension, 4> Dims;
  if (!E.OperandLoc.isNull())
    Dims = getArrayDimensions(E.OperandLoc);
  else
    for (QualType A = E.OperandType; const auto *CAT = Ctx->getAsConstantArrayType(A);
         A = CAT->getElementType()) {
      ArrayDimension D;
      D.Factor = CAT->getSize().getZExtValue();
      Dims.push_back(D);
    }
  SymbolicSize Total = totalElements(Dims);
  if (!Total.Known)
    return std::nullopt;
  std::optional<uint64_t> Threads = Env.StaticThreads;
  BlockSize B = getBlockSize(E.OperandType);
  if (B.BlockKind == BlockSize::Star) {
    // [*]: the elements are split in THREADS blocks.
    if (Total.ScalesWithThreads)
      B = {BlockSize::Definite, Total.Factor};
    else if (Threads)
      B = {BlockSize::Definite, (Total.Factor + *Threads - 1) / *Threads};
    else
      return std::nullopt;
  }
  if (B.BlockKind == BlockSize::Invalid)
    return std::nullopt;
  if (E.OperatorKind == UpcSizeofExpression::BlockSizeof)
    return B.BlockKind == BlockSize::Indefinite ? 0 : B.Elements;

  // upc_localsizeof: the most any one thread holds.
  if (B.BlockKind == BlockSize::Indefinite)
    return Total.ScalesWithThreads && !Threads
               ? std::nullopt
               : std::optional<uint64_t>(
                     Total.Factor * (Total.ScalesWithThreads ? *Threads : 1) *
                     ElementSize);
  uint64_t Elements = Total.Factor;
  if (Total.ScalesWithThreads && !Threads) {
    // F*THREADS elements in blocks of N: each thread has F/N blocks when N
    // divides F; otherwise the share depends on THREADS.
    if (Total.Factor % B.Elements != 0)
      return std::nullopt;
    return Total.Factor * ElementSize;
  }
  uint64_t T = Threads ? *Threads : 1;
  if (Total.ScalesWithThreads)
    Elements *= T;
  uint64_t Blocks = (Elements + B.Elements - 1) / B.Elements;
  uint64_t BlocksPerThread = (Blocks + T - 1) / T;
  return std::min(BlocksPerThread * B.Elements, Elements) * ElementSize;
}

bool UpcContext::isThreadsReference(const Expr *E) const {
  const auto *DRE = dyn_cast_or_null<DeclRefExpr>(E->IgnoreParenImpCasts());
  return DRE && ThreadsVar && DRE->getDecl()->getCanonicalDecl() == ThreadsVar;
}

bool UpcContext::isMyThreadReference(const Expr *E) const {
  const auto *DRE = dyn_cast_or_null<DeclRefExpr>(E->IgnoreParenImpCasts());
  return DRE && MyThreadVar && DRE->getDecl()->getCanonicalDecl() == MyThreadVar;
}

unsigned UpcContext::countThreadsReferences(const Expr *E) const {
  if (!E || !ThreadsVar)
    return 0;
  if (isThreadsReference(E))
    return 1;
  unsigned N = 0;
  for (const Stmt *Child : E->children())
    if (const auto *CE = dyn_cast_or_null<Expr>(Child))
      N += countThreadsReferences(CE);
  return N;
}

namespace {

/// Analyses one dimension expression as a multiple of THREADS.
struct ThreadsMultiple {
  uint64_t Factor = 1;
  unsigned Threads = 0;
  bool WellFormed = true;
  bool Constant = true;
};

/// Sees through the wrapper the desugarer puts around dimensions inside size
/// operators: (__builtin_constant_p(e) ? (e) : 1).
const Expr *unwrapArrayDimension(const Expr *E) {
  E = E->IgnoreParenImpCasts();
  const auto *CO = dyn_cast<ConditionalOperator>(E);
  if (!CO)
    return E;
  const auto *Call = dyn_cast<CallExpr>(CO->getCond()->IgnoreParenImpCasts());
  if (!Call || Call->getBuiltinCallee() != Builtin::BI__builtin_constant_p)
    return E;
  return CO->getTrueExpr()->IgnoreParenImpCasts();
}

ThreadsMultiple analyzeMultiple(const UpcContext &U, const Expr *E,
                                const ASTContext &Ctx) {
  E = unwrapArrayDimension(E);
  ThreadsMultiple M;
  if (U.isThreadsReference(E)) {
    M.Threads = 1;
    return M;
  }
  if (const auto *BO = dyn_cast<BinaryOperator>(E);
      BO && BO->getOpcode() == BO_Mul && U.countThreadsReferences(E) > 0) {
    ThreadsMultiple L = analyzeMultiple(U, BO->getLHS(), Ctx);
    ThreadsMultiple R = analyzeMultiple(U, BO->getRHS(), Ctx);
    M.Factor = L.Factor * R.Factor;
    M.Threads = L.Threads + R.Threads;
    M.WellFormed = L.WellFormed && R.WellFormed;
    M.Constant = L.Constant && R.Constant;
    return M;
  }
  if (unsigned N = U.countThreadsReferences(E)) {
    M.Threads = N;
    M.WellFormed = false;
    M.Factor = 0;
    return M;
  }
  Expr::EvalResult R;
  if (!E->isValueDependent() && E->EvaluateAsInt(R, Ctx) &&
      !R.Val.getInt().isNegative()) {
    M.Factor = R.Val.getInt().getZExtValue();
  } else {
    M.Constant = false;
    M.Factor = 0;
  }
  return M;
}

} // namespace

llvm::SmallVector<ArrayDimension, 4>
UpcContext::getArrayDimensions(TypeLoc TL) const {
  llvm::SmallVector<ArrayDimension, 4> Dims;
  while (!TL.isNull()) {
    if (auto ATL = TL.getAs<ArrayTypeLoc>()) {
      ArrayDimension D;
      D.SizeExpr = ATL.getSizeExpr();
      if (!D.SizeExpr) {
        D.Known = false;
      } else {
        ThreadsMultiple M = analyzeMultiple(*this, D.SizeExpr, *Ctx);
        D.Known = M.Constant && M.WellFormed;
        D.Factor = M.Factor;
        D.ThreadsOccurrences = M.Threads;
        D.WellFormedMultiple = M.WellFormed;
        D.ScalesWithThreads = M.Threads > 0;
      }
      Dims.push_back(D);
      TL = ATL.getElementLoc();
      continue;
    }
    if (auto TDL = TL.getAs<TypedefTypeLoc>()) {
      const TypeSourceInfo *TSI = TDL.getTypedefNameDecl()->getTypeSourceInfo();
      if (!TSI)
        break;
      TL = TSI->getTypeLoc();
      continue;
    }
    if (TL.getAs<PointerTypeLoc>() || TL.getAs<FunctionTypeLoc>())
      break;
    // __typeof__(T) and __typeof__(object): the dimensions as written there.
    if (auto TOT = TL.getAs<TypeOfTypeLoc>()) {
      TL = TOT.getUnmodifiedTInfo()->getTypeLoc();
      continue;
    }
    if (auto TOE = TL.getAs<TypeOfExprTypeLoc>()) {
      const Expr *E = TOE.getUnderlyingExpr()->IgnoreParens();
      if (const auto *DRE = dyn_cast<DeclRefExpr>(E))
        if (const auto *DD = dyn_cast<DeclaratorDecl>(DRE->getDecl()))
          if (const TypeSourceInfo *TSI = DD->getTypeSourceInfo()) {
            TL = TSI->getTypeLoc();
            continue;
          }
    }
    TypeLoc Next = TL.getNextTypeLoc();
    if (Next.isNull()) {
      // A type written without array syntax of its own (typeof, ...): take
      // its remaining constant dimensions from the type itself.
      QualType T = TL.getType();
      while (const auto *CAT = Ctx->getAsConstantArrayType(T)) {
        ArrayDimension D;
        D.Factor = CAT->getSize().getZExtValue();
        Dims.push_back(D);
        T = CAT->getElementType();
      }
      break;
    }
    TL = Next;
  }
  return Dims;
}

SymbolicSize UpcContext::totalElements(llvm::ArrayRef<ArrayDimension> Dims) {
  SymbolicSize S;
  for (const ArrayDimension &D : Dims) {
    if (!D.Known) {
      S.Known = false;
      return S;
    }
    S.Factor *= D.Factor;
    S.ScalesWithThreads |= D.ScalesWithThreads;
  }
  return S;
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
