//===- CTypes.cpp - UPC types as C types of the runtime interface ---------===//
//
// Declarator printing is inside out: each level prints its qualifiers and
// passes the declarator text inward; Clang prints the leaves. A TypeLoc is
// followed in step with the type where one is available, for the array
// dimensions as the user wrote them.
//
//===----------------------------------------------------------------------===//

#include "upc-instrument/Lowering/CTypes.h"
#include "upc-instrument/FrontEnd/SourceMapping.h"
#include "upc-instrument/Semantics/UpcContext.h"
#include "upc-instrument/Semantics/UpcTypePrinter.h"
#include "upc-instrument/Semantics/UpcTypes.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/Decl.h"
#include "clang/AST/Expr.h"
#include "llvm/ADT/StringExtras.h"

using namespace clang;

namespace upc {

CTypes::CTypes(const ASTContext &Ctx, const UpcContext &Upc,
               const SourceMapping &Sources,
               std::function<bool(const TypedefNameDecl *)> KeepTypedef)
    : Ctx(Ctx), Upc(Upc), Sources(Sources),
      KeepTypedef(std::move(KeepTypedef)) {}

bool CTypes::involvesUpc(QualType T) const {
  if (T.isNull())
    return false;
  T = T.getCanonicalType();
  if (isSharedType(T))
    return true;
  if (const auto *PT = T->getAs<PointerType>())
    return involvesUpc(PT->getPointeeType());
  if (const auto *AT = dyn_cast<ArrayType>(T.getTypePtr()))
    return involvesUpc(AT->getElementType());
  if (const auto *FT = T->getAs<FunctionType>()) {
    if (involvesUpc(FT->getReturnType()))
      return true;
    if (const auto *FPT = dyn_cast<FunctionProtoType>(FT))
      for (QualType P : FPT->param_types())
        if (involvesUpc(P))
          return true;
  }
  if (const auto *AT = T->getAs<AtomicType>())
    return involvesUpc(AT->getValueType());
  return false;
}

QualType CTypes::innermostElement(QualType T) {
  while (const ArrayType *AT = T->getAsArrayTypeUnsafe())
    T = AT->getElementType();
  return T;
}

std::string CTypes::quote(llvm::StringRef S) {
  std::string Out = "\"";
  for (char C : S) {
    switch (C) {
    case '\\':
      Out += "\\\\";
      break;
    case '"':
      Out += "\\\"";
      break;
    case '\n':
      Out += "\\n";
      break;
    default:
      if (static_cast<unsigned char>(C) < 0x20) {
        char Buf[8];
        snprintf(Buf, sizeof(Buf), "\\%03o", static_cast<unsigned char>(C));
        Out += Buf;
      } else {
        Out += C;
      }
    }
  }
  return Out + "\"";
}

std::string CTypes::dimensionText(const ArrayType *AT, TypeLoc TL) const {
  const Expr *Size = nullptr;
  if (TL)
    if (auto ATL = TL.getAs<ArrayTypeLoc>())
      Size = ATL.getSizeExpr();
  if (!Size)
    if (const auto *CAT = dyn_cast<ConstantArrayType>(AT))
      Size = CAT->getSizeExpr();
  if (!Size)
    if (const auto *VAT = dyn_cast<VariableArrayType>(AT))
      Size = VAT->getSizeExpr();
  if (Size) {
    std::string Text =
        Sources.getOriginalText(Size->getSourceRange(), Ctx.getLangOpts());
    if (!Text.empty())
      return Text;
  }
  if (const auto *CAT = dyn_cast<ConstantArrayType>(AT))
    return llvm::toString(CAT->getSize(), 10, /*Signed=*/false);
  return "";
}

class CTypes::Printer {
public:
  explicit Printer(const CTypes &C)
      : C(C), Policy(C.Ctx.getPrintingPolicy()) {
    Policy.SuppressTagKeyword = false;
  }

  std::string print(QualType T, TypeLoc TL, std::string Inner,
                    std::string Quals = "") {
    while (true) {
      if (TL && TL.getType() != T)
        TL = TypeLoc(); // lost step with the type: sizes from the type
      appendCVR(Quals, T.getLocalQualifiers());
      if (T.hasLocalQualifiers()) {
        T = T.getLocalUnqualifiedType();
        if (TL)
          TL = TL.getUnqualifiedLoc();
        continue;
      }
      const Type *Ty = T.getTypePtr();
      if (const auto *MQ = dyn_cast<MacroQualifiedType>(Ty)) {
        T = MQ->getUnderlyingType();
        TL = TL ? TL.castAs<MacroQualifiedTypeLoc>().getInnerLoc() : TL;
        continue;
      }
      if (const auto *AT = dyn_cast<AttributedType>(Ty)) {
        T = AT->getModifiedType();
        TL = TL ? TL.castAs<AttributedTypeLoc>().getModifiedLoc() : TL;
        continue;
      }
      if (const auto *BT = dyn_cast<BTFTagAttributedType>(Ty)) {
        T = BT->getWrappedType();
        TL = TL ? TL.castAs<BTFTagAttributedTypeLoc>().getWrappedLoc() : TL;
        continue;
      }
      if (const auto *PT = dyn_cast<ParenType>(Ty)) {
        T = PT->getInnerType();
        TL = TL ? TL.castAs<ParenTypeLoc>().getInnerLoc() : TL;
        continue;
      }
      if (const auto *ET = dyn_cast<ElaboratedType>(Ty)) {
        T = ET->getNamedType();
        TL = TL ? TL.castAs<ElaboratedTypeLoc>().getNamedTypeLoc() : TL;
        continue;
      }
      if (const auto *TE = dyn_cast<TypeOfExprType>(Ty)) {
        T = TE->getUnderlyingExpr()->getType();
        TL = TypeLoc();
        continue;
      }
      if (const auto *TT = dyn_cast<TypeOfType>(Ty)) {
        T = TT->getUnmodifiedType();
        TL = TL ? TL.castAs<TypeOfTypeLoc>()
                      .getUnmodifiedTInfo()
                      ->getTypeLoc()
                : TL;
        continue;
      }
      if (const auto *AT = dyn_cast<AdjustedType>(Ty)) {
        T = AT->getAdjustedType();
        TL = TypeLoc();
        continue;
      }
      if (const auto *AT = dyn_cast<AutoType>(Ty);
          AT && !AT->getDeducedType().isNull()) {
        T = AT->getDeducedType();
        TL = TypeLoc();
        continue;
      }
      if (const auto *TT = dyn_cast<TypedefType>(Ty)) {
        const TypedefNameDecl *D = TT->getDecl();
        if (C.KeepTypedef(D))
          break; // a leaf
        T = D->getUnderlyingType();
        TL = D->getTypeSourceInfo() ? D->getTypeSourceInfo()->getTypeLoc()
                                    : TypeLoc();
        continue;
      }
      break;
    }

    const Type *Ty = T.getTypePtr();
    if (const auto *PT = dyn_cast<PointerType>(Ty)) {
      QualType Pointee = PT->getPointeeType();
      if (isSharedType(Pointee))
        return leaf(Quals, CTypes::name(C.pointee(QualType(PT, 0))
                                            .representation())
                               .str(),
                    Inner);
      TypeLoc PTL = TL ? TL.castAs<PointerTypeLoc>().getPointeeLoc() : TL;
      std::string Declarator = "*" + Quals;
      if (!Quals.empty() && !Inner.empty())
        Declarator += " ";
      Declarator += Inner;
      QualType Canon = Pointee.getCanonicalType();
      if (Canon->isArrayType() || Canon->isFunctionType())
        Declarator = "(" + Declarator + ")";
      return print(Pointee, PTL, Declarator);
    }
    if (const auto *AT = dyn_cast<ArrayType>(Ty)) {
      std::string Dim = C.dimensionText(AT, TL);
      TypeLoc ETL = TL ? TL.castAs<ArrayTypeLoc>().getElementLoc() : TL;
      return print(AT->getElementType(), ETL, Inner + "[" + Dim + "]", Quals);
    }
    if (const auto *FT = dyn_cast<FunctionType>(Ty)) {
      auto FTL = TL ? TL.getAs<FunctionTypeLoc>() : FunctionTypeLoc();
      std::string Params = "(";
      if (const auto *FPT = dyn_cast<FunctionProtoType>(FT)) {
        for (unsigned I = 0; I < FPT->getNumParams(); ++I) {
          if (I)
            Params += ", ";
          TypeLoc ParamTL;
          if (FTL && I < FTL.getNumParams() && FTL.getParam(I) &&
              FTL.getParam(I)->getTypeSourceInfo())
            ParamTL = FTL.getParam(I)->getTypeSourceInfo()->getTypeLoc();
          Params += Printer(C).print(
              ParamTL ? ParamTL.getType() : FPT->getParamType(I), ParamTL,
              "");
        }
        if (FPT->isVariadic())
          Params += FPT->getNumParams() ? ", ..." : "...";
        else if (!FPT->getNumParams())
          Params += "void";
      }
      Params += ")";
      TypeLoc RTL = FTL ? FTL.getReturnLoc() : TypeLoc();
      return print(FT->getReturnType(), RTL, Inner + Params, Quals);
    }
    if (const auto *AT = dyn_cast<AtomicType>(Ty))
      return leaf(Quals,
                  "_Atomic(" + Printer(C).print(AT->getValueType(),
                                                TypeLoc(), "") +
                      ")",
                  Inner);
    if (const auto *RT = dyn_cast<RecordType>(Ty))
      if (const std::string *Tag = C.recordName(RT->getDecl()))
        return leaf(Quals,
                    (RT->getDecl()->isUnion() ? "union " : "struct ") + *Tag,
                    Inner);
    return leaf(Quals, QualType(Ty, 0).getAsString(Policy), Inner);
  }

private:
  const CTypes &C;
  PrintingPolicy Policy;

  static std::string leaf(const std::string &Quals, const std::string &Name,
                          const std::string &Inner) {
    std::string Result = Quals.empty() ? Name : Quals + " " + Name;
    if (!Inner.empty())
      Result += " " + Inner;
    return Result;
  }
  static void appendCVR(std::string &Quals, Qualifiers Q) {
    appendQualifierWords(Quals, Q);
  }
};

void CTypes::nameRecord(const RecordDecl *RD, std::string Tag) {
  RecordNames[cast<RecordDecl>(RD->getCanonicalDecl())] = std::move(Tag);
}

const std::string *CTypes::recordName(const RecordDecl *RD) const {
  auto It = RecordNames.find(cast<RecordDecl>(RD->getCanonicalDecl()));
  return It == RecordNames.end() ? nullptr : &It->second;
}

std::string CTypes::print(QualType T, llvm::StringRef Declarator) const {
  return Printer(*this).print(T, TypeLoc(), Declarator.str());
}

std::string CTypes::print(TypeLoc TL, llvm::StringRef Declarator) const {
  return Printer(*this).print(TL.getType(), TL, Declarator.str());
}

std::string CTypes::elementCount(QualType T, TypeLoc TL) const {
  uint64_t Constant = 1;
  std::string Symbolic;
  while (true) {
    // Keep the TypeLoc in step through sugar.
    while (TL && !TL.getAs<ArrayTypeLoc>() && TL.getNextTypeLoc())
      TL = TL.getNextTypeLoc();
    const ArrayType *AT = T->getAsArrayTypeUnsafe();
    if (!AT)
      break;
    const Expr *Size = nullptr;
    if (TL)
      if (auto ATL = TL.getAs<ArrayTypeLoc>())
        Size = ATL.getSizeExpr();
    if (!Size)
      if (const auto *CAT = dyn_cast<ConstantArrayType>(AT))
        Size = CAT->getSizeExpr();
    const auto *CAT = dyn_cast<ConstantArrayType>(AT);
    bool Threads = Size && Upc.countThreadsReferences(Size) > 0 &&
                   Upc.threadsEnvironment().isDynamic();
    if (CAT && !Threads) {
      Constant *= CAT->getSize().getZExtValue();
    } else {
      std::string Dim = dimensionText(AT, TL);
      Symbolic += (Symbolic.empty() ? "(" : " * (") + Dim + ")";
    }
    T = AT->getElementType();
    TL = TL ? TL.castAs<ArrayTypeLoc>().getElementLoc() : TL;
  }
  if (Symbolic.empty())
    return std::to_string(Constant);
  return Constant == 1 ? Symbolic : std::to_string(Constant) + " * " + Symbolic;
}

namespace {
/// The C type that a shared access of an object of type \p T reads and
/// writes: without qualifiers, which would make the runtime's temporary
/// unassignable.
QualType accessType(QualType T) {
  QualType Canon = T.getCanonicalType();
  Qualifiers Q = Canon.getQualifiers();
  Q.removeAddressSpace();
  if (Q.empty())
    return T;
  return Canon.getUnqualifiedType();
}
} // namespace

std::string CTypes::valueType(QualType T) const { return print(accessType(T)); }

SharedPointee CTypes::pointee(QualType PointerToShared) const {
  return describePointee(getSharedPointee(PointerToShared));
}

SharedPointee CTypes::describePointee(QualType P) const {
  SharedPointee Result;
  if (P.isNull())
    return Result;
  if (P->isVoidType()) {
    Result.IsVoid = true;
    Result.Block = SharedPointee::Blocked;
    return Result;
  }
  Result = object(P);
  // A pointer to an array moves by whole arrays.
  if (P->isArrayType()) {
    std::string Count = elementCount(P);
    if (Count != "1")
      Result.ElementCount = Count;
  }
  return Result;
}

SharedPointee CTypes::object(QualType ObjectType, TypeLoc Declared) const {
  SharedPointee Result;
  QualType Element = innermostElement(ObjectType);
  Result.ElementType = print(accessType(Element));
  if (!Element->isIncompleteType() && !Element->isDependentType())
    Result.ElementBytes = Ctx.getTypeSizeInChars(Element).getQuantity();
  BlockSize B = Upc.getBlockSize(ObjectType);
  switch (B.BlockKind) {
  case BlockSize::Indefinite:
    Result.Block = SharedPointee::Indefinite;
    break;
  case BlockSize::Definite:
  case BlockSize::Invalid:
    if (B.Elements <= 1) {
      Result.Block = SharedPointee::One;
    } else {
      Result.Block = SharedPointee::Blocked;
      Result.BlockElements = std::to_string(B.Elements);
    }
    break;
  case BlockSize::Star: {
    // [*]: the array is split in THREADS blocks of equal size.
    Result.Block = SharedPointee::Blocked;
    SymbolicSize Total;
    if (Declared)
      Total = UpcContext::totalElements(Upc.getArrayDimensions(Declared));
    else
      Total.Factor = 1;
    std::optional<unsigned> Threads = Upc.threadsEnvironment().StaticThreads;
    if (Total.ScalesWithThreads)
      Result.BlockElements = std::to_string(Total.Factor);
    else if (Threads)
      Result.BlockElements =
          std::to_string((Total.Factor + *Threads - 1) / *Threads);
    else
      Result.BlockElements = "((" + std::to_string(Total.Factor) +
                             " + THREADS - 1) / THREADS)";
    if (Result.BlockElements == "1") {
      Result.Block = SharedPointee::One;
      Result.BlockElements.clear();
    }
    break;
  }
  }
  return Result;
}

} // namespace upc
