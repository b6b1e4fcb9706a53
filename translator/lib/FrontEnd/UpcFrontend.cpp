//===- UpcFrontend.cpp - Parse and check one UPC translation unit ---------===//

#include "upc-instrument/FrontEnd/UpcFrontend.h"
#include "PreprocessorHooks.h"
#include "upc-instrument/Desugar/InternalNames.h"
#include "upc-instrument/FrontEnd/UpcFileSystem.h"
#include "upc-instrument/Library/UpcLibrary.h"
#include "upc-instrument/Semantics/UpcConstraintChecker.h"
#include "upc-instrument/Semantics/UpcDiagnostics.h"
#include "upc-instrument/Semantics/UpcTypePrinter.h"
#include "upc-instrument/Support/OwnCode.h"

#include "clang/AST/ASTConsumer.h"
#include "clang/AST/ASTContext.h"
#include "clang/AST/Decl.h"
#include "clang/Frontend/CompilerInstance.h"
#include "clang/Frontend/FrontendAction.h"
#include "clang/Frontend/Utils.h"
#include "clang/Lex/Lexer.h"
#include "clang/Lex/Preprocessor.h"
#include "clang/Lex/PreprocessorLexer.h"
#include "clang/Sema/SemaConsumer.h"
#include "llvm/Support/CrashRecoveryContext.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/PrettyStackTrace.h"

#include <cstdlib>
#include <memory>
#include <set>
#include <vector>

using namespace clang;

namespace upc {
namespace {

/// What a first parse found that needs a second one.
struct ParseAgain {
  /// upc_*sizeof values to substitute (see sizeofSubstitutions).
  llvm::StringMap<DesugarOptions> Substitutions;
  /// The main file ends inside a construct (a ')' or '}' is missing), which
  /// took in the block sizes injected at its end: Clang's diagnostics about
  /// it were suppressed with them. Parse without them.
  bool WithoutEndOfFileEvaluation = false;

  bool isNeeded() const {
    return !Substitutions.empty() || WithoutEndOfFileEvaluation;
  }
};

/// Per-translation-unit state shared by the action, its hooks and consumer.
struct FrontendState {
  FrontendState(const UpcFrontendOptions &Opts, UpcDiagnosticPrinter &Printer,
                std::shared_ptr<DesugaredFileStore> Store,
                const UpcTranslationUnitHandler &Handler)
      : Upc(Opts.Threads), Printer(Printer), Store(std::move(Store)),
        Handler(Handler) {}

  UpcContext Upc;
  UpcDiagnosticPrinter &Printer;
  std::shared_ptr<DesugaredFileStore> Store;
  const UpcTranslationUnitHandler &Handler;
  std::unique_ptr<SourceMapping> Mapping;
  Inclusions Includes;
  BlockSizeExpressions BlockSizes;
  /// First parse only: what a second parse needs.
  bool MayParseAgain = false;
  ParseAgain Again;
};

/// The UPC values of upc_blocksizeof and friends that Clang folded to
/// something else (it folds them as sizeof). They only matter where C needs
/// a constant, and then Clang has reported an error: the translation unit is
/// parsed again with the values substituted.
llvm::StringMap<DesugarOptions> sizeofSubstitutions(const UpcContext &U,
                                                    const SourceMapping &M,
                                                    const ASTContext &Ctx) {
  llvm::StringMap<DesugarOptions> Result;
  const SourceManager &SM = Ctx.getSourceManager();
  for (const UpcSizeofExpression &E : U.sizeofExpressions()) {
    std::optional<uint64_t> Value = U.getUpcSizeofValue(E);
    if (!Value || E.SubstitutedValue)
      continue;
    Expr::EvalResult Folded;
    if (E.Expr->EvaluateAsInt(Folded, Ctx) &&
        Folded.Val.getInt().getZExtValue() == *Value)
      continue;
    SourceLocation Begin = E.Expr->getBeginLoc(), End = E.Sizeof->getEndLoc();
    if (Begin.isMacroID() || End.isMacroID())
      continue; // written in a macro: left as Clang folds it
    FileID FID = SM.getFileID(Begin);
    OptionalFileEntryRef FE = SM.getFileEntryRefForID(FID);
    if (!FE || SM.getFileID(End) != FID)
      continue;
    UpcSizeofValue V;
    V.KeywordOffset = M.getOriginalOffset(FID, SM.getFileOffset(Begin));
    V.OperandEnd = M.getOriginalOffset(
        FID, SM.getFileOffset(End) +
                 Lexer::MeasureTokenLength(End, SM, Ctx.getLangOpts()));
    V.Value = *Value;
    Result[canonicalPath(FE->getName())].SizeofValues.push_back(V);
  }
  return Result;
}

/// The `#pragma upc c_code|upc_code` lines that the desugarer followed but
/// the preprocessor skipped (`#ifdef __BERKELEY_UPC__`, say): the desugarer
/// cannot evaluate conditions, so the text after them was read in the wrong
/// language. A second parse does not follow them.
llvm::StringMap<DesugarOptions>
skippedCodeLanguagePragmas(const UpcContext &U, const SourceMapping &M,
                           const Inclusions &Includes) {
  const SourceManager &SM = M.getSourceManager();
  std::set<std::pair<const DesugaredSource *, unsigned>> Handled;
  for (const CodeLanguagePragma &P : U.codeLanguagePragmas()) {
    FileID FID = SM.getFileID(P.Loc);
    if (const DesugaredSource *D = M.getDesugared(FID))
      Handled.insert({D, M.getOriginalOffset(FID, SM.getFileOffset(P.Loc))});
  }
  std::vector<FileID> Files = {SM.getMainFileID()};
  for (const InclusionDirective &I : Includes.directives())
    if (I.Entered.isValid())
      Files.push_back(I.Entered);
  llvm::StringMap<DesugarOptions> Result;
  std::set<const DesugaredSource *> Seen;
  for (FileID FID : Files) {
    const DesugaredSource *D = M.getDesugared(FID);
    OptionalFileEntryRef FE = SM.getFileEntryRefForID(FID);
    if (!D || !FE || !Seen.insert(D).second)
      continue;
    for (unsigned Offset : D->CodeLanguagePragmas)
      if (!Handled.count({D, Offset}))
        Result[canonicalPath(FE->getName())]
            .SkippedCodeLanguagePragmas.push_back(Offset);
  }
  return Result;
}

class UpcConsumer : public SemaConsumer {
public:
  UpcConsumer(CompilerInstance &CI, FrontendState &S) : CI(CI), S(S) {}

  // Sema installs Clang's type printing when it is created; ours replaces
  // it once Sema is initialised, before parsing starts.
  void InitializeSema(Sema &) override {
    OwnCodeScope Own;
    installUpcTypePrinting(CI.getDiagnostics(), CI.getASTContext(), &S.Upc);
  }

  bool HandleTopLevelDecl(DeclGroupRef DG) override {
    OwnCodeScope Own;
    // The block sizes injected at the end of the main file, evaluated with
    // diagnostics suppressed (see EvaluateBlockSizesPragma).
    for (Decl *D : DG)
      if (auto *ED = dyn_cast<EnumDecl>(D);
          ED && !ED->enumerators().empty() &&
          ED->enumerator_begin()->getName().starts_with(
              names::BlockSizeConstantPrefix)) {
        S.BlockSizes.consumeEvaluation(ED);
        CI.getDiagnostics().setSuppressAllDiagnostics(false);
      }
    return true;
  }

  void HandleTranslationUnit(ASTContext &Ctx) override {
    OwnCodeScope Own;
    DiagnosticsEngine &Diags = CI.getDiagnostics();
    // Still suppressed: the block sizes injected at the end of the main file
    // never came back as a declaration (see ParseAgain).
    bool EvaluationSwallowed = Diags.getSuppressAllDiagnostics();
    Diags.setSuppressAllDiagnostics(false);
    if (EvaluationSwallowed && S.MayParseAgain) {
      S.Again.WithoutEndOfFileEvaluation = true;
      S.Printer.discardPending();
      return;
    }
    const SourceMapping &Mapping = *S.Mapping;
    if (S.MayParseAgain) {
      S.Again.Substitutions =
          skippedCodeLanguagePragmas(S.Upc, Mapping, S.Includes);
      if (S.Again.isNeeded()) {
        S.Printer.discardPending();
        return;
      }
    }
    auto IsUpcLocation = [&Mapping](SourceLocation Loc) {
      return Mapping.isUpcLocation(Loc);
    };
    S.Upc.analyze(Ctx, IsUpcLocation);
    S.BlockSizes.finalize(S.Upc, Diags, S.Printer, Mapping, Ctx.getLangOpts());
    checkUpcConstraints(Ctx, S.Upc, Diags, IsUpcLocation);
    if (S.MayParseAgain && S.Printer.hasPendingError()) {
      S.Again.Substitutions = sizeofSubstitutions(S.Upc, Mapping, Ctx);
      if (S.Again.isNeeded()) {
        S.Printer.discardPending();
        return;
      }
    }

    llvm::DenseSet<SourceLocation> ThreadsDecls;
    std::vector<SourceRange> ThreadsInits;
    for (const NamedDecl *D : S.Upc.threadsDependentDeclarations()) {
      ThreadsDecls.insert(D->getLocation());
      ThreadsDecls.insert(D->getBeginLoc());
      if (const auto *VD = dyn_cast<VarDecl>(D); VD && VD->getInit())
        ThreadsInits.push_back(VD->getInit()->getSourceRange());
    }
    S.Printer.setThreadsDependentDeclarations(std::move(ThreadsDecls),
                                              std::move(ThreadsInits));
    S.Printer.flush();
    if (S.Handler && S.Printer.errorsShown() == ErrorsBefore) {
      UpcTranslationUnit TU{CI, Ctx, S.Upc, Mapping, S.Printer, S.Includes};
      S.Handler(TU);
    }
  }

  unsigned ErrorsBefore = 0;

private:
  CompilerInstance &CI;
  FrontendState &S;
};

class UpcFrontendAction : public ASTFrontendAction {
public:
  explicit UpcFrontendAction(FrontendState &S) : S(S) {}

protected:
  bool BeginSourceFileAction(CompilerInstance &CI) override {
    OwnCodeScope Own;
    Preprocessor &PP = CI.getPreprocessor();
    S.Mapping = std::make_unique<SourceMapping>(CI.getSourceManager(), S.Store);
    S.Printer.setSourceMapping(S.Mapping.get());
    S.Printer.setSyntaxErrorID(
        getUpcDiagID(CI.getDiagnostics(), UpcDiag::SyntaxError));
    S.Printer.setIntegerToSharedID(
        getUpcDiagID(CI.getDiagnostics(), UpcDiag::IntegerToShared));
    PP.addPPCallbacks(std::make_unique<DesugarDiagnosticReporter>(
        *S.Mapping, CI.getDiagnostics()));
    PP.addPPCallbacks(std::make_unique<Inclusions::Recorder>(
        CI.getSourceManager(), S.Includes));
    PP.addPPCallbacks(std::make_unique<BlockSizeRecorder>(
        PP, S.BlockSizes, S.Upc.threadsEnvironment()));
    PP.AddPragmaHandler(new UpcPragmaHandler("upc", S.Upc));
    PP.AddPragmaHandler(new UpcPragmaHandler("pupc", S.Upc));
    PP.AddPragmaHandler(new EvaluateBlockSizesPragma(S.BlockSizes));
    PP.setTokenWatcher(ScopeOperatorGuard());
    return true;
  }

  std::unique_ptr<ASTConsumer> CreateASTConsumer(CompilerInstance &CI,
                                                 llvm::StringRef) override {
    OwnCodeScope Own;
    auto C = std::make_unique<UpcConsumer>(CI, S);
    C->ErrorsBefore = S.Printer.errorsShown();
    return C;
  }

private:
  FrontendState &S;
};

std::vector<std::string> systemDirectories(const CompilerInvocation &Inv) {
  std::vector<std::string> Dirs;
  for (const HeaderSearchOptions::Entry &E :
       Inv.getHeaderSearchOpts().UserEntries) {
    if (E.Group == frontend::Angled || E.Group == frontend::Quoted)
      continue;
    Dirs.push_back(E.Path);
    std::string Real = canonicalPath(E.Path);
    if (Real != E.Path)
      Dirs.push_back(Real);
  }
  return Dirs;
}

} // namespace

llvm::ArrayRef<const char *> gccCompatibleWarningOptions() {
  static const char *const Options[] = {
      "-Wno-error=implicit-function-declaration",
      "-Wno-error=implicit-int",
      "-Wno-error=int-conversion",
      "-Wno-error=incompatible-function-pointer-types",
      "-Wno-error=return-mismatch",
      "-Wno-deprecated-non-prototype",
  };
  return Options;
}

std::vector<std::string> frontendArguments(const UpcFrontendOptions &Opts,
                                           llvm::StringRef InputFile) {
  llvm::SmallString<256> Prelude(Opts.UpcHeaderDir);
  llvm::sys::path::append(Prelude, "__upc_prelude.h");

  std::vector<std::string> Args = {
      "clang",        "-fsyntax-only", "-resource-dir", Opts.ClangResourceDir,
      "-isystem",     Opts.UpcHeaderDir, "-include",    std::string(Prelude)};
  for (const LibraryFeature &F : libraryFeatures())
    Args.push_back("-D" + F.Macro.str() + "=1");
  if (Opts.Threads.StaticThreads)
    Args.push_back("-D__UPC_INSTRUMENT_STATIC_THREADS__=" +
                   std::to_string(*Opts.Threads.StaticThreads));
  Args.insert(Args.end(), gccCompatibleWarningOptions().begin(),
              gccCompatibleWarningOptions().end());
  // sizeof (void) and arithmetic on void pointers (shared or private) are
  // GNU extensions that UPC compilers reject (Berkeley UPC does): errors,
  // unless the user says -Wno-error=pointer-arith.
  Args.push_back("-Werror=pointer-arith");
  Args.insert(Args.end(), Opts.ClangArgs.begin(), Opts.ClangArgs.end());
  // Clang 19's typo correction re-transforms expressions and cannot handle
  // the btf_type_tag sugar that carries UPC qualifiers (it crashes): no
  // "did you mean" suggestions. Last, so that the user cannot turn it back on.
  Args.push_back("-fno-spell-checking");
  Args.insert(Args.end(), {"-x", "c", InputFile.str()});
  return Args;
}

namespace {

/// One parse of \p InputFile, as \p Settings (from a first parse) ask. With
/// \p MayParseAgain, returns what a second parse needs, if one is needed
/// (and then prints nothing).
ParseAgain parseOnce(const UpcFrontendOptions &Opts, llvm::StringRef InputFile,
                     UpcDiagnosticPrinter &Printer,
                     const UpcTranslationUnitHandler &Handler,
                     const ParseAgain &Settings, bool MayParseAgain) {
  std::vector<std::string> Args = frontendArguments(Opts, InputFile);
  std::vector<const char *> CArgs;
  for (const std::string &A : Args)
    CArgs.push_back(A.c_str());

  IntrusiveRefCntPtr<DiagnosticOptions> DiagOpts = new DiagnosticOptions();
  IntrusiveRefCntPtr<DiagnosticsEngine> DriverDiags =
      CompilerInstance::createDiagnostics(DiagOpts.get(), &Printer,
                                          /*ShouldOwnClient=*/false);
  CreateInvocationOptions CIOpts;
  CIOpts.Diags = DriverDiags;
  CIOpts.RecoverOnError = false;
  std::shared_ptr<CompilerInvocation> Inv = createInvocation(CArgs, CIOpts);
  if (!Inv || DriverDiags->hasErrorOccurred()) {
    Printer.flush();
    return {};
  }
  // Our printer reports the totals.
  Inv->getDiagnosticOpts().ShowCarets = false;
  // The driver asks cc1 to leak its AST at exit for speed; this front end runs
  // many translation units in one process.
  Inv->getFrontendOpts().DisableFree = false;

  auto Store = std::make_shared<DesugaredFileStore>();
  if (!Settings.WithoutEndOfFileEvaluation)
    Store->MainFileSuffix =
        ("\n#pragma " + names::EvaluateBlockSizesPragma + "\n").str();
  for (const auto &Entry : Settings.Substitutions)
    Store->Options[Entry.getKey()] = Entry.getValue();
  Store->Replacements = Opts.Replacements;
  UpcFileClassifier Classifier;
  Classifier.MainFile = canonicalPath(InputFile);
  Classifier.UpcHeaderDirs.push_back(canonicalPath(Opts.UpcHeaderDir));
  Classifier.SystemDirs = systemDirectories(*Inv);

  auto CI = std::make_unique<CompilerInstance>();
  CI->setInvocation(std::move(Inv));
  CI->createDiagnostics(&Printer, /*ShouldOwnClient=*/false);
  CI->createFileManager(createUpcOverlayFileSystem(
      llvm::vfs::getRealFileSystem(), std::move(Classifier), Store));

  auto State = std::make_unique<FrontendState>(Opts, Printer, Store, Handler);
  State->MayParseAgain = MayParseAgain;
  if (Settings.WithoutEndOfFileEvaluation)
    State->BlockSizes.skipEndOfFileEvaluation();
  UpcFrontendAction Action(*State);
  if (!Opts.RecoverFromCrashes) {
    CI->ExecuteAction(Action);
  } else {
    // A defect in Clang must not take the tool down: after a crash, report
    // it. The crash jumps out of Clang's frames (longjmp): the pretty stack
    // trace entries they pushed are dropped, as Clang's driver does.
    llvm::CrashRecoveryContext::Enable();
    llvm::CrashRecoveryContext CRC;
    const void *PrettyStackState = llvm::SavePrettyStackState();
    if (!CRC.RunSafely([&] { CI->ExecuteAction(Action); })) {
      llvm::RestorePrettyStackState(PrettyStackState);
      // The crash was in our code if it left an OwnCodeScope open (this is
      // not called from one).
      bool InOwnCode = OwnCodeScope::isActive();
      OwnCodeScope::resetAfterCrash();
      Printer.flush();
      // Where the parser was: the position of the current lexer.
      OriginalLocation Where;
      if (CI->hasPreprocessor() && State->Mapping)
        if (PreprocessorLexer *L = CI->getPreprocessor().getCurrentLexer())
          // Files are lexed by a Lexer (no dependency-directive scanning
          // here).
          Where = State->Mapping->getOriginalLocation(
              static_cast<Lexer *>(L)->getSourceLocation());
      std::string Message =
          InOwnCode ? "upc-instrument crashed while parsing '" +
                          InputFile.str() +
                          "' near here; please report this file"
                    : "Clang crashed while parsing '" + InputFile.str() +
                          "' near here; please report this file (see the "
                          "known Clang 19 limits in docs/front-end.md)";
      Printer.reportInternalError(Where, Message);
      if (InOwnCode && Opts.CrashInOwnCodeIsFatal) {
        llvm::errs() << "upc-instrument: the crash was in upc-instrument's "
                        "own code; aborting\n";
        std::abort();
      }
      // The compiler's state may be inconsistent: it is abandoned, not
      // destroyed, and kept reachable so that leak checkers (the fuzzers')
      // do not report it.
      static auto *Abandoned =
          new std::vector<std::pair<std::unique_ptr<CompilerInstance>,
                                    std::unique_ptr<FrontendState>>>();
      Abandoned->emplace_back(std::move(CI), std::move(State));
      return {};
    }
  }
  if (!State->Again.isNeeded())
    Printer.flush();
  Printer.setSourceMapping(nullptr);
  return std::move(State->Again);
}

} // namespace

bool runUpcFrontend(const UpcFrontendOptions &Opts, llvm::StringRef InputFile,
                    UpcDiagnosticPrinter &Printer,
                    const UpcTranslationUnitHandler &Handler) {
  unsigned ErrorsBefore = Printer.errorsShown();
  ParseAgain Again =
      parseOnce(Opts, InputFile, Printer, Handler, {}, /*MayParseAgain=*/true);
  if (Again.isNeeded())
    parseOnce(Opts, InputFile, Printer, Handler, Again,
              /*MayParseAgain=*/false);
  return Printer.errorsShown() == ErrorsBefore;
}

InstallLayout InstallLayout::forExecutable(const char *Argv0, void *MainAddr) {
  InstallLayout L;
  std::string Exe = llvm::sys::fs::getMainExecutable(Argv0, MainAddr);
  llvm::SmallString<256> Bin(llvm::sys::path::parent_path(Exe));
  L.BinDir = std::string(Bin);
  llvm::SmallString<256> Headers(llvm::sys::path::parent_path(Bin));
  llvm::sys::path::append(Headers, "include", "upc-instrument");
  L.UpcHeaderDir = std::string(Headers);
  llvm::sys::path::append(Headers, "runtime");
  L.RuntimeIncludeDir = std::string(Headers);
  llvm::SmallString<256> Lib(llvm::sys::path::parent_path(Bin));
  llvm::sys::path::append(Lib, "lib", "upc-instrument");
  L.RuntimeLibDir = std::string(Lib);
  return L;
}

} // namespace upc
