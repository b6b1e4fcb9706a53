//===- LibraryCalls.cpp - Misuses of the UPC library known at translation time -===//

#include "upc-instrument/Semantics/LibraryCalls.h"
#include "upc-instrument/Library/UpcLibrary.h"
#include "upc-instrument/Semantics/UpcDiagnostics.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/Expr.h"
#include "llvm/ADT/StringExtras.h"
#include <optional>

using namespace clang;

namespace upc {

namespace {

class AtomicCallChecker {
public:
  AtomicCallChecker(ASTContext &Ctx, DiagnosticsEngine &Diags,
                    const CallExpr *Call, llvm::StringRef Name)
      : Ctx(Ctx), Diags(Diags), Call(Call), Name(Name) {}

  void check() {
    if (Name == "upc_all_atomicdomain_alloc" || Name == "upc_atomic_isfast")
      checkTypeAndOps(arg(0), arg(1));
    else if (Name == "upc_atomic_strict" || Name == "upc_atomic_relaxed")
      checkOperation();
  }

private:
  ASTContext &Ctx;
  DiagnosticsEngine &Diags;
  const CallExpr *Call;
  llvm::StringRef Name;

  const Expr *arg(unsigned I) const {
    return I < Call->getNumArgs() ? Call->getArg(I) : nullptr;
  }

  std::optional<unsigned> constant(const Expr *E) const {
    if (!E || E->isValueDependent())
      return std::nullopt;
    if (std::optional<llvm::APSInt> V = E->getIntegerConstantExpr(Ctx))
      return static_cast<unsigned>(V->getZExtValue());
    return std::nullopt;
  }

  bool isNull(const Expr *E) const {
    return E && E->isNullPointerConstant(Ctx, Expr::NPC_ValueDependentIsNotNull);
  }

  /// The type an argument points to before its conversion to the
  /// parameter's void pointer, or null when that is void or incomplete.
  QualType pointee(const Expr *E) const {
    if (!E)
      return QualType();
    QualType T = E->IgnoreParenImpCasts()->getType();
    const auto *PT = T->getAs<PointerType>();
    if (!PT)
      return QualType();
    QualType P = PT->getPointeeType();
    if (P->isVoidType() || P->isIncompleteType())
      return QualType();
    return P.getCanonicalType().getUnqualifiedType();
  }

  std::string opName(unsigned Value) const {
    if (const LibraryConstant *C = findLibraryConstant("upc_op_t", Value))
      return C->Name.str();
    return "0x" + llvm::utohexstr(Value);
  }

  /// Every bit of \p Ops is an atomic operation allowed on \p Type.
  void checkTypeAndOps(const Expr *TypeArg, const Expr *OpsArg) {
    std::optional<unsigned> Type = constant(TypeArg);
    const LibraryConstant *T =
        Type ? findLibraryConstant("upc_type_t", *Type) : nullptr;
    if (Type && (!T || T->Atomic.empty())) {
      reportUpc(Diags, TypeArg->getBeginLoc(), UpcDiag::AtomicTypeInvalid)
          << (T ? T->Name.str() : std::to_string(*Type)) << Name;
      return;
    }
    std::optional<unsigned> Ops = constant(OpsArg);
    if (!Ops)
      return;
    if (*Ops == 0) {
      reportUpc(Diags, OpsArg->getBeginLoc(), UpcDiag::AtomicOpInvalid)
          << "0" << Name;
      return;
    }
    for (unsigned Bit = 0; Bit < 32; ++Bit) {
      unsigned Op = 1u << Bit;
      if (!(*Ops & Op))
        continue;
      const LibraryConstant *O = findLibraryConstant("upc_op_t", Op);
      if (!O || O->Atomic.empty()) {
        reportUpc(Diags, OpsArg->getBeginLoc(), UpcDiag::AtomicOpInvalid)
            << opName(Op) << Name;
        return;
      }
      if (T && !(T->AtomicOps & Op)) {
        reportUpc(Diags, OpsArg->getBeginLoc(), UpcDiag::AtomicOpNotAllowed)
            << O->Name << T->Name
            << (T->Atomic == "pts"
                    ? "UPC_PTS allows only UPC_GET, UPC_SET and UPC_CSWAP"
                    : "bitwise operations need an integer type");
        return;
      }
    }
  }

  void checkOperation() {
    const Expr *Fetch = arg(1), *OpArg = arg(2), *Target = arg(3),
               *Operand1 = arg(4), *Operand2 = arg(5);
    if (std::optional<unsigned> Op = constant(OpArg)) {
      const LibraryConstant *O = findLibraryConstant("upc_op_t", *Op);
      if (!O || O->Atomic.empty()) {
        reportUpc(Diags, OpArg->getBeginLoc(), UpcDiag::AtomicOpNotSingle)
            << Name << opName(*Op);
        return;
      }
      llvm::StringRef N = O->Name;
      if (N == "UPC_GET" && isNull(Fetch))
        reportUpc(Diags, Fetch->getBeginLoc(), UpcDiag::AtomicOperandMissing)
            << Name << N << "fetch_ptr";
      if (N != "UPC_GET" && N != "UPC_INC" && N != "UPC_DEC" &&
          isNull(Operand1))
        reportUpc(Diags, Operand1->getBeginLoc(),
                  UpcDiag::AtomicOperandMissing)
            << Name << N << "operand1";
      if (N == "UPC_CSWAP" && isNull(Operand2))
        reportUpc(Diags, Operand2->getBeginLoc(),
                  UpcDiag::AtomicOperandMissing)
            << Name << N << "operand2";
    }
    // Every value has the target's type: a size that differs reads or
    // writes past the object.
    QualType TargetType = pointee(Target);
    if (TargetType.isNull())
      return;
    CharUnits TargetSize = Ctx.getTypeSizeInChars(TargetType);
    for (const Expr *E : {Fetch, Operand1, Operand2}) {
      QualType T = pointee(E);
      if (T.isNull() || Ctx.getTypeSizeInChars(T) == TargetSize)
        continue;
      reportUpc(Diags, E->getBeginLoc(), UpcDiag::AtomicOperandSize)
          << Name << T << Ctx.getTypeSizeInChars(T).getQuantity()
          << TargetType << TargetSize.getQuantity();
    }
  }
};

} // namespace

void checkLibraryCall(ASTContext &Ctx, DiagnosticsEngine &Diags,
                      const CallExpr *Call) {
  const LibraryFunction *F =
      findLibraryFunction(Call->getDirectCallee(), Ctx.getSourceManager());
  if (!F || F->Header != "upc_atomic.h")
    return;
  AtomicCallChecker(Ctx, Diags, Call, F->Name).check();
}

} // namespace upc
