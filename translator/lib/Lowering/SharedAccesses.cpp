//===- SharedAccesses.cpp - Reads and writes of shared objects ------------===//
//
// What a use of a shared lvalue becomes: a runtime read (get), a write
// (put), a read-modify-write in one statement expression whose temporaries
// are numbered apart, or the pointer-to-shared to the object (&), with the
// access's position and the variable it names for GASP.
//
//===----------------------------------------------------------------------===//

#include "LoweringInternal.h"
#include "upc-instrument/Semantics/SharedObjects.h"
#include "upc-instrument/Semantics/UpcTypePrinter.h"
#include "upc-instrument/Semantics/UpcTypes.h"

#include "clang/AST/ParentMapContext.h"
#include "clang/AST/RecordLayout.h"
#include "clang/Basic/CharInfo.h"
#include "llvm/ADT/StringExtras.h"

using namespace clang;

namespace upc {
namespace lowering {

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
  } else if (const VarDecl *Through = accessedVariable(Use)) {
    // Through a pointer-to-shared: the pointer variable, for tools.
    A.VariableName = Through->getName().str();
    A.VariableType = upcTypeString(Through);
  } else {
    A.VariableType = printUpcType(L.ObjectType, Ctx, false, &Upc);
  }
  return A;
}

std::string Lowerer::read(const SharedLValue &L, const Expr *Use) {
  // A bit-field has no address: the structure holding it is read.
  if (L.BitField)
    return "(" + Calls.get(accessOf(holderOf(L), Use)) + ")." +
           L.BitField->getName().str();
  return Calls.get(accessOf(L, Use));
}

SharedLValue Lowerer::holderOf(const SharedLValue &L) const {
  SharedLValue Holder = L;
  Holder.ObjectType = L.BitFieldRecord;
  Holder.BitField = nullptr;
  return Holder;
}

std::string Lowerer::bitFieldUpdate(const SharedLValue &L, const Expr *Use,
                                    const std::string &Update, bool YieldOld) {
  const FieldDecl *Field = L.BitField;
  std::string Name = Field->getName().str();
  SharedAccess A = accessOf(holderOf(L), Use);
  std::string Code = openUpdate(L, A);
  std::string FieldType =
      Types.valueType(Field->getType().getUnqualifiedType());
  Code += A.ValueType + " upcr_a_ = " + Calls.get(A) + "; ";
  Code += FieldType + " upcr_t_ = upcr_a_." + Name + "; ";
  if (YieldOld)
    Code += FieldType + " upcr_o_ = upcr_t_; ";
  Code += Update + "; upcr_a_." + Name + " = upcr_t_; ";
  // The bytes holding the field: one access when they form an aligned
  // 1, 2, 4 or 8 bytes, else one per byte. The other bits of those bytes
  // are written back as just read (C11 3.14: adjacent bit-fields are one
  // memory location); the rest of the structure is not written.
  const ASTRecordLayout &Layout = Ctx.getASTRecordLayout(Field->getParent());
  uint64_t Bit = Layout.getFieldOffset(Field->getFieldIndex());
  uint64_t First = Bit / 8;
  uint64_t End = (Bit + Field->getBitWidthValue(Ctx) + 7) / 8;
  uint64_t Size = End - First;
  std::vector<std::pair<uint64_t, uint64_t>> Chunks; // offset, size
  if ((Size == 1 || Size == 2 || Size == 4 || Size == 8) && First % Size == 0)
    Chunks.push_back({First, Size});
  else
    for (uint64_t B = First; B < End; ++B)
      Chunks.push_back({B, 1});
  for (const auto &[Offset, Bytes] : Chunks) {
    SharedAccess Part = A;
    Part.ValueType = Bytes == 8   ? "unsigned long long"
                     : Bytes == 4 ? "unsigned int"
                     : Bytes == 2 ? "unsigned short"
                                  : "unsigned char";
    std::string At = std::to_string(Offset);
    Part.ByteOffset = A.ByteOffset == "0" ? At : A.ByteOffset + " + " + At;
    Code += "{ " + Part.ValueType + " upcr_u_; ";
    Code += "__builtin_memcpy(&upcr_u_, (char *)&upcr_a_ + " + At + ", " +
            std::to_string(Bytes) + "); ";
    Code += "(void)" + Calls.put(Part, "upcr_u_") + "; } ";
  }
  return closeUpdate(Code, Use, YieldOld ? "upcr_o_" : "upcr_a_." + Name);
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
  if (L.BitField)
    return bitFieldUpdate(L, Use, Update, YieldOld);
  SharedAccess A = accessOf(L, Use);
  std::string Code = openUpdate(L, A);
  Code += A.ValueType + " upcr_t_ = " + Calls.get(A) + "; ";
  if (YieldOld)
    Code += A.ValueType + " upcr_o_ = upcr_t_; ";
  Code += Update + "; ";
  // (void): inside a macro argument, clang would warn that the value is
  // unused.
  Code += "(void)" + Calls.put(A, "upcr_t_") + "; ";
  return closeUpdate(Code, Use, YieldOld ? "upcr_o_" : "upcr_t_");
}

std::string Lowerer::openUpdate(const SharedLValue &L, SharedAccess &A) {
  std::string Code = "__extension__({ " + CTypes::name(L.Representation).str() +
                     " upcr_p_ = " + L.Pointer + "; ";
  A.Pointer = "upcr_p_";
  if (L.ByteOffset != "0" && !isNumber(L.ByteOffset)) {
    Code += "ptrdiff_t upcr_off_ = " + L.ByteOffset + "; ";
    A.ByteOffset = "upcr_off_";
  }
  return Code;
}

std::string Lowerer::closeUpdate(const std::string &Code, const Expr *Use,
                                 const std::string &Result) {
  if (isValueUnused(Use))
    return numberTemporaries(Code + "(void)0; })");
  return numberTemporaries(Code + Result + "; })");
}

std::string Lowerer::numberTemporaries(const std::string &Code) {
  static const char *const Names[] = {"upcr_p_", "upcr_off_", "upcr_t_",
                                      "upcr_o_", "upcr_a_", "upcr_u_"};
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

} // namespace lowering
} // namespace upc
