//===- UpcViewDumper.cpp --------------------------------------------------===//

#include "UpcViewDumper.h"
#include "upc-instrument/Semantics/UpcTypePrinter.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/Decl.h"
#include "clang/AST/Expr.h"
#include "clang/AST/Stmt.h"
#include "clang/Lex/Lexer.h"

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
      add(E.Expr->getBeginLoc(), std::string(spelling(E.OperatorKind)) +
                                     ": operand '" + type(E.OperandType) + "'");
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

  std::string type(QualType T) { return printUpcType(T, TU.AST); }

  /// The user's text of an expression.
  std::string text(const Expr *E) {
    if (!E)
      return "";
    CharSourceRange R = SM.getExpansionRange(E->getSourceRange());
    SourceLocation B = R.getBegin(), End = R.getEnd();
    FileID FID = SM.getFileID(B);
    if (FID != SM.getFileID(End))
      return "";
    unsigned EndOffset = SM.getFileOffset(End) +
                         Lexer::MeasureTokenLength(End, SM, TU.AST.getLangOpts());
    unsigned OB = TU.Sources.getOriginalOffset(FID, SM.getFileOffset(B));
    unsigned OE = TU.Sources.getOriginalOffset(FID, EndOffset);
    return TU.Sources.getOriginalText(FID).slice(OB, OE).str();
  }

  static std::string symbolic(uint64_t Factor, bool Threads) {
    if (!Threads)
      return std::to_string(Factor);
    return Factor == 1 ? "THREADS" : std::to_string(Factor) + "*THREADS";
  }

  std::string sharedVariable(const VarDecl *D) {
    QualType T = D->getType();
    QualType Element = T;
    while (const ArrayType *AT = Element->getAsArrayTypeUnsafe())
      Element = AT->getElementType();
    std::string S = "shared variable '" + D->getNameAsString() + "': " +
                    type(Element);
    SymbolicSize Total;
    if (D->getTypeSourceInfo() && T->isArrayType()) {
      auto Dims = U.getArrayDimensions(D->getTypeSourceInfo()->getTypeLoc());
      for (const ArrayDimension &Dim : Dims)
        S += "[" + (Dim.Known ? symbolic(Dim.Factor, Dim.ScalesWithThreads)
                              : std::string()) +
             "]";
      Total = UpcContext::totalElements(Dims);
    }
    S += "; block size ";
    BlockSize B = U.getBlockSize(T);
    switch (B.BlockKind) {
    case BlockSize::Definite:
      S += std::to_string(B.Elements);
      break;
    case BlockSize::Indefinite:
      S += "indefinite";
      break;
    case BlockSize::Star:
      S += Total.Known && Total.ScalesWithThreads
               ? "[*] = " + std::to_string(Total.Factor)
               : "[*] = elements/THREADS, rounded up";
      break;
    case BlockSize::Invalid:
      S += "invalid";
      break;
    }
    if (T->isArrayType())
      S += "; " +
           (Total.Known ? symbolic(Total.Factor, Total.ScalesWithThreads)
                        : std::string("unknown")) +
           " elements";
    ReferenceQualifier Declared = getUpcQualifiers(T).Reference;
    ReferenceQualifier Pragma = U.getPragmaReference(D->getLocation());
    if (Declared == ReferenceQualifier::Strict)
      S += "; strict";
    else if (Declared == ReferenceQualifier::Relaxed)
      S += "; relaxed";
    else if (Pragma == ReferenceQualifier::Strict)
      S += "; strict (pragma)";
    else if (Pragma == ReferenceQualifier::Relaxed)
      S += "; relaxed (pragma)";
    else
      S += "; relaxed (default)";
    if (D->hasExternalStorage())
      S += "; extern";
    else if (D->isStaticLocal())
      S += "; static local";
    else if (D->isFileVarDecl())
      S += "; file scope";
    return S;
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
      SourceRange R = O.Body->getSourceRange();
      if (SM.isBeforeInTranslationUnit(R.getBegin(), F.Loop->getForLoc()) &&
          SM.isBeforeInTranslationUnit(F.Loop->getForLoc(), R.getEnd()))
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
