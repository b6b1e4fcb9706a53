//===- SharedObjects.cpp - Shared variables described for people ----------===//

#include "upc-instrument/Semantics/SharedObjects.h"
#include "upc-instrument/Semantics/UpcTypePrinter.h"
#include "upc-instrument/Semantics/UpcTypes.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/Decl.h"
#include "clang/AST/Expr.h"

using namespace clang;

namespace upc {

const VarDecl *accessedVariable(const Expr *Use) {
  const Expr *E = Use;
  while (E) {
    E = E->IgnoreParenImpCasts();
    if (const auto *B = dyn_cast<BinaryOperator>(E))
      E = B->isAssignmentOp() ? B->getLHS() : nullptr;
    else if (const auto *U = dyn_cast<UnaryOperator>(E))
      E = U->getSubExpr();
    else if (const auto *S = dyn_cast<ArraySubscriptExpr>(E))
      E = S->getBase();
    else if (const auto *M = dyn_cast<MemberExpr>(E))
      E = M->getBase();
    else if (const auto *R = dyn_cast<DeclRefExpr>(E))
      return dyn_cast<VarDecl>(R->getDecl());
    else
      return nullptr;
  }
  return nullptr;
}

std::string symbolicCount(uint64_t Factor, bool ScalesWithThreads) {
  if (!ScalesWithThreads)
    return std::to_string(Factor);
  return Factor == 1 ? "THREADS" : std::to_string(Factor) + "*THREADS";
}

std::string declaredObjectType(QualType T, TypeLoc TL, const UpcContext &U,
                               llvm::SmallVectorImpl<ArrayDimension> &Dims) {
  const ASTContext &Ctx = U.getASTContext();
  if (!TL.isNull())
    Dims = U.getArrayDimensions(TL);
  std::vector<std::string> Texts;
  for (const ArrayDimension &Dim : Dims)
    Texts.push_back(Dim.Known ? symbolicCount(Dim.Factor, Dim.ScalesWithThreads)
                              : std::string());
  if (TL.isNull())
    for (QualType A = T; const auto *CAT = Ctx.getAsConstantArrayType(A);
         A = CAT->getElementType()) {
      ArrayDimension D;
      D.Factor = CAT->getSize().getZExtValue();
      Dims.push_back(D);
    }
  return printUpcType(T, Ctx, /*Desugar=*/true, &U, Texts);
}

namespace {

std::string blockSizeText(const UpcContext &U, QualType T,
                          const SymbolicSize &Total) {
  BlockSize B = U.getBlockSize(T);
  switch (B.BlockKind) {
  case BlockSize::Definite:
    return std::to_string(B.Elements);
  case BlockSize::Indefinite:
    return "indefinite";
  case BlockSize::Star:
    if (Total.Known && Total.ScalesWithThreads)
      return "[*] = " + std::to_string(Total.Factor);
    if (Total.Known && U.threadsEnvironment().StaticThreads) {
      uint64_t N = *U.threadsEnvironment().StaticThreads;
      return "[*] = " + std::to_string((Total.Factor + N - 1) / N);
    }
    return "[*] = elements/THREADS, rounded up";
  case BlockSize::Invalid:
    break;
  }
  return "invalid";
}

std::string referenceText(const UpcContext &U, const VarDecl *D) {
  ReferenceQualifier Declared = getUpcQualifiers(D->getType()).Reference;
  if (Declared == ReferenceQualifier::Strict)
    return "strict";
  if (Declared == ReferenceQualifier::Relaxed)
    return "relaxed";
  ReferenceQualifier Pragma = U.getPragmaReference(D->getLocation());
  if (Pragma == ReferenceQualifier::Strict)
    return "strict (pragma)";
  if (Pragma == ReferenceQualifier::Relaxed)
    return "relaxed (pragma)";
  return "relaxed (default)";
}

} // namespace

SharedObjectDescription describeSharedVariable(const VarDecl *D,
                                               const UpcContext &U) {
  SharedObjectDescription Out;
  QualType T = D->getType();
  llvm::SmallVector<ArrayDimension, 4> Dims;
  TypeLoc TL = D->getTypeSourceInfo() ? D->getTypeSourceInfo()->getTypeLoc()
                                      : TypeLoc();
  Out.Type = declaredObjectType(T, TL, U, Dims);
  SymbolicSize Total = UpcContext::totalElements(Dims);
  Out.BlockSize = blockSizeText(U, T, Total);
  Out.ThreadsDependent = Total.Known && Total.ScalesWithThreads;
  if (T->isArrayType())
    Out.Elements = Total.Known
                       ? symbolicCount(Total.Factor, Total.ScalesWithThreads)
                       : "unknown";
  Out.Reference = referenceText(U, D);
  Out.Storage = D->hasExternalStorage() ? "extern"
                : D->isStaticLocal()    ? "static local"
                : D->isFileVarDecl()    ? "file scope"
                                        : "local";
  return Out;
}

} // namespace upc
