//===- UpcDiagnosticPrinter.cpp -------------------------------------------===//

#include "upc-instrument/FrontEnd/UpcDiagnosticPrinter.h"
#include "upc-instrument/Support/OwnCode.h"

#include "clang/Basic/DiagnosticIDs.h"
#include "clang/Basic/DiagnosticSema.h"
#include "clang/Lex/Lexer.h"
#include "llvm/Support/Format.h"

#include <algorithm>

using namespace clang;

namespace upc {
namespace {

const char *levelName(DiagnosticsEngine::Level L) {
  switch (L) {
  case DiagnosticsEngine::Ignored:
    return "ignored";
  case DiagnosticsEngine::Note:
    return "note";
  case DiagnosticsEngine::Remark:
    return "remark";
  case DiagnosticsEngine::Warning:
    return "warning";
  case DiagnosticsEngine::Error:
    return "error";
  case DiagnosticsEngine::Fatal:
    return "fatal error";
  }
  return "error";
}

bool isBoundsWarning(unsigned ID) {
  return ID == diag::warn_array_index_exceeds_bounds ||
         ID == diag::warn_array_index_precedes_bounds ||
         ID == diag::warn_ptr_arith_exceeds_bounds ||
         ID == diag::warn_ptr_arith_precedes_bounds;
}

/// Clang's address-space errors for shared members, parameters and automatic
/// variables: the UPC checker reports these with UPC wording.
bool isReplacedByUpcError(unsigned ID) {
  return ID == diag::err_field_with_address_space ||
         ID == diag::err_arg_with_address_space ||
         ID == diag::err_as_qualified_auto_decl;
}

/// Clang messages about address spaces that are about `shared` in UPC, and
/// that no UPC check replaces (Clang rejects the construct before the AST has
/// it): say them in UPC terms.
const char *upcWordingOf(unsigned ID) {
  if (ID == diag::err_compound_literal_with_address_space)
    return "a compound literal cannot have a shared-qualified type (it has "
           "automatic storage duration)";
  return nullptr;
}

/// Clang's warnings on an integer converted to a pointer (C compilers only
/// warn). When the pointer is a pointer-to-shared the UPC checker reports
/// the conversion as an error within the warning's range.
bool isIntegerToPointerWarning(unsigned ID) {
  return ID == diag::ext_typecheck_convert_int_pointer ||
         ID == diag::ext_typecheck_comparison_of_pointer_integer ||
         ID == diag::ext_typecheck_ordered_comparison_of_pointer_integer ||
         ID == diag::ext_typecheck_cond_pointer_integer_mismatch;
}

/// `shared` written again on a type that is already shared is valid UPC.
bool isDesugaringArtifact(unsigned ID) {
  return ID == diag::warn_attribute_address_multiple_identical_qualifiers;
}

constexpr unsigned TabStop = 8;

} // namespace

UpcDiagnosticPrinter::UpcDiagnosticPrinter(llvm::raw_ostream &OS,
                                           std::string ToolName)
    : OS(OS), ToolName(std::move(ToolName)) {}

UpcDiagnosticPrinter::~UpcDiagnosticPrinter() { flush(); }

void UpcDiagnosticPrinter::BeginSourceFile(const LangOptions &LO,
                                           const Preprocessor *) {
  LangOpts = &LO;
}

void UpcDiagnosticPrinter::EndSourceFile() {
  OwnCodeScope Own;
  flush();
}

void UpcDiagnosticPrinter::HandleDiagnostic(DiagnosticsEngine::Level Level,
                                            const Diagnostic &Info) {
  OwnCodeScope Own;
  // Clang does not map the severity of custom diagnostics (the UPC checks):
  // apply -w and -Werror here.
  bool Custom = Info.getID() >= diag::DIAG_UPPER_LIMIT;
  if (LeaveCWarnings) {
    if (Level == DiagnosticsEngine::Note && LeftLastWarning)
      return;
    LeftLastWarning = !Custom && (Level == DiagnosticsEngine::Warning ||
                                  Level == DiagnosticsEngine::Remark);
    if (LeftLastWarning)
      return;
  }
  bool Upgraded = false;
  if (Custom && Level == DiagnosticsEngine::Warning) {
    if (Info.getDiags()->getIgnoreAllWarnings())
      return;
    if (Info.getDiags()->getWarningsAsErrors()) {
      Level = DiagnosticsEngine::Error;
      Upgraded = true;
    }
  }
  DiagnosticConsumer::HandleDiagnostic(Level, Info);
  llvm::SmallString<256> Message;
  Info.FormatDiagnostic(Message);
  std::string Text(Message);
  if (const char *Wording = upcWordingOf(Info.getID()))
    Text = Wording;
  // The option that controls a warning, as Clang shows it.
  std::string Flag;
  llvm::StringRef Option = DiagnosticIDs::getWarningOptionForDiag(Info.getID());
  bool WarningAsError =
      Level >= DiagnosticsEngine::Error &&
      DiagnosticIDs::isBuiltinWarningOrExtension(Info.getID()) &&
      !DiagnosticIDs::isDefaultMappingAsError(Info.getID());
  if (Upgraded)
    Flag = " [-Werror]";
  else if (!Option.empty() && WarningAsError)
    Flag = " [-Werror,-W" + Option.str() + "]";
  else if (!Option.empty())
    Flag = " [-W" + Option.str() + "]";
  FullSourceLoc Loc;
  if (Info.getLocation().isValid() && Info.hasSourceManager())
    Loc = FullSourceLoc(Info.getLocation(), Info.getSourceManager());
  Pending.push_back(
      {StoredDiagnostic(Level, Info.getID(), Text, Loc, Info.getRanges(),
                        Info.getFixItHints()),
       Flag});
}

bool UpcDiagnosticPrinter::isArtifact(size_t I) const {
  const StoredDiagnostic &D = Pending[I].Diag;
  if (isReplacedByUpcError(D.getID()) || isDesugaringArtifact(D.getID()))
    return true;
  // The prelude's block size annotation lands on type names too, where Clang
  // ignores it (the value is then evaluated otherwise).
  if (D.getID() == diag::warn_attribute_not_on_decl && Mapping &&
      D.getLocation().isValid() &&
      Mapping->getSourceManager().isInSystemHeader(
          Mapping->getSourceManager().getSpellingLoc(D.getLocation())))
    return true;
  if (isConsequenceOfSyntaxError(D))
    return true;
  if (isIntegerToPointerWarning(D.getID()) && isReportedAsIntegerToShared(D))
    return true;
  // Warnings only (also when -Werror made them errors).
  if (!DiagnosticIDs::isBuiltinWarningOrExtension(D.getID()) ||
      !D.getLocation().isValid())
    return false;
  // Warnings about text the desugarer inserted are about its scaffolding.
  if (Mapping && Mapping->isInInsertedText(D.getLocation()))
    return true;
  if (ThreadsDependentDecls.empty())
    return false;
  if (D.getID() == diag::ext_vla_folded_to_constant)
    return ThreadsDependentDecls.count(D.getLocation());
  // An initializer counted against a dimension computed with THREADS = 1;
  // the translation checks it against the true size at run time.
  if (D.getID() == diag::ext_excess_initializers && Mapping) {
    const SourceManager &SM = Mapping->getSourceManager();
    SourceLocation L = SM.getFileLoc(D.getLocation());
    for (SourceRange R : ThreadsDependentInitializers)
      if (!SM.isBeforeInTranslationUnit(L, SM.getFileLoc(R.getBegin())) &&
          !SM.isBeforeInTranslationUnit(SM.getFileLoc(R.getEnd()), L))
        return true;
  }
  if (isBoundsWarning(D.getID()))
    for (size_t N = I + 1; N < Pending.size() &&
                           Pending[N].Diag.getLevel() == DiagnosticsEngine::Note;
         ++N)
      if (Pending[N].Diag.getID() == diag::note_array_declared_here &&
          ThreadsDependentDecls.count(Pending[N].Diag.getLocation()))
        return true;
  return false;
}

bool UpcDiagnosticPrinter::hasPendingError() const {
  for (const Held &H : Pending)
    if (H.Diag.getLevel() >= DiagnosticsEngine::Error)
      return true;
  return false;
}

bool UpcDiagnosticPrinter::hasErrorWithin(SourceRange Range) const {
  if (!Mapping || Range.isInvalid())
    return false;
  const SourceManager &SM = Mapping->getSourceManager();
  SourceLocation B = SM.getFileLoc(Range.getBegin());
  SourceLocation E = SM.getFileLoc(Range.getEnd());
  for (const Held &H : Pending) {
    if (H.Diag.getLevel() < DiagnosticsEngine::Error ||
        !H.Diag.getLocation().isValid())
      continue;
    SourceLocation L = SM.getFileLoc(H.Diag.getLocation());
    if (!SM.isBeforeInTranslationUnit(L, B) && !SM.isBeforeInTranslationUnit(E, L))
      return true;
  }
  return false;
}

bool UpcDiagnosticPrinter::isReportedAsIntegerToShared(
    const StoredDiagnostic &D) const {
  if (!IntegerToSharedID || !Mapping || !D.getLocation().isValid())
    return false;
  const SourceManager &SM = Mapping->getSourceManager();
  auto Within = [&](SourceLocation L, SourceLocation B, SourceLocation E) {
    return !SM.isBeforeInTranslationUnit(L, B) &&
           !SM.isBeforeInTranslationUnit(E, L);
  };
  SourceLocation At = SM.getFileLoc(D.getLocation());
  for (const Held &H : Pending) {
    if (H.Diag.getID() != IntegerToSharedID || !H.Diag.getLocation().isValid())
      continue;
    SourceLocation L = SM.getFileLoc(H.Diag.getLocation());
    if (L == At)
      return true;
    for (const CharSourceRange &R : D.getRanges())
      if (R.isValid() &&
          Within(L, SM.getFileLoc(R.getBegin()), SM.getFileLoc(R.getEnd())))
        return true;
  }
  return false;
}

bool UpcDiagnosticPrinter::isConsequenceOfSyntaxError(
    const StoredDiagnostic &D) const {
  if (SyntaxErrorLines.empty() || D.getID() == SyntaxErrorID ||
      !D.getLocation().isValid() || !Mapping)
    return false;
  OriginalLocation L = Mapping->getOriginalLocation(D.getLocation());
  return SyntaxErrorLines.count({L.File.getHashValue(), L.Line});
}

void UpcDiagnosticPrinter::flush() {
  if (Pending.empty())
    return;
  // Clang's complaints on a line where the UPC syntax was malformed follow
  // from it: the UPC error says what is wrong.
  SyntaxErrorLines.clear();
  if (Mapping && SyntaxErrorID)
    for (const Held &H : Pending)
      if (H.Diag.getID() == SyntaxErrorID && H.Diag.getLocation().isValid()) {
        OriginalLocation L = Mapping->getOriginalLocation(H.Diag.getLocation());
        SyntaxErrorLines.insert({L.File.getHashValue(), L.Line});
      }
  // Group each diagnostic with its notes, drop artifacts, and order the
  // groups by position (UPC checks run after parsing).
  std::vector<std::vector<const Held *>> Groups;
  bool Dropping = false;
  for (size_t I = 0; I < Pending.size(); ++I) {
    bool IsNote = Pending[I].Diag.getLevel() == DiagnosticsEngine::Note;
    if (!IsNote) {
      Dropping = isArtifact(I);
      if (!Dropping)
        Groups.emplace_back();
    }
    if (Dropping)
      continue;
    if (Groups.empty())
      Groups.emplace_back();
    Groups.back().push_back(&Pending[I]);
  }
  // A group without a location stays after the group it followed.
  const SourceManager *SM =
      Mapping ? &Mapping->getSourceManager() : nullptr;
  std::vector<std::pair<SourceLocation, size_t>> Order;
  SourceLocation Key;
  for (size_t G = 0; G < Groups.size(); ++G) {
    SourceLocation L = Groups[G].front()->Diag.getLocation();
    if (L.isValid() && SM)
      Key = SM->getFileLoc(L);
    Order.push_back({Key, G});
  }
  std::sort(Order.begin(), Order.end(), [SM](const auto &A, const auto &B) {
    if (A.first.isInvalid() || B.first.isInvalid()) {
      if (A.first.isInvalid() != B.first.isInvalid())
        return A.first.isInvalid();
    } else if (A.first != B.first) {
      return SM->isBeforeInTranslationUnit(A.first, B.first);
    }
    return A.second < B.second;
  });
  for (const auto &[Loc, G] : Order) {
    if (isRepeatedWarning(*Groups[G].front()))
      continue;
    for (const Held *H : Groups[G])
      render(*H);
  }
  Pending.clear();
  OS.flush();
}

bool UpcDiagnosticPrinter::isRepeatedWarning(const Held &H) {
  const StoredDiagnostic &D = H.Diag;
  if (Repeats == WarningRepeats::Show ||
      D.getLevel() != DiagnosticsEngine::Warning || !Mapping ||
      D.getLocation().isInvalid())
    return false;
  OriginalLocation L = Mapping->getOriginalLocation(D.getLocation());
  std::string Key = (L.FileName + ":" + llvm::Twine(L.Line) + ":" +
                     llvm::Twine(L.Column) + ": " + D.getMessage())
                        .str();
  if (Repeats == WarningRepeats::Remember) {
    ShownWarnings.insert(Key);
    return false;
  }
  return ShownWarnings.contains(Key);
}

void UpcDiagnosticPrinter::printSummary() {
  if (!ErrorsShown && !WarningsShown)
    return;
  if (WarningsShown)
    OS << WarningsShown << " warning" << (WarningsShown == 1 ? "" : "s");
  if (WarningsShown && ErrorsShown)
    OS << " and ";
  if (ErrorsShown)
    OS << ErrorsShown << " error" << (ErrorsShown == 1 ? "" : "s");
  OS << " generated.\n";
  OS.flush();
}

void UpcDiagnosticPrinter::reportInternalError(const OriginalLocation &Where,
                                               llvm::StringRef Message) {
  if (Where.isValid())
    OS << Where.FileName << ':' << Where.Line << ':' << Where.Column << ": ";
  else
    OS << ToolName << ": ";
  OS << "error: internal error: " << Message << '\n';
  OS.flush();
  ++ErrorsShown;
}

void UpcDiagnosticPrinter::render(const Held &H) {
  const StoredDiagnostic &D = H.Diag;
  if (D.getLevel() >= DiagnosticsEngine::Error)
    ++ErrorsShown;
  else if (D.getLevel() == DiagnosticsEngine::Warning)
    ++WarningsShown;

  OriginalLocation Loc;
  if (D.getLocation().isValid() && Mapping)
    Loc = Mapping->getOriginalLocation(D.getLocation());
  if (Loc.isValid()) {
    renderIncludeStack(D.getLocation());
    OS << Loc.FileName << ':' << Loc.Line << ':' << Loc.Column << ": ";
  } else {
    OS << ToolName << ": ";
  }
  OS << levelName(D.getLevel()) << ": " << D.getMessage() << H.Flag << '\n';
  if (!Loc.isValid())
    return;
  renderSnippet(D, Loc);

  // Where a user macro spelled the offending text. The desugarer's own
  // macros (__upc_*) stand for keywords and are not shown.
  const SourceManager &SM = Mapping->getSourceManager();
  struct Expansion {
    llvm::StringRef Name;
    SourceLocation Spelling;
  };
  std::vector<Expansion> Expansions; // innermost first
  for (SourceLocation L = D.getLocation(); L.isMacroID();
       L = SM.getImmediateMacroCallerLoc(L)) {
    llvm::StringRef Name =
        Lexer::getImmediateMacroNameForDiagnostics(L, SM, *LangOpts);
    if (Name.empty() || Name.starts_with("__upc_"))
      continue;
    SourceLocation Spelling = SM.getSpellingLoc(L);
    if (SM.isInSystemHeader(Spelling) ||
        SM.getFileLoc(Spelling) == SM.getFileLoc(D.getLocation()))
      continue;
    Expansions.push_back({Name, Spelling});
  }
  // As Clang: from the macro the user wrote outward in, at most a few.
  unsigned Shown = 0;
  for (auto It = Expansions.rbegin(); It != Expansions.rend() && Shown < 6;
       ++It) {
    OriginalLocation M = Mapping->getOriginalLocation(It->Spelling);
    if (!M.isValid())
      continue;
    OS << M.FileName << ':' << M.Line << ':' << M.Column
       << ": note: expanded from macro '" << It->Name << "'\n";
    StoredDiagnostic Note(DiagnosticsEngine::Note, 0, "",
                          FullSourceLoc(It->Spelling, SM), {}, {});
    renderSnippet(Note, M);
    ++Shown;
  }
}

void UpcDiagnosticPrinter::renderIncludeStack(SourceLocation Loc) {
  const SourceManager &SM = Mapping->getSourceManager();
  std::vector<std::string> Stack;
  FileID FID = SM.getFileID(SM.getFileLoc(Loc));
  for (SourceLocation Inc = SM.getIncludeLoc(FID); Inc.isValid();
       Inc = SM.getIncludeLoc(SM.getFileID(Inc))) {
    OriginalLocation L = Mapping->getOriginalLocation(Inc);
    if (!L.isValid() || L.FileName.front() == '<')
      break;
    Stack.push_back(L.FileName + ":" + std::to_string(L.Line));
  }
  if (Stack == LastIncludeStack)
    return;
  LastIncludeStack = Stack;
  // Clang's style: one line per level, outermost first.
  for (auto It = Stack.rbegin(); It != Stack.rend(); ++It)
    OS << "In file included from " << *It << ":\n";
}

void UpcDiagnosticPrinter::renderSnippet(const StoredDiagnostic &D,
                                         const OriginalLocation &Loc) {
  llvm::StringRef Text = Mapping->getOriginalText(Loc.File);
  if (Loc.Offset > Text.size())
    return;
  size_t LineStart = Loc.Offset - (Loc.Column - 1);
  // The line ends at \n, \r\n or a lone \r (Loc.Column counts the same
  // way).
  size_t LineEnd = Text.find_first_of("\r\n", LineStart);
  if (LineEnd == llvm::StringRef::npos)
    LineEnd = Text.size();
  llvm::StringRef Line = Text.slice(LineStart, LineEnd);

  // Display columns, with tabs expanded as Clang does.
  std::vector<unsigned> DisplayColumn(Line.size() + 1, 0);
  std::string Display;
  for (size_t I = 0; I < Line.size(); ++I) {
    DisplayColumn[I] = Display.size();
    if (Line[I] == '\t')
      Display.append(TabStop - Display.size() % TabStop, ' ');
    else
      Display += Line[I];
  }
  DisplayColumn[Line.size()] = Display.size();

  std::string Marks(Display.size() + 1, ' ');
  const SourceManager &SM = Mapping->getSourceManager();
  for (const CharSourceRange &R : D.getRanges()) {
    // A range within one macro argument is shown where the argument is
    // written; other macro ranges at the macro's use.
    CharSourceRange FR = R;
    if (SM.isMacroArgExpansion(R.getBegin()) &&
        SM.isMacroArgExpansion(R.getEnd()))
      FR = CharSourceRange(SourceRange(SM.getFileLoc(R.getBegin()),
                                       SM.getFileLoc(R.getEnd())),
                           R.isTokenRange());
    else
      FR = SM.getExpansionRange(R);
    SourceLocation B = FR.getBegin(), E = FR.getEnd();
    if (B.isInvalid() || E.isInvalid() || SM.getFileID(B) != Loc.File ||
        SM.getFileID(E) != Loc.File)
      continue;
    unsigned EndOffset = SM.getFileOffset(E);
    if (FR.isTokenRange() && LangOpts)
      EndOffset += Lexer::MeasureTokenLength(E, SM, *LangOpts);
    unsigned OB = Mapping->getOriginalOffset(Loc.File, SM.getFileOffset(B));
    unsigned OE = Mapping->getOriginalOffset(Loc.File, EndOffset);
    OB = std::max<unsigned>(OB, LineStart);
    OE = std::min<unsigned>(OE, LineStart + Line.size());
    for (unsigned O = OB; O < OE; ++O)
      for (unsigned C = DisplayColumn[O - LineStart];
           C < DisplayColumn[O - LineStart + 1]; ++C)
        Marks[C] = '~';
  }
  unsigned CaretByte = std::min<unsigned>(Loc.Column - 1, Line.size());
  Marks[DisplayColumn[CaretByte]] = '^';
  llvm::StringRef MarkLine = llvm::StringRef(Marks).rtrim(' ');

  unsigned Width = std::max<unsigned>(std::to_string(Loc.Line).size() + 1, 5);
  OS << llvm::format_decimal(Loc.Line, Width) << " | " << Display << '\n';
  OS.indent(Width) << " | " << MarkLine << '\n';
}

} // namespace upc
