//===- PreprocessorHooks.cpp ----------------------------------------------===//

#include "PreprocessorHooks.h"
#include "upc-instrument/Desugar/InternalNames.h"
#include "upc-instrument/Semantics/UpcDiagnostics.h"
#include "upc-instrument/Support/OwnCode.h"

#include "clang/AST/Decl.h"
#include "clang/Lex/MacroArgs.h"
#include "clang/Lex/Preprocessor.h"
#include "llvm/ADT/StringExtras.h"

using namespace clang;

namespace upc {
namespace {

Token makeToken(tok::TokenKind Kind, SourceLocation Loc) {
  Token T;
  T.startToken();
  T.setKind(Kind);
  T.setLocation(Loc);
  T.setLength(0);
  return T;
}

} // namespace

void BlockSizeExpressions::record(Occurrence O) {
  ByNumber[O.Number] = Occurrences.size();
  Occurrences.push_back(std::move(O));
}

const BlockSizeExpressions::Occurrence *
BlockSizeExpressions::find(unsigned Number) const {
  auto It = ByNumber.find(Number);
  return It == ByNumber.end() ? nullptr : &Occurrences[It->second];
}

std::vector<Token>
BlockSizeExpressions::evaluationTokens(Preprocessor &PP,
                                       SourceLocation Loc) const {
  std::vector<Token> Out;
  for (const Occurrence &O : Occurrences) {
    if (O.UsesThreads || O.NotAnExpression)
      continue;
    if (Out.empty()) {
      Out.push_back(makeToken(tok::kw_enum, Loc));
      Out.push_back(makeToken(tok::l_brace, Loc));
    }
    Token Name = makeToken(tok::identifier, Loc);
    Name.setIdentifierInfo(PP.getIdentifierInfo(
        (names::BlockSizeConstantPrefix + llvm::Twine(O.Number)).str()));
    Out.push_back(Name);
    Out.push_back(makeToken(tok::equal, Loc));
    Out.push_back(makeToken(tok::l_paren, Loc));
    Out.insert(Out.end(), O.Tokens.begin(), O.Tokens.end());
    Out.push_back(makeToken(tok::r_paren, Loc));
    Out.push_back(makeToken(tok::comma, Loc));
  }
  if (!Out.empty()) {
    Out.push_back(makeToken(tok::r_brace, Loc));
    Out.push_back(makeToken(tok::semi, Loc));
  }
  return Out;
}

void BlockSizeExpressions::consumeEvaluation(const EnumDecl *D) {
  for (const EnumConstantDecl *ECD : D->enumerators()) {
    llvm::StringRef Name = ECD->getName();
    unsigned Number;
    if (!Name.consume_front(names::BlockSizeConstantPrefix) ||
        Name.getAsInteger(10, Number))
      return;
    // Clang drops the initializer of an enumerator it could not evaluate.
    if (ECD->isInvalidDecl() || !ECD->getInitExpr())
      continue;
    const llvm::APSInt &V = ECD->getInitVal();
    EndOfFileValues[Number] = V.isSigned() && V.isNegative()
                                  ? V.getSExtValue()
                                  : int64_t(std::min<uint64_t>(
                                        V.getLimitedValue(), INT64_MAX));
  }
}

std::optional<int64_t> BlockSizeExpressions::valueOf(
    const Occurrence &O, UpcContext &U, DiagnosticsEngine &Diags,
    bool &Reported) const {
  if (const auto *InScope = U.getBlockSizeWhereWritten(O.Number)) {
    // Evaluated on the declaration it qualifies.
    if (InScope->IsConstant)
      return InScope->Value;
    return std::nullopt;
  }
  auto It = EndOfFileValues.find(O.Number);
  if (It == EndOfFileValues.end()) {
    // Not evaluated at all: nothing to say about it.
    Reported |= !EvaluatedAtEnd;
    return std::nullopt;
  }
  // A type name in an expression, evaluated at the end of the file: right
  // unless the expression names something declared in a block.
  if (U.isInFunctionBody(O.Range.getBegin()))
    for (const Token &T : O.Tokens)
      if (const IdentifierInfo *II = T.getIdentifierInfo();
          II && U.isDeclaredInBlock(II->getName())) {
        reportUpc(Diags, T.getLocation(), UpcDiag::BlockSizeUsesBlockScopeName)
            << II->getName() << O.Range;
        Reported = true;
        return std::nullopt;
      }
  return It->second;
}

void BlockSizeExpressions::finalize(UpcContext &U, DiagnosticsEngine &Diags,
                                    const UpcDiagnosticPrinter &Printer,
                                    const SourceMapping &Sources,
                                    const LangOptions &LangOpts) const {
  for (const Occurrence &O : Occurrences) {
    if (O.NotAnExpression)
      continue;
    U.setBlockSizeText(O.Number, Sources.getOriginalText(
                                     O.Written.isValid() ? O.Written : O.Range,
                                     LangOpts));
    if (O.UsesThreads) {
      reportUpc(Diags, O.Range.getBegin(), UpcDiag::BlockSizeUsesThreads)
          << O.Range;
      continue;
    }
    bool Reported = false;
    std::optional<int64_t> Value = valueOf(O, U, Diags, Reported);
    if (!Value) {
      // Clang has explained errors inside the expression itself.
      if (!Reported && !Printer.hasErrorWithin(O.Range))
        reportUpc(Diags, O.Range.getBegin(), UpcDiag::BlockSizeNotConstant)
            << O.Range;
    } else if (*Value < 0) {
      reportUpc(Diags, O.Range.getBegin(), UpcDiag::BlockSizeNegative)
          << std::to_string(*Value) << O.Range;
    } else if (uint64_t(*Value) > names::MaxBlockSizeValue) {
      reportUpc(Diags, O.Range.getBegin(), UpcDiag::BlockSizeTooLarge)
          << std::to_string(*Value) << std::to_string(names::MaxBlockSizeValue)
          << O.Range;
    } else {
      U.setBlockSizeValue(O.Number, *Value);
    }
  }
}

void BlockSizeRecorder::setAnnotation(bool On, SourceLocation Loc) {
  if (On == Annotates)
    return;
  IdentifierInfo *II = PP.getIdentifierInfo(names::BlockSizeAnnotation);
  if (!Annotating) {
    Annotating = PP.getMacroInfo(II);
    if (!Annotating)
      return;
    // Same parameters, empty body.
    Silent = PP.AllocateMacroInfo(Loc);
    Silent->setIsFunctionLike();
    llvm::SmallVector<IdentifierInfo *, 2> Params;
    for (const IdentifierInfo *P : Annotating->params())
      Params.push_back(const_cast<IdentifierInfo *>(P));
    Silent->setParameterList(Params, PP.getPreprocessorAllocator());
    if (Annotating->isC99Varargs())
      Silent->setIsC99Varargs();
  }
  PP.appendDefMacroDirective(II, On ? Annotating : Silent, Loc);
  Annotates = On;
}

void BlockSizeRecorder::MacroExpands(const Token &MacroName,
                                     const MacroDefinition &, SourceRange Range,
                                     const MacroArgs *Args) {
  OwnCodeScope Own;
  const IdentifierInfo *II = MacroName.getIdentifierInfo();
  if (!Args || !II)
    return;
  // The outer macro's argument is the block size as written.
  if (II->getName() == names::SharedBlock) {
    const Token *First = Args->getUnexpArgument(0);
    const Token *Last = First;
    for (const Token *T = First; T->isNot(tok::eof); ++T)
      Last = T;
    WrittenRanges.push_back(First->is(tok::eof)
                                ? SourceRange()
                                : SourceRange(First->getLocation(),
                                              Last->getLocation()));
    return;
  }
  if (II->getName() != names::SharedBlockExpanded ||
      Args->getNumMacroArguments() < 2)
    return;
  // Arguments: the occurrence number, then the block size expression, both
  // already macro-expanded by the outer macros.
  BlockSizeExpressions::Occurrence O;
  const Token *Number = Args->getUnexpArgument(0);
  if (Number->isNot(tok::numeric_constant) ||
      llvm::StringRef(PP.getSpelling(*Number)).getAsInteger(10, O.Number))
    return;
  for (const Token *T = Args->getUnexpArgument(1); T->isNot(tok::eof); ++T) {
    O.Tokens.push_back(*T);
    if (const IdentifierInfo *TI = T->getIdentifierInfo())
      O.UsesThreads |= Env.isDynamic() && TI->getName() == names::Threads;
  }
  O.NotAnExpression =
      O.Tokens.empty() || (O.Tokens.size() == 1 && O.Tokens[0].is(tok::star));
  O.Range = O.Tokens.empty()
                ? Range
                : SourceRange(O.Tokens.front().getLocation(),
                              O.Tokens.back().getLocation());
  if (!WrittenRanges.empty()) {
    O.Written = WrittenRanges.back();
    WrittenRanges.pop_back();
  }
  // Evaluate where written only what is an expression Clang may evaluate.
  setAnnotation(!O.NotAnExpression && !O.UsesThreads, Range.getBegin());
  Exprs.record(std::move(O));
}

EvaluateBlockSizesPragma::EvaluateBlockSizesPragma(
    const BlockSizeExpressions &Exprs)
    : PragmaHandler(names::EvaluateBlockSizesPragma), Exprs(Exprs) {}

void EvaluateBlockSizesPragma::HandlePragma(Preprocessor &PP,
                                            PragmaIntroducer Introducer,
                                            Token &FirstToken) {
  OwnCodeScope Own;
  Token Tok = FirstToken;
  while (Tok.isNot(tok::eod))
    PP.LexUnexpandedToken(Tok);
  std::vector<Token> Toks = Exprs.evaluationTokens(PP, Introducer.Loc);
  if (Toks.empty())
    return;
  // The consumer lifts the suppression once it has the declaration.
  PP.getDiagnostics().setSuppressAllDiagnostics(true);
  auto Buffer = std::make_unique<Token[]>(Toks.size());
  std::copy(Toks.begin(), Toks.end(), Buffer.get());
  PP.EnterTokenStream(std::move(Buffer), Toks.size(),
                      /*DisableMacroExpansion=*/true, /*IsReinject=*/false);
}

void UpcPragmaHandler::HandlePragma(Preprocessor &PP,
                                    PragmaIntroducer Introducer,
                                    Token &FirstToken) {
  OwnCodeScope Own;
  SourceLocation Loc =
      PP.getSourceManager().getExpansionLoc(Introducer.Loc);
  bool IsUpc = getName() == "upc";
  Token Tok;
  PP.LexUnexpandedToken(Tok);
  llvm::StringRef Word;
  if (const IdentifierInfo *II = Tok.getIdentifierInfo())
    Word = II->getName();
  std::optional<UpcPragma::Kind> Kind;
  std::optional<bool> CodeIsC;
  if (IsUpc && (Word == "upc_code" || Word == "c_code"))
    CodeIsC = Word == "c_code";
  else if (IsUpc && Word == "strict")
    Kind = UpcPragma::Strict;
  else if (IsUpc && Word == "relaxed")
    Kind = UpcPragma::Relaxed;
  else if (!IsUpc && Word == "on")
    Kind = UpcPragma::InstrumentationOn;
  else if (!IsUpc && Word == "off")
    Kind = UpcPragma::InstrumentationOff;

  llvm::StringRef Expected =
      IsUpc ? "'strict', 'relaxed', 'upc_code' or 'c_code'" : "'on' or 'off'";
  if (Kind || CodeIsC) {
    if (Kind)
      U.addPragma(*Kind, Loc);
    else
      U.addCodeLanguagePragma(*CodeIsC, Loc);
    // What follows the argument is ignored, and said so (UPC 1.3, 6.7.1
    // has nothing after it).
    PP.LexUnexpandedToken(Tok);
    if (Tok.isNot(tok::eod)) {
      SourceLocation Junk = Tok.getLocation();
      std::string Text;
      for (; Tok.isNot(tok::eod); PP.LexUnexpandedToken(Tok))
        Text += (Text.empty() || !Tok.hasLeadingSpace() ? "" : " ") +
                PP.getSpelling(Tok);
      reportUpc(PP.getDiagnostics(), Junk, UpcDiag::PragmaExtraTokens)
          << Text << getName() << Word;
    }
  } else if (Tok.is(tok::eod))
    reportUpc(PP.getDiagnostics(), Tok.getLocation(),
              UpcDiag::PragmaMissingArgument)
        << getName() << Expected;
  else
    reportUpc(PP.getDiagnostics(), Tok.getLocation(), UpcDiag::PragmaUnknown)
        << PP.getSpelling(Tok) << getName() << Expected;
  while (Tok.isNot(tok::eod))
    PP.LexUnexpandedToken(Tok);
}

void ScopeOperatorGuard::operator()(const Token &T) {
  OwnCodeScope Own;
  if (T.is(tok::coloncolon) &&
      (Previous == tok::l_paren || Previous == tok::kw_sizeof ||
       Previous == tok::kw__Alignof || Previous == tok::kw_alignof ||
       Previous == tok::kw___alignof)) {
    // The watcher is given the very token the parser is about to read (not a
    // copy), and has no other way to change it.
    const_cast<Token &>(T).setKind(tok::colon);
  }
  Previous = T.getKind();
}

void DesugarDiagnosticReporter::FileChanged(SourceLocation Loc,
                                            FileChangeReason Reason,
                                            SrcMgr::CharacteristicKind,
                                            FileID) {
  OwnCodeScope Own;
  if (Reason != EnterFile)
    return;
  const SourceManager &SM = Mapping.getSourceManager();
  FileID FID = SM.getFileID(Loc);
  const DesugaredSource *D = Mapping.getDesugared(FID);
  if (!D || D->Diagnostics.empty() || !Reported.insert(D).second)
    return;
  SourceLocation Start = SM.getLocForStartOfFile(FID);
  for (const DesugarDiagnostic &Diag : D->Diagnostics)
    reportUpc(Diags, Start.getLocWithOffset(D->Map.toDesugared(Diag.Offset)),
              UpcDiag::SyntaxError)
        << Diag.Message;
}

} // namespace upc
