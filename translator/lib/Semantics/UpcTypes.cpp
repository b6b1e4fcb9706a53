//===- UpcTypes.cpp -------------------------------------------------------===//

#include "upc-instrument/Semantics/UpcTypes.h"
#include "upc-instrument/Desugar/InternalNames.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/Attr.h"
#include "clang/Basic/AddressSpaces.h"

using namespace clang;

namespace upc {
namespace {

LangAS sharedLangAS() {
  return getLangASFromTargetAS(names::SharedAddressSpace);
}

} // namespace

std::optional<UpcQualifierTag> decodeUpcTag(llvm::StringRef Tag) {
  UpcQualifierTag Result;
  if (Tag == names::TagStrict) {
    Result.TagKind = UpcQualifierTag::StrictTag;
  } else if (Tag == names::TagRelaxed) {
    Result.TagKind = UpcQualifierTag::RelaxedTag;
  } else if (Tag == names::TagIndefinite) {
    Result.TagKind = UpcQualifierTag::LayoutTag;
    Result.Layout = LayoutKind::Indefinite;
  } else if (Tag == names::TagStar) {
    Result.TagKind = UpcQualifierTag::LayoutTag;
    Result.Layout = LayoutKind::Star;
  } else if (Tag.starts_with(names::TagBlockPrefix)) {
    Result.TagKind = UpcQualifierTag::LayoutTag;
    Result.Layout = LayoutKind::Expression;
    llvm::StringRef Body = Tag.drop_front(names::TagBlockPrefix.size());
    auto [Spelling, Number] = Body.rsplit('@');
    Result.BlockSizeSpelling = Spelling;
    if (Number.getAsInteger(10, Result.BlockSizeOccurrence))
      Result.BlockSizeOccurrence = 0;
    // Through a macro parameter, `shared [N]` may receive nothing or `*`.
    if (Spelling.empty())
      Result.Layout = LayoutKind::Indefinite;
    else if (Spelling == "*")
      Result.Layout = LayoutKind::Star;
  } else {
    return std::nullopt;
  }
  return Result;
}

UpcQualifiers getUpcQualifiers(QualType T) {
  UpcQualifiers Q;
  if (T.isNull())
    return Q;
  Q.IsShared = isSharedType(T);
  bool InTypedef = false;
  // Walk the sugar of this level, outermost first. Qualifiers on an array
  // type are qualifiers of its elements, so array types are looked through.
  while (true) {
    if (const auto *BTF = dyn_cast<BTFTagAttributedType>(T.getTypePtr())) {
      if (auto Tag = decodeUpcTag(BTF->getAttr()->getBTFTypeTag())) {
        Tag->FromTypedef = InTypedef;
        Q.Tags.push_back(*Tag);
      }
    } else if (isa<TypedefType>(T.getTypePtr())) {
      InTypedef = true;
    }
    if (const ArrayType *AT = dyn_cast<ArrayType>(T.getTypePtr())) {
      T = AT->getElementType();
      continue;
    }
    // Local qualifiers do not matter here: `shared` is read from the
    // canonical type above, the rest are tags.
    QualType Next = T.getTypePtr()->getLocallyUnqualifiedSingleStepDesugaredType();
    if (Next.getTypePtr() == T.getTypePtr())
      break;
    T = Next;
  }
  for (const UpcQualifierTag &Tag : Q.Tags) {
    switch (Tag.TagKind) {
    case UpcQualifierTag::LayoutTag:
      if (Q.Layout == LayoutKind::Default) {
        Q.Layout = Tag.Layout;
        Q.BlockSizeSpelling = Tag.BlockSizeSpelling;
        Q.BlockSizeOccurrence = Tag.BlockSizeOccurrence;
      }
      break;
    case UpcQualifierTag::StrictTag:
      if (Q.Reference == ReferenceQualifier::Unspecified)
        Q.Reference = ReferenceQualifier::Strict;
      break;
    case UpcQualifierTag::RelaxedTag:
      if (Q.Reference == ReferenceQualifier::Unspecified)
        Q.Reference = ReferenceQualifier::Relaxed;
      break;
    }
  }
  return Q;
}

bool isSharedType(QualType T) {
  if (T.isNull())
    return false;
  // Canonical array types carry their elements' qualifiers.
  return T.getAddressSpace() == sharedLangAS();
}

bool isPointerToShared(QualType T) {
  return !getSharedPointee(T).isNull();
}

QualType getSharedPointee(QualType T) {
  if (T.isNull())
    return QualType();
  const auto *PT = T->getAs<PointerType>();
  if (!PT)
    return QualType();
  QualType Pointee = PT->getPointeeType();
  return isSharedType(Pointee) ? Pointee : QualType();
}

} // namespace upc
