//===- PointersToShared.cpp - Pointer-to-shared values --------------------===//
//
// Pointer-to-shared values as runtime values: the pointee a pointer
// describes, conversions between the phased and phaseless representations
// and between block sizes (where UPC resets the phase), null pointers and
// null tests, arithmetic and differences, and casts to and from
// pointers-to-shared (to private pointers, integers and truth values).
//
//===----------------------------------------------------------------------===//

#include "LoweringInternal.h"
#include "upc-instrument/Semantics/UpcTypePrinter.h"
#include "upc-instrument/Semantics/UpcTypes.h"

#include "clang/Basic/CharInfo.h"
#include "llvm/ADT/StringExtras.h"

using namespace clang;

namespace upc {
namespace lowering {

// --- Conversions ------------------------------------------------------------

SharedPointee Lowerer::pointeeOfLValue(const SharedLValue &L,
                                       bool Decayed) const {
  QualType PointeeType = L.ObjectType;
  TypeLoc PointeeLoc = L.DeclaredLoc;
  if (Decayed) {
    const ArrayType *AT = Ctx.getAsArrayType(L.ObjectType);
    PointeeType = AT ? AT->getElementType() : L.ObjectType;
    TypeLoc A = arrayLoc(L.DeclaredLoc);
    PointeeLoc = A ? A.castAs<ArrayTypeLoc>().getElementLoc() : TypeLoc();
  }
  SharedPointee P = Types.describePointee(PointeeType);
  if (PointeeType->isArrayType() && arrayLoc(PointeeLoc)) {
    // Dimensions as declared: THREADS-dependent ones stay symbolic.
    std::string Count = Types.elementCount(PointeeType, PointeeLoc);
    P.ElementCount = Count == "1" ? "" : Count;
  }
  if (L.InAggregateMember) {
    P.Block = SharedPointee::Indefinite;
    P.BlockElements.clear();
  } else if (L.Root &&
             Upc.getBlockSize(PointeeType).BlockKind == BlockSize::Star) {
    TypeLoc TL = L.Root->getTypeSourceInfo()
                     ? L.Root->getTypeSourceInfo()->getTypeLoc()
                     : TypeLoc();
    SharedPointee Array = Types.object(L.Root->getType(), TL);
    P.Block = Array.Block;
    P.BlockElements = Array.BlockElements;
  }
  return P;
}

/// Whether pointer-to-shared type \p T points to an array with a bound of
/// unspecified size, `[*]`: the type Clang converts an argument to when the
/// parameter points to a variable-length array (C11 6.7.6.2p4), as one with
/// a THREADS-dependent bound does.
static bool pointsToStarArray(const ASTContext &Ctx, QualType T) {
  QualType P = getSharedPointee(T);
  for (const ArrayType *AT = P.isNull() ? nullptr : Ctx.getAsArrayType(P); AT;
       AT = Ctx.getAsArrayType(AT->getElementType()))
    if (AT->getSizeModifier() == ArraySizeModifier::Star)
      return true;
  return false;
}

SharedPointee Lowerer::pointeeOf(const Expr *Pointer) const {
  const Expr *E = Pointer->IgnoreParens();
  if (const auto *ICE = dyn_cast<ImplicitCastExpr>(E)) {
    if (ICE->getCastKind() == CK_ArrayToPointerDecay)
      if (const SharedLValue *L = sharedLValue(ICE->getSubExpr()))
        return pointeeOfLValue(*L, /*Decayed=*/true);
    if (ICE->getCastKind() == CK_NoOp)
      return pointeeOf(ICE->getSubExpr());
    // `T (*)[*]` is the argument's own pointee: the parameter's bound is
    // the one the callee uses, and the phase stays (UPC 1.3, 6.4.3).
    if (ICE->getCastKind() == CK_BitCast &&
        pointsToStarArray(Ctx, ICE->getType()))
      return pointeeOf(ICE->getSubExpr());
  }
  if (const auto *UO = dyn_cast<UnaryOperator>(E);
      UO && UO->getOpcode() == UO_AddrOf)
    if (const SharedLValue *L = sharedLValue(UO->getSubExpr()))
      return pointeeOfLValue(*L, /*Decayed=*/false);
  if (const auto *BO = dyn_cast<BinaryOperator>(E)) {
    if (BO->getOpcode() == BO_Comma)
      return pointeeOf(BO->getRHS());
    if ((BO->getOpcode() == BO_Add || BO->getOpcode() == BO_Sub) &&
        isPointerToShared(BO->getType()))
      return pointeeOf(isPointerToShared(BO->getLHS()->getType())
                           ? BO->getLHS()
                           : BO->getRHS());
  }
  if (const auto *CO = dyn_cast<ConditionalOperator>(E)) {
    // Clang may give the result a type without the block size sugar of
    // operands that agree.
    SharedPointee L = pointeeOf(CO->getTrueExpr());
    if (L.sameBlocking(pointeeOf(CO->getFalseExpr())))
      return L;
  }
  return Types.pointee(E->getType());
}

std::string Lowerer::convertPointer(const std::string &Text,
                                    const SharedPointee &From,
                                    const SharedPointee &To) const {
  PointerRepresentation FR = From.representation(), TR = To.representation();
  using R = PointerRepresentation;
  if (FR == R::Phaseless && TR == R::Phaseless)
    return Text;
  if (FR == R::Phaseless)
    return spellCall(runtime::PsharedToShared, {Text});
  if (TR == R::Phaseless)
    return spellCall(runtime::SharedToPshared, {Text});
  // Both phased: a generic pointer keeps the phase, as does the same block
  // size of elements of the same size; another block size, or elements of
  // another size or of an incomplete type, start a new block (UPC 1.3,
  // 6.4.3: the phase is reset).
  if (From.IsVoid || To.IsVoid)
    return Text;
  bool SameElements = From.ElementBytes && To.ElementBytes &&
                      *From.ElementBytes == *To.ElementBytes &&
                      From.ElementCount == To.ElementCount;
  if (From.BlockElements == To.BlockElements && SameElements)
    return Text;
  if (From.BlockElements == To.BlockElements ||
      (isNumber(From.BlockElements) && isNumber(To.BlockElements)))
    return spellCall(runtime::ResetPhase, {Text});
  return spellCall(runtime::Reblock,
                   {Text, From.BlockElements, To.BlockElements});
}

void Lowerer::convertInPlace(const Expr *Value, QualType Target) {
  if (!Value || !isPointerToShared(Target) ||
      !isPointerToShared(Value->getType()))
    return;
  SharedPointee From = pointeeOf(Value), To = Types.pointee(Target);
  std::string Before = textOf(Value);
  std::string After = convertPointer(Before, From, To);
  if (After != Before)
    replaceText(Value, std::move(After));
}

std::string Lowerer::nullTest(const std::string &Text, const SharedPointee &P,
                              bool IsNull) const {
  std::string Test = spellCall(
      (runtime::IsNull + CTypes::suffix(P.representation())).str(), {Text});
  return IsNull ? Test : "!" + Test;
}

std::string Lowerer::nullPointer(QualType PointerType,
                                 bool InInitializer) const {
  bool Phased = Types.pointee(PointerType).representation() ==
                PointerRepresentation::Phased;
  if (InInitializer)
    return (Phased ? runtime::NullSharedInit : runtime::NullPsharedInit).str();
  return (Phased ? runtime::NullShared : runtime::NullPshared).str();
}

void Lowerer::truthValue(const Expr *Cond) {
  if (!Cond || !isPointerToShared(Cond->getType()))
    return;
  replaceText(Cond, "(" + nullTest(textOf(Cond), pointeeOf(Cond), false) + ")");
}

// --- Pointer arithmetic -----------------------------------------------------

std::string Lowerer::addToPointer(const std::string &Text,
                                  const SharedPointee &P,
                                  const std::string &Increment) const {
  std::string Inc = P.ElementCount.empty()
                        ? Increment
                        : "(" + Increment + ") * (" + P.ElementCount + ")";
  std::string Size = "sizeof(" + P.ElementType + ")";
  switch (P.Block) {
  case SharedPointee::Indefinite:
    return spellCall(runtime::AddIndefinite, {Text, Size, Inc});
  case SharedPointee::One:
    return spellCall(runtime::AddCyclic, {Text, Size, Inc});
  case SharedPointee::Blocked:
    return spellCall(runtime::AddBlocked, {Text, Size, Inc, P.BlockElements});
  }
  return Text;
}

std::string Lowerer::subtractPointers(const std::string &A,
                                      const SharedPointee &PA,
                                      const std::string &B,
                                      const SharedPointee &PB) const {
  std::string BText = convertPointer(B, PB, PA);
  std::string Size = "sizeof(" + PA.ElementType + ")";
  std::string Diff;
  switch (PA.Block) {
  case SharedPointee::Indefinite:
    Diff = spellCall(runtime::SubIndefinite, {A, BText, Size});
    break;
  case SharedPointee::One:
    Diff = spellCall(runtime::SubCyclic, {A, BText, Size});
    break;
  case SharedPointee::Blocked:
    Diff = spellCall(runtime::SubBlocked, {A, BText, Size, PA.BlockElements});
    break;
  }
  if (!PA.ElementCount.empty())
    Diff = "(" + Diff + " / (" + PA.ElementCount + "))";
  return Diff;
}

// --- Casts ------------------------------------------------------------------

void Lowerer::lowerImplicitCast(ImplicitCastExpr *E) {
  Expr *Sub = E->getSubExpr();
  const SharedLValue *L = sharedLValue(Sub);
  switch (E->getCastKind()) {
  case CK_LValueToRValue:
    if (L)
      setLowered(E, read(*L, E));
    return;
  case CK_ArrayToPointerDecay:
    if (L) {
      SharedPointee P;
      setLowered(E, addressOf(*L, /*Decayed=*/true, P));
    }
    return;
  case CK_NoOp:
    // A copy first: LValues[E] may grow the map, which moves its entries.
    if (L) {
      SharedLValue Same = *L;
      LValues[E] = std::move(Same);
    }
    return;
  case CK_NullToPointer:
    if (isPointerToShared(E->getType()))
      setLowered(E, nullPointer(E->getType(), InitializerElements.count(E)));
    return;
  case CK_PointerToBoolean:
    if (isPointerToShared(Sub->getType()))
      setLowered(E, "(" + nullTest(textOf(Sub), pointeeOf(Sub), false) + ")");
    return;
  case CK_PointerToIntegral:
    if (isPointerToShared(Sub->getType()))
      setLowered(E, sharedToInteger(Sub));
    return;
  case CK_BitCast:
  case CK_AddressSpaceConversion:
    if (isPointerToShared(E->getType()) &&
        !isPointerToShared(Sub->getType()) &&
        Sub->IgnoreParenImpCasts()->isNullPointerConstant(
            Ctx, Expr::NPC_ValueDependentIsNotNull) != Expr::NPCK_NotNull) {
      // NULL, that is (void *)0.
      setLowered(E, nullPointer(E->getType(), InitializerElements.count(E)));
      return;
    }
    if (isPointerToShared(E->getType()) && isPointerToShared(Sub->getType())) {
      std::string Text =
          convertPointer(textOf(Sub), pointeeOf(Sub), pointeeOf(E));
      if (Text != textOf(Sub))
        setLowered(E, std::move(Text));
    }
    return;
  default:
    return;
  }
}

std::string Lowerer::sharedToInteger(const Expr *Pointer) {
  std::string Name =
      (runtime::Prefix + CTypes::suffix(pointeeOf(Pointer).representation()) +
       runtime::ToIntegerSuffix)
          .str();
  return spellCall(Name, {textOf(Pointer)});
}

void Lowerer::lowerExplicitCast(CStyleCastExpr *E) {
  for (const UpcSizeofExpression &U : Upc.sizeofExpressions())
    if (U.Expr == E)
      return lowerUpcSizeof(E, U);
  QualType To = E->getType();
  Expr *Sub = E->getSubExpr();
  bool ToShared = isPointerToShared(To);
  bool FromShared = isPointerToShared(Sub->getType());
  if (ToShared && (E->getCastKind() == CK_NullToPointer ||
                   (!FromShared &&
                    Sub->IgnoreParenImpCasts()->isNullPointerConstant(
                        Ctx, Expr::NPC_ValueDependentIsNotNull) !=
                        Expr::NPCK_NotNull))) {
    // 0, NULL, (void *)0.
    setLowered(E, nullPointer(To, InitializerElements.count(E)));
    return;
  }
  if (ToShared && FromShared) {
    setLowered(E, "(" +
                      convertPointer(textOf(Sub), pointeeOf(Sub),
                                     Types.pointee(To)) +
                      ")");
    return;
  }
  if (FromShared) {
    SharedPointee P = pointeeOf(Sub);
    if (To->isPointerType()) {
      // Valid for data with affinity to the calling thread (UPC 6.4.3).
      std::string ToLocal = (runtime::Prefix +
                             CTypes::suffix(P.representation()) +
                             runtime::ToLocalSuffix)
                                .str();
      setLowered(E, "((" +
                        Types.print(E->getTypeInfoAsWritten()->getTypeLoc()) +
                        ")" + spellCall(ToLocal, {textOf(Sub)}) + ")");
      return;
    }
    if (To->isBooleanType()) {
      setLowered(E, "(" + nullTest(textOf(Sub), P, false) + ")");
      return;
    }
    if (To->isVoidType())
      return;
    setLowered(E, "((" + Types.print(E->getTypeInfoAsWritten()->getTypeLoc()) +
                      ")" + sharedToInteger(Sub) + ")");
    return;
  }
  if (ToShared) {
    error(E->getExprLoc(), "only a null pointer constant can be converted to "
                           "a pointer-to-shared");
    return;
  }
  if (TypeSourceInfo *TSI = E->getTypeInfoAsWritten();
      TSI && Types.involvesUpc(TSI->getType()))
    setLowered(E, "(" + Types.print(TSI->getTypeLoc()) + ")" + textOf(Sub));
}

} // namespace lowering
} // namespace upc
