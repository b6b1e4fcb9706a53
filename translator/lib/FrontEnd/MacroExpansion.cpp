//===- MacroExpansion.cpp - Expand chosen macro uses of a UPC file --------===//

#include "upc-instrument/FrontEnd/MacroExpansion.h"

#include "clang/Frontend/CompilerInstance.h"
#include "clang/Frontend/CompilerInvocation.h"
#include "clang/Frontend/FrontendActions.h"
#include "clang/Frontend/Utils.h"
#include "clang/Lex/Lexer.h"
#include "clang/Lex/Preprocessor.h"

#include <map>

using namespace clang;

namespace upc {
namespace {

using LineColumn = std::pair<unsigned, unsigned>;

/// THREADS, MYTHREAD and UPC_MAX_BLOCK_SIZE are macros of the parse-time
/// prelude; the translation expects them by name (as the user writes them),
/// not as the prelude's spellings. Records where each is expanded.
class KeywordUses : public PPCallbacks {
public:
  llvm::DenseMap<SourceLocation, std::string> Names;

  void MacroExpands(const Token &Name, const MacroDefinition &, SourceRange,
                    const MacroArgs *) override {
    if (const IdentifierInfo *II = Name.getIdentifierInfo();
        II && (II->getName() == "THREADS" || II->getName() == "MYTHREAD" ||
               II->getName() == "UPC_MAX_BLOCK_SIZE"))
      Names[Name.getLocation()] = II->getName().str();
  }
};

/// Where the keyword macro whose expansion produced a token at \p Loc was
/// used, or an invalid location. Follows the expansions outwards and, for a
/// token substituted for a macro parameter, the argument it came from
/// (`TEST(x, MYTHREAD < n)` inside another macro's body).
SourceLocation keywordUse(SourceLocation Loc, const SourceManager &SM,
                          const KeywordUses &K) {
  for (unsigned Depth = 0; Loc.isMacroID() && Depth < 256; ++Depth) {
    if (SM.isMacroArgExpansion(Loc)) {
      SourceLocation Found = keywordUse(SM.getImmediateSpellingLoc(Loc), SM, K);
      if (Found.isValid())
        return Found;
    }
    Loc = SM.getImmediateExpansionRange(Loc).getBegin();
    if (K.Names.count(Loc))
      return Loc;
  }
  return SourceLocation();
}

/// Lexes the main file with macros expanded and collects the spellings of
/// the tokens each chosen use expands to.
class ExpansionCollector : public PreprocessorFrontendAction {
public:
  explicit ExpansionCollector(std::map<LineColumn, SourceReplacement> &Uses)
      : Uses(Uses) {}

private:
  std::map<LineColumn, SourceReplacement> &Uses;

  void ExecuteAction() override {
    Preprocessor &PP = getCompilerInstance().getPreprocessor();
    const SourceManager &SM = PP.getSourceManager();
    auto Keywords = std::make_unique<KeywordUses>();
    const KeywordUses &K = *Keywords;
    PP.addPPCallbacks(std::move(Keywords));
    PP.EnterMainSourceFile();
    SourceLocation LastKeyword;
    Token T;
    for (PP.Lex(T); T.isNot(tok::eof); PP.Lex(T)) {
      if (!T.getLocation().isMacroID())
        continue;
      CharSourceRange Use = SM.getExpansionRange(T.getLocation());
      if (!SM.isWrittenInMainFile(Use.getBegin()))
        continue;
      auto It = Uses.find({SM.getExpansionLineNumber(Use.getBegin()),
                           SM.getExpansionColumnNumber(Use.getBegin())});
      if (It == Uses.end())
        continue;
      SourceReplacement &R = It->second;
      SourceLocation End = Use.getEnd();
      if (Use.isTokenRange())
        End = Lexer::getLocForEndOfToken(End, 0, SM, PP.getLangOpts());
      R.EndLine = SM.getExpansionLineNumber(End);
      R.EndColumn = SM.getExpansionColumnNumber(End);
      // A token of THREADS, MYTHREAD or UPC_MAX_BLOCK_SIZE: the name, once.
      SourceLocation Keyword = keywordUse(T.getLocation(), SM, K);
      if (Keyword.isValid() && Keyword == LastKeyword)
        continue;
      LastKeyword = Keyword;
      if (!R.Text.empty())
        R.Text += ' ';
      R.Text += Keyword.isValid() ? K.Names.lookup(Keyword) : PP.getSpelling(T);
    }
  }
};

} // namespace

std::vector<SourceReplacement>
expandMacroUses(const UpcFrontendOptions &Opts, llvm::StringRef InputFile,
                llvm::ArrayRef<std::pair<unsigned, unsigned>> Uses) {
  std::map<LineColumn, SourceReplacement> Found;
  for (const auto &[Line, Column] : Uses) {
    SourceReplacement &R = Found[{Line, Column}];
    R.Line = Line;
    R.Column = Column;
  }
  // The same invocation as the parse, on the original text (no overlay):
  // the UPC keywords are plain tokens to the preprocessor. Its diagnostics
  // are the parse's, already reported: none is shown.
  std::vector<std::string> Args = frontendArguments(Opts, InputFile);
  std::vector<const char *> CArgs;
  for (const std::string &A : Args)
    CArgs.push_back(A.c_str());
  IgnoringDiagConsumer Quiet;
  IntrusiveRefCntPtr<DiagnosticOptions> DiagOpts = new DiagnosticOptions();
  IntrusiveRefCntPtr<DiagnosticsEngine> Diags =
      CompilerInstance::createDiagnostics(DiagOpts.get(), &Quiet,
                                          /*ShouldOwnClient=*/false);
  CreateInvocationOptions CIOpts;
  CIOpts.Diags = Diags;
  std::shared_ptr<CompilerInvocation> Inv = createInvocation(CArgs, CIOpts);
  if (!Inv)
    return {};
  Inv->getFrontendOpts().DisableFree = false;
  CompilerInstance CI;
  CI.setInvocation(std::move(Inv));
  CI.createDiagnostics(&Quiet, /*ShouldOwnClient=*/false);
  ExpansionCollector Action(Found);
  CI.ExecuteAction(Action);
  std::vector<SourceReplacement> Result;
  for (auto &[Where, R] : Found)
    if (!R.Text.empty() && R.EndLine)
      Result.push_back(std::move(R));
  return Result;
}

} // namespace upc
