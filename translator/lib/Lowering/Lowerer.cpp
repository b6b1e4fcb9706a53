//===- Lowerer.cpp - Traversal and text placement -------------------------===//

#include "LoweringInternal.h"
#include "upc-instrument/Semantics/UpcDiagnostics.h"

#include "clang/AST/PrettyPrinter.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/xxhash.h"
#include "clang/Frontend/CompilerInstance.h"
#include "clang/Lex/Lexer.h"
#include "llvm/Support/raw_ostream.h"

using namespace clang;

namespace upc {

LoweredFile *LoweredUnit::find(FileID FID) {
  for (LoweredFile &F : Files)
    if (F.File == FID)
      return &F;
  return nullptr;
}

const LoweredFile *LoweredUnit::find(FileID FID) const {
  return const_cast<LoweredUnit *>(this)->find(FID);
}

namespace lowering {

Lowerer::Lowerer(UpcTranslationUnit &TU, const LoweringOptions &Opts,
                 LoweredUnit &Out)
    : TU(TU), Ctx(TU.AST), Upc(TU.Upc), Sources(TU.Sources),
      SM(TU.AST.getSourceManager()), Opts(Opts), Out(Out),
      Calls(Opts.Calls ? *Opts.Calls : DefaultCalls),
      Types(TU.AST, TU.Upc, TU.Sources,
            [this](const TypedefNameDecl *D) {
              // A typedef the output still defines with the same meaning:
              // plain C, or one of the translated files (whose typedefs of
              // UPC types are rewritten to their C types).
              if (!Types.involvesUpc(D->getUnderlyingType()))
                return true;
              SourceLocation Loc = SM.getExpansionLoc(D->getLocation());
              return isEmittedFile(SM.getFileID(Loc));
            }) {}

void Lowerer::error(SourceLocation Loc, const llvm::Twine &Message) {
  Failed = true;
  DiagnosticsEngine &Diags = TU.Compiler.getDiagnostics();
  reportUpc(Diags, Loc, UpcDiag::CannotTranslate) << Message.str();
}

void Lowerer::macroUseError(SourceLocation Loc, const llvm::Twine &Message) {
  SourceLocation Use = SM.getExpansionRange(Loc).getBegin();
  if (!Opts.DeferMacroUses || !SM.isInMainFile(Use))
    return error(Loc, Message);
  OriginalLocation O = Sources.getOriginalLocation(Use);
  Out.MacroUses.emplace_back(O.Line, O.Column);
  DeferredErrors.emplace_back(Loc, Message.str());
}

SourcePosition Lowerer::positionOf(SourceLocation Loc) const {
  SourcePosition P;
  OriginalLocation O = Sources.getOriginalLocation(Loc);
  P.File = O.FileName;
  P.Line = O.Line;
  P.Column = O.Column;
  P.Loc = Loc;
  return P;
}

bool Lowerer::isEmittedFile(FileID FID) const {
  if (FID.isInvalid() || !Sources.getDesugared(FID))
    return false;
  // The UPC headers of the language (upc.h...) are system headers; the C
  // compile step has their C versions.
  return !SM.isInSystemHeader(SM.getLocForStartOfFile(FID));
}

SourceEdits *Lowerer::editsFor(FileID FID) {
  if (LoweredFile *F = Out.find(FID))
    return F->Edits.get();
  if (!isEmittedFile(FID))
    return nullptr;
  LoweredFile F;
  F.File = FID;
  F.IsMainFile = FID == SM.getMainFileID();
  SourceLocation Start = SM.getLocForStartOfFile(FID);
  PresumedLoc P = SM.getPresumedLoc(Start, /*UseLineDirectives=*/false);
  F.PresumedName = P.isValid() ? P.getFilename() : "";
  if (OptionalFileEntryRef FE = SM.getFileEntryRefForID(FID))
    F.Path = FE->getName().str();
  F.Edits = std::make_unique<SourceEdits>(
      Sources.getOriginalText(FID),
      Opts.LineDirectives ? F.PresumedName : std::string());
  if (F.IsMainFile)
    Out.Files.insert(Out.Files.begin(), std::move(F));
  else
    Out.Files.push_back(std::move(F));
  return Out.find(FID)->Edits.get();
}

std::optional<FileRange> Lowerer::fileRange(SourceRange R) const {
  SourceLocation B = R.getBegin(), E = R.getEnd();
  if (B.isInvalid() || E.isInvalid())
    return std::nullopt;
  const LangOptions &LO = Ctx.getLangOpts();
  // A node in a macro is placeable only as exactly one (outermost) macro use.
  while (B.isMacroID()) {
    SourceLocation MacroBegin;
    if (!Lexer::isAtStartOfMacroExpansion(B, SM, LO, &MacroBegin))
      return std::nullopt;
    B = MacroBegin;
  }
  while (E.isMacroID()) {
    SourceLocation MacroEnd;
    if (!Lexer::isAtEndOfMacroExpansion(E, SM, LO, &MacroEnd))
      return std::nullopt;
    E = MacroEnd;
  }
  FileID FID = SM.getFileID(B);
  if (FID != SM.getFileID(E) || !isEmittedFile(FID))
    return std::nullopt;
  unsigned Begin = SM.getFileOffset(B);
  unsigned End = SM.getFileOffset(E) + Lexer::MeasureTokenLength(E, SM, LO);
  if (End < Begin)
    return std::nullopt;
  FileRange Result;
  Result.File = FID;
  Result.Begin = Sources.getOriginalOffset(FID, Begin);
  Result.End = Sources.getOriginalOffset(FID, End);
  if (Result.End < Result.Begin)
    return std::nullopt;
  return Result;
}

std::optional<unsigned> Lowerer::statementEnd(const Stmt *S) const {
  const LangOptions &LO = Ctx.getLangOpts();
  SourceLocation E = S->getEndLoc();
  while (E.isMacroID()) {
    SourceLocation MacroEnd;
    if (!Lexer::isAtEndOfMacroExpansion(E, SM, LO, &MacroEnd))
      return std::nullopt;
    E = MacroEnd;
  }
  Token Tok;
  if (Lexer::getRawToken(E, Tok, SM, LO, /*IgnoreWhiteSpace=*/true))
    return std::nullopt;
  SourceLocation After;
  if (Tok.is(tok::semi) || Tok.is(tok::r_brace)) {
    After = Tok.getEndLoc();
  } else {
    std::optional<Token> Next = Lexer::findNextToken(E, SM, LO);
    if (!Next || !Next->is(tok::semi))
      return std::nullopt;
    After = Next->getEndLoc();
  }
  FileID FID = SM.getFileID(After);
  return Sources.getOriginalOffset(FID, SM.getFileOffset(After));
}

void Lowerer::nameUnnamedRecords() {
  struct Finder : RecursiveASTVisitor<Finder> {
    std::vector<RecordDecl *> Found;
    bool VisitRecordDecl(RecordDecl *RD) {
      if (RD->isThisDeclarationADefinition() && !RD->getIdentifier() &&
          !RD->getTypedefNameForAnonDecl() && !RD->isAnonymousStructOrUnion())
        Found.push_back(RD);
      return true;
    }
  } F;
  F.TraverseDecl(Ctx.getTranslationUnitDecl());
  for (RecordDecl *RD : F.Found) {
    SourceLocation Keyword = RD->getBeginLoc();
    std::optional<FileRange> R = fileRange(SourceRange(Keyword, Keyword));
    if (!R || !Keyword.isFileID())
      continue; // written by a macro: left unnamed
    // The same tag wherever the definition is included: its file, line and
    // column.
    SourcePosition P = positionOf(Keyword);
    std::string Tag = "upcr_anon_" + std::to_string(P.Line) + "_" +
                      std::to_string(P.Column) + "_" +
                      llvm::utohexstr(llvm::xxh3_64bits(P.File) & 0xffffff);
    editsFor(R->File)->insertAfterPreceding(R->End, " " + Tag);
    Types.nameRecord(RD, std::move(Tag));
  }
}

void Lowerer::placeProbes() {
  // Where each probe's block opens and closes, checked before any is
  // placed. Probes are placed innermost first: at one offset a later
  // opening is the outer one and an earlier closing the inner one
  // (SourceEdits::getText), so nested regions that share an end nest.
  struct Site {
    const ProbePlacement *P;
    clang::FileID File;
    unsigned Begin, End;
    bool Body;
  };
  std::vector<Site> Sites;
  for (const ProbePlacement &P : Opts.Probes) {
    auto Fail = [&](SourceLocation Loc) {
      if (!P.Dormant)
        error(Loc, "cannot place the probe '" + P.Id +
                       "': its region is written through a macro or inside "
                       "a statement the translation rewrites");
    };
    if (!P.First) {
      // The whole body: from its '{' to its '}'.
      SourceLocation Brace = cast<CompoundStmt>(P.Function->getBody())
                                 ->getLBracLoc();
      std::optional<FileRange> R = fileRange(SourceRange(Brace, Brace));
      if (!R || !Brace.isFileID() ||
          editsFor(R->File)->isInsideReplacement(R->Begin + 1)) {
        Fail(Brace);
        continue;
      }
      Sites.push_back({&P, R->File, R->Begin + 1, R->Begin + 1, true});
      continue;
    }
    std::optional<FileRange> B = fileRange(P.First), E = fileRange(P.Last);
    std::optional<unsigned> End = statementEnd(P.Last);
    if (!B || !E || !End || B->File != E->File ||
        !P.First->getBeginLoc().isFileID() ||
        editsFor(B->File)->isInsideReplacement(B->Begin) ||
        editsFor(B->File)->isInsideReplacement(*End)) {
      Fail(P.First->getBeginLoc());
      continue;
    }
    Sites.push_back({&P, B->File, B->Begin, *End, false});
  }
  // The definitions in the requests' order; the edits innermost first.
  for (const Site &S : Sites)
    Out.ProbeDefinitions.push_back(
        spellCall(S.P->Dormant ? runtime::MirSiteDefine
                               : runtime::MirProbeDefine,
                  {S.P->Variable, S.P->DefinitionArguments}) + ";");
  std::stable_sort(Sites.begin(), Sites.end(),
                   [](const Site &A, const Site &B) {
                     return A.End - A.Begin < B.End - B.Begin;
                   });
  for (const Site &S : Sites) {
    const ProbePlacement &P = *S.P;
    std::string Start = spellCall(runtime::MirRegion, {P.Variable}) + ";";
    if (S.Body) {
      editsFor(S.File)->insertAfterPreceding(S.Begin, " " + Start);
      continue;
    }
    editsFor(S.File)->insertBeforeFollowing(S.Begin, "{ " + Start + " ");
    editsFor(S.File)->insertAfterPreceding(S.End, " }");
  }
  if (!Opts.EmbeddedSir.empty())
    Out.ProbeDefinitions.push_back(
        spellCall(runtime::MirSirDefine, {CTypes::quote(Opts.EmbeddedSir)}) +
        ";");
}

void Lowerer::setLowered(const Stmt *S, std::string Text) {
  if (std::optional<FileRange> R = fileRange(S)) {
    if (!editsFor(R->File)->replace(R->Begin, R->End, Text))
      error(S->getBeginLoc(), "internal error: overlapping translations");
    Unplaced.erase(S);
  } else {
    Unplaced.insert(S);
  }
  Lowered[S] = std::move(Text);
}

const std::string *Lowerer::loweredText(const Stmt *S) const {
  if (auto It = Lowered.find(S); It != Lowered.end())
    return &It->second;
  if (auto It = PrintAs.find(S); It != PrintAs.end())
    return &It->second;
  return nullptr;
}

bool Lowerer::hasTranslatedPart(const Stmt *S) const {
  if (!S)
    return false;
  if (Lowered.count(S) || PrintAs.count(S) || Unplaced.count(S))
    return true;
  if (const auto *E = dyn_cast<Expr>(S); E && LValues.count(E))
    return true;
  return llvm::any_of(S->children(), [this](const Stmt *Child) {
    return hasTranslatedPart(Child);
  });
}

std::string Lowerer::textOf(const Stmt *S) {
  if (auto It = Lowered.find(S); It != Lowered.end())
    return It->second;
  if (const auto *E = dyn_cast<Expr>(S); E && LValues.count(E)) {
    error(S->getBeginLoc(),
          "internal error: shared lvalue used where no translation handles it");
    return "0";
  }
  if (std::optional<FileRange> R = fileRange(S)) {
    if (const LoweredFile *F = Out.find(R->File))
      return F->Edits->getText(R->Begin, R->End);
    return Sources.getOriginalText(R->File).slice(R->Begin, R->End).str();
  }
  return print(S);
}

namespace {
class LoweringPrinterHelper : public PrinterHelper {
public:
  LoweringPrinterHelper(const Lowerer &L, const Stmt *Root)
      : L(L), Root(Root) {}
  bool handledStmt(Stmt *S, raw_ostream &OS) override {
    if (const std::string *Text = L.loweredText(S)) {
      OS << *Text;
      return true;
    }
    // Clang prints a declaration's initializer without this helper: a
    // declaration statement in the file is its text there, translated.
    if (const auto *DS = dyn_cast<DeclStmt>(S); DS && S != Root)
      if (std::optional<std::string> Text = L.placedDeclStmtText(DS)) {
        OS << *Text;
        return true;
      }
    // A macro argument turned into a string (#x) was desugared first: give
    // UPC's words back (assert messages print these strings).
    if (const auto *SL = dyn_cast<StringLiteral>(S);
        SL && SL->isOrdinary() && SL->getString().contains("__upc_")) {
      std::string Text = SL->getString().str();
      // Constructs around an operand: `shared [N]` and the dimensions of a
      // size operand (names::ArrayDimension) give back their operand.
      static const std::pair<const char *, const char *> Wrappers[] = {
          {"__upc_shared_block", "shared ["},
          {"__upc_array_dimension", ""}};
      for (const auto &[Internal, Word] : Wrappers)
        for (size_t I = Text.find(Internal); I != std::string::npos;
             I = Text.find(Internal, I)) {
          size_t Open = Text.find_first_not_of(' ', I + strlen(Internal));
          size_t Close = Open;
          for (int Depth = 0; Close < Text.size(); ++Close)
            if (Text[Close] == '(')
              ++Depth;
            else if (Text[Close] == ')' && --Depth == 0)
              break;
          if (Open == std::string::npos || Text[Open] != '(' ||
              Close >= Text.size()) {
            I += strlen(Internal);
            continue;
          }
          bool Layout = *Word != 0;
          Text.replace(I, Close + 1 - I,
                       Word + Text.substr(Open + 1, Close - Open - 1) +
                           (Layout ? "]" : ""));
        }
      static const std::pair<const char *, const char *> Words[] = {
          {"__upc_shared_indefinite", "shared []"},
          {"__upc_shared_star", "shared [*]"},
          {"__upc_shared", "shared"},
          {"__upc_strict", "strict"},
          {"__upc_relaxed", "relaxed"},
          {"__upc_MYTHREAD", "MYTHREAD"},
          {"__upc_THREADS", "THREADS"},
          {"__upc_MAX_BLOCK_SIZE", "UPC_MAX_BLOCK_SIZE"}};
      for (const auto &[Internal, Word] : Words)
        for (size_t I = Text.find(Internal); I != std::string::npos;
             I = Text.find(Internal, I))
          Text.replace(I, strlen(Internal), Word);
      OS << CTypes::quote(Text);
      return true;
    }
    return false;
  }

private:
  const Lowerer &L;
  const Stmt *Root;
};
} // namespace

std::string Lowerer::print(const Stmt *S) {
  std::string Text;
  llvm::raw_string_ostream OS(Text);
  PrintingPolicy Policy = Ctx.getPrintingPolicy();
  Policy.SuppressTagKeyword = false;
  LoweringPrinterHelper Helper(*this, S);
  // The root itself is printed, not substituted.
  auto It = Lowered.find(S);
  std::string Saved;
  bool HadText = It != Lowered.end();
  if (HadText) {
    Saved = std::move(It->second);
    Lowered.erase(It);
  }
  S->printPretty(OS, &Helper, Policy, 0, " ", &Ctx);
  if (HadText)
    Lowered[S] = std::move(Saved);
  return Text;
}

void Lowerer::traverse(Stmt *S) {
  if (!S)
    return;
  if (auto *DS = dyn_cast<DeclStmt>(S)) {
    lowerDeclStmt(DS);
    finishNode(S);
    return;
  }
  if (auto *For = dyn_cast<ForStmt>(S)) {
    if (const ForallStatement *F = Upc.findForall(For)) {
      // A upc_forall with an affinity controls the foralls in its body: they
      // run every iteration (UPC 1.3, 6.6.2). `continue` controls nothing.
      bool Controls = F->AffinityKind == names::AffinityExpr;
      std::optional<ForallPlan> Plan;
      if (ForallDepth == 0 && !Localizing && !Failed)
        Plan = planForall(For, *F);
      traverse(For->getInit());
      traverse(For->getCond());
      traverse(For->getInc());
      ForallDepth += Controls;
      if (Plan) {
        ForallPlan &P = ForallPlans[For] = std::move(*Plan);
        traverseLocalizedBody(For, P);
      } else {
        traverse(For->getBody());
      }
      ForallDepth -= Controls;
      lowerNode(S);
      instrumentForall(For);
      finishNode(S);
      return;
    }
  }
  for (Stmt *Child : S->children())
    traverse(Child);
  lowerNode(S);
  finishNode(S);
}

void Lowerer::finishNode(Stmt *S) {
  if (Lowered.count(S))
    return;
  if (const auto *E = dyn_cast<Expr>(S); E && LValues.count(E))
    return;
  bool ChildUnplaced = false;
  for (Stmt *Child : S->children())
    if (Child && Unplaced.count(Child))
      ChildUnplaced = true;
  if (auto *DS = dyn_cast<DeclStmt>(S))
    (void)DS; // declarations place their own text
  if (!ChildUnplaced)
    return;
  // A translated node inside a macro: print the smallest placeable node
  // around it.
  if (fileRange(S))
    setLowered(S, print(S));
  else
    Unplaced.insert(S);
}

void Lowerer::lowerNode(Stmt *S) {
  if (auto *E = dyn_cast<Expr>(S)) {
    lowerExpr(E);
    return;
  }
  if (auto *For = dyn_cast<ForStmt>(S)) {
    if (const ForallStatement *F = Upc.findForall(For)) {
      lowerForall(For, *F);
      return;
    }
    if (For->getCond())
      truthValue(For->getCond());
    return;
  }
  if (auto *If = dyn_cast<IfStmt>(S)) {
    truthValue(If->getCond());
    return;
  }
  if (auto *While = dyn_cast<WhileStmt>(S)) {
    truthValue(While->getCond());
    return;
  }
  if (auto *Do = dyn_cast<DoStmt>(S)) {
    truthValue(Do->getCond());
    return;
  }
  if (auto *Return = dyn_cast<ReturnStmt>(S)) {
    lowerReturn(Return);
    return;
  }
}

bool Lowerer::run() {
  Out.Instrumented = Calls.isInstrumenting();
  Out.GaspGated = Opts.GaspGated;
  commentOutPragmas();
  nameUnnamedRecords();
  lowerTopLevelDecls();
  placeProbes();
  if (Opts.ListProcessWideData)
    listProcessWideData();
  // The main file is always emitted, edited or not.
  editsFor(SM.getMainFileID());
  // Another error: the deferred ones are errors too (no second translation).
  if (Failed) {
    Out.MacroUses.clear();
    for (const auto &[Loc, Message] : DeferredErrors)
      error(Loc, Message);
  }
  return !Failed && DeferredErrors.empty();
}

} // namespace lowering

bool lowerTranslationUnit(UpcTranslationUnit &TU, const LoweringOptions &Opts,
                          LoweredUnit &Out) {
  lowering::Lowerer L(TU, Opts, Out);
  return L.run();
}

} // namespace upc
