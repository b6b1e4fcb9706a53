//===- StaticData.cpp - Shared data allocated and initialized at start-up -===//
//
// Berkeley UPC's static-data interface (docs/runtime-interface.md): a
// shared variable is a proxy (a pointer-to-shared with the variable's
// name), an allocation record that the file's ALLOC function gives the
// runtime (held by the function of a function-scope static whose type only
// that function names), and, when it has an initializer, code in the file's
// INIT function (thread 0 for a scalar, each thread for its part of an
// array).
// Per-thread data whose initial value exists only at run time is assigned
// there too.
//
//===----------------------------------------------------------------------===//

#include "LoweringInternal.h"
#include "upc-instrument/Semantics/UpcTypePrinter.h"
#include "upc-instrument/Semantics/UpcTypes.h"

#include "llvm/ADT/StringExtras.h"

using namespace clang;

namespace upc {
namespace lowering {

std::string Lowerer::proxyDeclaration(const VarDecl *VD) {
  SharedPointee Object = Types.object(VD->getType(), declaredTypeLoc(VD));
  PointerRepresentation R = Object.representation();
  std::string Text;
  bool Local = VD->isStaticLocal();
  VarDecl::DefinitionKind Def = VD->isThisDeclarationADefinition();
  if (VD->getStorageClass() == SC_Static || Local)
    Text += "static ";
  else if (Def == VarDecl::DeclarationOnly)
    Text += "extern ";
  Text += CTypes::name(R).str() + " " + nameOf(VD);
  if (VD->hasInit()) {
    Text += " = " + (R == PointerRepresentation::Phased
                         ? runtime::InitializedShared
                         : runtime::InitializedPshared)
                        .str();
  } else if (Def == VarDecl::TentativeDefinition && !Local &&
             VD->getStorageClass() != SC_Static &&
             !VD->getDefinition(Ctx)) {
    // Tentative definitions of one variable in several files are one
    // variable (allocated once: the runtime skips a proxy already set).
    Text += " __attribute__((__common__))";
  }
  return Text;
}

/// Whether the innermost element of \p T is a structure, union or
/// enumeration declared in a function: only there can sizeof name it.
static bool elementDeclaredInFunction(QualType T) {
  const auto *Tag = CTypes::innermostElement(T).getCanonicalType()
                        ->getAs<TagType>();
  return Tag &&
         !Tag->getDecl()->getDeclContext()->getRedeclContext()->isFileContext();
}

std::string Lowerer::allocateShared(const VarDecl *VD) {
  const VarDecl *Canonical = VD->getCanonicalDecl();
  if (VD->isThisDeclarationADefinition() == VarDecl::DeclarationOnly ||
      !Allocated.insert(Canonical).second)
    return "";
  // The complete type (an initializer may complete the outer dimension).
  const VarDecl *Def = VD->getDefinition(Ctx) ? VD->getDefinition(Ctx) : VD;
  TypeLoc TL = declaredTypeLoc(Def);
  QualType T = Def->getType();
  SharedPointee Object = Types.object(T, TL);
  // A function-scope static's allocation record is at file scope, where the
  // function's own typedefs (`typedef shared void *P;` in main) are unknown.
  // So are the structures, unions and enumerations it declares, whose size
  // nothing else names: then the record is a static object of the function,
  // after the type's declaration, and the ALLOC function finds it in the
  // file's section of such records.
  bool InFunction = VD->isStaticLocal() && elementDeclaredInFunction(T);
  if (VD->isStaticLocal() && !InFunction)
    Object.ElementType =
        Types.valueType(CTypes::innermostElement(T).getCanonicalType());
  SymbolicSize Total;
  if (T->isArrayType()) {
    Total = UpcContext::totalElements(Upc.getArrayDimensions(TL));
    if (!Total.Known) {
      uint64_t N = 1;
      if (llvm::StringRef(Types.elementCount(T)).getAsInteger(10, N)) {
        error(VD->getLocation(), "the size of shared array '" +
                                     VD->getName() + "' is unknown");
        return "";
      }
      Total = SymbolicSize();
      Total.Factor = N;
    }
  }
  std::string ElementSize = "sizeof(" + Object.ElementType + ")";
  std::string Factor = std::to_string(Total.Factor);
  std::string BlockBytes, NumBlocks;
  bool Mult = false;
  switch (Object.Block) {
  case SharedPointee::Indefinite:
    BlockBytes = Total.Factor == 1 ? ElementSize : Factor + " * " + ElementSize;
    NumBlocks = "1";
    break;
  case SharedPointee::One:
    BlockBytes = ElementSize;
    NumBlocks = Factor;
    Mult = Total.ScalesWithThreads;
    break;
  case SharedPointee::Blocked: {
    const std::string &B = Object.BlockElements;
    BlockBytes = B + " * " + ElementSize;
    uint64_t BN = 0;
    if (isNumber(B) && !llvm::StringRef(B).getAsInteger(10, BN) && BN) {
      if (!Total.ScalesWithThreads) {
        NumBlocks = std::to_string((Total.Factor + BN - 1) / BN);
      } else if (Total.Factor % BN == 0) {
        NumBlocks = std::to_string(Total.Factor / BN);
        Mult = true;
      } else {
        NumBlocks = "(" + Factor + " * THREADS + " + std::to_string(BN - 1) +
                    ") / " + B;
      }
    } else {
      std::string Elements =
          Total.ScalesWithThreads ? "(" + Factor + " * THREADS)" : Factor;
      NumBlocks = "(" + Elements + " + " + B + " - 1) / " + B;
    }
    break;
  }
  }
  std::string Record = "{ &" + nameOf(VD) + ", " + BlockBytes + ", " +
                       NumBlocks + ", " + (Mult ? "1" : "0") + ", " +
                       ElementSize + ", " + CTypes::quote(VD->getName()) +
                       ", " + CTypes::quote(upcTypeString(Def)) + " }";
  bool Phased = Object.representation() == PointerRepresentation::Phased;
  if (InFunction) {
    (Phased ? Out.StaticData.PhasedRecordsInFunctions
            : Out.StaticData.PhaselessRecordsInFunctions) = true;
    return "static " +
           (Phased ? runtime::ShallocInfo : runtime::PshallocInfo).str() +
           " " + nameOf(VD) + "_alloc " +
           spellCall(runtime::StartupRecord,
                     {(Phased ? runtime::ShallocSectionMacro
                              : runtime::PshallocSectionMacro)
                          .str()}) +
           " = " + Record;
  }
  if (Phased)
    Out.StaticData.PhasedRecords.push_back(std::move(Record));
  else
    Out.StaticData.PhaselessRecords.push_back(std::move(Record));
  return "";
}

void Lowerer::initializeShared(const VarDecl *VD) {
  const Expr *Init = VD->getInit();
  if (!Init)
    return;
  // The INIT function, at file scope, would have to name the type.
  if (VD->isStaticLocal() && elementDeclaredInFunction(VD->getType())) {
    error(VD->getLocation(),
          "cannot initialize function-scope static shared object '" +
              VD->getName() +
              "', whose type is declared in its function; declare the type "
              "at file scope");
    return;
  }
  TypeLoc TL = declaredTypeLoc(VD);
  SharedPointee Object = Types.object(VD->getType(), TL);
  std::string Name = nameOf(VD);
  if (!VD->getType()->isArrayType()) {
    SharedAccess A;
    A.ValueType = Types.valueType(VD->getType());
    A.Pointer = Name;
    A.Representation = Object.representation();
    A.Position = positionOf(VD->getLocation());
    A.VariableName = VD->getName().str();
    A.VariableType = upcTypeString(VD);
    std::string Value = textOf(Init);
    if (isa<InitListExpr>(Init->IgnoreParens()))
      Value = "(" + A.ValueType + ")" + Value;
    else if (isPointerToShared(VD->getType()))
      Value = convertPointer(Value, pointeeOf(Init),
                             Types.pointee(VD->getType()));
    Out.StaticData.Thread0Initializers.push_back(Calls.put(A, Value) + ";");
    return;
  }
  // Arrays: every thread writes its own elements of the initializer.
  llvm::SmallVector<ArrayDimension, 4> Dims = Upc.getArrayDimensions(TL);
  // The initialized extent of each dimension: the outermost as far as the
  // initializer goes, the others as declared (so that braces elided in the
  // initializer mean what they mean in the declaration).
  std::vector<uint64_t> Extent;
  QualType T = VD->getType();
  const Expr *Level = Init->IgnoreParens();
  for (size_t D = 0; const ArrayType *AT = Ctx.getAsArrayType(T);
       ++D, T = AT->getElementType()) {
    uint64_t Declared = 0;
    if (const auto *CAT = dyn_cast<ConstantArrayType>(AT))
      Declared = CAT->getSize().getZExtValue();
    bool Scaled = D < Dims.size() && Dims[D].ScalesWithThreads;
    uint64_t Used = Declared;
    if (D == 0 || Scaled) {
      if (const auto *IL = dyn_cast_or_null<InitListExpr>(Level)) {
        Used = 0;
        for (unsigned I = 0; I < IL->getNumInits(); ++I)
          if (!isa<ImplicitValueInitExpr>(IL->getInit(I)))
            Used = I + 1;
        // Parsed with THREADS = 1, a THREADS-dependent dimension may have
        // lost initializers that exist with more threads: count the ones
        // written (without designators).
        if (Scaled && Upc.threadsEnvironment().isDynamic())
          if (const InitListExpr *Written = IL->getSyntacticForm();
              Written && llvm::none_of(Written->inits(), [](const Expr *I) {
                return isa<DesignatedInitExpr>(I);
              }))
            Used = std::max<uint64_t>(Used, Written->getNumInits());
      } else if (const auto *SL = dyn_cast_or_null<StringLiteral>(Level)) {
        Used = std::min<uint64_t>(SL->getLength() + 1, Declared);
      }
      if (Used == 0)
        Used = 1;
    }
    Extent.push_back(Used);
    if (const auto *IL = dyn_cast_or_null<InitListExpr>(Level))
      Level = IL->getNumInits() ? IL->getInit(0)->IgnoreParens() : nullptr;
    else
      Level = nullptr;
  }
  std::string ElementType = Object.ElementType;
  std::string Array = ElementType + " upcr_init_";
  for (uint64_t E : Extent)
    Array += "[" + std::to_string(E) + "]";
  std::string Infos;
  for (size_t D = 0; D < Extent.size(); ++D) {
    uint64_t Total = D < Dims.size() && Dims[D].Known ? Dims[D].Factor : 0;
    if (!Total)
      if (const auto *CAT = Ctx.getAsConstantArrayType(VD->getType())) {
        QualType X = VD->getType();
        for (size_t K = 0; K < D; ++K)
          X = Ctx.getAsArrayType(X)->getElementType();
        if (const auto *XC = Ctx.getAsConstantArrayType(X))
          Total = XC->getSize().getZExtValue();
        (void)CAT;
      }
    bool Scaled = D < Dims.size() && Dims[D].ScalesWithThreads;
    Infos += (D ? ", { " : "{ ") + std::to_string(Extent[D]) + ", " +
             std::to_string(Total) + ", " + (Scaled ? "1" : "0") + " }";
  }
  std::string Block = Object.Block == SharedPointee::Indefinite ? "0"
                      : Object.Block == SharedPointee::One      ? "1"
                                                                : Object.BlockElements;
  bool Phased = Object.representation() == PointerRepresentation::Phased;
  // A THREADS-dependent dimension is only known at run time: an initializer
  // too long for it is an error there.
  std::string Checks;
  for (size_t D = 0; D < Extent.size() && D < Dims.size(); ++D)
    if (Dims[D].ScalesWithThreads &&
        Extent[D] > Dims[D].Factor)
      Checks += "if (" + std::to_string(Extent[D]) + " > " +
                std::to_string(Dims[D].Factor) + " * THREADS) " +
                spellCall(runtime::Error,
                          {Calls.position(positionOf(Init->getBeginLoc())),
                           "\"the initializer of '" + VD->getName().str() +
                               "' has " + std::to_string(Extent[D]) +
                               " elements in dimension " +
                               std::to_string(D + 1) +
                               ", more than the %d it has with %d thread%s\"",
                           std::to_string(Dims[D].Factor) + " * THREADS",
                           "THREADS", "THREADS == 1 ? \"\" : \"s\""}) +
                "; ";
  Out.StaticData.EveryThreadInitializers.push_back(
      "{ " + Checks + Array + " = " + textOf(Init) +
      "; static const " + runtime::ArrayInitDimInfo.str() + " upcr_dims_[] = { " +
      Infos + " }; " +
      spellCall(Phased ? runtime::InitArray : runtime::InitParray,
                {Name, "upcr_init_", "upcr_dims_",
                 std::to_string(Extent.size()),
                 "sizeof(" + ElementType + ")", Block}) +
      "; }");
}

std::string Lowerer::startupAssignment(const VarDecl *VD,
                                       const std::string &Target) {
  const Expr *Init = VD->getInit();
  QualType T = VD->getType();
  if (!T->isArrayType() && !T->isRecordType() && !T->isUnionType() &&
      !isa<InitListExpr>(Init->IgnoreParens()))
    return Target + " = " + textOf(Init) + ";";
  // Aggregates: a local copy with the same type and initializer.
  TypeLoc TL = declaredTypeLoc(VD);
  std::string Local = TL ? Types.print(TL, "upcr_init_")
                         : Types.print(T, "upcr_init_");
  // The casts: a volatile object is copied too, without a warning.
  return "{ " + Local + " = " + textOf(Init) + "; __builtin_memcpy((void *)&" +
         Target + ", (const void *)&upcr_init_, sizeof(upcr_init_)); }";
}

} // namespace lowering
} // namespace upc
