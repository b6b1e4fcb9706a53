//===- UpcDiagnostics.cpp -------------------------------------------------===//

#include "upc-instrument/Semantics/UpcDiagnostics.h"

using namespace clang;

namespace upc {
namespace {

struct DiagInfo {
  DiagnosticsEngine::Level Level;
  const char *Format;
};

DiagInfo info(UpcDiag D) {
  using L = DiagnosticsEngine::Level;
  switch (D) {
  case UpcDiag::SyntaxError:
    return {L::Error, "%0"};
  case UpcDiag::SharedAutomatic:
    return {L::Error, "shared object %0 cannot have automatic storage "
                      "duration; declare it 'static' or at file scope"};
  case UpcDiag::SharedParameter:
    return {L::Error, "parameter %0 cannot have shared-qualified type %1; "
                      "pass a pointer-to-shared instead"};
  case UpcDiag::SharedReturn:
    // A function's value is not an object in shared space (UPC 1.3, 6.5:
    // shared objects have static storage or are allocated).
    return {L::Error, "function %0 cannot return shared-qualified type %1; "
                      "return a pointer-to-shared instead"};
  case UpcDiag::LayoutOnVoid:
    return {L::Error, "a layout qualifier cannot apply to void (%0): "
                      "'shared void *' is the generic pointer-to-shared, "
                      "without a block size"};
  case UpcDiag::SharedMember:
    return {L::Error, "member %0 cannot have shared-qualified type %1; "
                      "declare the whole structure shared, or use a "
                      "pointer-to-shared member"};
  case UpcDiag::SharedCompoundLiteral:
    return {L::Error, "compound literal cannot have shared-qualified type %0"};
  case UpcDiag::StrictAndRelaxed:
    return {L::Error, "type %0 is qualified both 'strict' and 'relaxed'"};
  case UpcDiag::ConflictingLayouts:
    return {L::Error, "type %0 has conflicting layout qualifiers"};
  case UpcDiag::ConflictingRedeclaration:
    // All declarations of an object or function have compatible types
    // (C11 6.7p4, 6.7.6.3p15), and compatible types are identically
    // qualified (C11 6.7.3p10): layout qualifiers and 'strict'/'relaxed' are
    // type qualifiers (UPC 1.3, 6.5.1.1). Berkeley UPC's bug 1639 test.
    return {L::Error, "conflicting types for %0: %1 here and %2 before "
                      "differ in the %select{block size|'strict' or "
                      "'relaxed' qualifier}3 of a shared type"};
  case UpcDiag::PreviousDeclaration:
    return {L::Note, "previous declaration is here"};
  case UpcDiag::ReferenceWithoutShared:
    return {L::Error, "'%0' applies only to shared-qualified types, not %1"};
  case UpcDiag::BlockSizeNegative:
    return {L::Error, "block size of a layout qualifier is negative (%0)"};
  case UpcDiag::BlockSizeTooLarge:
    return {L::Error, "block size of a layout qualifier is %0, more than "
                      "UPC_MAX_BLOCK_SIZE (%1)"};
  case UpcDiag::StarBlockSizeTooLarge:
    // UPC 1.3, 6.5.1.1: '[*]' stands for the block size that splits the
    // array in THREADS blocks, which must not exceed UPC_MAX_BLOCK_SIZE
    // either.
    return {L::Error, "block size of the layout qualifier '[*]' of %0 is %1, "
                      "more than UPC_MAX_BLOCK_SIZE (%2)"};
  case UpcDiag::BlockSizeNotConstant:
    return {L::Error, "block size of a layout qualifier must be an integer "
                      "constant expression"};
  case UpcDiag::BlockSizeUsesBlockScopeName:
    return {L::Error, "block size of a layout qualifier in a type name uses "
                      "'%0', which is declared in a block; declare it at file "
                      "scope or name the type with a typedef"};
  case UpcDiag::BlockSizeUsesThreads:
    return {L::Error, "block size of a layout qualifier cannot use THREADS in "
                      "the dynamic THREADS environment (compile with -T N for "
                      "a static THREADS value)"};
  case UpcDiag::ThreadsRequiredOnce:
    return {L::Error, "in the dynamic THREADS environment, shared array %0 "
                      "with a definite block size must have THREADS in exactly "
                      "one dimension (as in '[N*THREADS]')"};
  case UpcDiag::ThreadsInSeveralDimensions:
    // UPC 1.3, 6.5.2.1 (Array declarators), Constraints: in the dynamic
    // THREADS environment, "the THREADS expression shall occur exactly once
    // in one dimension of the array declarator (including through
    // typedefs)" of an array with a definite block size.
    return {L::Error, "THREADS appears %0 times in the dimensions of %1; in "
                      "the dynamic THREADS environment it may appear once"};
  case UpcDiag::ThreadsNotMultiplier:
    return {L::Error, "THREADS in an array dimension must appear alone or "
                      "multiplied by an integer constant expression"};
  case UpcDiag::ThreadsInIndefiniteArray:
    return {L::Error, "shared array %0 has an indefinite block size and "
                      "cannot have THREADS in its dimensions"};
  case UpcDiag::ThreadsInPrivateStaticArray:
    return {L::Error, "array %0 with static storage duration cannot depend on "
                      "THREADS in the dynamic THREADS environment"};
  case UpcDiag::ThreadsNotConstant:
    return {L::Error, "THREADS is not an integer constant expression in the "
                      "dynamic THREADS environment (compile with -T N for a "
                      "static THREADS value)"};
  case UpcDiag::ThreadsDependentSizeNotConstant:
    return {L::Error, "the size of an array that depends on THREADS is not an "
                      "integer constant expression in the dynamic THREADS "
                      "environment"};
  case UpcDiag::StarLayoutPointer:
    return {L::Error, "the layout qualifier '[*]' applies only to arrays; "
                      "pointer-to-shared to %0 needs a definite or indefinite "
                      "block size"};
  case UpcDiag::StarLayoutTypedef:
    // UPC 1.3, 6.5.1.1 (Type qualifiers), constraint added by issue 71.
    return {L::Error, "the layout qualifier '[*]' cannot appear in a typedef "
                      "(%0); write it in the declaration of the array"};
  case UpcDiag::SharedArrayNotConstant:
    return {L::Error, "shared array %0 must have constant dimensions (THREADS "
                      "excepted)"};
  case UpcDiag::ForallAffinityType:
    return {L::Error, "affinity of 'upc_forall' must be an integer or a "
                      "pointer-to-shared, not %0"};
  case UpcDiag::SynchronizationValueType:
    // The value is converted to int as if by assignment (UPC 1.3, 6.6.1;
    // specification issue 64, as Berkeley UPC reads it).
    return {L::Error, "expression of '%0' must have arithmetic type, not %1"};
  case UpcDiag::SynchronizationValuePointer:
    return {L::Warning, "expression of '%0' is a pointer (%1), converted to "
                        "an integer; convert it explicitly"};
  case UpcDiag::UpcSizeofNotShared:
    return {L::Error, "'%0' requires a shared-qualified type or expression, "
                      "not %1"};
  case UpcDiag::UpcSizeofVoid:
    return {L::Error, "'%0' cannot be applied to %1: a void type has no "
                      "size"};
  case UpcDiag::VoidSizeUnderNoWarnings:
    // Clang's own diagnostics of these (-Werror=pointer-arith) are dropped
    // under -w, which silences warnings made errors too.
    return {L::Error, "%select{invalid application of '%1' to a void "
                      "type|arithmetic on a pointer to void|subscript of a "
                      "pointer to void}0: void has no size in UPC code "
                      "(-Wno-error=pointer-arith makes it a warning)"};
  case UpcDiag::BlockSizeMismatch:
    // C's constraint on pointer conversions (C11 6.5.16.1, 6.5.8, 6.5.9):
    // an error, as in Berkeley UPC (and gcc 14 for incompatible pointers).
    return {L::Error, "implicit conversion from %0 to %1 changes the block "
                      "size of a pointer-to-shared; use an explicit cast"};
  case UpcDiag::MemberAddressBlockSizeMismatch:
    // UPC 1.3, 6.4.4 Semantics 1: '&' applied to a member of a shared
    // structure of type T yields a 'shared [] T *'. A warning, not the error
    // of other block size changes: Berkeley UPC's test of this case (bug
    // 1665) takes a warning, and UPC codes have long converted such
    // addresses implicitly (the member lies within one block).
    return {L::Warning, "implicit conversion to %0 changes the block size of "
                        "a pointer-to-shared: the address of a member of a "
                        "shared structure has an indefinite block size, as "
                        "if declared 'shared []'; use an explicit cast"};
  case UpcDiag::ComparePrivateShared:
    return {L::Error, "comparison of a pointer-to-shared (%0) with a private "
                      "pointer (%1); convert one of them explicitly"};
  case UpcDiag::CompareIncompatibleShared:
    // C11 6.5.8p2 (relational operators need compatible object types),
    // which UPC 1.3 (issue 104) applies to pointers-to-shared: no shared void.
    return {L::Error, "ordered comparison of pointers-to-shared to "
                      "incompatible types (%0 and %1); cast one of them"};
  case UpcDiag::PrivateToShared:
    return {L::Error, "cannot convert %0 to pointer-to-shared %1: a private "
                      "address has no affinity"};
  case UpcDiag::IntegerToShared:
    // Only a null pointer constant converts to a pointer without a cast
    // (C11 6.3.2.3p3; the constraints of 6.5.16.1p1, which initialization,
    // argument passing and return follow, and of 6.5.9p2, 6.5.15p3), and a
    // non-null integer is no pointer-to-shared with a cast either (UPC 1.3,
    // 6.4.3). An error, as in GCC UPC, where C compilers only warn.
    return {L::Error, "incompatible integer to pointer-to-shared conversion "
                      "from %0 to %1: only a null pointer constant converts "
                      "to a pointer-to-shared"};
  // A call whose arguments are certain to fail at run time is still valid
  // C (it may never run): warnings, as Berkeley UPC compiles such calls; the
  // runtime stops the program if one runs (-Werror makes them errors).
  case UpcDiag::AtomicTypeInvalid:
    return {L::Warning, "%0 is not a type of the atomic library in '%1' "
                        "(UPC_INT, UPC_UINT, UPC_LONG, UPC_ULONG, UPC_INT32, "
                        "UPC_UINT32, UPC_INT64, UPC_UINT64, UPC_FLOAT, "
                        "UPC_DOUBLE or UPC_PTS)"};
  case UpcDiag::AtomicOpInvalid:
    return {L::Warning,
            "%0 is not an atomic operation in '%1' (UPC_GET, "
            "UPC_SET, UPC_CSWAP, UPC_AND, UPC_OR, UPC_XOR, UPC_ADD, "
            "UPC_SUB, UPC_MULT, UPC_INC, UPC_DEC, UPC_MIN, UPC_MAX)"};
  case UpcDiag::AtomicOpNotAllowed:
    return {L::Warning, "%0 is not allowed on %1: %2"};
  case UpcDiag::AtomicOpNotSingle:
    return {L::Warning, "the operation of '%0' must be one atomic operation, "
                        "not %1"};
  case UpcDiag::AtomicOperandMissing:
    return {L::Warning, "'%0' with %1 needs %2; it is a null pointer"};
  case UpcDiag::AtomicOperandSize:
    return {L::Error, "'%0' operand points to %1 (%2 bytes), but the target "
                      "is %3 (%4 bytes); every value of an atomic operation "
                      "has the target's type"};
  case UpcDiag::PragmaUnknown:
    return {L::Warning, "unknown argument '%0' to '#pragma %1' ignored; "
                        "expected %2"};
  case UpcDiag::PragmaMissingArgument:
    return {L::Warning, "missing argument to '#pragma %0'; expected %1"};
  case UpcDiag::PragmaExtraTokens:
    return {L::Warning, "extra tokens '%0' after '#pragma %1 %2' ignored"};
  case UpcDiag::ProcessWideHeaderData:
    return {L::Remark, "'%0' is C data (its header has no UPC code): one "
                       "object per process, which the UPC threads of a "
                       "process share on the pthreads backend"};
  case UpcDiag::PragmaNotAtScopeStart:
    return {L::Warning, "'#pragma %0' should precede all declarations and "
                        "statements of its block; it applies from here to the "
                        "end of the block"};
  case UpcDiag::CannotTranslate:
    return {L::Error, "%0"};
  }
  return {DiagnosticsEngine::Error, "%0"};
}

} // namespace

unsigned getUpcDiagID(DiagnosticsEngine &Diags, UpcDiag D) {
  DiagInfo I = info(D);
  return Diags.getDiagnosticIDs()->getCustomDiagID(
      static_cast<DiagnosticIDs::Level>(I.Level), I.Format);
}

} // namespace upc
