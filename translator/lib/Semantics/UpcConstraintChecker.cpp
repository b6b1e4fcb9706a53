//===- UpcConstraintChecker.cpp - UPC 1.3 constraints ---------------------===//

#include "upc-instrument/Semantics/UpcConstraintChecker.h"
#include "upc-instrument/Semantics/LibraryCalls.h"
#include "upc-instrument/Semantics/UpcContext.h"
#include "upc-instrument/Semantics/UpcDiagnostics.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/Basic/DiagnosticSema.h"
#include "llvm/ADT/SmallPtrSet.h"

using namespace clang;

namespace upc {
namespace {

class ConstraintChecker : public RecursiveASTVisitor<ConstraintChecker> {
public:
  ConstraintChecker(ASTContext &Ctx, const UpcContext &U,
                    DiagnosticsEngine &Diags,
                    const std::function<bool(SourceLocation)> &IsUpcLocation)
      : Ctx(Ctx), U(U), Diags(Diags), IsUpcLocation(IsUpcLocation) {}

  void run() {
    TraverseDecl(Ctx.getTranslationUnitDecl());
    checkStatements();
    checkPragmas();
  }

  bool TraverseDecl(Decl *D) {
    if (!D || isDeclaredByCHeader(D, IsUpcLocation))
      return true;
    return RecursiveASTVisitor::TraverseDecl(D);
  }

  bool TraverseFunctionDecl(FunctionDecl *FD) {
    const FunctionDecl *Saved = CurrentFunction;
    CurrentFunction = FD;
    bool Result = RecursiveASTVisitor::TraverseFunctionDecl(FD);
    CurrentFunction = Saved;
    return Result;
  }

  bool VisitVarDecl(VarDecl *D) {
    QualType T = D->getType();
    bool Shared = isSharedType(T);
    if (auto *P = dyn_cast<ParmVarDecl>(D)) {
      if (Shared)
        reportUpc(Diags, D->getLocation(), UpcDiag::SharedParameter)
            << P << P->getType();
    } else if (Shared && D->hasLocalStorage()) {
      reportUpc(Diags, D->getLocation(), UpcDiag::SharedAutomatic) << D;
    }
    if (const TypeSourceInfo *TSI = D->getTypeSourceInfo()) {
      checkWrittenType(TSI->getType(), D->getLocation());
      if (!isa<ParmVarDecl>(D))
        checkArrayDimensions(D, TSI->getTypeLoc(), Shared);
    }
    if (!isa<ParmVarDecl>(D))
      checkRedeclaration(D);
    if (const Expr *Init = D->getInit()) {
      checkPointerConversion(Init, T, Init->getExprLoc());
      if (U.threadsEnvironment().isDynamic() && D->hasGlobalStorage() &&
          !Init->isValueDependent())
        reportThreadsIn(Init);
    }
    return true;
  }

  bool VisitFieldDecl(FieldDecl *F) {
    if (isSharedType(F->getType()))
      reportUpc(Diags, F->getLocation(), UpcDiag::SharedMember)
          << F << F->getType();
    if (const TypeSourceInfo *TSI = F->getTypeSourceInfo()) {
      checkWrittenType(TSI->getType(), F->getLocation());
      if (U.threadsEnvironment().isDynamic())
        for (const ArrayDimension &Dim :
             U.getArrayDimensions(TSI->getTypeLoc()))
          if (Dim.ThreadsOccurrences)
            reportThreadsIn(Dim.SizeExpr);
    }
    return true;
  }

  bool VisitTypedefNameDecl(TypedefNameDecl *D) {
    if (const TypeSourceInfo *TSI = D->getTypeSourceInfo()) {
      checkWrittenType(TSI->getType(), D->getLocation());
      QualType Element = TSI->getType();
      while (const ArrayType *AT = Element->getAsArrayTypeUnsafe())
        Element = AT->getElementType();
      if (getUpcQualifiers(Element).Layout == LayoutKind::Star)
        reportUpc(Diags, D->getLocation(), UpcDiag::StarLayoutTypedef)
            << D->getName();
    }
    checkRedeclaration(D);
    return true;
  }

  bool VisitFunctionDecl(FunctionDecl *FD) {
    checkWrittenType(FD->getReturnType(), FD->getLocation());
    if (isSharedType(FD->getReturnType()))
      reportUpc(Diags, FD->getLocation(), UpcDiag::SharedReturn)
          << FD << FD->getReturnType();
    checkRedeclaration(FD);
    return true;
  }

  bool VisitCompoundLiteralExpr(CompoundLiteralExpr *E) {
    if (isSharedType(E->getType()))
      reportUpc(Diags, E->getBeginLoc(), UpcDiag::SharedCompoundLiteral)
          << E->getType();
    if (const TypeSourceInfo *TSI = E->getTypeSourceInfo())
      checkWrittenType(TSI->getType(), E->getBeginLoc());
    return true;
  }

  bool VisitUnaryExprOrTypeTraitExpr(UnaryExprOrTypeTraitExpr *E) {
    if (E->isArgumentType())
      checkWrittenType(E->getArgumentType(), E->getBeginLoc());
    UnaryExprOrTypeTrait Kind = E->getKind();
    if ((Kind == UETT_SizeOf || Kind == UETT_AlignOf ||
         Kind == UETT_PreferredAlignOf) &&
        E->getTypeOfArgument()->isVoidType() && !isUpcSizeofOperand(E))
      reportVoidSize(E->isArgumentType()
                         ? E->getOperatorLoc()
                         : E->getArgumentExpr()->getExprLoc(),
                     diag::ext_sizeof_alignof_void_type,
                     0, E->getSourceRange(), getTraitSpelling(Kind));
    return true;
  }

  bool VisitUnaryOperator(UnaryOperator *UO) {
    if (UO->isIncrementDecrementOp() &&
        pointsToVoid(UO->getSubExpr()->getType()))
      reportVoidSize(UO->getOperatorLoc(), diag::ext_gnu_void_ptr, 1,
                     UO->getSourceRange());
    return true;
  }

  bool VisitArraySubscriptExpr(ArraySubscriptExpr *E) {
    if (pointsToVoid(E->getBase()->getType()))
      reportVoidSize(E->getExprLoc(), diag::ext_gnu_subscript_void_type, 2,
                     E->getSourceRange());
    return true;
  }

  bool VisitCStyleCastExpr(CStyleCastExpr *E) {
    checkWrittenType(E->getTypeAsWritten(), E->getBeginLoc());
    QualType To = E->getType();
    if (!isPointerToShared(To))
      return true;
    const Expr *From = E->getSubExpr()->IgnoreParenImpCasts();
    QualType FromType = From->getType();
    if (isPointerToShared(FromType) ||
        (FromType->isArrayType() && isSharedType(FromType)) ||
        From->isNullPointerConstant(Ctx, Expr::NPC_ValueDependentIsNotNull))
      return true;
    if (FromType->isPointerType() || FromType->isIntegerType() ||
        FromType->isArrayType())
      reportUpc(Diags, E->getBeginLoc(), UpcDiag::PrivateToShared)
          << FromType << To << E->getSourceRange();
    else
      checkPointerConversion(From, To, E->getBeginLoc());
    return true;
  }

  bool VisitImplicitCastExpr(ImplicitCastExpr *E) {
    checkIntegerToShared(E);
    return true;
  }

  /// The conversions of an initializer list's elements to the members'
  /// types are in its semantic form, which the traversal does not visit.
  bool VisitInitListExpr(InitListExpr *E) {
    if (InitListExpr *Semantic = E->getSemanticForm();
        Semantic && Semantic != E)
      checkInitializerConversions(Semantic);
    return true;
  }

  bool VisitStaticAssertDecl(StaticAssertDecl *D) {
    if (U.threadsEnvironment().isDynamic())
      reportThreadsIn(D->getAssertExpr());
    return true;
  }

  bool VisitConstantExpr(ConstantExpr *E) {
    if (U.threadsEnvironment().isDynamic())
      reportThreadsIn(E);
    return true;
  }

  bool VisitBinaryOperator(BinaryOperator *BO) {
    BinaryOperatorKind Op = BO->getOpcode();
    if ((Op == BO_Add || Op == BO_Sub || Op == BO_AddAssign ||
         Op == BO_SubAssign) &&
        (pointsToVoid(BO->getLHS()->getType()) ||
         pointsToVoid(BO->getRHS()->getType())))
      reportVoidSize(BO->getOperatorLoc(), diag::ext_gnu_void_ptr, 1,
                     BO->getSourceRange());
    if (BO->getOpcode() == BO_Assign) {
      checkPointerConversion(BO->getRHS(), BO->getLHS()->getType(),
                             BO->getOperatorLoc());
    } else if (BO->isComparisonOp() || BO->getOpcode() == BO_Sub) {
      checkPointerConversion(BO->getRHS(), BO->getLHS()->IgnoreParenImpCasts()->getType(),
                             BO->getOperatorLoc());
      if (BO->isComparisonOp())
        checkSharedPrivateComparison(BO);
      if (BO->isRelationalOp())
        checkRelationalShared(BO);
    }
    return true;
  }

  bool VisitConditionalOperator(ConditionalOperator *CO) {
    checkPointerConversion(CO->getFalseExpr(),
                           CO->getTrueExpr()->IgnoreParenImpCasts()->getType(),
                           CO->getQuestionLoc());
    return true;
  }

  bool VisitCallExpr(CallExpr *Call) {
    checkLibraryCall(Ctx, Diags, Call);
    const FunctionDecl *FD = Call->getDirectCallee();
    const FunctionProtoType *Proto = nullptr;
    if (FD)
      Proto = FD->getType()->getAs<FunctionProtoType>();
    else if (const auto *PT =
                 Call->getCallee()->getType()->getAs<PointerType>())
      Proto = PT->getPointeeType()->getAs<FunctionProtoType>();
    if (!Proto)
      return true;
    for (unsigned I = 0; I < Call->getNumArgs() && I < Proto->getNumParams();
         ++I)
      checkPointerConversion(Call->getArg(I), Proto->getParamType(I),
                             Call->getArg(I)->getExprLoc());
    return true;
  }

  bool VisitReturnStmt(ReturnStmt *S) {
    if (CurrentFunction && S->getRetValue())
      checkPointerConversion(S->getRetValue(), CurrentFunction->getReturnType(),
                             S->getRetValue()->getExprLoc());
    return true;
  }

private:
  ASTContext &Ctx;
  const UpcContext &U;
  DiagnosticsEngine &Diags;
  const std::function<bool(SourceLocation)> &IsUpcLocation;
  const FunctionDecl *CurrentFunction = nullptr;
  /// Integer to pointer-to-shared conversions reported (an initializer may be
  /// reached through both forms of its list).
  llvm::SmallPtrSet<const Expr *, 8> ReportedIntegerConversions;

  static bool pointsToVoid(QualType T) {
    const auto *PT = T->getAs<PointerType>();
    return PT && PT->getPointeeType()->isVoidType();
  }

  /// The sizeof inside upc_blocksizeof and its kind (checked with them).
  bool isUpcSizeofOperand(const UnaryExprOrTypeTraitExpr *E) const {
    return llvm::any_of(U.sizeofExpressions(),
                        [E](const UpcSizeofExpression &S) {
                          return S.Sizeof == E;
                        });
  }

  /// sizeof (void) and arithmetic on pointers to void, shared or private:
  /// the front end makes Clang's diagnostics of them errors
  /// (-Werror=pointer-arith), but -w drops those too. Under -w they are
  /// reported here, when Clang's would be errors without it (not after
  /// -Wno-error=pointer-arith or -Wno-pointer-arith).
  void reportVoidSize(SourceLocation Loc, unsigned ClangDiag, unsigned Form,
                      SourceRange Range, llvm::StringRef Operator = "") {
    if (!Diags.getIgnoreAllWarnings())
      return; // Clang reports it
    Diags.setIgnoreAllWarnings(false);
    bool Error = Diags.getDiagnosticLevel(ClangDiag, Loc) >=
                 DiagnosticsEngine::Error;
    Diags.setIgnoreAllWarnings(true);
    if (Error)
      reportUpc(Diags, Loc, UpcDiag::VoidSizeUnderNoWarnings)
          << Form << Operator << Range;
  }

  /// An integer converted implicitly to a pointer-to-shared: only a null
  /// pointer constant may be (Clang marks those CK_NullToPointer). The
  /// result of a call of an undeclared function is left to Clang's warnings
  /// about the call and the conversion: C code written before C99 calls
  /// UPC's allocation functions so, without their header.
  void checkIntegerToShared(const ImplicitCastExpr *E) {
    if (E->getCastKind() != CK_IntegralToPointer ||
        !isPointerToShared(E->getType()))
      return;
    const Expr *From = E->getSubExpr();
    if (From->containsErrors() || From->isValueDependent())
      return;
    if (const auto *Call = dyn_cast<CallExpr>(From->IgnoreParenImpCasts()))
      if (const FunctionDecl *Callee = Call->getDirectCallee();
          Callee && Callee->isImplicit())
        return;
    if (!ReportedIntegerConversions.insert(E).second)
      return;
    reportUpc(Diags, From->getBeginLoc(), UpcDiag::IntegerToShared)
        << From->IgnoreParenImpCasts()->getType().getUnqualifiedType()
        << E->getType() << From->getSourceRange();
  }

  void checkInitializerConversions(const InitListExpr *List) {
    for (const Expr *Init : List->inits()) {
      if (!Init)
        continue;
      if (const auto *Inner = dyn_cast<InitListExpr>(Init))
        checkInitializerConversions(Inner);
      else if (const auto *ICE = dyn_cast<ImplicitCastExpr>(Init))
        checkIntegerToShared(ICE);
    }
  }

  /// How the types of two declarations of one entity, which Clang found
  /// compatible, differ in UPC's qualifiers, which Clang does not see: at
  /// some level, the block size (0) or the reference qualifier (1) of a
  /// shared type. std::nullopt if they agree.
  std::optional<unsigned> upcQualifierDifference(QualType A, QualType B) const {
    if (A.isNull() || B.isNull())
      return std::nullopt;
    if (isSharedType(A) && isSharedType(B)) {
      UpcQualifiers QA = getUpcQualifiers(A), QB = getUpcQualifiers(B);
      BlockSize SA = U.getBlockSize(QA), SB = U.getBlockSize(QB);
      auto Comparable = [](const BlockSize &S) {
        return S.BlockKind == BlockSize::Definite ||
               S.BlockKind == BlockSize::Indefinite;
      };
      if (Comparable(SA) && Comparable(SB) && SA != SB)
        return 0;
      if (QA.Reference != QB.Reference)
        return 1;
    }
    if (const ArrayType *AA = A->getAsArrayTypeUnsafe()) {
      if (const ArrayType *AB = B->getAsArrayTypeUnsafe())
        return upcQualifierDifference(AA->getElementType(),
                                      AB->getElementType());
      return std::nullopt;
    }
    if (const auto *PA = A->getAs<PointerType>()) {
      if (const auto *PB = B->getAs<PointerType>())
        return upcQualifierDifference(PA->getPointeeType(),
                                      PB->getPointeeType());
      return std::nullopt;
    }
    const auto *FA = A->getAs<FunctionProtoType>();
    const auto *FB = B->getAs<FunctionProtoType>();
    if (!FA || !FB)
      return std::nullopt;
    if (auto D =
            upcQualifierDifference(FA->getReturnType(), FB->getReturnType()))
      return D;
    for (unsigned I = 0; I < FA->getNumParams() && I < FB->getNumParams(); ++I)
      if (auto D =
              upcQualifierDifference(FA->getParamType(I), FB->getParamType(I)))
        return D;
    return std::nullopt;
  }

  /// A redeclaration whose type differs from the previous declaration's in a
  /// layout or reference qualifier: `void f(shared int *);` then
  /// `void f(shared [4] int *);`. Clang compares canonical types, which do
  /// not carry these qualifiers.
  template <typename DeclT> void checkRedeclaration(const DeclT *D) {
    const DeclT *Prev = D->getPreviousDecl();
    if (!Prev || D->isImplicit() || Prev->isImplicit() || D->isInvalidDecl() ||
        Prev->isInvalidDecl())
      return;
    const TypeSourceInfo *Now = D->getTypeSourceInfo();
    const TypeSourceInfo *Before = Prev->getTypeSourceInfo();
    if (!Now || !Before)
      return;
    std::optional<unsigned> Difference =
        upcQualifierDifference(Now->getType(), Before->getType());
    if (!Difference)
      return;
    // Arrays are shown by their element types: a THREADS dimension would
    // print as the 1 Clang parsed it with.
    QualType ShownNow = Now->getType(), ShownBefore = Before->getType();
    if (ShownNow->isArrayType() && ShownBefore->isArrayType()) {
      while (const ArrayType *AT = ShownNow->getAsArrayTypeUnsafe())
        ShownNow = AT->getElementType();
      while (const ArrayType *AT = ShownBefore->getAsArrayTypeUnsafe())
        ShownBefore = AT->getElementType();
    }
    reportUpc(Diags, D->getLocation(), UpcDiag::ConflictingRedeclaration)
        << D << ShownNow << ShownBefore << *Difference;
    reportUpc(Diags, Prev->getLocation(), UpcDiag::PreviousDeclaration);
  }

  /// Reports THREADS, or the size of a THREADS-dependent array, used where a
  /// constant is required (dynamic THREADS).
  void reportThreadsIn(const Expr *E) {
    if (!E)
      return;
    if (U.isThreadsReference(E)) {
      reportUpc(Diags, E->getExprLoc(), UpcDiag::ThreadsNotConstant);
      return;
    }
    if (U.isThreadsDependentSizeof(E)) {
      reportUpc(Diags, E->getExprLoc(), UpcDiag::ThreadsDependentSizeNotConstant)
          << E->getSourceRange();
      return;
    }
    // upc_localsizeof and friends are constants of their own.
    if (const auto *Cast = dyn_cast<CStyleCastExpr>(E);
        Cast && isUpcSizeofOperator(Cast))
      return;
    for (const Stmt *Child : E->children())
      if (const auto *CE = dyn_cast_or_null<Expr>(Child))
        reportThreadsIn(CE);
  }

  void reportThreadsDependentSizes(const Expr *E) {
    if (const auto *Cast = dyn_cast<CStyleCastExpr>(E);
        Cast && isUpcSizeofOperator(Cast))
      return;
    if (U.isThreadsDependentSizeof(E)) {
      reportUpc(Diags, E->getExprLoc(), UpcDiag::ThreadsDependentSizeNotConstant)
          << E->getSourceRange();
      return;
    }
    for (const Stmt *Child : E->children())
      if (const auto *CE = dyn_cast_or_null<Expr>(Child))
        reportThreadsDependentSizes(CE);
  }

  /// Qualifier conflicts at every level of a type written at \p Loc. Levels
  /// reached through a typedef were checked at the typedef.
  void checkWrittenType(QualType T, SourceLocation Loc,
                        bool ThroughTypedef = false) {
    if (T.isNull())
      return;
    UpcQualifiers Q = getUpcQualifiers(T);
    bool Strict = false, Relaxed = false, WrittenHere = false;
    const UpcQualifierTag *FirstLayout = nullptr;
    bool LayoutConflict = false;
    for (const UpcQualifierTag &Tag : Q.Tags) {
      WrittenHere |= !Tag.FromTypedef;
      if (Tag.TagKind == UpcQualifierTag::StrictTag)
        Strict = true;
      else if (Tag.TagKind == UpcQualifierTag::RelaxedTag)
        Relaxed = true;
      else if (!FirstLayout)
        FirstLayout = &Tag;
      else
        LayoutConflict |= layoutOf(*FirstLayout) != layoutOf(Tag);
    }
    if (!ThroughTypedef && WrittenHere) {
      if (FirstLayout && !FirstLayout->FromTypedef && T->isVoidType())
        reportUpc(Diags, Loc, UpcDiag::LayoutOnVoid) << T;
      if (Strict && Relaxed)
        reportUpc(Diags, Loc, UpcDiag::StrictAndRelaxed) << T;
      if (LayoutConflict)
        reportUpc(Diags, Loc, UpcDiag::ConflictingLayouts) << T;
      if ((Strict || Relaxed) && !Q.IsShared)
        for (const UpcQualifierTag &Tag : Q.Tags)
          if (!Tag.FromTypedef && Tag.TagKind != UpcQualifierTag::LayoutTag) {
            reportUpc(Diags, Loc, UpcDiag::ReferenceWithoutShared)
                << (Tag.TagKind == UpcQualifierTag::StrictTag ? "strict"
                                                           : "relaxed")
                << T;
            break;
          }
    }
    // Inner levels.
    bool NextThroughTypedef = ThroughTypedef || hasTypedefSugar(T);
    QualType Base = T;
    while (const ArrayType *AT = Base->getAsArrayTypeUnsafe())
      Base = AT->getElementType();
    if (const auto *PT = Base->getAs<PointerType>()) {
      if (!NextThroughTypedef &&
          getUpcQualifiers(PT->getPointeeType()).Layout == LayoutKind::Star)
        reportUpc(Diags, Loc, UpcDiag::StarLayoutPointer)
            << PT->getPointeeType();
      checkWrittenType(PT->getPointeeType(), Loc, NextThroughTypedef);
    }
    else if (const auto *FPT = Base->getAs<FunctionProtoType>()) {
      checkWrittenType(FPT->getReturnType(), Loc, NextThroughTypedef);
      for (QualType P : FPT->getParamTypes())
        checkWrittenType(P, Loc, NextThroughTypedef);
    }
  }

  static bool isUpcSizeofOperator(const CStyleCastExpr *Cast) {
    const auto *TT = Cast->getTypeAsWritten()->getAs<TypedefType>();
    if (!TT)
      return false;
    llvm::StringRef Name = TT->getDecl()->getName();
    return Name == names::BlockSizeofType || Name == names::LocalSizeofType ||
           Name == names::ElemSizeofType;
  }

  static bool hasTypedefSugar(QualType T) {
    while (true) {
      const Type *Ty = T.getTypePtr();
      if (isa<TypedefType>(Ty))
        return true;
      if (isa<PointerType>(Ty) || isa<FunctionType>(Ty))
        return false;
      if (const auto *AT = dyn_cast<ArrayType>(Ty)) {
        T = AT->getElementType();
        continue;
      }
      QualType Next = Ty->getLocallyUnqualifiedSingleStepDesugaredType();
      if (Next.getTypePtr() == Ty)
        return false;
      T = Next;
    }
  }

  BlockSize layoutOf(const UpcQualifierTag &Tag) const {
    UpcQualifiers Q;
    Q.Layout = Tag.Layout;
    Q.BlockSizeSpelling = Tag.BlockSizeSpelling;
    Q.BlockSizeOccurrence = Tag.BlockSizeOccurrence;
    return U.getBlockSize(Q);
  }

  void checkArrayDimensions(const VarDecl *D, TypeLoc TL, bool Shared) {
    llvm::SmallVector<ArrayDimension, 4> Dims = U.getArrayDimensions(TL);
    if (Dims.empty())
      return;
    bool Dynamic = U.threadsEnvironment().isDynamic();
    unsigned Threads = 0;
    bool AllKnown = true;
    for (const ArrayDimension &Dim : Dims) {
      Threads += Dim.ThreadsOccurrences;
      if (Dim.ThreadsOccurrences && !Dim.WellFormedMultiple)
        reportUpc(Diags, Dim.SizeExpr->getExprLoc(),
                  UpcDiag::ThreadsNotMultiplier)
            << Dim.SizeExpr->getSourceRange();
      if (!Dim.Known) {
        AllKnown = false;
        if (Shared && Dim.SizeExpr && Dim.WellFormedMultiple)
          reportUpc(Diags, Dim.SizeExpr->getExprLoc(),
                    UpcDiag::SharedArrayNotConstant)
              << D << Dim.SizeExpr->getSourceRange();
      }
    }
    if (Shared && AllKnown)
      checkStarBlockSize(D, Dims);
    // A static array's size must be constant: not the size of a
    // THREADS-dependent array either.
    if (Dynamic && D->hasGlobalStorage())
      for (const ArrayDimension &Dim : Dims)
        if (Dim.SizeExpr && !Dim.ThreadsOccurrences)
          reportThreadsDependentSizes(Dim.SizeExpr);
    if (!Dynamic || !Threads) {
      if (Dynamic && Shared && AllKnown &&
          U.getBlockSize(D->getType()).BlockKind == BlockSize::Definite)
        reportUpc(Diags, D->getLocation(), UpcDiag::ThreadsRequiredOnce) << D;
      return;
    }
    if (!Shared) {
      if (D->hasGlobalStorage())
        reportUpc(Diags, D->getLocation(),
                  UpcDiag::ThreadsInPrivateStaticArray)
            << D;
      return;
    }
    if (Threads > 1)
      reportUpc(Diags, D->getLocation(), UpcDiag::ThreadsInSeveralDimensions)
          << Threads << D;
    if (U.getBlockSize(D->getType()).BlockKind == BlockSize::Indefinite)
      reportUpc(Diags, D->getLocation(), UpcDiag::ThreadsInIndefiniteArray)
          << D;
  }

  /// The block size '[*]' stands for: the elements per thread of an array
  /// whose size is a multiple of THREADS, else the size divided by a static
  /// THREADS, rounded up. In the dynamic environment the size of an array
  /// without THREADS is divided by the run's THREADS, unknown here.
  void checkStarBlockSize(const VarDecl *D,
                          llvm::ArrayRef<ArrayDimension> Dims) {
    if (U.getBlockSize(D->getType()).BlockKind != BlockSize::Star)
      return;
    SymbolicSize Total = UpcContext::totalElements(Dims);
    if (!Total.Known)
      return;
    std::optional<unsigned> Threads = U.threadsEnvironment().StaticThreads;
    uint64_t Block;
    if (Total.ScalesWithThreads)
      Block = Total.Factor;
    else if (Threads && *Threads)
      Block = Total.Factor / *Threads + (Total.Factor % *Threads != 0);
    else
      return;
    if (Block > names::MaxBlockSizeValue)
      reportUpc(Diags, D->getLocation(), UpcDiag::StarBlockSizeTooLarge)
          << D << std::to_string(Block)
          << std::to_string(names::MaxBlockSizeValue);
  }

  /// A pointer-to-shared converted implicitly to a pointer-to-shared with a
  /// different block size (void pointees convert freely).
  /// A pointer-to-shared compared with a private pointer: their types are
  /// not compatible (C11 6.5.8p2, 6.5.9p2), whatever Clang's address
  /// spaces allow. A null pointer constant compares with either.
  void checkSharedPrivateComparison(const BinaryOperator *BO) {
    const Expr *L = BO->getLHS()->IgnoreParenImpCasts();
    const Expr *R = BO->getRHS()->IgnoreParenImpCasts();
    if (L->containsErrors() || R->containsErrors())
      return;
    auto IsPrivatePointer = [&](const Expr *E) {
      return E->getType()->isPointerType() &&
             !isPointerToShared(E->getType()) &&
             !E->isNullPointerConstant(Ctx,
                                       Expr::NPC_ValueDependentIsNotNull);
    };
    auto IsShared = [&](const Expr *E) {
      return isPointerToShared(E->getType()) ||
             (E->getType()->isArrayType() && isSharedType(E->getType()));
    };
    if ((IsShared(L) && IsPrivatePointer(R)) ||
        (IsShared(R) && IsPrivatePointer(L)))
      reportUpc(Diags, BO->getOperatorLoc(), UpcDiag::ComparePrivateShared)
          << (IsShared(L) ? L : R)->getType()
          << (IsShared(L) ? R : L)->getType() << BO->getSourceRange();
  }

  void checkRelationalShared(const BinaryOperator *BO) {
    const Expr *L = BO->getLHS()->IgnoreParenImpCasts();
    const Expr *R = BO->getRHS()->IgnoreParenImpCasts();
    if (L->containsErrors() || R->containsErrors())
      return;
    QualType A = getSharedPointee(L->getType());
    QualType B = getSharedPointee(R->getType());
    if (A.isNull() || B.isNull())
      return;
    // The canonical type drops the layout and strict/relaxed (sugar); the
    // unqualified one the address space and C's qualifiers.
    QualType CA = Ctx.getCanonicalType(A).getUnqualifiedType();
    QualType CB = Ctx.getCanonicalType(B).getUnqualifiedType();
    if (!Ctx.typesAreCompatible(CA, CB))
      reportUpc(Diags, BO->getOperatorLoc(), UpcDiag::CompareIncompatibleShared)
          << L->getType() << R->getType() << BO->getSourceRange();
  }

  void checkPointerConversion(const Expr *From, QualType To,
                              SourceLocation Loc) {
    if (From->containsErrors())
      return;
    // Clang merges the types of the arms of ?: ; arms that disagree were
    // reported at the '?', otherwise the arms stand for the result.
    if (const auto *CO =
            dyn_cast<ConditionalOperator>(From->IgnoreParenImpCasts())) {
      if (armsAgree(CO))
        checkPointerConversion(CO->getTrueExpr(), To, Loc);
      return;
    }
    QualType ToPointee = getSharedPointee(To);
    if (ToPointee.isNull() || ToPointee->isVoidType())
      return;
    const Expr *Source = From->IgnoreParenImpCasts();
    QualType FromType = Source->getType();
    // A member array of a shared structure decays to a pointer to its
    // first element.
    if (FromType->isArrayType() && U.isInSharedAggregateMember(Source))
      FromType = Ctx.getArrayDecayedType(FromType);
    QualType FromPointee = getSharedPointee(FromType);
    if (FromPointee.isNull() || FromPointee->isVoidType())
      return;
    // The address of a member of a shared structure (or of an element of
    // a member array) has the indefinite block size (UPC 1.3, 6.4.4).
    bool MemberAddress = false;
    if (const auto *UO = dyn_cast<UnaryOperator>(Source);
        UO && UO->getOpcode() == UO_AddrOf &&
        U.isInSharedAggregateMember(UO->getSubExpr()))
      MemberAddress = true;
    if (const auto *ICE = dyn_cast<ImplicitCastExpr>(From->IgnoreParens());
        ICE && ICE->getCastKind() == CK_ArrayToPointerDecay &&
        U.isInSharedAggregateMember(ICE->getSubExpr()))
      MemberAddress = true;
    BlockSize A = MemberAddress ? BlockSize{BlockSize::Indefinite, 0}
                                : U.getBlockSize(FromPointee);
    BlockSize B = U.getBlockSize(ToPointee);
    auto Comparable = [](const BlockSize &S) {
      return S.BlockKind == BlockSize::Definite ||
             S.BlockKind == BlockSize::Indefinite;
    };
    if (!Comparable(A) || !Comparable(B) || A == B)
      return;
    if (MemberAddress)
      reportUpc(Diags, Loc, UpcDiag::MemberAddressBlockSizeMismatch)
          << To << From->getSourceRange();
    else
      reportUpc(Diags, Loc, UpcDiag::BlockSizeMismatch)
          << FromType << To << From->getSourceRange();
  }

  /// Whether both arms of \p CO have the same pointee block size (or are not
  /// both pointers-to-shared).
  bool armsAgree(const ConditionalOperator *CO) const {
    QualType A = getSharedPointee(CO->getTrueExpr()->IgnoreParenImpCasts()->getType());
    QualType B = getSharedPointee(CO->getFalseExpr()->IgnoreParenImpCasts()->getType());
    if (A.isNull() || B.isNull() || A->isVoidType() || B->isVoidType())
      return true;
    return U.getBlockSize(A) == U.getBlockSize(B);
  }

  void checkStatements() {
    for (const ForallStatement &F : U.foralls()) {
      if (F.AffinityKind != names::AffinityExpr || !F.Affinity ||
          F.Affinity->containsErrors())
        continue;
      QualType T = F.Affinity->getType();
      if (T->isIntegerType() || isPointerToShared(T) ||
          (T->isArrayType() && isSharedType(T)))
        continue;
      reportUpc(Diags, F.Affinity->getExprLoc(), UpcDiag::ForallAffinityType)
          << T << F.Affinity->getSourceRange();
    }
    for (const SynchronizationStatement &S : U.synchronizations()) {
      if (!S.Value || S.Value->containsErrors() ||
          S.Value->getType()->isArithmeticType())
        continue;
      QualType T = S.Value->getType();
      bool Pointer =
          T->isPointerType() || T->isArrayType() || T->isFunctionType();
      reportUpc(Diags, S.Value->getExprLoc(),
                Pointer ? UpcDiag::SynchronizationValuePointer
                        : UpcDiag::SynchronizationValueType)
          << spelling(S.SyncKind) << T << S.Value->getSourceRange();
    }
    for (const UpcSizeofExpression &E : U.sizeofExpressions()) {
      // Like sizeof (C11 6.5.3.4p1), the UPC sizeof operators need a
      // complete object type: `shared void` has no size.
      if (E.OperandType->isVoidType()) {
        reportUpc(Diags, E.Expr->getBeginLoc(), UpcDiag::UpcSizeofVoid)
            << spelling(E.OperatorKind) << E.OperandType
            << E.Sizeof->getSourceRange();
        continue;
      }
      if (isSharedType(E.OperandType))
        continue;
      reportUpc(Diags, E.Expr->getBeginLoc(), UpcDiag::UpcSizeofNotShared)
          << spelling(E.OperatorKind) << E.OperandType
          << E.Sizeof->getSourceRange();
    }
  }

  void checkPragmas() {
    for (const UpcPragma &P : U.pragmas())
      if (!P.AtScopeStart && (P.PragmaKind == UpcPragma::Strict ||
                              P.PragmaKind == UpcPragma::Relaxed))
        reportUpc(Diags, P.Loc, UpcDiag::PragmaNotAtScopeStart)
            << spelling(P.PragmaKind);
  }
};

} // namespace

void checkUpcConstraints(ASTContext &Ctx, const UpcContext &U,
                         DiagnosticsEngine &Diags,
                         const std::function<bool(SourceLocation)> &IsUpcLocation) {
  ConstraintChecker(Ctx, U, Diags, IsUpcLocation).run();
}

} // namespace upc
