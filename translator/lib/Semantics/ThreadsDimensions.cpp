//===- ThreadsDimensions.cpp - THREADS in array dimensions ----------------===//
//
// In the dynamic THREADS environment a shared array dimension may be a
// multiple of THREADS (UPC 1.3, 6.5.2.1); this file finds references to
// THREADS and MYTHREAD, analyses dimensions as constant multiples of THREADS,
// and multiplies them out for sizes.
//
//===----------------------------------------------------------------------===//

#include "upc-instrument/Semantics/UpcContext.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/Expr.h"
#include "clang/AST/TypeLoc.h"
#include "clang/Basic/Builtins.h"

using namespace clang;

namespace upc {

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

} // namespace upc
