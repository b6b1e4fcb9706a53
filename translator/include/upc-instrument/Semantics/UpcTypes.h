//===- UpcTypes.h - UPC qualifiers on Clang types ---------------*- C++ -*-===//
//
// How the UPC type qualifiers live on Clang types (see Desugar/InternalNames.h):
//  - `shared` is an address space, so it is part of the canonical type and
//    survives every expression, conversion and typedef;
//  - the layout qualifier and strict/relaxed are btf_type_tag sugar, read
//    from the sugared type at the same level (looking through typedefs,
//    parentheses and array types, never into a pointee).
//
//===----------------------------------------------------------------------===//

#ifndef UPC_INSTRUMENT_SEMANTICS_UPCTYPES_H
#define UPC_INSTRUMENT_SEMANTICS_UPCTYPES_H

#include "clang/AST/Type.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringRef.h"

#include <optional>

namespace upc {

/// The layout qualifier as written.
enum class LayoutKind {
  Default,    ///< no layout qualifier: block size 1
  Indefinite, ///< shared [] (or a block size that evaluates to 0)
  Star,       ///< shared [*]: the array is split in THREADS equal blocks
  Expression, ///< shared [N]
};

enum class ReferenceQualifier { Unspecified, Strict, Relaxed };

/// One UPC qualifier found on a type.
struct UpcQualifierTag {
  enum Kind { LayoutTag, StrictTag, RelaxedTag } TagKind;
  LayoutKind Layout = LayoutKind::Default; // for Layout tags
  /// For LayoutKind::Expression: the macro-expanded block size expression,
  /// and the number of its occurrence.
  llvm::StringRef BlockSizeSpelling;
  unsigned BlockSizeOccurrence = 0;
  /// True when the tag comes from a typedef rather than being written at the
  /// type in question.
  bool FromTypedef = false;
};

/// The UPC qualifiers of one level of a type (the object level: array types
/// are looked through, pointer types are not).
struct UpcQualifiers {
  bool IsShared = false;
  LayoutKind Layout = LayoutKind::Default;
  llvm::StringRef BlockSizeSpelling;
  unsigned BlockSizeOccurrence = 0;
  ReferenceQualifier Reference = ReferenceQualifier::Unspecified;
  /// Every tag found, outermost first, for constraint checking.
  llvm::SmallVector<UpcQualifierTag, 2> Tags;
};

/// Decodes one btf_type_tag payload; nullopt if it is not a UPC tag.
std::optional<UpcQualifierTag> decodeUpcTag(llvm::StringRef Tag);

/// Reads the UPC qualifiers of \p T at its own level.
UpcQualifiers getUpcQualifiers(clang::QualType T);

/// Whether objects of type \p T are shared (for arrays: their elements).
bool isSharedType(clang::QualType T);

/// Whether \p T is a pointer whose pointee is shared (a pointer-to-shared).
bool isPointerToShared(clang::QualType T);

/// The pointee of a pointer-to-shared (with its sugar), or a null type.
clang::QualType getSharedPointee(clang::QualType T);

} // namespace upc

#endif
