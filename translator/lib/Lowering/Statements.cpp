//===- Statements.cpp - UPC statements, operators and library calls -------===//

#include "LoweringInternal.h"
#include "upc-instrument/Semantics/UpcTypes.h"

#include "clang/Basic/Builtins.h"
#include "clang/Lex/Lexer.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringSwitch.h"

using namespace clang;

namespace upc {
namespace lowering {

const Expr *markerArgument(const CallExpr *Call, unsigned I) {
  if (Call->getNumArgs() <= I)
    return nullptr;
  const Expr *E = Call->getArg(I);
  while (const auto *ICE = dyn_cast<ImplicitCastExpr>(E)) {
    CastKind K = ICE->getCastKind();
    if (K != CK_IntegralCast && K != CK_FloatingCast &&
        K != CK_IntegralToFloating)
      break;
    E = ICE->getSubExpr();
  }
  return E;
}

namespace {

std::string stripTrailingSemicolon(std::string S) {
  while (!S.empty() && (S.back() == ' ' || S.back() == ';'))
    S.pop_back();
  return S;
}

} // namespace

const CallExpr *forallMarker(const ForStmt *S) {
  const auto *If = cast<IfStmt>(S->getBody());
  const auto *Not = cast<UnaryOperator>(If->getCond()->IgnoreImpCasts());
  return cast<CallExpr>(Not->getSubExpr()->IgnoreImpCasts());
}

std::string Lowerer::forallScopeOpen() {
  return "{ " + runtime::ForallScope.str() + "; ";
}

std::string Lowerer::forallMineTest(const std::string &Test) {
  return "if (!" + spellCall(runtime::ForallMine, {Test}) + ") ; else";
}

std::string Lowerer::affinityTest(const ForStmt *S, const ForallStatement &F) {
  std::string Test;
  const CallExpr *Marker = forallMarker(S);
  if (F.AffinityKind == names::AffinityExpr) {
    const Expr *Affinity = markerArgument(Marker, 1);
    std::string Text = textOf(Affinity);
    QualType T = Affinity->getType();
    if (isPointerToShared(T)) {
      Test = spellCall((runtime::ForallAffinity +
                        CTypes::suffix(pointeeOf(Affinity).representation()))
                           .str(),
                       {Text});
    } else if (T->isUnsignedIntegerType()) {
      Test = spellCall(runtime::ForallAffinityUnsigned, {Text});
    } else {
      Test = spellCall(runtime::ForallAffinityInt, {Text});
    }
  }
  return Test;
}

void Lowerer::lowerForall(ForStmt *S, const ForallStatement &F) {
  if (auto It = ForallPlans.find(S); It != ForallPlans.end())
    return lowerLocalizedForall(S, F, It->second);
  // In the body of a upc_forall with an affinity (lexically, or
  // dynamically: upcr_forall_active), every iteration runs and the affinity
  // is not evaluated (UPC 1.3, 6.6.2). A forall without an affinity (or with
  // `continue`) is a plain loop that leaves the control to the foralls in it.
  bool Nested = ForallDepth > 0;
  const CallExpr *Marker = forallMarker(S);
  std::string Test = Nested ? "" : affinityTest(S, F);
  bool Scope = !Nested && !Test.empty();
  std::string Head = Scope ? forallScopeOpen() + "for" : "for";
  std::string Tail = Test.empty() ? ")" : ") " + forallMineTest(Test);

  // upc_forall (A; B; C; D) S: edit the keyword, the clause after the third
  // ';', and close the scope after S, keeping A, B, C and S as they are.
  std::optional<FileRange> Keyword =
      fileRange(SourceRange(S->getForLoc(), S->getForLoc()));
  std::optional<FileRange> Semi =
      fileRange(SourceRange(S->getRParenLoc(), S->getRParenLoc()));
  std::optional<FileRange> Close =
      fileRange(SourceRange(Marker->getRParenLoc(), Marker->getRParenLoc()));
  std::optional<unsigned> BodyEnd = statementEnd(F.Body);
  bool InPlace = Keyword && Semi && Close && BodyEnd &&
                 S->getForLoc().isFileID() && Keyword->File == Semi->File &&
                 Semi->File == Close->File;
  if (InPlace) {
    llvm::StringRef Text = Sources.getOriginalText(Keyword->File);
    InPlace = Text.substr(Keyword->Begin).starts_with("upc_forall") &&
              Text.substr(Semi->Begin).starts_with(";") &&
              Text.substr(Close->Begin).starts_with(")");
  }
  if (InPlace) {
    SourceEdits *Edits = editsFor(Keyword->File);
    bool OK = Edits->replace(Keyword->Begin,
                             Keyword->Begin + strlen("upc_forall"), Head);
    OK &= Edits->replace(Semi->Begin, Close->Begin + 1, Tail);
    if (Scope)
      Edits->insertAfterPreceding(*BodyEnd, " }");
    if (!OK)
      error(S->getForLoc(), "internal error: overlapping translations");
    return;
  }
  // In a macro: the whole statement, printed.
  std::string Init = S->getInit() ? stripTrailingSemicolon(textOf(S->getInit()))
                                   : "";
  std::string Body = textOf(F.Body);
  if (isa<Expr>(F.Body))
    Body += ";"; // an expression statement's ';' is not part of it
  std::string Text = Head + " (" + Init + "; " +
                     (S->getCond() ? textOf(S->getCond()) : "") + "; " +
                     (S->getInc() ? textOf(S->getInc()) : "") + Tail + " " +
                     Body + (Scope ? " }" : "");
  setLowered(S, Text);
}

void Lowerer::instrumentForall(ForStmt *S) {
  std::string Entry = Calls.forallEntry(positionOf(S->getForLoc()));
  if (Entry.empty())
    return;
  // A block around the statement, whose end raises the END event however
  // the loop is left.
  std::string Open = "{ " + Entry + " ", Close = " }";
  if (auto It = Lowered.find(S); It != Lowered.end()) {
    setLowered(S, Open + It->second + Close);
    return;
  }
  std::optional<FileRange> R = fileRange(S);
  std::optional<unsigned> End = statementEnd(S);
  if (!R || !End) {
    error(S->getForLoc(), "cannot instrument this upc_forall");
    return;
  }
  SourceEdits *Edits = editsFor(R->File);
  Edits->insertBeforeFollowing(R->Begin, Open);
  Edits->insertAfterPreceding(*End, Close);
}

bool Lowerer::lowerUserEventCall(CallExpr *E, const FunctionDecl *FD) {
  using Kind = RuntimeCalls::UserEventKind;
  std::optional<Kind> K =
      llvm::StringSwitch<std::optional<Kind>>(FD->getName())
          .Case("pupc_event_start", Kind::Start)
          .Case("pupc_event_end", Kind::End)
          .Case("pupc_event_stop", Kind::End) // PUPC proposal 1.1 spelling
          .Case("pupc_event_atomic", Kind::Atomic)
          .Default(std::nullopt);
  bool Create = FD->getName() == "pupc_create_event";
  // Only the functions of pupc.h.
  if ((!K && !Create) || E->getNumArgs() == 0 ||
      !SM.isInSystemHeader(SM.getExpansionLoc(FD->getLocation())))
    return false;
  std::vector<std::string> Args;
  for (const Expr *A : E->arguments())
    Args.push_back(textOf(A));
  SourcePosition Pos = positionOf(E->getBeginLoc());
  std::string Text =
      Create ? Calls.createUserEvent(Args, Pos) : Calls.userEvent(*K, Args, Pos);
  if (!Text.empty())
    setLowered(E, Text);
  return true;
}

bool Lowerer::lowerCMemoryCall(CallExpr *E, const FunctionDecl *FD) {
  unsigned Builtin = FD->getBuiltinID();
  bool IsCMemory = Builtin == Builtin::BImalloc ||
                   Builtin == Builtin::BIrealloc || Builtin == Builtin::BIfree;
  if (!IsCMemory)
    return false;
  std::vector<std::string> Args;
  for (const Expr *A : E->arguments())
    Args.push_back(textOf(A));
  std::string Text = Calls.cMemoryCall(FD->getName(), Args,
                                       positionOf(E->getBeginLoc()));
  if (Text.empty())
    return false;
  setLowered(E, Text);
  return true;
}

void Lowerer::lowerSynchronization(CallExpr *E,
                                   const SynchronizationStatement &Sync) {
  SyncKind Kind = Sync.SyncKind == SynchronizationStatement::Barrier
                      ? SyncKind::Barrier
                  : Sync.SyncKind == SynchronizationStatement::Notify
                      ? SyncKind::Notify
                  : Sync.SyncKind == SynchronizationStatement::Wait
                      ? SyncKind::Wait
                      : SyncKind::Fence;
  std::optional<std::string> Value;
  if (const Expr *V = markerArgument(E, 1)) {
    // Arithmetic values convert to the runtime's int parameter; the others
    // the checks let through are pointers (a warning), converted here.
    QualType T = V->getType();
    if (T->isArithmeticType())
      Value = textOf(V);
    else if (isPointerToShared(T))
      Value = "(int)" + sharedToInteger(V);
    else
      Value = "(int)(__INTPTR_TYPE__)(" + textOf(V) + ")";
  }
  setLowered(E, Calls.synchronization(Kind, Value, positionOf(E->getBeginLoc())));
}

void Lowerer::lowerUpcSizeof(CStyleCastExpr *E, const UpcSizeofExpression &U) {
  QualType Operand = U.OperandType;
  if (Operand.isNull() || !isSharedType(Operand)) {
    error(E->getExprLoc(), "operand of a UPC sizeof operator is not shared");
    return;
  }
  SharedPointee Object = Types.object(Operand, U.OperandLoc);
  // `*&s.m`, `*&p->m`: an object reached through the address of a member of
  // a shared structure is indefinitely blocked (UPC 1.3, 6.4.4), whatever
  // its type says.
  if (Upc.getUpcSizeofBlockSize(U).BlockKind == BlockSize::Indefinite) {
    Object.Block = SharedPointee::Indefinite;
    Object.BlockElements.clear();
  }
  std::string ElementSize = "sizeof(" + Object.ElementType + ")";
  std::string Value;
  switch (U.OperatorKind) {
  case UpcSizeofExpression::ElemSizeof:
    Value = ElementSize;
    break;
  case UpcSizeofExpression::BlockSizeof:
    Value = Object.Block == SharedPointee::Indefinite ? "0"
            : Object.Block == SharedPointee::One      ? "1"
                                                      : Object.BlockElements;
    break;
  case UpcSizeofExpression::LocalSizeof: {
    SymbolicSize Total;
    if (!U.OperandLoc.isNull())
      Total = UpcContext::totalElements(Upc.getArrayDimensions(U.OperandLoc));
    if (U.OperandLoc.isNull() || !Total.Known) {
      Total = SymbolicSize();
      std::string Count = Types.elementCount(Operand);
      uint64_t N = 1;
      if (llvm::StringRef(Count).getAsInteger(10, N)) {
        error(E->getExprLoc(), "cannot determine the size of this operand");
        return;
      }
      Total.Factor = N;
    }
    std::string Elements = std::to_string(Total.Factor);
    if (Total.ScalesWithThreads)
      Elements = "(" + Elements + " * THREADS)";
    if (Object.Block == SharedPointee::Indefinite) {
      Value = Elements + " * " + ElementSize;
      break;
    }
    std::string Block =
        Object.Block == SharedPointee::One ? "1" : Object.BlockElements;
    Value = spellCall(runtime::LocalSizeof, {Elements, Block, ElementSize});
    break;
  }
  }
  setLowered(E, "((size_t)(" + Value + "))");
}

void Lowerer::lowerLibraryCall(CallExpr *E, const LibraryFunction &F) {
  std::vector<std::string> Args;
  for (const Expr *A : E->arguments())
    Args.push_back(textOf(A));
  switch (F.Lowering) {
  case LibraryLowering::Plain:
    return; // the C function itself: no pointer-to-shared, no position
  case LibraryLowering::Inline:
    setLowered(E, F.Runtime.str() + "(" + llvm::join(Args, ", ") + ")");
    return;
  case LibraryLowering::Runtime:
    setLowered(E, Calls.libraryCall(F, Args, positionOf(E->getBeginLoc())));
    return;
  case LibraryLowering::Custom:
    break;
  }
  // upc_local_alloc(n, b) (UPC 1.1) is upc_alloc(n * b).
  assert(F.Name == "upc_local_alloc" && "a custom lowering without code");
  const LibraryFunction *Alloc = findLibraryFunction("upc_alloc");
  setLowered(E, Calls.libraryCall(
                    *Alloc,
                    {"(size_t)(" + Args[0] + ") * (size_t)(" + Args[1] + ")"},
                    positionOf(E->getBeginLoc())));
}

void Lowerer::lowerReturn(ReturnStmt *S) {
  if (!S->getRetValue() || !CurrentFunction)
    return;
  convertInPlace(S->getRetValue(), CurrentFunction->getReturnType());
  if (CurrentFunction->isMain()) {
    // Where the program's collective exit comes from (GASP).
    std::string Value = Calls.mainReturnValue(textOf(S->getRetValue()),
                                              positionOf(S->getBeginLoc()));
    if (!Value.empty())
      replaceText(S->getRetValue(), Value);
  }
}

void Lowerer::commentOutPragmas() {
  std::vector<SourceLocation> Locations;
  for (const UpcPragma &P : Upc.pragmas())
    Locations.push_back(P.Loc);
  for (const CodeLanguagePragma &P : Upc.codeLanguagePragmas())
    Locations.push_back(P.Loc);
  for (SourceLocation Loc : Locations) {
    if (Loc.isInvalid() || Loc.isMacroID())
      continue;
    FileID FID = SM.getFileID(Loc);
    if (!isEmittedFile(FID))
      continue;
    unsigned Offset = Sources.getOriginalOffset(FID, SM.getFileOffset(Loc));
    llvm::StringRef Text = Sources.getOriginalText(FID);
    size_t Begin = Text.substr(0, Offset).rfind('\n');
    Begin = Begin == llvm::StringRef::npos ? 0 : Begin + 1;
    size_t End = Text.find('\n', Offset);
    if (End == llvm::StringRef::npos)
      End = Text.size();
    if (End > Begin && Text[End - 1] == '\r')
      --End;
    llvm::StringRef Line = Text.slice(Begin, End);
    if (!Line.ltrim().starts_with("#") || Line.ends_with("\\"))
      continue; // _Pragma, or continued: C compilers ignore unknown pragmas
    std::string Comment = Line.trim().str();
    for (size_t I = Comment.find("*/"); I != std::string::npos;
         I = Comment.find("*/", I))
      Comment.replace(I, 2, "* /");
    editsFor(FID)->replace(Begin, End,
                           "/* " + Comment + " (applied by upc-instrument) */");
  }
}

} // namespace lowering
} // namespace upc
