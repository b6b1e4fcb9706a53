//===- UpcViewDumper.cpp --------------------------------------------------===//

#include "UpcViewDumper.h"
#include "upc-instrument/Semantics/SharedObjects.h"
#include "upc-instrument/Semantics/UpcTypePrinter.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/Decl.h"
#include "clang/AST/Expr.h"
#include "clang/AST/Stmt.h"

#include <algorithm>

using namespace clang;
using namespace upc;

namespace {

class Dumper {
public:
  Dumper(UpcTranslationUnit &TU, llvm::raw_ostream &OS)
      : TU(TU), U(TU.Upc), SM(TU.AST.getSourceManager()), OS(OS) {}

  void run() {
    const auto &Env = U.threadsEnvironment();
    OS << TU.Sources.getOriginalLocation(SM.getLocForStartOfFile(SM.getMainFileID()))
              .FileName
       << ": UPC translation unit, "
       << (Env.isDynamic() ? std::string("dynamic THREADS")
                           : "static THREADS = " +
                                 std::to_string(*Env.StaticThreads))
       << "\n";
    // Facts in source order.
    for (const VarDecl *D : U.sharedVariables())
      add(D->getLocation(), sharedVariable(D));
    for (const ForallStatement &F : U.foralls())
      add(F.Loop->getForLoc(), forall(F));
    for (const SynchronizationStatement &S : U.synchronizations())
      add(S.Call->getBeginLoc(), synchronization(S));
    for (const UpcSizeofExpression &E : U.sizeofExpressions())
      add(E.Expr->getBeginLoc(),
          std::string(spelling(E.OperatorKind)) + ": operand " +
              (E.Sizeof->isArgumentType()
                   ? "'" + sizeofOperand(E) + "'"
                   : "'" + text(E.Sizeof->getArgumentExpr()->IgnoreParens()) +
                         "' of type '" +
                         sizeofOperand(E) + "'"));
    for (const UpcPragma &P : U.pragmas())
      add(P.Loc, pragma(P));
    std::sort(Lines.begin(), Lines.end(), [this](const auto &A, const auto &B) {
      if (A.first != B.first)
        return SM.isBeforeInTranslationUnit(A.first, B.first);
      return A.second < B.second;
    });
    for (const auto &Line : Lines)
      OS << Line.second << "\n";
    OS << U.sharedVariables().size() << " shared variables, "
       << U.foralls().size() << " upc_forall, "
       << U.synchronizations().size() << " synchronization statements, "
       << U.sizeofExpressions().size() << " UPC sizeof operators, "
       << U.pragmas().size() << " pragmas\n";
  }

private:
  UpcTranslationUnit &TU;
  const UpcContext &U;
  const SourceManager &SM;
  llvm::raw_ostream &OS;
  std::vector<std::pair<SourceLocation, std::string>> Lines;

  void add(SourceLocation Loc, const std::string &Text) {
    OriginalLocation L = TU.Sources.getOriginalLocation(Loc);
    Lines.push_back({SM.getFileLoc(Loc),
                     L.FileName + ":" + std::to_string(L.Line) + ":" +
                         std::to_string(L.Column) + ": " + Text});
  }

  std::string type(QualType T) {
    return printUpcType(T, TU.AST, /*Desugar=*/false, &U);
  }

  /// The user's text of an expression.
  std::string text(const Expr *E) {
    return E ? TU.Sources.getOriginalText(E->getSourceRange(),
                                          TU.AST.getLangOpts())
             : std::string();
  }

  std::string sharedVariable(const VarDecl *D) {
    SharedObjectDescription O = describeSharedVariable(D, U);
    std::string S = "shared variable '" + D->getNameAsString() +
                    "': " + O.Type + "; block size " + O.BlockSize;
    if (!O.Elements.empty())
      S += "; " + O.Elements + " elements";
    S += "; " + O.Reference;
    if (O.Storage != "local")
      S += "; " + O.Storage;
    return S;
  }

  /// The operand of upc_blocksizeof and friends, with its dimensions.
  std::string sizeofOperand(const UpcSizeofExpression &E) {
    llvm::SmallVector<ArrayDimension, 4> Dims;
    TypeLoc TL;
    if (E.Sizeof->isArgumentType()) {
      TL = E.Sizeof->getArgumentTypeInfo()->getTypeLoc();
    } else if (const auto *DRE = dyn_cast<DeclRefExpr>(
                   E.Sizeof->getArgumentExpr()->IgnoreParens())) {
      if (const auto *VD = dyn_cast<VarDecl>(DRE->getDecl()))
        if (VD->getTypeSourceInfo())
          TL = VD->getTypeSourceInfo()->getTypeLoc();
    }
    return declaredObjectType(E.OperandType, TL, U, Dims);
  }

  std::string forall(const ForallStatement &F) {
    switch (F.AffinityKind) {
    case names::AffinityNone:
      return "upc_forall: no affinity (every thread runs every iteration)";
    case names::AffinityContinue:
      return "upc_forall: affinity continue (every thread runs every "
             "iteration)";
    case names::AffinityExpr:
      break;
    }
    std::string Kind =
        isPointerToShared(F.Affinity->getType()) || F.Affinity->getType()->isArrayType()
            ? "pointer-to-shared"
            : "integer";
    std::string S = "upc_forall: affinity " + Kind + " '" + text(F.Affinity) + "'";
    if (const ForallStatement *Outer = enclosingForall(F))
      S += "; nested in the upc_forall at line " +
           std::to_string(TU.Sources.getOriginalLocation(Outer->Loop->getForLoc()).Line);
    return S;
  }

  const ForallStatement *enclosingForall(const ForallStatement &F) {
    for (const ForallStatement &O : U.foralls()) {
      if (&O == &F)
        continue;
      // The body may start with the inner loop itself.
      SourceLocation Inner = SM.getFileLoc(F.Loop->getForLoc());
      SourceLocation B = SM.getFileLoc(O.Body->getBeginLoc());
      SourceLocation E = SM.getFileLoc(O.Body->getEndLoc());
      if (!SM.isBeforeInTranslationUnit(Inner, B) &&
          !SM.isBeforeInTranslationUnit(E, Inner))
        return &O;
    }
    return nullptr;
  }

  std::string synchronization(const SynchronizationStatement &S) {
    std::string Out(spelling(S.SyncKind));
    if (S.SyncKind == SynchronizationStatement::Fence)
      return Out;
    return Out + (S.Value ? ": value '" + text(S.Value) + "'" : ": anonymous");
  }

  std::string pragma(const UpcPragma &P) {
    std::string S = "#pragma " + std::string(spelling(P.PragmaKind)) + ": ";
    if (!P.Scope)
      return S + "rest of the translation unit";
    OriginalLocation L = TU.Sources.getOriginalLocation(P.Scope->getLBracLoc());
    return S + "rest of the block opened at line " + std::to_string(L.Line);
  }
};

} // namespace

void dumpUpcView(UpcTranslationUnit &TU, llvm::raw_ostream &OS) {
  Dumper(TU, OS).run();
}
