//===- Expressions.cpp - Expressions with shared lvalues ------------------===//
//
// Shared lvalues become SharedLValues; the operation that uses one becomes
// runtime calls (a read, a write, a read-modify-write, an address), and the
// operators, subscripts, member accesses and calls that involve
// pointers-to-shared use the runtime's values (PointersToShared.cpp). Each
// operand's text is used once, so C's evaluation rules hold.
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
    // A copy first: LValues[E] may grow the map, which moves its entries.
    if (const SharedLValue *L = sharedLValue(PE->getSubExpr())) {
      SharedLValue Same = *L;
      LValues[E] = std::move(Same);
    }
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
        if (L->BitField) {
          setLowered(E, bitFieldUpdate(*L, E, "upcr_t_ = (" + Value + ")",
                                       /*YieldOld=*/false));
          return;
        }
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
  // The calling thread's element in a localized upc_forall, and an element
  // of an array member of one: private lvalues.
  if (Localizing) {
    if (std::optional<std::string> Local = localizedElement(E)) {
      setLowered(E, *Local);
      LocalizedLValues.insert(E);
      return;
    }
    if (const auto *Decay = dyn_cast<ImplicitCastExpr>(Base->IgnoreParens());
        Decay && Decay->getCastKind() == CK_ArrayToPointerDecay &&
        LocalizedLValues.count(Decay->getSubExpr()->IgnoreParens())) {
      LocalizedLValues.insert(E);
      return;
    }
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
    if (!L) {
      if (LocalizedLValues.count(Base->IgnoreParens()))
        LocalizedLValues.insert(E);
      return;
    }
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
    // The lvalue is the structure holding it (Pointer, ByteOffset) and the
    // field: reads copy the structure, writes store the field's bytes.
    if (Field->getParent()->isAnonymousStructOrUnion()) {
      error(E->getExprLoc(), "bit-field '" + Field->getName() +
                                 "' of an anonymous member of a shared "
                                 "structure cannot be accessed; name the "
                                 "member");
      return;
    }
    R.BitField = Field;
    R.BitFieldRecord = RecordType;
    R.ObjectType = E->getType();
    R.InAggregateMember = true;
    LValues[E] = std::move(R);
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
  if (const LibraryFunction *F = findLibraryFunction(FD, SM))
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
    // An array declared without a bound (`T *a[] = {...}`) has the bound
    // of its initializer only in its type.
    if (DD && DD->getTypeSourceInfo() &&
        !DD->getTypeSourceInfo()->getType()->isIncompleteArrayType())
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
