//===- UpcContext.cpp - Queries of UPC types and regions ------------------===//
//
// Block sizes of shared types (as written, and evaluated where written),
// strict and relaxed references under the pragma regions, #pragma pupc
// regions, and the values of upc_blocksizeof, upc_elemsizeof and
// upc_localsizeof.
//
//===----------------------------------------------------------------------===//

#include "upc-instrument/Semantics/UpcContext.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/Expr.h"
#include "clang/AST/TypeLoc.h"
#include "clang/Basic/SourceManager.h"

using namespace clang;

namespace upc {

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

BlockSize UpcContext::getUpcSizeofBlockSize(const UpcSizeofExpression &E) const {
  // *&s.m: the address of a member of a shared structure has the indefinite
  // block size (UPC 1.3, 6.4.4), and so has the object it points to.
  if (E.Sizeof && !E.Sizeof->isArgumentType())
    if (const auto *Deref = dyn_cast<UnaryOperator>(
            E.Sizeof->getArgumentExpr()->IgnoreParens());
        Deref && Deref->getOpcode() == UO_Deref &&
        getPointeeBlockSize(Deref->getSubExpr()).BlockKind ==
            BlockSize::Indefinite)
      return {BlockSize::Indefinite, 0};
  return getBlockSize(E.OperandType);
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
  BlockSize B = getUpcSizeofBlockSize(E);
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

} // namespace upc
