//===- PreprocessorHooks.cpp ----------------------------------------------===//

#include "PreprocessorHooks.h"
#include "upc-instrument/Desugar/InternalNames.h"
#include "upc-instrument/Semantics/UpcDiagnostics.h"

#include "clang/AST/Decl.h"
#include "clang/Lex/MacroArgs.h"
#include "clang/Lex/Preprocessor.h"
#include "llvm/ADT/StringExtras.h"

using namespace clang;

namespace upc {
namespace {

/// The contents of a string literal produced by stringizing: only '"' and
/// '\' are escaped.
std::string unescapeStringized(llvm::StringRef Literal) {
  Literal = Literal.drop_front().drop_back();
  std::string Out;
  for (size_t I = 0; I < Literal.size(); ++I) {
    if (Literal[I] == '\\' && I + 1 < Literal.size())
      ++I;
    Out += Literal[I];
  }
  return Out;
}

Token makeToken(tok::TokenKind Kind, SourceLocation Loc) {
  Token T;
  T.startToken();
  T.setKind(Kind);
  T.setLocation(Loc);
  T.setLength(0);
  return T;
}

} // namespace

void BlockSizeExpressions::record(std::string Spelling,
                                  std::vector<Token> Tokens, bool UsesThreads) {
  SourceRange Use(Tokens.front().getLocation(), Tokens.back().getLocation());
  auto [It, New] = BySpelling.try_emplace(Spelling, Entries.size());
  if (New) {
    for (const Token &T : Tokens)
      TokenLocations.insert(T.getLocation().getRawEncoding());
    Entries.push_back({std::move(Spelling), std::move(Tokens), {}, UsesThreads});
  }
  Entries[It->second].Uses.push_back(Use);
}

std::vector<Token>
BlockSizeExpressions::evaluationTokens(Preprocessor &PP,
                                       SourceLocation Loc) const {
  std::vector<Token> Out;
  for (size_t I = 0; I < Entries.size(); ++I) {
    const Entry &E = Entries[I];
    if (E.UsesThreads || E.Tokens.empty())
      continue;
    Token Name = makeToken(tok::identifier, Loc);
    Name.setIdentifierInfo(PP.getIdentifierInfo(
        (names::BlockSizeConstantPrefix + llvm::Twine(I)).str()));
    Out.push_back(makeToken(tok::kw_enum, Loc));
    Out.push_back(makeToken(tok::l_brace, Loc));
    Out.push_back(Name);
    Out.push_back(makeToken(tok::equal, Loc));
    // Parentheses carry the expression's own locations, so that any error
    // points into the user's block size.
    Out.push_back(makeToken(tok::l_paren, E.Tokens.front().getLocation()));
    Out.insert(Out.end(), E.Tokens.begin(), E.Tokens.end());
    Out.push_back(makeToken(tok::r_paren, E.Tokens.back().getLocation()));
    Out.push_back(makeToken(tok::r_brace, Loc));
    Out.push_back(makeToken(tok::semi, Loc));
  }
  return Out;
}

bool BlockSizeExpressions::consume(const EnumConstantDecl *D, UpcContext &U,
                                   DiagnosticsEngine &Diags) const {
  llvm::StringRef Name = D->getName();
  if (!Name.consume_front(names::BlockSizeConstantPrefix))
    return false;
  unsigned Index;
  if (Name.getAsInteger(10, Index) || Index >= Entries.size())
    return false;
  // Clang drops the initializer of an enumerator it could not evaluate (and
  // has said why).
  if (D->isInvalidDecl() || !D->getInitExpr())
    return true;
  const Entry &E = Entries[Index];
  const llvm::APSInt &V = D->getInitVal();
  if (V.isSigned() && V.isNegative()) {
    for (SourceRange Use : E.Uses)
      reportUpc(Diags, Use.getBegin(), UpcDiag::BlockSizeNegative)
          << llvm::toString(V, 10) << Use;
    return true;
  }
  uint64_t Value = V.getLimitedValue();
  if (Value > names::MaxBlockSizeValue) {
    for (SourceRange Use : E.Uses)
      reportUpc(Diags, Use.getBegin(), UpcDiag::BlockSizeTooLarge)
          << llvm::toString(V, 10) << std::to_string(names::MaxBlockSizeValue)
          << Use;
    return true;
  }
  U.setBlockSizeValue(E.Spelling, int64_t(Value));
  return true;
}

void BlockSizeExpressions::reportThreadsUses(DiagnosticsEngine &Diags) const {
  for (const Entry &E : Entries)
    if (E.UsesThreads)
      for (SourceRange Use : E.Uses)
        reportUpc(Diags, Use.getBegin(), UpcDiag::BlockSizeUsesThreads) << Use;
}

void BlockSizeRecorder::MacroExpands(const Token &MacroName,
                                     const MacroDefinition &, SourceRange Range,
                                     const MacroArgs *Args) {
  const IdentifierInfo *II = MacroName.getIdentifierInfo();
  if (!Args || !II || II->getName() != names::SharedBlockExpanded)
    return;
  // The argument was macro-expanded when the outer macro substituted it.
  const Token *Arg = Args->getUnexpArgument(0);
  std::vector<Token> Tokens;
  bool UsesThreads = false;
  for (const Token *T = Arg; T->isNot(tok::eof); ++T) {
    Tokens.push_back(*T);
    if (const IdentifierInfo *TI = T->getIdentifierInfo())
      UsesThreads |= Env.isDynamic() && TI->getName() == names::Threads;
  }
  Token Str = MacroArgs::StringifyArgument(Arg, PP, /*Charify=*/false,
                                           Range.getBegin(), Range.getEnd());
  if (Tokens.empty())
    return;
  Exprs.record(unescapeStringized(PP.getSpelling(Str)), std::move(Tokens),
               UsesThreads);
}

EvaluateBlockSizesPragma::EvaluateBlockSizesPragma(
    const BlockSizeExpressions &Exprs)
    : PragmaHandler(names::EvaluateBlockSizesPragma), Exprs(Exprs) {}

void EvaluateBlockSizesPragma::HandlePragma(Preprocessor &PP,
                                            PragmaIntroducer Introducer,
                                            Token &FirstToken) {
  Token Tok = FirstToken;
  while (Tok.isNot(tok::eod))
    PP.LexUnexpandedToken(Tok);
  std::vector<Token> Toks = Exprs.evaluationTokens(PP, Introducer.Loc);
  if (Toks.empty())
    return;
  auto Buffer = std::make_unique<Token[]>(Toks.size());
  std::copy(Toks.begin(), Toks.end(), Buffer.get());
  PP.EnterTokenStream(std::move(Buffer), Toks.size(),
                      /*DisableMacroExpansion=*/true, /*IsReinject=*/false);
}

void UpcPragmaHandler::HandlePragma(Preprocessor &PP,
                                    PragmaIntroducer Introducer,
                                    Token &FirstToken) {
  SourceLocation Loc =
      PP.getSourceManager().getExpansionLoc(Introducer.Loc);
  bool IsUpc = getName() == "upc";
  Token Tok;
  PP.LexUnexpandedToken(Tok);
  llvm::StringRef Word;
  if (const IdentifierInfo *II = Tok.getIdentifierInfo())
    Word = II->getName();
  std::optional<UpcPragma::Kind> Kind;
  if (IsUpc && Word == "strict")
    Kind = UpcPragma::Strict;
  else if (IsUpc && Word == "relaxed")
    Kind = UpcPragma::Relaxed;
  else if (!IsUpc && Word == "on")
    Kind = UpcPragma::InstrumentationOn;
  else if (!IsUpc && Word == "off")
    Kind = UpcPragma::InstrumentationOff;

  if (Kind)
    U.addPragma(*Kind, Loc);
  else if (IsUpc)
    reportUpc(PP.getDiagnostics(), Tok.getLocation(), UpcDiag::PragmaUnknown)
        << ("upc " + Word).str() << "'strict' or 'relaxed'";
  else
    reportUpc(PP.getDiagnostics(), Tok.getLocation(),
              UpcDiag::PragmaExpectedOnOff);
  while (Tok.isNot(tok::eod))
    PP.LexUnexpandedToken(Tok);
}

void DesugarDiagnosticReporter::FileChanged(SourceLocation Loc,
                                            FileChangeReason Reason,
                                            SrcMgr::CharacteristicKind,
                                            FileID) {
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
