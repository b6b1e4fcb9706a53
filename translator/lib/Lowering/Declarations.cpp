//===- Declarations.cpp - Declarations, static data, per-thread data ------===//
//
// - A shared variable becomes a proxy (a pointer-to-shared with the
//   variable's name) plus an allocation record; its initializer runs at
//   start-up (thread 0 for a scalar, each thread for its part of an array).
//   Function-scope static shared variables move to file scope under a
//   mangled name.
// - A declaration whose type involves pointers-to-shared is printed again
//   with the runtime types.
// - Unshared data with static storage declared in UPC code is per UPC
//   thread (__thread); an initial value that only exists at run time (the
//   address of per-thread data, a pointer-to-shared) is assigned at start-up
//   instead. Which files are UPC code follows Berkeley UPC (below), so that
//   the state a header of UPC code keeps (NAS's timers, say) is per thread,
//   and a C library's is not.
//
//===----------------------------------------------------------------------===//

#include "LoweringInternal.h"
#include "upc-instrument/Desugar/InternalNames.h"
#include "upc-instrument/Semantics/UpcDiagnostics.h"
#include "upc-instrument/Semantics/UpcTypePrinter.h"
#include "upc-instrument/Semantics/UpcTypes.h"

#include "clang/AST/Attr.h"
#include "clang/Lex/Lexer.h"
#include "clang/AST/DeclCXX.h"
#include "clang/AST/ParentMapContext.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/Path.h"

using namespace clang;

namespace upc {
namespace lowering {

std::string Lowerer::nameOf(const NamedDecl *D) const {
  if (auto It = NewNames.find(D->getCanonicalDecl()); It != NewNames.end())
    return It->second;
  return D->getName().str();
}

/// Berkeley UPC's rule for the files of UPC code (its translator's
/// detect-upc pass; Berkeley UPC's static-data design, "extern C" data):
/// the file being translated; a header named .upc or .uph, one with UPC
/// syntax (THREADS, shared, upc_forall...) or `#pragma upc upc_code`; and
/// every file that includes one of those, transitively (so a header that
/// includes <upc.h> is UPC code). A header with `#pragma upc c_code` is C,
/// and so are the headers of the system's directories.
void Lowerer::findUpcCodeFiles() const {
  UpcCodeFilesKnown = true;
  llvm::DenseSet<FileID> ExplicitC, ExplicitUpc;
  for (const CodeLanguagePragma &P : Upc.codeLanguagePragmas())
    (P.IsC ? ExplicitC : ExplicitUpc)
        .insert(SM.getFileID(SM.getExpansionLoc(P.Loc)));
  auto IsUpcByItself = [&](FileID FID) {
    if (ExplicitC.count(FID))
      return false;
    if (ExplicitUpc.count(FID))
      return true;
    if (OptionalFileEntryRef FE = SM.getFileEntryRefForID(FID)) {
      llvm::StringRef Ext = llvm::sys::path::extension(FE->getName());
      if (Ext.equals_insensitive(".upc") || Ext.equals_insensitive(".uph"))
        return true;
    }
    const DesugaredSource *D = Sources.getDesugared(FID);
    return D && D->NumRewrites > 0;
  };
  UpcCodeFiles.insert(SM.getMainFileID());
  for (const InclusionDirective &Inc : TU.Includes.directives()) {
    if (Inc.Entered.isInvalid() || !IsUpcByItself(Inc.Entered))
      continue;
    // The file and those that include it, up to the main file or a file
    // of explicit C code.
    for (FileID F = Inc.Entered; F.isValid() && !ExplicitC.count(F);
         F = SM.getFileID(SM.getIncludeLoc(F)))
      if (!UpcCodeFiles.insert(F).second)
        break;
  }
}

void Lowerer::listProcessWideData() {
  DiagnosticsEngine &Diags = Ctx.getDiagnostics();
  for (const Decl *D : Ctx.getTranslationUnitDecl()->decls()) {
    const auto *VD = dyn_cast<VarDecl>(D);
    if (!VD || VD->isThisDeclarationADefinition() == VarDecl::DeclarationOnly ||
        !VD->hasGlobalStorage() || VD->getTSCSpec() != TSCS_unspecified ||
        isSharedType(VD->getType()) ||
        Ctx.getBaseElementType(VD->getType()).isConstQualified() ||
        VD->getLocation().isInvalid() || isInUpcCode(VD->getLocation()) ||
        SM.isWrittenInBuiltinFile(SM.getExpansionLoc(VD->getLocation())))
      continue;
    reportUpc(Diags, VD->getLocation(), UpcDiag::ProcessWideHeaderData)
        << VD->getName();
  }
}

bool Lowerer::isInUpcCode(SourceLocation Loc) const {
  FileID FID = SM.getFileID(SM.getExpansionLoc(Loc));
  if (FID == SM.getMainFileID())
    return true;
  if (!isEmittedFile(FID))
    return false;
  if (!UpcCodeFilesKnown)
    findUpcCodeFiles();
  return UpcCodeFiles.count(FID);
}

bool Lowerer::isPerThread(const VarDecl *VD) const {
  if (!VD->hasGlobalStorage() || isSharedType(VD->getType()))
    return false;
  if (VD->getTSCSpec() != TSCS_unspecified)
    return false; // thread-local already
  // Read-only data is the same on every thread, unless its value is only
  // known at start-up: the address of per-thread data differs by thread.
  if (Ctx.getBaseElementType(VD->getType()).isConstQualified() &&
      !isReadOnlySetAtStartup(VD))
    return false;
  // Data that C code declares too is C's: one per process.
  for (const VarDecl *R : VD->redecls())
    if (!isInUpcCode(R->getLocation()))
      return false;
  return true;
}

bool Lowerer::isReadOnlySetAtStartup(const VarDecl *VD) const {
  return VD->hasGlobalStorage() &&
         Ctx.getBaseElementType(VD->getType()).isConstQualified() &&
         VD->getInit() && needsStartupValue(VD->getInit());
}

bool Lowerer::needsStartupValue(const Expr *Init) const {
  if (!Init)
    return false;
  if (auto It = Lowered.find(Init); It != Lowered.end())
    if (!llvm::is_contained({runtime::NullShared, runtime::NullPshared,
                             runtime::NullSharedInit,
                             runtime::NullPsharedInit},
                            It->second))
      return true;
  if (LValues.count(Init))
    return true;
  auto RefersToPerThread = [&](const Expr *E) {
    E = E->IgnoreParenImpCasts();
    while (true) {
      if (const auto *AS = dyn_cast<ArraySubscriptExpr>(E))
        E = AS->getBase()->IgnoreParenImpCasts();
      else if (const auto *ME = dyn_cast<MemberExpr>(E); ME && !ME->isArrow())
        E = ME->getBase()->IgnoreParenImpCasts();
      else
        break;
    }
    const auto *DRE = dyn_cast<DeclRefExpr>(E);
    const auto *VD = DRE ? dyn_cast<VarDecl>(DRE->getDecl()) : nullptr;
    return VD && PerThread.count(VD->getCanonicalDecl());
  };
  if (const auto *UO = dyn_cast<UnaryOperator>(Init);
      UO && UO->getOpcode() == UO_AddrOf && RefersToPerThread(UO->getSubExpr()))
    return true;
  if (const auto *ICE = dyn_cast<ImplicitCastExpr>(Init);
      ICE && ICE->getCastKind() == CK_ArrayToPointerDecay &&
      RefersToPerThread(ICE->getSubExpr()))
    return true;
  for (const Stmt *Child : Init->children())
    if (const auto *CE = dyn_cast_or_null<Expr>(Child))
      if (needsStartupValue(CE))
        return true;
  return false;
}

std::string Lowerer::upcTypeString(const VarDecl *VD) const {
  std::vector<std::string> Dims;
  for (TypeLoc TL = declaredTypeLoc(VD); TL; TL = TL.getNextTypeLoc()) {
    if (auto ATL = TL.getAs<ArrayTypeLoc>()) {
      const Expr *Size = ATL.getSizeExpr();
      Dims.push_back(Size ? Sources.getOriginalText(Size->getSourceRange(),
                                                   Ctx.getLangOpts())
                          : "");
    } else if (TL.getAs<PointerTypeLoc>() || TL.getAs<FunctionTypeLoc>()) {
      break;
    }
  }
  return printUpcType(VD->getType(), Ctx, false, &Upc, Dims);
}

std::optional<unsigned> Lowerer::findKeyword(FileID File, unsigned Begin,
                                             unsigned End,
                                             llvm::StringRef Keyword) const {
  llvm::StringRef Text = Sources.getOriginalText(File);
  if (Begin > Text.size())
    return std::nullopt;
  // Raw lexing of the original text; token offsets are relative to the
  // (invalid) file location 0.
  Lexer L(SourceLocation(), Ctx.getLangOpts(), Text.data(),
          Text.data() + Begin, Text.data() + Text.size());
  Token Tok;
  while (!L.LexFromRawLexer(Tok)) {
    unsigned Offset = Tok.getLocation().getRawEncoding();
    if (Offset >= End)
      break;
    if (Tok.is(tok::raw_identifier) && Tok.getRawIdentifier() == Keyword)
      return Offset;
  }
  return std::nullopt;
}

std::optional<unsigned>
Lowerer::findInitializerEquals(const VarDecl *VD) const {
  const Expr *Init = VD->getInit();
  if (!Init)
    return std::nullopt;
  std::optional<FileRange> R = fileRange(Init->getSourceRange());
  if (!R)
    return std::nullopt;
  llvm::StringRef Text = Sources.getOriginalText(R->File);
  unsigned I = R->Begin;
  while (I > 0) {
    char C = Text[I - 1];
    if (C == ' ' || C == '\t' || C == '\n' || C == '\r' || C == '\f' ||
        C == '\v') {
      --I;
      continue;
    }
    if (C == '/' && I >= 2 && Text[I - 2] == '*') {
      size_t Open = Text.substr(0, I - 2).rfind("/*");
      if (Open == llvm::StringRef::npos)
        return std::nullopt;
      I = Open;
      continue;
    }
    break;
  }
  if (I == 0 || Text[I - 1] != '=')
    return std::nullopt;
  return I - 1;
}

// --- Printing declarations --------------------------------------------------

QualType Lowerer::withoutObjectConst(QualType T) const {
  // The qualifiers of the object (of its elements, for an array), without
  // const; volatile stays.
  Qualifiers Quals;
  QualType Unqualified = Ctx.getUnqualifiedArrayType(T, Quals);
  if (Unqualified.isConstQualified()) {
    // The const is in a typedef: the canonical type spells it out.
    Unqualified = Ctx.getUnqualifiedArrayType(T.getCanonicalType(), Quals);
  }
  Quals.removeConst();
  return Ctx.getQualifiedType(Unqualified, Quals);
}

std::string Lowerer::declarationText(const DeclaratorDecl *D,
                                     llvm::StringRef Name, bool ThreadLocal) {
  std::string Text;
  if (const auto *VD = dyn_cast<VarDecl>(D)) {
    switch (VD->getStorageClass()) {
    case SC_Static:
      Text += "static ";
      break;
    case SC_Extern:
      Text += "extern ";
      break;
    case SC_Register:
      Text += "register ";
      break;
    default:
      break;
    }
    if (VD->getTSCSpec() != TSCS_unspecified || ThreadLocal)
      Text += "__thread ";
  }
  if (const auto *FD = dyn_cast<FunctionDecl>(D)) {
    if (FD->getStorageClass() == SC_Static)
      Text += "static ";
    else if (FD->getStorageClass() == SC_Extern)
      Text += "extern ";
    if (FD->isInlineSpecified())
      Text += "inline ";
  }
  TypeLoc TL = declaredTypeLoc(D);
  // A parameter of array type is a pointer (C99 6.7.5.3): `shared int a[]`
  // is a pointer-to-shared.
  if (isa<ParmVarDecl>(D) && TL && TL.getType()->isArrayType())
    TL = TypeLoc();
  const auto *VD = dyn_cast<VarDecl>(D);
  if (VD && !isSharedType(VD->getType()) && isReadOnlySetAtStartup(VD))
    Text += Types.print(withoutObjectConst(VD->getType()), Name);
  else
    Text += TL ? Types.print(TL, Name) : Types.print(D->getType(), Name);
  for (const Attr *A : D->attrs()) {
    if (A->isImplicit() || isa<AnnotateAttr>(A))
      continue;
    std::string AttrText;
    llvm::raw_string_ostream OS(AttrText);
    A->printPretty(OS, Ctx.getPrintingPolicy());
    Text += OS.str();
  }
  return Text;
}

// --- Traversal of declarations ------------------------------------------------

void Lowerer::traverseInitializer(VarDecl *VD) {
  Expr *Init = VD->getInit();
  if (!Init)
    return;
  // A shared variable's initializer is stored at start-up: an expression.
  if (!isSharedType(VD->getType()))
    InitializerElements.insert(Init);
  traverse(Init);
  convertInPlace(Init, VD->getType());
}

void Lowerer::lowerTopLevelDecls() {
  TranslationUnitDecl *TUD = Ctx.getTranslationUnitDecl();
  // main first: a recursive call needs the new name. Defined in the UPC
  // file or in a user header it includes (translated with it), main is the
  // program's: NAS kernels define it in a common header.
  for (Decl *D : TUD->decls())
    if (auto *FD = dyn_cast<FunctionDecl>(D);
        FD && FD->isMain() && FD->doesThisDeclarationHaveABody() &&
        isEmittedFile(SM.getFileID(SM.getExpansionLoc(FD->getLocation()))))
      NewNames[FD->getCanonicalDecl()] = runtime::UserMain.str();

  // Macro uses that write several declarations: their declarations, in
  // order (a use that writes one declaration is translated in place).
  llvm::DenseMap<SourceLocation, std::vector<Decl *>> ByMacroUse;
  auto MacroUseOf = [&](Decl *D) -> SourceLocation {
    SourceLocation B = D->getBeginLoc(), E = D->getEndLoc();
    if (!B.isMacroID() || !E.isMacroID())
      return SourceLocation();
    CharSourceRange U = SM.getExpansionRange(B);
    return U.getBegin() == SM.getExpansionRange(E).getBegin() ? U.getBegin()
                                                              : SourceLocation();
  };
  for (Decl *D : TUD->decls())
    if (SourceLocation U = MacroUseOf(D); U.isValid() && !D->isImplicit())
      ByMacroUse[U].push_back(D);
  for (auto It = ByMacroUse.begin(); It != ByMacroUse.end();) {
    const std::vector<Decl *> &Decls = It->second;
    bool OneDeclaration = llvm::all_of(Decls, [&](Decl *D) {
      return D->getBeginLoc() == Decls.front()->getBeginLoc();
    });
    auto Current = It++;
    if (OneDeclaration)
      ByMacroUse.erase(Current);
  }

  std::vector<Decl *> Group;
  SourceLocation GroupBegin;
  auto Flush = [&] {
    if (!Group.empty())
      lowerDeclGroup(Group, nullptr);
    Group.clear();
  };
  for (Decl *D : TUD->decls()) {
    if (D->isImplicit() || D->getLocation().isInvalid())
      continue;
    if (!isEmittedFile(SM.getFileID(SM.getExpansionLoc(D->getLocation()))))
      continue;
    if (SourceLocation U = MacroUseOf(D); U.isValid()) {
      auto It = ByMacroUse.find(U);
      if (It != ByMacroUse.end()) {
        Flush();
        if (It->second.front() == D)
          lowerMacroDeclarations(It->second);
        continue;
      }
    }
    // A prototype of main is renamed with its definition.
    if (auto *FD = dyn_cast<FunctionDecl>(D);
        FD && (FD->doesThisDeclarationHaveABody() ||
               (FD->isMain() && NewNames.count(FD->getCanonicalDecl())))) {
      Flush();
      lowerFunction(FD);
      continue;
    }
    if (isa<VarDecl>(D) || isa<TypedefNameDecl>(D) || isa<FunctionDecl>(D)) {
      if (!Group.empty() && D->getBeginLoc() != GroupBegin)
        Flush();
      if (Group.empty())
        GroupBegin = D->getBeginLoc();
      if (auto *VD = dyn_cast<VarDecl>(D))
        traverseInitializer(VD);
      Group.push_back(D);
      continue;
    }
    Flush();
    if (auto *RD = dyn_cast<RecordDecl>(D)) {
      lowerRecord(RD);
    } else if (auto *ED = dyn_cast<EnumDecl>(D)) {
      // The front end's evaluation of the block sizes, at the end of the
      // main file (names::EvaluateBlockSizesPragma): not the user's.
      if (!ED->enumerators().empty() &&
          ED->enumerator_begin()->getName().starts_with(
              names::BlockSizeConstantPrefix))
        continue;
      for (EnumConstantDecl *C : ED->enumerators())
        traverse(C->getInitExpr());
    } else if (auto *SA = dyn_cast<StaticAssertDecl>(D)) {
      traverse(SA->getAssertExpr());
    }
  }
  Flush();
}

/// The name of the macro whose use in the file wrote \p Loc.
static std::string outermostMacroName(SourceLocation Loc,
                                      const SourceManager &SM,
                                      const LangOptions &LO) {
  if (!Loc.isMacroID())
    return "";
  while (SM.getImmediateMacroCallerLoc(Loc).isMacroID())
    Loc = SM.getImmediateMacroCallerLoc(Loc);
  return Lexer::getImmediateMacroName(Loc, SM, LO).str();
}

void Lowerer::lowerMacroDeclarations(llvm::ArrayRef<Decl *> Decls) {
  // Split into declarations (groups of declarators that share specifiers).
  std::vector<std::vector<Decl *>> Groups;
  for (Decl *D : Decls) {
    if (Groups.empty() ||
        Groups.back().front()->getBeginLoc() != D->getBeginLoc())
      Groups.emplace_back();
    Groups.back().push_back(D);
  }
  auto DeclaratorsOf = [](llvm::ArrayRef<Decl *> G) {
    return llvm::SmallVector<Decl *>(llvm::make_filter_range(G, [](Decl *D) {
      return isa<VarDecl, TypedefNameDecl, FunctionDecl>(D);
    }));
  };
  bool Changed = false;
  for (const std::vector<Decl *> &G : Groups) {
    llvm::SmallVector<Decl *> Declarators = DeclaratorsOf(G);
    for (Decl *D : Declarators)
      if (auto *VD = dyn_cast<VarDecl>(D))
        traverseInitializer(VD);
    Changed |= !Declarators.empty() &&
               classifyDeclGroup(Declarators) != DeclGroupKind::Unchanged;
  }
  if (!Changed)
    return;
  // The use is printed again from the AST, which has no text for a
  // function's body: refuse it rather than emit a bare prototype.
  for (Decl *D : Decls)
    if (auto *FD = dyn_cast<FunctionDecl>(D);
        FD && FD->doesThisDeclarationHaveABody()) {
      macroUseError(
          SM.getExpansionLoc(FD->getLocation()),
          "cannot translate a use of macro '" +
              outermostMacroName(FD->getLocation(), SM, Ctx.getLangOpts()) +
              "' that defines function '" + FD->getNameAsString() +
              "' beside declarations of shared data; declare the data "
              "outside the macro");
      return;
    }
  CharSourceRange Use = SM.getExpansionRange(Decls.front()->getBeginLoc());
  std::optional<FileRange> R = fileRange(Use.getAsRange());
  if (!R) {
    macroUseError(Decls.front()->getLocation(),
                  "cannot translate a declaration written through a macro");
    return;
  }
  SourceEdits *Edits = editsFor(R->File);
  std::vector<std::string> Parts;
  std::string FunctionScopeText;
  for (const std::vector<Decl *> &G : Groups) {
    llvm::SmallVector<Decl *> Declarators = DeclaratorsOf(G);
    if (Declarators.empty()) {
      // A structure, union or enumeration defined alone: printed again,
      // unless it involves UPC types (its members would need translating).
      auto *TD = dyn_cast<TagDecl>(G.front());
      auto *RD = dyn_cast<RecordDecl>(G.front());
      if (!TD || (RD && llvm::any_of(RD->fields(), [&](const FieldDecl *F) {
                    return Types.involvesUpc(F->getType());
                  }))) {
        macroUseError(G.front()->getLocation(),
                      "cannot translate a declaration written through a macro");
        return;
      }
      std::string Printed;
      llvm::raw_string_ostream OS(Printed);
      TD->print(OS, Ctx.getPrintingPolicy());
      Parts.push_back(std::move(OS.str()));
      continue;
    }
    if (!reprintGroup(Declarators, *Edits, Parts, FunctionScopeText))
      return;
  }
  if (!FunctionScopeText.empty())
    insertBeforeCurrentFunction(FunctionScopeText);
  // The macro's body ends with the last ';' unless the use is followed by
  // its own.
  std::string Text = llvm::join(Parts, "; ");
  std::optional<Token> Next =
      Lexer::findNextToken(Use.getEnd(), SM, Ctx.getLangOpts());
  if (!Next || !Next->is(tok::semi))
    Text += ";";
  if (!Edits->replace(R->Begin, R->End, Text))
    error(Decls.front()->getLocation(),
          "internal error: overlapping translations");
}

void Lowerer::lowerFunction(FunctionDecl *FD) {
  // The user's main becomes upcr_user_main, started on every thread.
  if (auto It = NewNames.find(FD->getCanonicalDecl());
      It != NewNames.end() && FD->isMain()) {
    std::optional<FileRange> Name =
        fileRange(SourceRange(FD->getLocation(), FD->getLocation()));
    if (!Name) {
      error(FD->getLocation(), "'main' declared through a macro cannot be "
                               "renamed for the UPC runtime");
    } else {
      editsFor(Name->File)->replace(Name->Begin, Name->End, It->second);
      if (FD->doesThisDeclarationHaveABody()) {
        Out.MainParameters = FD->getNumParams();
        Out.MainReturnsVoid = FD->getReturnType()->isVoidType();
        // Reaching the end of main returns 0 (C99 5.1.2.2.3); the renamed
        // function needs it said.
        const auto *Body = dyn_cast<CompoundStmt>(FD->getBody());
        std::optional<FileRange> Close =
            Body ? fileRange(SourceRange(Body->getRBracLoc(),
                                         Body->getRBracLoc()))
                 : std::nullopt;
        if (Close && !Out.MainReturnsVoid) {
          std::string Value = Calls.mainReturnValue(
              "0", positionOf(Body->getRBracLoc()));
          editsFor(Close->File)->insertBeforeFollowing(
              Close->Begin,
              "return " + (Value.empty() ? std::string("0") : Value) + "; ");
        }
      }
    }
  }
  // A return type of a pointer-to-shared type: the declaration up to its
  // parameter list is printed again (the return type wraps the declarator).
  // `T f()` and K&R definitions have no prototype written (C99
  // 6.7.5.3p14): the list is identifiers only, their declarations follow
  // the ')'.
  TypeLoc FTL = declaredTypeLoc(FD);
  auto Fn = FTL ? FTL.getAsAdjusted<FunctionTypeLoc>() : FunctionTypeLoc();
  bool Proto = FD->hasWrittenPrototype();
  bool UpcReturn = Types.involvesUpc(FD->getReturnType());
  if (UpcReturn) {
    std::optional<FileRange> R =
        Fn ? fileRange(SourceRange(FD->getBeginLoc(), Fn.getRParenLoc()))
           : std::nullopt;
    if (!R) {
      macroUseError(FD->getLocation(), "cannot translate the return type of '" +
                                           FD->getName() + "'");
    } else {
      std::vector<std::string> Params;
      for (ParmVarDecl *P : FD->parameters())
        Params.push_back(Proto ? declarationText(P, P->getName(), false)
                               : P->getName().str());
      if (Proto && FD->isVariadic())
        Params.push_back("...");
      if (Proto && Params.empty())
        Params.push_back("void");
      std::string Declarator = nameOf(FD) + "(" + llvm::join(Params, ", ") + ")";
      std::string Storage;
      if (FD->getStorageClass() == SC_Static)
        Storage = "static ";
      else if (FD->getStorageClass() == SC_Extern)
        Storage = "extern ";
      if (FD->isInlineSpecified())
        Storage += "inline ";
      editsFor(R->File)->replace(
          R->Begin, R->End,
          Storage + Types.print(Fn.getReturnLoc(), Declarator));
    }
  }
  // Parameters of pointer-to-shared types, one by one (K&R declarations
  // after the ')' even when the declarator was printed again).
  for (ParmVarDecl *P : FD->parameters()) {
    if (!Types.involvesUpc(P->getType()) || (UpcReturn && Proto))
      continue;
    std::optional<FileRange> R = fileRange(P->getSourceRange());
    if (!R) {
      macroUseError(P->getLocation(),
                    "cannot translate a parameter declared through "
                    "a macro");
      continue;
    }
    editsFor(R->File)->replace(R->Begin, R->End,
                               declarationText(P, P->getName(), false));
  }
  if (FD->doesThisDeclarationHaveABody()) {
    instrumentFunctionEntry(FD);
    const FunctionDecl *Saved = CurrentFunction;
    CurrentFunction = FD;
    traverse(FD->getBody());
    CurrentFunction = Saved;
    // A body written inside a macro's definition, with UPC in it, has no
    // place in the file to put its translation: refuse it rather than
    // leave the macro's UPC for the C compiler.
    if (Unplaced.count(FD->getBody())) {
      SourceLocation Loc = FD->getBody()->getBeginLoc();
      std::string Macro = outermostMacroName(Loc, SM, Ctx.getLangOpts());
      macroUseError(
          SM.getExpansionLoc(Loc),
          "cannot translate UPC code written inside the definition of macro '" +
              Macro + "' (function '" + FD->getNameAsString() +
              "'); write the function outside the macro, or let the macro call "
              "a function written outside it");
    }
  }
}

std::string Lowerer::functionSignature(const FunctionDecl *FD) const {
  auto Declarator = [](std::string Type, llvm::StringRef Name) {
    if (Name.empty())
      return Type;
    if (!Type.empty() && Type.back() != '*')
      Type += ' ';
    return Type + Name.str();
  };
  std::string Params;
  for (const ParmVarDecl *P : FD->parameters()) {
    if (!Params.empty())
      Params += ", ";
    Params += Declarator(upcTypeString(P), P->getName());
  }
  const auto *Proto = FD->getType()->getAs<FunctionProtoType>();
  if (Proto && Proto->isVariadic())
    Params += Params.empty() ? "..." : ", ...";
  else if (Proto && Params.empty())
    Params = "void";
  return Declarator(printUpcType(FD->getReturnType(), Ctx, false, &Upc),
                    FD->getName()) +
         "(" + Params + ")";
}

void Lowerer::instrumentFunctionEntry(const FunctionDecl *FD) {
  const auto *Body = dyn_cast_or_null<CompoundStmt>(FD->getBody());
  if (!Body || !FD->getIdentifier() || !Calls.isInstrumenting())
    return;
  std::string Entry = Calls.functionEntry(FD->getName(), functionSignature(FD),
                                          positionOf(FD->getBeginLoc()));
  if (Entry.empty())
    return;
  std::optional<FileRange> Open =
      fileRange(SourceRange(Body->getLBracLoc(), Body->getLBracLoc()));
  if (!Open) // the brace comes from a macro: left uninstrumented
    return;
  editsFor(Open->File)->insertAfterPreceding(Open->End, " " + Entry);
}

void Lowerer::lowerRecord(RecordDecl *RD) {
  if (!RD->isThisDeclarationADefinition())
    return;
  std::vector<FieldDecl *> Group;
  auto Flush = [&] {
    if (Group.empty())
      return;
    bool Rewrite = llvm::any_of(
        Group, [&](FieldDecl *F) { return Types.involvesUpc(F->getType()); });
    if (Rewrite) {
      std::optional<FileRange> R = fileRange(SourceRange(
          Group.front()->getBeginLoc(), Group.back()->getEndLoc()));
      if (!R) {
        macroUseError(Group.front()->getLocation(),
                      "cannot translate a member declared through a macro");
      } else {
        std::vector<std::string> Parts;
        for (FieldDecl *F : Group) {
          std::string Text = declarationText(F, F->getName(), false);
          if (const Expr *Width = F->getBitWidth())
            Text += " : " + Sources.getOriginalText(Width->getSourceRange(),
                                                   Ctx.getLangOpts());
          Parts.push_back(std::move(Text));
        }
        editsFor(R->File)->replace(R->Begin, R->End, llvm::join(Parts, "; "));
      }
    }
    Group.clear();
  };
  for (Decl *D : RD->decls()) {
    if (auto *Nested = dyn_cast<RecordDecl>(D)) {
      Flush();
      lowerRecord(Nested);
      continue;
    }
    auto *F = dyn_cast<FieldDecl>(D);
    if (!F)
      continue;
    if (!Group.empty() && F->getBeginLoc() != Group.front()->getBeginLoc())
      Flush();
    Group.push_back(F);
  }
  Flush();
}

void Lowerer::lowerDeclStmt(DeclStmt *DS) {
  std::vector<Decl *> Group;
  for (Decl *D : DS->decls()) {
    if (auto *VD = dyn_cast<VarDecl>(D)) {
      traverseInitializer(VD);
      Group.push_back(VD);
    } else if (auto *TD = dyn_cast<TypedefNameDecl>(D)) {
      Group.push_back(TD);
    } else if (auto *RD = dyn_cast<RecordDecl>(D)) {
      lowerRecord(RD);
    } else if (auto *ED = dyn_cast<EnumDecl>(D)) {
      for (EnumConstantDecl *C : ED->enumerators())
        traverse(C->getInitExpr());
    }
  }
  if (!Group.empty())
    lowerDeclGroup(Group, DS);
}

Lowerer::DeclGroupKind Lowerer::classifyDeclGroup(llvm::ArrayRef<Decl *> Group) {
  bool AnyUpc = false, AnyPerThread = false, AllPerThread = true;
  bool AnyStartup = false, AnyReadOnlyStartup = false;
  for (Decl *D : Group) {
    if (auto *VD = dyn_cast<VarDecl>(D)) {
      bool Shared = isSharedType(VD->getType());
      if (Shared || Types.involvesUpc(VD->getType()))
        AnyUpc = true;
      bool PT = !Shared && isPerThread(VD);
      if (PT)
        PerThread.insert(VD->getCanonicalDecl());
      AnyPerThread |= PT;
      AllPerThread &= PT;
      if (VD->hasGlobalStorage() && !Shared && VD->getInit() &&
          needsStartupValue(VD->getInit()))
        AnyStartup = true;
      // Printed again without its const (the start-up code assigns it).
      if (!Shared && isReadOnlySetAtStartup(VD))
        AnyReadOnlyStartup = true;
    } else if (auto *TD = dyn_cast<TypedefNameDecl>(D)) {
      AllPerThread = false;
      if (Types.involvesUpc(TD->getUnderlyingType()))
        AnyUpc = true;
    } else if (auto *FD = dyn_cast<FunctionDecl>(D)) {
      AllPerThread = false;
      if (Types.involvesUpc(FD->getType()))
        AnyUpc = true;
    }
  }
  if (!AnyUpc && !AnyPerThread && !AnyStartup)
    return DeclGroupKind::Unchanged;
  if (!AnyUpc && AllPerThread && !AnyReadOnlyStartup &&
      llvm::none_of(
          Group, [&](Decl *D) { return movesToFileScope(cast<VarDecl>(D)); }))
    return DeclGroupKind::PerThread;
  return DeclGroupKind::Reprinted;
}

bool Lowerer::movesToFileScope(const VarDecl *VD) const {
  // Shared data (the start-up functions allocate it) and data initialized
  // at start-up.
  return VD->isStaticLocal() &&
         (isSharedType(VD->getType()) ||
          (VD->getInit() && needsStartupValue(VD->getInit())));
}

std::string Lowerer::fileScopeName(const VarDecl *VD) {
  std::string FunctionName =
      CurrentFunction ? CurrentFunction->getName().str() : "";
  std::string Name =
      runtime::InternalPrefix.str() + FunctionName + "_" + VD->getName().str();
  // Statics of one name in different blocks of a function (a macro that
  // declares one in each use) are different objects: a number keeps the
  // later ones apart.
  std::string Candidate = Name;
  for (unsigned N = 2; !FileScopeNames.insert(Candidate).second; ++N)
    Candidate = Name + "_" + std::to_string(N);
  return Candidate;
}

void Lowerer::makeThreadLocal(llvm::ArrayRef<Decl *> Group,
                              const FileRange &Whole) {
  SourceEdits *Edits = editsFor(Whole.File);
  auto *VD = cast<VarDecl>(Group.front());
  llvm::StringRef Storage = VD->getStorageClass() == SC_Static   ? "static"
                            : VD->getStorageClass() == SC_Extern ? "extern"
                                                                 : "";
  unsigned NameOffset = Whole.End;
  if (std::optional<FileRange> N =
          fileRange(SourceRange(VD->getLocation(), VD->getLocation())))
    NameOffset = N->Begin;
  std::optional<unsigned> Keyword =
      Storage.empty()
          ? std::nullopt
          : findKeyword(Whole.File, Whole.Begin, NameOffset, Storage);
  if (Keyword)
    Edits->insertAfterPreceding(*Keyword + Storage.size(), " __thread");
  else
    Edits->insertBeforeFollowing(Whole.Begin, "__thread ");
  for (Decl *D : Group) {
    auto *V = cast<VarDecl>(D);
    if (!V->getInit() || !needsStartupValue(V->getInit()))
      continue;
    std::optional<unsigned> Equals = findInitializerEquals(V);
    std::optional<FileRange> Init = fileRange(V->getInit()->getSourceRange());
    if (!Equals || !Init) {
      error(V->getLocation(),
            "cannot move the initializer of '" + V->getName() + "' to start-up");
      continue;
    }
    Out.StaticData.EveryThreadInitializers.push_back(
        startupAssignment(V, nameOf(V)));
    // " = value" goes, with the blanks before the '='.
    unsigned From = *Equals;
    llvm::StringRef Text = Edits->original();
    while (From > 0 && (Text[From - 1] == ' ' || Text[From - 1] == '\t'))
      --From;
    Edits->replace(From, Init->End, "");
  }
}

bool Lowerer::reprintGroup(llvm::ArrayRef<Decl *> Group, SourceEdits &Edits,
                           std::vector<std::string> &Parts,
                           std::string &FunctionScopeText) {
  if (!ownedTagText(Group.front(), Edits, Parts))
    return false;
  for (Decl *D : Group)
    if (std::string Text = reprintDeclaration(D, FunctionScopeText);
        !Text.empty())
      Parts.push_back(std::move(Text));
  return true;
}

bool Lowerer::ownedTagText(Decl *First, SourceEdits &Edits,
                           std::vector<std::string> &Parts) {
  // The type the specifiers begin: an object's or function's, or a
  // typedef's (`typedef shared struct {...} T;` defines its structure too).
  QualType Declared;
  if (auto *DD = dyn_cast<DeclaratorDecl>(First))
    Declared = DD->getType();
  else if (auto *TD = dyn_cast<TypedefNameDecl>(First))
    Declared = TD->getUnderlyingType();
  else
    return true;
  // The structure the specifiers define, under the arrays, the pointers and
  // the sugar of the UPC qualifiers (address space, type tags).
  QualType T = CTypes::innermostElement(Declared);
  const ElaboratedType *ET = nullptr;
  while (!T.isNull() && !ET) {
    if ((ET = dyn_cast<ElaboratedType>(T.getTypePtr())))
      break;
    if (const auto *AT = dyn_cast<AttributedType>(T.getTypePtr()))
      T = AT->getModifiedType();
    else if (const auto *BT = dyn_cast<BTFTagAttributedType>(T.getTypePtr()))
      T = BT->getWrappedType();
    else if (const auto *PT = dyn_cast<ParenType>(T.getTypePtr()))
      T = PT->getInnerType();
    else if (const auto *MT = dyn_cast<MacroQualifiedType>(T.getTypePtr()))
      T = MT->getModifiedType();
    else if (const auto *PT = dyn_cast<PointerType>(T.getTypePtr()))
      T = PT->getPointeeType(); // `shared struct S {...} *p;`
    else if (const auto *AT = dyn_cast<ArrayType>(T.getTypePtr()))
      T = AT->getElementType();
    else
      break; // a typedef's structure is defined with the typedef
  }
  TagDecl *Owned = ET ? ET->getOwnedTagDecl() : nullptr;
  if (!Owned)
    return true;
  std::optional<FileRange> TR = fileRange(Owned->getSourceRange());
  const auto *Record = dyn_cast<RecordDecl>(Owned);
  bool Named = !Owned->getName().empty() ||
               (Record && Types.recordName(Record));
  if (!TR || !Named) {
    error(Owned->getLocation(),
          "cannot translate a declaration of an unnamed structure involving "
          "shared types; name the structure");
    return false;
  }
  Parts.push_back(Edits.getText(TR->Begin, TR->End));
  return true;
}

std::string Lowerer::reprintDeclaration(Decl *D,
                                        std::string &FunctionScopeText) {
  if (auto *FD = dyn_cast<FunctionDecl>(D))
    return declarationText(FD, FD->getName(), false);
  if (auto *TD = dyn_cast<TypedefNameDecl>(D)) {
    TypeLoc TL = TD->getTypeSourceInfo() ? TD->getTypeSourceInfo()->getTypeLoc()
                                         : TypeLoc();
    return "typedef " + (TL ? Types.print(TL, TD->getName())
                            : Types.print(TD->getUnderlyingType(),
                                          TD->getName()));
  }
  auto *VD = cast<VarDecl>(D);
  bool Shared = isSharedType(VD->getType());
  if (movesToFileScope(VD)) {
    NewNames[VD->getCanonicalDecl()] = fileScopeName(VD);
    if (Shared) {
      FunctionScopeText += proxyDeclaration(VD) + "; ";
      std::string InPlace = allocateShared(VD);
      initializeShared(VD);
      return InPlace;
    } else {
      FunctionScopeText +=
          declarationText(VD, nameOf(VD),
                          PerThread.count(VD->getCanonicalDecl())) +
          "; ";
      Out.StaticData.EveryThreadInitializers.push_back(
          startupAssignment(VD, nameOf(VD)));
    }
    return "";
  }
  if (Shared) {
    QualType Element = CTypes::innermostElement(VD->getType());
    if (const auto *RD = Element->getAsRecordDecl();
        RD && RD->getName().empty() && !RD->getTypedefNameForAnonDecl() &&
        !Types.recordName(RD)) {
      // Unnamed and written through a macro: no tag could be given.
      macroUseError(VD->getLocation(),
                    "shared object '" + VD->getName() +
                        "' has an unnamed structure type written "
                        "through a macro; give the structure a "
                        "tag or a typedef name");
      return "";
    }
    std::string Proxy = proxyDeclaration(VD);
    allocateShared(VD);
    initializeShared(VD);
    return Proxy;
  }
  std::string Text = declarationText(VD, nameOf(VD),
                                     PerThread.count(VD->getCanonicalDecl()));
  if (const Expr *Init = VD->getInit()) {
    if (VD->hasGlobalStorage() && needsStartupValue(Init))
      Out.StaticData.EveryThreadInitializers.push_back(
          startupAssignment(VD, nameOf(VD)));
    else
      Text += " = " + textOf(Init);
  }
  return Text;
}

void Lowerer::insertBeforeCurrentFunction(const std::string &Text) {
  // The declaration may start inside a macro use: a layout qualifier
  // (`shared [B] char *f(...)`, whose desugared form is a macro of the
  // prelude) or a return type written by a user's macro. The text goes
  // before that use.
  SourceLocation Begin = SM.getExpansionLoc(CurrentFunction->getBeginLoc());
  std::optional<FileRange> F = fileRange(SourceRange(Begin, Begin));
  if (!F) {
    macroUseError(
        CurrentFunction->getLocation(),
        "cannot move static data out of a function defined through a macro");
    return;
  }
  editsFor(F->File)->insertBeforeFollowing(F->Begin, Text);
}

bool Lowerer::lowerUnplacedDeclStmt(llvm::ArrayRef<Decl *> Group,
                                    const DeclStmt *Statement) {
  if (!CurrentFunction)
    return false;
  // A `for`'s first clause is printed without asking the lowering.
  for (const DynTypedNode &Parent : Ctx.getParents(*Statement))
    if (const auto *For = Parent.get<ForStmt>();
        For && For->getInit() == Statement)
      return false;
  FileID File = SM.getFileID(SM.getExpansionLoc(Statement->getBeginLoc()));
  SourceEdits *Edits = editsFor(File);
  if (!Edits)
    return false;
  std::vector<std::string> Parts;
  std::string FunctionScopeText;
  if (!reprintGroup(Group, *Edits, Parts, FunctionScopeText))
    return true; // reported
  if (!FunctionScopeText.empty())
    insertBeforeCurrentFunction(FunctionScopeText);
  setLowered(Statement,
             (Parts.empty() ? "(void)0" : llvm::join(Parts, "; ")) + ";");
  return true;
}

std::optional<std::string>
Lowerer::placedDeclStmtText(const DeclStmt *DS) const {
  std::optional<FileRange> R = fileRange(DS->getSourceRange());
  if (!R)
    return std::nullopt;
  if (const LoweredFile *F = Out.find(R->File))
    return F->Edits->getText(R->Begin, R->End);
  return Sources.getOriginalText(R->File).slice(R->Begin, R->End).str();
}

void Lowerer::lowerDeclGroup(llvm::ArrayRef<Decl *> Group,
                             const DeclStmt *Statement) {
  DeclGroupKind Kind = classifyDeclGroup(Group);
  // An initializer translated where it has no place (inside a macro): the
  // statement is printed again even if its declarations stay as they are.
  bool InitializerUnplaced = false, InitializerTranslated = false;
  if (Statement)
    for (Decl *D : Group)
      if (const auto *VD = dyn_cast<VarDecl>(D); VD && VD->getInit()) {
        InitializerUnplaced |= Unplaced.count(VD->getInit()) > 0;
        InitializerTranslated |= hasTranslatedPart(VD->getInit());
      }
  if (Kind == DeclGroupKind::Unchanged && !InitializerTranslated)
    return;
  Decl *First = Group.front();
  std::optional<FileRange> Whole =
      fileRange(SourceRange(First->getBeginLoc(), Group.back()->getEndLoc()));
  if (Statement && (!Whole || InitializerUnplaced) &&
      lowerUnplacedDeclStmt(Group, Statement))
    return;
  if (Kind == DeclGroupKind::Unchanged)
    return; // the initializers' translations are in place
  if (!Whole) {
    macroUseError(First->getLocation(),
                  "cannot translate a declaration written through a macro");
    return;
  }
  if (Kind == DeclGroupKind::PerThread)
    return makeThreadLocal(Group, *Whole);

  // The whole group is printed again, one declaration each, after the
  // structure its specifiers define; function-scope statics that move to
  // file scope go before the function.
  SourceEdits *Edits = editsFor(Whole->File);
  std::vector<std::string> Parts;
  std::string FunctionScopeText;
  if (!reprintGroup(Group, *Edits, Parts, FunctionScopeText))
    return;
  if (!FunctionScopeText.empty())
    insertBeforeCurrentFunction(FunctionScopeText);
  std::string Text = llvm::join(Parts, "; ");
  if (Parts.empty() && Statement)
    Text = "(void)0"; // the statement stays a statement
  if (!Edits->replace(Whole->Begin, Whole->End, Text))
    error(First->getLocation(), "internal error: overlapping translations");
}

} // namespace lowering
} // namespace upc
