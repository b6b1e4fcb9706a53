//===- UpcTypePrinter.cpp - Print types in UPC syntax ---------------------===//
//
// C declarator printing ("inside out"): each level prints its qualifiers and
// passes the declarator text inward. Clang prints the leaves (builtin types,
// tags, typedef names).
//
//===----------------------------------------------------------------------===//

#include "upc-instrument/Semantics/UpcTypePrinter.h"
#include "upc-instrument/Desugar/InternalNames.h"
#include "upc-instrument/Semantics/UpcContext.h"
#include "upc-instrument/Semantics/UpcTypes.h"
#include "upc-instrument/Support/OwnCode.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/ASTDiagnostic.h"
#include "clang/AST/Attr.h"
#include "clang/AST/Expr.h"
#include "clang/Basic/AddressSpaces.h"
#include "llvm/ADT/StringExtras.h"

using namespace clang;

namespace upc {
namespace {

class Printer {
public:
  Printer(const ASTContext &Ctx, bool Desugar, const UpcContext *U,
          llvm::ArrayRef<std::string> Dimensions = {})
      : Ctx(Ctx), Policy(Ctx.getPrintingPolicy()), Desugar(Desugar), U(U),
        Dimensions(Dimensions) {
    Policy.SuppressTagKeyword = false;
  }

  /// Prints \p T around the declarator text \p Inner; \p Inherited holds
  /// qualifiers written on an enclosing array type, which belong to the
  /// elements.
  std::string print(QualType T, std::string Inner,
                    std::string Inherited = "") {
    std::string Quals = Inherited;
    bool Shared = false;
    // Strip this level's UPC sugar, remembering the qualifiers it spells.
    while (true) {
      const Type *Ty = T.getTypePtr();
      Qualifiers Local = T.getLocalQualifiers();
      if (Local.getAddressSpace() ==
          getLangASFromTargetAS(names::SharedAddressSpace))
        Shared = true;
      appendCVR(Quals, Local);
      if (const auto *MQ = dyn_cast<MacroQualifiedType>(Ty)) {
        T = MQ->getUnderlyingType();
        continue;
      }
      if (const auto *AT = dyn_cast<AttributedType>(Ty);
          AT && AT->getAttrKind() == attr::AddressSpace &&
          isSharedType(QualType(AT, 0))) {
        Shared = true;
        T = AT->getModifiedType();
        continue;
      }
      // typeof(T) and typeof(expression) print as the type they name.
      if (const auto *TT = dyn_cast<TypeOfType>(Ty)) {
        T = TT->getUnmodifiedType();
        continue;
      }
      if (const auto *TE = dyn_cast<TypeOfExprType>(Ty)) {
        T = TE->getUnderlyingExpr()->getType();
        continue;
      }
      if (const auto *BTF = dyn_cast<BTFTagAttributedType>(Ty)) {
        llvm::StringRef Tag = BTF->getAttr()->getBTFTypeTag();
        // Sugar is peeled outermost first, which is the reverse of the
        // order the qualifiers were written in.
        if (Tag == names::TagStrict)
          prependWord(Quals, "strict");
        else if (Tag == names::TagRelaxed)
          prependWord(Quals, "relaxed");
        else if (auto Decoded = decodeUpcTag(Tag);
                 Decoded && Decoded->TagKind == UpcQualifierTag::LayoutTag)
          Layout = layoutText(*Decoded);
        T = BTF->getWrappedType();
        continue;
      }
      if (const auto *PT = dyn_cast<ParenType>(Ty)) {
        T = PT->getInnerType();
        continue;
      }
      if (const auto *ET = dyn_cast<ElaboratedType>(Ty);
          ET && !ET->getQualifier()) {
        // `struct S` prints the same from its RecordType.
        T = ET->getNamedType();
        continue;
      }
      if (Desugar && isa<TypedefType>(Ty)) {
        T = Ty->getLocallyUnqualifiedSingleStepDesugaredType();
        continue;
      }
      break;
    }
    // An array's qualifiers were passed down as Inherited: say them once.
    if (Shared && llvm::StringRef(Inherited).contains("shared"))
      Shared = false;
    if (Shared) {
      std::string SharedWord = "shared";
      if (!Layout.empty())
        SharedWord += Layout.front() == '[' ? " " + Layout
                                            : " [" + Layout + "]";
      addWord(Quals, SharedWord);
    }
    Layout.clear();

    const Type *Ty = T.getTypePtr();
    if (const auto *PT = dyn_cast<PointerType>(Ty)) {
      QualType Pointee = PT->getPointeeType();
      std::string Declarator = "*" + Quals;
      if (!Quals.empty() && !Inner.empty() && Inner.front() != '[')
        Declarator += " ";
      Declarator += Inner;
      if (isArrayOrFunction(Pointee))
        Declarator = "(" + Declarator + ")";
      return print(Pointee, Declarator);
    }
    if (const auto *AT = dyn_cast<ArrayType>(Ty)) {
      std::string Size;
      if (NextDimension < Dimensions.size())
        Size = Dimensions[NextDimension++];
      else if (const auto *CAT = dyn_cast<ConstantArrayType>(AT))
        Size = llvm::toString(CAT->getSize(), 10, /*Signed=*/false);
      else if (isa<VariableArrayType>(AT))
        Size = "*";
      return print(AT->getElementType(), Inner + "[" + Size + "]", Quals);
    }
    if (const auto *FT = dyn_cast<FunctionType>(Ty)) {
      std::string Params = "(";
      if (const auto *FPT = dyn_cast<FunctionProtoType>(FT)) {
        for (unsigned I = 0; I < FPT->getNumParams(); ++I) {
          if (I)
            Params += ", ";
          Params += Printer(Ctx, Desugar, U).print(FPT->getParamType(I), "");
        }
        if (FPT->isVariadic())
          Params += FPT->getNumParams() ? ", ..." : "...";
        else if (!FPT->getNumParams())
          Params += "void";
      }
      Params += ")";
      return print(FT->getReturnType(), Inner + Params);
    }
    // A leaf: Clang spells it.
    std::string Leaf = QualType(Ty, 0).getAsString(Policy);
    std::string Result = Quals.empty() ? Leaf : Quals + " " + Leaf;
    if (!Inner.empty())
      Result += Inner.front() == '[' ? Inner : " " + Inner;
    return Result;
  }

private:
  const ASTContext &Ctx;
  PrintingPolicy Policy;
  bool Desugar;
  const UpcContext *U;
  llvm::ArrayRef<std::string> Dimensions;
  size_t NextDimension = 0;
  std::string Layout;

  std::string layoutText(const UpcQualifierTag &Tag) const {
    if (Tag.Layout == LayoutKind::Indefinite)
      return "[]";
    if (Tag.Layout == LayoutKind::Star)
      return "[*]";
    if (U)
      if (llvm::StringRef Text = U->getBlockSizeText(Tag.BlockSizeOccurrence);
          !Text.empty())
        return Text.str();
    return Tag.BlockSizeSpelling.str();
  }

  static bool isArrayOrFunction(QualType T) {
    return T->isArrayType() || T->isFunctionType();
  }
  static void addWord(std::string &Quals, llvm::StringRef Word) {
    if (!Quals.empty())
      Quals += " ";
    Quals += Word;
  }
  static void prependWord(std::string &Quals, llvm::StringRef Word) {
    Quals = Quals.empty() ? Word.str() : Word.str() + " " + Quals;
  }
  static void appendCVR(std::string &Quals, Qualifiers Q) {
    appendQualifierWords(Quals, Q);
  }
};

struct PrintingCookie {
  ASTContext *Ctx;
  const UpcContext *U;
};

void formatDiagnosticArgument(DiagnosticsEngine::ArgumentKind Kind,
                              intptr_t Val, StringRef Modifier,
                              StringRef Argument,
                              ArrayRef<DiagnosticsEngine::ArgumentValue> Prev,
                              SmallVectorImpl<char> &Output, void *Cookie,
                              ArrayRef<intptr_t> QualTypeVals) {
  OwnCodeScope Own;
  auto &Cfg = *static_cast<PrintingCookie *>(Cookie);
  ASTContext &Ctx = *Cfg.Ctx;
  intptr_t TypeVal = Val;
  if (Kind == DiagnosticsEngine::ak_qualtype_pair) {
    // %diff{...}: C has no template trees; print the type asked for.
    auto &TDT = *reinterpret_cast<TemplateDiffTypes *>(Val);
    if (TDT.PrintTree)
      return;
    TypeVal = TDT.PrintFromType ? TDT.FromType : TDT.ToType;
  } else if (Kind != DiagnosticsEngine::ak_qualtype || !Modifier.empty()) {
    FormatASTNodeDiagnosticArgument(Kind, Val, Modifier, Argument, Prev,
                                    Output, &Ctx, QualTypeVals);
    return;
  }
  QualType T = QualType::getFromOpaquePtr(reinterpret_cast<void *>(TypeVal));
  std::string Spelled = printUpcType(T, Ctx, false, Cfg.U);
  std::string Desugared = printUpcType(T, Ctx, /*Desugar=*/true, Cfg.U);
  std::string Text = "'" + Spelled + "'";
  if (Desugared != Spelled)
    Text += " (aka '" + Desugared + "')";
  Output.append(Text.begin(), Text.end());
}

} // namespace

void appendQualifierWords(std::string &Words, Qualifiers Q) {
  for (const char *W : {Q.hasConst() ? "const" : nullptr,
                        Q.hasVolatile() ? "volatile" : nullptr,
                        Q.hasRestrict() ? "restrict" : nullptr}) {
    if (!W)
      continue;
    if (!Words.empty())
      Words += " ";
    Words += W;
  }
}

std::string printUpcType(QualType T, const ASTContext &Ctx, bool Desugar,
                         const UpcContext *U) {
  if (T.isNull())
    return "<null type>";
  return Printer(Ctx, Desugar, U).print(T, "");
}

std::string printUpcType(QualType T, const ASTContext &Ctx, bool Desugar,
                         const UpcContext *U,
                         llvm::ArrayRef<std::string> Dimensions) {
  if (T.isNull())
    return "<null type>";
  return Printer(Ctx, Desugar, U, Dimensions).print(T, "");
}

void installUpcTypePrinting(DiagnosticsEngine &Diags, ASTContext &Ctx,
                            const UpcContext *U) {
  // Lives as long as the ASTContext's allocator, which outlives diagnostics.
  auto *Cookie = new (Ctx) PrintingCookie{&Ctx, U};
  Diags.SetArgToStringFn(&formatDiagnosticArgument, Cookie);
}

} // namespace upc
