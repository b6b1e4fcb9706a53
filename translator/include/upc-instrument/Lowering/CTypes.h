//===- CTypes.h - UPC types as C types of the runtime interface -*- C++ -*-===//
//
// How UPC types are represented in the translated C:
//  - a pointer-to-shared is a value of the runtime's upcr_shared_ptr_t, or of
//    the phaseless upcr_pshared_ptr_t when its pointee has block size 1 or is
//    indefinitely blocked (runtime-glue/include/upcr.h);
//  - a shared object type is its C type without the UPC qualifiers (what a
//    shared access reads or writes);
//  - everything else is unchanged.
// Array dimensions are printed as written (THREADS stays symbolic), typedef
// names are kept when the C output still defines them.
//
//===----------------------------------------------------------------------===//

#ifndef UPC_INSTRUMENT_LOWERING_CTYPES_H
#define UPC_INSTRUMENT_LOWERING_CTYPES_H

#include "clang/AST/Type.h"
#include "clang/AST/TypeLoc.h"
#include "llvm/ADT/StringRef.h"

#include "llvm/ADT/DenseMap.h"

#include <functional>
#include <optional>
#include <string>

namespace clang {
class ASTContext;
class TypedefNameDecl;
class RecordDecl;
} // namespace clang

namespace upc {

class SourceMapping;
class UpcContext;

enum class PointerRepresentation { Phased, Phaseless };

/// What a pointer-to-shared points to, as pointer arithmetic and accesses
/// need it: arrays are flattened to their innermost element, because UPC
/// distributes the elements of a shared array whatever its dimensions.
struct SharedPointee {
  bool IsVoid = false;
  /// C type of the innermost element.
  std::string ElementType;
  /// Innermost elements per pointee (arrays); empty means 1.
  std::string ElementCount;
  /// Bytes of the innermost element; none for an incomplete type.
  std::optional<uint64_t> ElementBytes;
  enum BlockKind { Indefinite, One, Blocked };
  BlockKind Block = One;
  /// Blocked: elements per block, as C text (a number, or an expression for
  /// [*] arrays in the dynamic THREADS environment). Empty for `shared void`.
  std::string BlockElements;

  PointerRepresentation representation() const {
    return Block == Blocked ? PointerRepresentation::Phased
                            : PointerRepresentation::Phaseless;
  }
  /// Whether a pointer keeps its phase converted from this to \p To.
  bool sameBlocking(const SharedPointee &To) const {
    return Block == To.Block && BlockElements == To.BlockElements;
  }
};

class CTypes {
public:
  /// \p KeepTypedef says whether the C output defines a typedef name (a
  /// typedef involving UPC types is only usable if it is translated).
  CTypes(const clang::ASTContext &Ctx, const UpcContext &Upc,
         const SourceMapping &Sources,
         std::function<bool(const clang::TypedefNameDecl *)> KeepTypedef);

  /// Whether \p T mentions `shared`: on itself, or through pointers, arrays
  /// and function types (not through structure members).
  bool involvesUpc(clang::QualType T) const;

  /// \p T as C declarator text around \p Declarator (a name, or empty for a
  /// type name). With a TypeLoc, array dimensions are printed as written.
  std::string print(clang::QualType T, llvm::StringRef Declarator = "") const;
  std::string print(clang::TypeLoc TL, llvm::StringRef Declarator = "") const;

  static llvm::StringRef name(PointerRepresentation R) {
    return R == PointerRepresentation::Phased ? "upcr_shared_ptr_t"
                                              : "upcr_pshared_ptr_t";
  }
  /// The prefix of the runtime functions for a representation.
  static llvm::StringRef suffix(PointerRepresentation R) {
    return R == PointerRepresentation::Phased ? "shared" : "pshared";
  }

  /// The pointee of a pointer-to-shared type, from the type alone.
  SharedPointee pointee(clang::QualType PointerToShared) const;
  /// The same, given the pointee type.
  SharedPointee describePointee(clang::QualType Pointee) const;
  /// The C type a shared access of an object of type \p T reads and writes
  /// (unqualified, so that the runtime's temporaries are assignable).
  std::string valueType(clang::QualType T) const;
  /// A shared object of type \p ObjectType (arrays flattened). \p Declared,
  /// when given, is the TypeLoc of the declaration (for THREADS-dependent
  /// dimensions and [*]).
  SharedPointee object(clang::QualType ObjectType,
                       clang::TypeLoc Declared = {}) const;

  /// The total number of innermost elements of an array type as C text
  /// (with THREADS where a dimension depends on it), or "1" for a non-array.
  std::string elementCount(clang::QualType T, clang::TypeLoc TL = {}) const;

  /// The innermost element type of an array type (or \p T itself).
  static clang::QualType innermostElement(clang::QualType T);

  /// A C string literal for \p S.
  static std::string quote(llvm::StringRef S);

  /// The tag the C output gives the unnamed structure or union \p RD (the
  /// lowering writes it into the definition), so that its type can be
  /// named where UPC accesses spell it.
  void nameRecord(const clang::RecordDecl *RD, std::string Tag);
  /// The tag given to \p RD, or null.
  const std::string *recordName(const clang::RecordDecl *RD) const;

private:
  class Printer;
  std::string dimensionText(const clang::ArrayType *AT,
                            clang::TypeLoc TL) const;

  const clang::ASTContext &Ctx;
  const UpcContext &Upc;
  const SourceMapping &Sources;
  std::function<bool(const clang::TypedefNameDecl *)> KeepTypedef;
  llvm::DenseMap<const clang::RecordDecl *, std::string> RecordNames;
};

} // namespace upc

#endif
