//===- Expressions.cpp - Shared accesses and pointers-to-shared -----------===//
//
// Shared lvalues become SharedLValues; the operation that uses one becomes
// runtime calls (a read, a write, a read-modify-write, an address).
// Pointer-to-shared values become runtime values: arithmetic, differences,
// comparisons, null tests and conversions between block sizes are runtime
// functions. Each operand's text is used once, so C's evaluation rules hold.
//
//===----------------------------------------------------------------------===//

#include "LoweringInternal.h"
#include "upc-instrument/Semantics/UpcTypePrinter.h"
#include "upc-instrument/Semantics/UpcTypes.h"

#include "clang/AST/ParentMapContext.h"
#include "clang/Basic/CharInfo.h"
#include "llvm/ADT/StringExtras.h"

using namespace clang;

namespace upc {
namespace lowering {

namespace {

/// Whether anything in \p S was translated.
template <typename IsTranslated>
bool anyTranslated(const Stmt *S, const IsTranslated &Pred) {
  if (!S)
    return false;
  if (Pred(S))
    return true;
  for (const Stmt *Child : S->children())
    if (anyTranslated(Child, Pred))
      return true;
  return false;
}

} // namespace

const SharedLValue *Lowerer::sharedLValue(const Expr *E) const {
  auto It = LValues.find(E);
  return It == LValues.end() ? nullptr : &It->second;
}

void Lowerer::lowerExpr(Expr *E) {
  if (auto *DRE = dyn_cast<DeclRefExpr>(E))
    return lowerDeclRef(DRE);
  if (auto *ICE = dyn_cast<ImplicitCastExpr>(E))
    return lowerImplicitCast(ICE);
  if (auto *CE = dyn_cast<CStyleCastExpr>(E))
    return lowerExplicitCast(CE);
  if (auto *PE = dyn_cast<ParenExpr>(E)) {
    if (const SharedLValue *L = sharedLValue(PE->getSubExpr()))
      LValues[E] = *L;
    return;
  }
  if (auto *UO = dyn_cast<UnaryOperator>(E))
    return lowerUnary(UO);
  if (auto *BO = dyn_cast<BinaryOperator>(E))
    return lowerBinary(BO);
  if (auto *AS = dyn_cast<ArraySubscriptExpr>(E))
    return lowerSubscript(AS);
  if (auto *ME = dyn_cast<MemberExpr>(E))
    return lowerMember(ME);
  if (auto *CO = dyn_cast<ConditionalOperator>(E))
    return lowerConditional(CO);
  if (auto *Call = dyn_cast<CallExpr>(E))
    return lowerCall(Call);
  if (auto *U = dyn_cast<UnaryExprOrTypeTraitExpr>(E))
    return lowerSizeof(U);
  if (auto *IL = dyn_cast<InitListExpr>(E))
    return lowerInitList(IL);
  if (auto *CL = dyn_cast<CompoundLiteralExpr>(E)) {
    TypeSourceInfo *TSI = CL->getTypeSourceInfo();
    if (TSI && Types.involvesUpc(TSI->getType()))
      setLowered(E, "(" + Types.print(TSI->getTypeLoc()) + ")" +
                        textOf(CL->getInitializer()));
    return;
  }
  if (auto *VA = dyn_cast<VAArgExpr>(E)) {
    TypeSourceInfo *TSI = VA->getWrittenTypeInfo();
    if (TSI && Types.involvesUpc(TSI->getType()))
      setLowered(E, "__builtin_va_arg(" + textOf(VA->getSubExpr()) + ", " +
                        Types.print(TSI->getTypeLoc()) + ")");
    return;
  }
  if (auto *BCO = dyn_cast<BinaryConditionalOperator>(E)) {
    if (isPointerToShared(BCO->getCommon()->getType()))
      error(E->getExprLoc(), "the GNU '?:' operator with a pointer-to-shared "
                             "operand cannot be translated; write 'p ? p : q'");
    return;
  }
}

// --- Names ----------------------------------------------------------------

void Lowerer::lowerDeclRef(DeclRefExpr *E) {
  if (Upc.isMyThreadReference(E)) {
    PrintAs[E] = "MYTHREAD";
    return;
  }
  if (Upc.isThreadsReference(E)) {
    PrintAs[E] = "THREADS";
    return;
  }
  const ValueDecl *D = E->getDecl();
  if (const auto *VD = dyn_cast<VarDecl>(D); VD && isSharedType(VD->getType())) {
    SharedLValue L;
    L.Pointer = nameOf(VD);
    TypeLoc TL = VD->getTypeSourceInfo() ? VD->getTypeSourceInfo()->getTypeLoc()
                                         : TypeLoc();
    L.Representation = Types.object(VD->getType(), TL).representation();
    L.ObjectType = E->getType();
    L.Root = VD;
    L.DeclaredLoc = TL;
    LValues[E] = std::move(L);
    return;
  }
  if (auto It = NewNames.find(D->getCanonicalDecl()); It != NewNames.end())
    setLowered(E, It->second);
}

// --- Conversions ------------------------------------------------------------

namespace {
/// The ArrayTypeLoc under \p TL's sugar, or a null TypeLoc.
TypeLoc arrayLoc(TypeLoc TL) {
  while (TL && !TL.getAs<ArrayTypeLoc>()) {
    TypeLoc Next = TL.getNextTypeLoc();
    if (!Next || TL.getAs<PointerTypeLoc>() || TL.getAs<FunctionTypeLoc>())
      return TypeLoc();
    TL = Next;
  }
  return TL;
}
} // namespace

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

SharedPointee Lowerer::pointeeOf(const Expr *Pointer) const {
  const Expr *E = Pointer->IgnoreParens();
  if (const auto *ICE = dyn_cast<ImplicitCastExpr>(E)) {
    if (ICE->getCastKind() == CK_ArrayToPointerDecay)
      if (const SharedLValue *L = sharedLValue(ICE->getSubExpr()))
        return pointeeOfLValue(*L, /*Decayed=*/true);
    if (ICE->getCastKind() == CK_NoOp)
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
  // size; another block size starts a new block.
  if (From.IsVoid || To.IsVoid || From.BlockElements == To.BlockElements)
    return Text;
  if (isNumber(From.BlockElements) && isNumber(To.BlockElements))
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

// --- Accesses ---------------------------------------------------------------

SharedAccess Lowerer::accessOf(const SharedLValue &L, const Expr *Use) const {
  SharedAccess A;
  A.ValueType = Types.valueType(L.ObjectType);
  A.Pointer = L.Pointer;
  A.Representation = L.Representation;
  A.ByteOffset = L.ByteOffset;
  A.Strict = Upc.getEffectiveReference(L.ObjectType, Use->getExprLoc()) ==
             ReferenceQualifier::Strict;
  A.Position = positionOf(Use->getBeginLoc());
  if (L.Root) {
    A.VariableName = L.Root->getName().str();
    A.VariableType = upcTypeString(L.Root);
  } else if (const VarDecl *Through = accessedThrough(Use)) {
    // Through a pointer-to-shared: the pointer variable, for tools.
    A.VariableName = Through->getName().str();
    A.VariableType = upcTypeString(Through);
  } else {
    A.VariableType = printUpcType(L.ObjectType, Ctx, false, &Upc);
  }
  return A;
}

const VarDecl *Lowerer::accessedThrough(const Expr *Use) {
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

std::string Lowerer::read(const SharedLValue &L, const Expr *Use) {
  if (L.ObjectType->isRecordType() || L.ObjectType->isUnionType()) {
    // Whole structures are copied like any value.
  }
  return Calls.get(accessOf(L, Use));
}

std::string Lowerer::addressOf(const SharedLValue &L, bool Decayed,
                               SharedPointee &Pointee) const {
  Pointee = pointeeOfLValue(L, Decayed);
  SharedPointee Holder;
  Holder.Block = L.Representation == PointerRepresentation::Phased
                     ? SharedPointee::Blocked
                     : SharedPointee::One;
  if (L.ByteOffset != "0") {
    // Within one element: bytes on the same thread.
    std::string Element =
        L.Representation == PointerRepresentation::Phased
            ? spellCall(runtime::SharedToPshared, {L.Pointer})
            : L.Pointer;
    std::string Text =
        spellCall(runtime::AddIndefinite, {Element, "1", L.ByteOffset});
    SharedPointee Bytes; // phaseless
    return convertPointer(Text, Bytes, Pointee);
  }
  if (L.Representation == Pointee.representation())
    return L.Pointer;
  if (L.Representation == PointerRepresentation::Phaseless)
    return spellCall(runtime::PsharedToShared, {L.Pointer});
  return spellCall(runtime::SharedToPshared, {L.Pointer});
}

bool Lowerer::isValueUnused(const Expr *E) const {
  DynTypedNodeList Parents = Ctx.getParents(*E);
  if (Parents.size() != 1)
    return false;
  const Stmt *P = Parents[0].get<Stmt>();
  if (!P)
    return false;
  if (isa<CompoundStmt>(P) || isa<LabelStmt>(P) || isa<SwitchCase>(P))
    return true;
  if (const auto *F = dyn_cast<ForStmt>(P))
    return F->getInc() == E || F->getInit() == E || F->getBody() == E;
  if (const auto *I = dyn_cast<IfStmt>(P))
    return I->getThen() == E || I->getElse() == E;
  if (const auto *W = dyn_cast<WhileStmt>(P))
    return W->getBody() == E;
  if (const auto *D = dyn_cast<DoStmt>(P))
    return D->getBody() == E;
  if (const auto *C = dyn_cast<CStyleCastExpr>(P))
    return C->getType()->isVoidType();
  if (const auto *B = dyn_cast<BinaryOperator>(P); B && B->getOpcode() == BO_Comma)
    return B->getLHS() == E || isValueUnused(B);
  if (const auto *PE = dyn_cast<ParenExpr>(P))
    return isValueUnused(PE);
  return false;
}

std::string Lowerer::readModifyWrite(const SharedLValue &L, const Expr *Use,
                                     const std::string &Update, bool YieldOld) {
  SharedAccess A = accessOf(L, Use);
  std::string PointerType = CTypes::name(L.Representation).str();
  std::string Code = "__extension__({ " + PointerType +
                     " upcr_p_ = " + L.Pointer + "; ";
  A.Pointer = "upcr_p_";
  if (L.ByteOffset != "0" && !isNumber(L.ByteOffset)) {
    Code += "ptrdiff_t upcr_off_ = " + L.ByteOffset + "; ";
    A.ByteOffset = "upcr_off_";
  }
  Code += A.ValueType + " upcr_t_ = " + Calls.get(A) + "; ";
  if (YieldOld)
    Code += A.ValueType + " upcr_o_ = upcr_t_; ";
  Code += Update + "; ";
  // (void): inside a macro argument, clang would warn that the value is
  // unused.
  Code += "(void)" + Calls.put(A, "upcr_t_") + "; ";
  if (isValueUnused(Use))
    return numberTemporaries(Code + "(void)0; })");
  Code += YieldOld ? "upcr_o_; })" : "upcr_t_; })";
  return numberTemporaries(Code);
}

std::string Lowerer::numberTemporaries(const std::string &Code) {
  static const char *const Names[] = {"upcr_p_", "upcr_off_", "upcr_t_",
                                      "upcr_o_", "upcr_a_"};
  std::string Suffix = std::to_string(++TemporaryCounter);
  auto IsIdentifierChar = [](char C) { return clang::isAsciiIdentifierContinue(C); };
  std::string Result;
  Result.reserve(Code.size() + 16);
  for (size_t I = 0; I < Code.size();) {
    bool Renamed = false;
    if (I == 0 || !IsIdentifierChar(Code[I - 1])) {
      for (llvm::StringRef Name : Names) {
        size_t End = I + Name.size();
        // Only the bare name: a numbered one belongs to an inner expression.
        if (llvm::StringRef(Code).substr(I).starts_with(Name) &&
            (End == Code.size() || !IsIdentifierChar(Code[End]))) {
          Result += Name.str() + Suffix;
          I = End;
          Renamed = true;
          break;
        }
      }
    }
    if (!Renamed)
      Result += Code[I++];
  }
  return Result;
}

std::string Lowerer::updatePrivatePointer(const Expr *LHS,
                                          const std::string &NewValueOf) {
  // NewValueOf contains "@" where the old value goes.
  auto Apply = [&](const std::string &Old) {
    std::string Out;
    for (char C : NewValueOf)
      Out += C == '@' ? Old : std::string(1, C);
    return Out;
  };
  const Expr *Bare = LHS->IgnoreParens();
  if (isa<DeclRefExpr>(Bare)) {
    std::string Name = textOf(LHS);
    return "(" + Name + " = " + Apply(Name) + ")";
  }
  std::string Type = Types.print(LHS->getType());
  return "__extension__({ " + Type + " *upcr_a_ = &(" + textOf(LHS) +
         "); *upcr_a_ = " + Apply("*upcr_a_") + "; })";
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
    if (L)
      LValues[E] = *L;
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
      error(E->getExprLoc(),
            "a pointer-to-shared cannot be converted to an integer; use "
            "upc_threadof(), upc_phaseof() or upc_addrfield()");
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
      std::string Text = convertPointer(textOf(Sub), pointeeOf(Sub),
                                        Types.pointee(E->getType()));
      if (Text != textOf(Sub))
        setLowered(E, std::move(Text));
    }
    return;
  default:
    return;
  }
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
    error(E->getExprLoc(),
          "a pointer-to-shared cannot be converted to an integer; use "
          "upc_threadof(), upc_phaseof() or upc_addrfield()");
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

// --- Operators --------------------------------------------------------------

void Lowerer::lowerUnary(UnaryOperator *E) {
  Expr *Sub = E->getSubExpr();
  const SharedLValue *L = sharedLValue(Sub);
  switch (E->getOpcode()) {
  case UO_AddrOf:
    if (L) {
      SharedPointee P;
      setLowered(E, addressOf(*L, /*Decayed=*/false, P));
    }
    return;
  case UO_Deref:
    if (isPointerToShared(Sub->getType())) {
      SharedPointee P = pointeeOf(Sub);
      SharedLValue R;
      R.Pointer = textOf(Sub);
      R.Representation = P.representation();
      R.ObjectType = E->getType();
      LValues[E] = std::move(R);
    }
    return;
  case UO_PreInc:
  case UO_PreDec:
  case UO_PostInc:
  case UO_PostDec: {
    bool Increment = E->isIncrementOp();
    // x++ whose value is not used is ++x.
    bool Postfix = E->isPostfix() && !isValueUnused(E);
    QualType T = Sub->getType();
    if (L) {
      std::string Update;
      if (isPointerToShared(T))
        Update = "upcr_t_ = " + addToPointer("upcr_t_", Types.pointee(T),
                                             Increment ? "1" : "-1");
      else
        Update = Increment ? "++upcr_t_" : "--upcr_t_";
      setLowered(E, readModifyWrite(*L, E, Update, Postfix));
      return;
    }
    if (isPointerToShared(T)) {
      std::string New =
          addToPointer("@", Types.pointee(T), Increment ? "1" : "-1");
      if (!Postfix) {
        setLowered(E, updatePrivatePointer(Sub, New));
        return;
      }
      std::string Type = Types.print(T);
      const Expr *Bare = Sub->IgnoreParens();
      std::string Text;
      if (isa<DeclRefExpr>(Bare)) {
        std::string Name = textOf(Sub);
        std::string Apply = New;
        Text = "__extension__({ " + Type + " upcr_o_ = " + Name + "; " +
               Name + " = ";
        for (char C : Apply)
          Text += C == '@' ? std::string("upcr_o_") : std::string(1, C);
        Text += isValueUnused(E) ? "; (void)0; })" : "; upcr_o_; })";
        Text = numberTemporaries(Text);
      } else {
        Text = "__extension__({ " + Type + " *upcr_a_ = &(" + textOf(Sub) +
               "); " + Type + " upcr_o_ = *upcr_a_; *upcr_a_ = ";
        for (char C : New)
          Text += C == '@' ? std::string("upcr_o_") : std::string(1, C);
        Text += isValueUnused(E) ? "; (void)0; })" : "; upcr_o_; })";
        Text = numberTemporaries(Text);
      }
      setLowered(E, std::move(Text));
    }
    return;
  }
  case UO_LNot:
    if (isPointerToShared(Sub->getType()))
      setLowered(E, "(" + nullTest(textOf(Sub), pointeeOf(Sub), true) + ")");
    return;
  default:
    return;
  }
}

namespace {
/// Whether \p E is a null pointer constant converted to a pointer type (0,
/// NULL, (void *)0...).
bool isNullPointerCast(const Expr *E, ASTContext &Ctx) {
  const Expr *Bare = E->IgnoreParenImpCasts();
  if (const auto *CE = dyn_cast<CStyleCastExpr>(Bare);
      CE && CE->getCastKind() == CK_NullToPointer)
    return true;
  return Bare->isNullPointerConstant(Ctx, Expr::NPC_ValueDependentIsNotNull) !=
         Expr::NPCK_NotNull;
}
} // namespace

void Lowerer::lowerBinary(BinaryOperator *E) {
  Expr *LHS = E->getLHS(), *RHS = E->getRHS();
  BinaryOperatorKind Op = E->getOpcode();
  QualType LT = LHS->getType(), RT = RHS->getType();

  if (E->isAssignmentOp()) {
    const SharedLValue *L = sharedLValue(LHS);
    if (L) {
      if (Op == BO_Assign) {
        std::string Value = textOf(RHS);
        if (isPointerToShared(LT) && isPointerToShared(RT))
          Value = convertPointer(Value, pointeeOf(RHS), Types.pointee(LT));
        setLowered(E, Calls.put(accessOf(*L, E), Value));
        return;
      }
      std::string Update;
      if (isPointerToShared(LT)) {
        std::string Inc = textOf(RHS);
        if (Op == BO_SubAssign)
          Inc = "-(" + Inc + ")";
        Update = "upcr_t_ = " + addToPointer("upcr_t_", Types.pointee(LT), Inc);
      } else {
        Update = "upcr_t_ " + BinaryOperator::getOpcodeStr(Op).str() + " (" +
                 textOf(RHS) + ")";
      }
      setLowered(E, readModifyWrite(*L, E, Update, /*YieldOld=*/false));
      return;
    }
    if (!isPointerToShared(LT))
      return;
    if (Op == BO_Assign) {
      convertInPlace(RHS, LT);
      return;
    }
    if (Op == BO_AddAssign || Op == BO_SubAssign) {
      std::string Inc = textOf(RHS);
      if (Op == BO_SubAssign)
        Inc = "-(" + Inc + ")";
      setLowered(E, updatePrivatePointer(
                        LHS, addToPointer("@", Types.pointee(LT), Inc)));
    }
    return;
  }

  bool LShared = isPointerToShared(LT), RShared = isPointerToShared(RT);
  if (!LShared && !RShared) {
    if (Op == BO_LAnd || Op == BO_LOr) {
      truthValue(LHS);
      truthValue(RHS);
    }
    return;
  }
  switch (Op) {
  case BO_Add:
  case BO_Sub:
    if (LShared && RShared) {
      setLowered(E, subtractPointers(textOf(LHS), pointeeOf(LHS), textOf(RHS),
                                     pointeeOf(RHS)));
      return;
    }
    if (LShared) {
      std::string Inc = textOf(RHS);
      if (Op == BO_Sub)
        Inc = "-(" + Inc + ")";
      setLowered(E, addToPointer(textOf(LHS), pointeeOf(LHS), Inc));
    } else {
      setLowered(E, addToPointer(textOf(RHS), pointeeOf(RHS), textOf(LHS)));
    }
    return;
  case BO_EQ:
  case BO_NE: {
    bool Equal = Op == BO_EQ;
    if (isNullPointerCast(RHS, Ctx) && LShared) {
      setLowered(E, "(" + nullTest(textOf(LHS), pointeeOf(LHS), Equal) + ")");
      return;
    }
    if (isNullPointerCast(LHS, Ctx) && RShared) {
      setLowered(E, "(" + nullTest(textOf(RHS), pointeeOf(RHS), Equal) + ")");
      return;
    }
    SharedPointee PL = pointeeOf(LHS), PR = pointeeOf(RHS);
    std::string A = textOf(LHS), B = textOf(RHS);
    using R = PointerRepresentation;
    R RA = PL.representation(), RB = PR.representation();
    if (RA == R::Phaseless && RB == R::Phased) {
      std::swap(A, B);
      std::swap(RA, RB);
    }
    std::string Test = spellCall(
        (runtime::IsEqual + CTypes::suffix(RA) + "_" + CTypes::suffix(RB))
            .str(),
        {A, B});
    setLowered(E, Equal ? "(" + Test + ")" : "(!" + Test + ")");
    return;
  }
  case BO_LT:
  case BO_GT:
  case BO_LE:
  case BO_GE:
    setLowered(E, "(" +
                      subtractPointers(textOf(LHS), pointeeOf(LHS),
                                       textOf(RHS), pointeeOf(RHS)) +
                      " " + BinaryOperator::getOpcodeStr(Op).str() + " 0)");
    return;
  case BO_LAnd:
  case BO_LOr:
    truthValue(LHS);
    truthValue(RHS);
    return;
  default:
    return;
  }
}

void Lowerer::lowerSubscript(ArraySubscriptExpr *E) {
  Expr *Base = E->getBase(), *Index = E->getIdx();
  if (!isPointerToShared(Base->getType()))
    return;
  // The calling thread's element in a localized upc_forall: a private lvalue.
  if (std::optional<std::string> Local = localizedElement(E)) {
    setLowered(E, *Local);
    return;
  }
  // An array inside a member of a shared structure: bytes within the
  // element that holds the structure.
  if (const auto *Decay = dyn_cast<ImplicitCastExpr>(Base->IgnoreParens());
      Decay && Decay->getCastKind() == CK_ArrayToPointerDecay)
    if (const SharedLValue *L = sharedLValue(Decay->getSubExpr());
        L && L->InAggregateMember) {
      SharedLValue R = *L;
      R.ObjectType = E->getType();
      std::string Offset = "(" + textOf(Index) + ") * sizeof(" +
                           Types.valueType(E->getType()) + ")";
      R.ByteOffset = L->ByteOffset == "0" ? Offset
                                          : L->ByteOffset + " + " + Offset;
      LValues[E] = std::move(R);
      Lowered.erase(Base);
      return;
    }
  SharedPointee P = pointeeOf(Base);
  if (P.IsVoid) {
    error(E->getExprLoc(), "subscript of a pointer to shared void");
    return;
  }
  SharedLValue R;
  R.Pointer = addToPointer(textOf(Base), P, textOf(Index));
  R.Representation = P.representation();
  R.ObjectType = E->getType();
  if (const auto *Decay = dyn_cast<ImplicitCastExpr>(Base->IgnoreParens()))
    if (const SharedLValue *L = sharedLValue(Decay->getSubExpr())) {
      R.Root = L->Root;
      if (TypeLoc A = arrayLoc(L->DeclaredLoc))
        R.DeclaredLoc = A.castAs<ArrayTypeLoc>().getElementLoc();
    }
  LValues[E] = std::move(R);
}

void Lowerer::lowerMember(MemberExpr *E) {
  Expr *Base = E->getBase();
  const auto *Field = dyn_cast<FieldDecl>(E->getMemberDecl());
  SharedLValue R;
  QualType RecordType;
  if (E->isArrow()) {
    if (!isPointerToShared(Base->getType()))
      return;
    SharedPointee P = pointeeOf(Base);
    R.Pointer = textOf(Base);
    R.Representation = P.representation();
    RecordType = getSharedPointee(Base->getType());
  } else {
    const SharedLValue *L = sharedLValue(Base);
    if (!L)
      return;
    R = *L;
    RecordType = Base->getType();
    // A member of an anonymous structure or union: offsetof names the
    // member through the enclosing named structure.
    if (const auto *Outer = dyn_cast<MemberExpr>(Base->IgnoreParens());
        Outer && !Outer->isArrow())
      if (const auto *OF = dyn_cast<FieldDecl>(Outer->getMemberDecl());
          OF && OF->isAnonymousStructOrUnion()) {
        // Base's offset was not added (see below): start again from the
        // structure holding the anonymous member.
        RecordType = Outer->getBase()->getType();
      }
  }
  if (!Field) {
    error(E->getExprLoc(), "unsupported member access on shared data");
    return;
  }
  if (Field->isBitField()) {
    error(E->getExprLoc(), "bit-field '" + Field->getName() +
                               "' of a shared structure cannot be accessed");
    return;
  }
  R.ObjectType = E->getType();
  R.InAggregateMember = true;
  if (Field->isAnonymousStructOrUnion()) {
    // Its members are named directly in offsetof (see above).
    LValues[E] = std::move(R);
    return;
  }
  std::string Offset = "offsetof(" + Types.valueType(RecordType) + ", " +
                       Field->getName().str() + ")";
  R.ByteOffset = R.ByteOffset == "0" ? Offset : R.ByteOffset + " + " + Offset;
  LValues[E] = std::move(R);
}

void Lowerer::lowerConditional(ConditionalOperator *E) {
  truthValue(E->getCond());
  if (!isPointerToShared(E->getType()))
    return;
  SharedPointee Target = pointeeOf(E);
  for (const Expr *Branch : {E->getTrueExpr(), E->getFalseExpr()}) {
    if (!isPointerToShared(Branch->getType()))
      continue;
    std::string Before = textOf(Branch);
    std::string After = convertPointer(Before, pointeeOf(Branch), Target);
    if (After != Before)
      replaceText(Branch, After);
  }
}

void Lowerer::lowerCall(CallExpr *E) {
  if (const SynchronizationStatement *S = Upc.findSynchronization(E))
    return lowerSynchronization(E, *S);
  const FunctionDecl *FD = E->getDirectCallee();
  if (FD && FD->getName() == names::ForallAffinity)
    return; // part of the upc_forall
  // A library function declared by a UPC system header (not a user's
  // function of the same name).
  if (FD && FD->getIdentifier() &&
      SM.isInSystemHeader(SM.getExpansionLoc(FD->getLocation())))
    if (const LibraryFunction *F = findLibraryFunction(FD->getName()))
      return lowerLibraryCall(E, *F);
  if (FD && FD->getIdentifier() && FD->getName() == "exit" &&
      FD->getDeclContext()->isTranslationUnit() && E->getNumArgs() == 1) {
    // exit() from UPC code is a collective exit (UPC 1.3, 7.2.1).
    setLowered(E, Calls.exitCall(textOf(E->getArg(0)),
                                 positionOf(E->getBeginLoc())));
    return;
  }
  if (FD && FD->getIdentifier() &&
      FD->getDeclContext()->isTranslationUnit() &&
      (lowerUserEventCall(E, FD) || lowerCMemoryCall(E, FD)))
    return;
  // Pointer-to-shared arguments whose block size differs from the
  // parameter's (the C types agree).
  const FunctionProtoType *Proto = nullptr;
  if (FD)
    Proto = FD->getType()->getAs<FunctionProtoType>();
  else if (const auto *PT =
               E->getCallee()->getType()->getAs<PointerType>())
    Proto = PT->getPointeeType()->getAs<FunctionProtoType>();
  if (!Proto)
    return;
  for (unsigned I = 0; I < E->getNumArgs() && I < Proto->getNumParams(); ++I)
    convertInPlace(E->getArg(I), Proto->getParamType(I));
}

void Lowerer::lowerSizeof(UnaryExprOrTypeTraitExpr *E) {
  for (const UpcSizeofExpression &U : Upc.sizeofExpressions())
    if (U.Sizeof == E)
      return; // the enclosing upc_*sizeof translates it
  if (E->getKind() != UETT_SizeOf && E->getKind() != UETT_AlignOf &&
      E->getKind() != UETT_PreferredAlignOf)
    return;
  std::string Operator = E->getKind() == UETT_SizeOf ? "sizeof" : "__alignof__";
  std::string Type;
  if (E->isArgumentType()) {
    if (!Types.involvesUpc(E->getArgumentType()))
      return;
    Type = Types.print(E->getArgumentTypeInfo()->getTypeLoc());
  } else {
    const Expr *Operand = E->getArgumentExpr();
    bool Translated = anyTranslated(Operand, [this](const Stmt *S) {
      const auto *X = dyn_cast<Expr>(S);
      return Lowered.count(S) || (X && LValues.count(X));
    });
    if (!Translated && !Types.involvesUpc(Operand->getType()))
      return;
    // The operand is not evaluated: its type says it all. A named variable's
    // declared type keeps THREADS-dependent dimensions symbolic.
    const Expr *Bare = Operand->IgnoreParens();
    const auto *DRE = dyn_cast<DeclRefExpr>(Bare);
    const auto *DD = DRE ? dyn_cast<DeclaratorDecl>(DRE->getDecl()) : nullptr;
    if (DD && DD->getTypeSourceInfo())
      Type = Types.print(DD->getTypeSourceInfo()->getTypeLoc());
    else
      Type = Types.print(Operand->getType());
  }
  setLowered(E, Operator + "(" + Type + ")");
}

void Lowerer::lowerInitList(InitListExpr *E) {
  QualType T = E->getType();
  if (const ArrayType *AT = Ctx.getAsArrayType(T)) {
    for (unsigned I = 0; I < E->getNumInits(); ++I)
      convertInPlace(E->getInit(I), AT->getElementType());
    return;
  }
  if (const auto *RT = T->getAs<RecordType>()) {
    if (E->getNumInits() == 0)
      return;
    const RecordDecl *RD = RT->getDecl();
    if (RD->isUnion()) {
      if (const FieldDecl *F = E->getInitializedFieldInUnion())
        convertInPlace(E->getInit(0), F->getType());
      return;
    }
    unsigned I = 0;
    for (const FieldDecl *F : RD->fields()) {
      if (I >= E->getNumInits())
        break;
      if (!F->isUnnamedBitField())
        convertInPlace(E->getInit(I++), F->getType());
    }
  }
}

} // namespace lowering
} // namespace upc
