//===- UpcDesugarer.cpp - UPC syntax to Clang-parseable C -----------------===//
//
// A single forward pass over the raw tokens of a file. Each UPC keyword is
// replaced by its internal spelling (InternalNames.h); the constructs with
// UPC-only syntax are rewritten around their operands, which are kept
// verbatim (and desugared recursively) so that their columns map exactly.
//
// One file of about 900 lines, on purpose: the pass is one class whose
// rewrites (keywords, layout qualifiers, upc_forall, parameter lists, size
// operands, directives) recurse into each other over one token array and
// one list of edits; split across files, each would need the whole class's
// state through a private header, with nothing gained in separation.
//
//===----------------------------------------------------------------------===//

#include "upc-instrument/Desugar/UpcDesugarer.h"
#include "upc-instrument/Desugar/InternalNames.h"

#include "clang/Basic/LangOptions.h"
#include "clang/Lex/Lexer.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/ADT/StringSet.h"
#include "llvm/ADT/StringSwitch.h"

#include <algorithm>
#include <deque>

using namespace clang;

namespace upc {
namespace {

enum class Keyword {
  None,
  Shared,
  Strict,
  Relaxed,
  MyThread,
  Threads,
  MaxBlockSize,
  Forall,
  Barrier,
  Notify,
  Wait,
  Fence,
  BlockSizeof,
  LocalSizeof,
  ElemSizeof,
};

Keyword classifyKeyword(llvm::StringRef Name) {
  return llvm::StringSwitch<Keyword>(Name)
      .Case("shared", Keyword::Shared)
      .Case("strict", Keyword::Strict)
      .Case("relaxed", Keyword::Relaxed)
      .Case("MYTHREAD", Keyword::MyThread)
      .Case("THREADS", Keyword::Threads)
      .Case("UPC_MAX_BLOCK_SIZE", Keyword::MaxBlockSize)
      .Case("upc_forall", Keyword::Forall)
      .Case("upc_barrier", Keyword::Barrier)
      .Case("upc_notify", Keyword::Notify)
      .Case("upc_wait", Keyword::Wait)
      .Case("upc_fence", Keyword::Fence)
      .Case("upc_blocksizeof", Keyword::BlockSizeof)
      .Case("upc_localsizeof", Keyword::LocalSizeof)
      .Case("upc_elemsizeof", Keyword::ElemSizeof)
      .Default(Keyword::None);
}

struct RawToken {
  tok::TokenKind Kind;
  unsigned Offset;
  unsigned Length;
  bool StartOfLine;
  /// The identifier spelling (line continuations removed); empty otherwise.
  llvm::StringRef Identifier;

  unsigned end() const { return Offset + Length; }
};

/// Where a construct's tokens may come from: the code of the file (which
/// skips over preprocessor directives) or one directive's line.
struct Context {
  size_t End;
  bool InDirective;
};

constexpr size_t NotFound = ~size_t(0);

bool isOpening(tok::TokenKind K) {
  return K == tok::l_paren || K == tok::l_square || K == tok::l_brace;
}
bool isClosing(tok::TokenKind K) {
  return K == tok::r_paren || K == tok::r_square || K == tok::r_brace;
}
tok::TokenKind closingOf(tok::TokenKind Open) {
  return Open == tok::l_paren    ? tok::r_paren
         : Open == tok::l_square ? tok::r_square
                                 : tok::r_brace;
}

/// Whether a token can end an operand (and so an expression).
bool endsOperand(tok::TokenKind K) {
  return K == tok::raw_identifier || K == tok::numeric_constant ||
         K == tok::char_constant || K == tok::string_literal ||
         K == tok::r_paren || K == tok::r_square || K == tok::plusplus ||
         K == tok::minusminus;
}

/// Removes backslash-newline sequences from an identifier's spelling.
std::string cleanSpelling(llvm::StringRef Raw) {
  std::string Out;
  for (size_t I = 0; I < Raw.size(); ++I) {
    if (Raw[I] == '\\') {
      size_t J = I + 1;
      while (J < Raw.size() && (Raw[J] == ' ' || Raw[J] == '\t'))
        ++J;
      if (J < Raw.size() && (Raw[J] == '\n' || Raw[J] == '\r')) {
        if (Raw[J] == '\r' && J + 1 < Raw.size() && Raw[J + 1] == '\n')
          ++J;
        I = J;
        continue;
      }
    }
    Out += Raw[I];
  }
  return Out;
}

LangOptions upcLexerLangOptions() {
  LangOptions LO;
  LO.C99 = LO.C11 = LO.C17 = true;
  LO.GNUMode = true;
  LO.GNUKeywords = true;
  LO.Digraphs = true;
  LO.LineComment = true;
  LO.DollarIdents = true;
  return LO;
}

class Desugarer {
public:
  Desugarer(llvm::StringRef Source, const DesugarOptions &Options)
      : Source(Source), Options(Options) {
    lexAll();
  }

  DesugaredSource run() {
    processRange(0, {Tokens.size(), /*InDirective=*/false});
    // Disjoint edits; an insertion goes before a replacement at its offset.
    std::sort(Edits.begin(), Edits.end(),
              [](const TextEdit &A, const TextEdit &B) {
                return A.Offset != B.Offset ? A.Offset < B.Offset
                                            : A.Length < B.Length;
              });
    DesugaredSource Result;
    Result.Map = SourceOffsetMap::apply(Source, Edits, Result.Text);
    Result.Diagnostics = std::move(Diags);
    Result.NumRewrites = NumRewrites;
    Result.CodeLanguagePragmas = std::move(CodeLanguagePragmas);
    return Result;
  }

private:
  llvm::StringRef Source;
  const DesugarOptions &Options;
  std::vector<RawToken> Tokens;
  std::deque<std::string> CleanedSpellings;
  std::vector<TextEdit> Edits;
  std::vector<DesugarDiagnostic> Diags;
  unsigned NumRewrites = 0;

  void lexAll() {
    // Offsets are measured from an arbitrary base location: the raw lexer
    // needs no SourceManager.
    SourceLocation Base = SourceLocation::getFromRawEncoding(1);
    LangOptions LO = upcLexerLangOptions();
    Lexer Lex(Base, LO, Source.begin(), Source.begin(), Source.end());
    Tokens.reserve(Source.size() / 5 + 16);
    Token T;
    while (true) {
      Lex.LexFromRawLexer(T);
      if (T.is(tok::eof))
        break;
      RawToken R;
      R.Kind = T.getKind();
      R.Offset = T.getLocation().getRawEncoding() - Base.getRawEncoding();
      R.Length = T.getLength();
      R.StartOfLine = T.isAtStartOfLine();
      if (T.is(tok::raw_identifier)) {
        R.Identifier = T.getRawIdentifier();
        if (T.needsCleaning()) {
          CleanedSpellings.push_back(cleanSpelling(R.Identifier));
          R.Identifier = CleanedSpellings.back();
        }
      }
      Tokens.push_back(R);
    }
  }

  bool isDirectiveStart(size_t I) const {
    return Tokens[I].Kind == tok::hash && Tokens[I].StartOfLine;
  }

  /// One past the last token of the directive that starts at \p Hash.
  size_t directiveEnd(size_t Hash) const {
    size_t I = Hash + 1;
    while (I < Tokens.size() && !Tokens[I].StartOfLine)
      ++I;
    return I;
  }

  /// The next token of the context after \p I; directive lines are not part
  /// of the code around them.
  size_t next(size_t I, const Context &C) const {
    ++I;
    if (!C.InDirective)
      while (I < C.End && isDirectiveStart(I))
        I = directiveEnd(I);
    return I < C.End ? I : C.End;
  }

  bool is(size_t I, const Context &C, tok::TokenKind K) const {
    return I < C.End && Tokens[I].Kind == K;
  }

  /// The index of the bracket closing the one at \p Open, or NotFound.
  size_t findClosing(size_t Open, const Context &C) const {
    std::vector<tok::TokenKind> Stack{Tokens[Open].Kind};
    for (size_t I = next(Open, C); I < C.End; I = next(I, C)) {
      tok::TokenKind K = Tokens[I].Kind;
      if (isOpening(K)) {
        Stack.push_back(K);
      } else if (isClosing(K)) {
        if (K != closingOf(Stack.back()))
          return NotFound;
        Stack.pop_back();
        if (Stack.empty())
          return I;
      }
    }
    return NotFound;
  }

  /// Where Clang stops reading a bracketed construct whose closing bracket
  /// is missing (findClosing found none): at the first closing bracket that
  /// does not close one opened after \p Open, at a ';' outside braces opened
  /// after it (its error recovery stops there), or at the end of the context.
  /// \p Balanced tells whether every bracket opened after \p Open is closed
  /// there; \p Last is the last token before the end (\p Open if none).
  size_t findUnclosedEnd(size_t Open, const Context &C, bool &Balanced,
                         size_t &Last) const {
    std::vector<tok::TokenKind> Stack;
    Last = Open;
    size_t I = next(Open, C);
    for (; I < C.End; Last = I, I = next(I, C)) {
      tok::TokenKind K = Tokens[I].Kind;
      if (isOpening(K)) {
        Stack.push_back(K);
      } else if (isClosing(K)) {
        if (Stack.empty() || K != closingOf(Stack.back()))
          break;
        Stack.pop_back();
      } else if (K == tok::semi && !llvm::is_contained(Stack, tok::l_brace)) {
        break;
      }
    }
    Balanced = Stack.empty();
    return I;
  }

  void addDiag(unsigned Offset, std::string Message) {
    Diags.push_back({Offset, std::move(Message)});
  }

  /// Replaces original text [Begin, End). Line breaks inside the replaced
  /// text are kept as line continuations, so that every later line keeps its
  /// number.
  void replaceText(unsigned Begin, unsigned End, std::string Text) {
    // A line break is \n, \r\n or a lone \r, as for Clang.
    llvm::StringRef Replaced = Source.slice(Begin, End);
    for (size_t I = 0; I < Replaced.size(); ++I)
      if (Replaced[I] == '\n' ||
          (Replaced[I] == '\r' &&
           (I + 1 == Replaced.size() || Replaced[I + 1] != '\n')))
        Text += "\\\n";
    Edits.push_back({Begin, End - Begin, std::move(Text)});
  }
  /// Replaces a token by blanks (line continuations in it become line
  /// continuations at its end, as for any replacement).
  void blankToken(size_t I) {
    replaceToken(I, std::string(Tokens[I].Length, ' '));
  }

  /// Whether a directive line lies between tokens \p Open and \p Close.
  bool containsDirective(size_t Open, size_t Close, const Context &C) const {
    if (C.InDirective)
      return false;
    for (size_t J = Open + 1; J < Close; ++J)
      if (isDirectiveStart(J))
        return true;
    return false;
  }
  void replaceToken(size_t I, llvm::StringRef Text) {
    replaceText(Tokens[I].Offset, Tokens[I].end(), Text.str());
  }
  void insertAt(unsigned Offset, llvm::StringRef Text) {
    Edits.push_back({Offset, 0, Text.str()});
  }

  void processRange(size_t Begin, const Context &C) {
    tok::TokenKind Prev = tok::unknown;
    size_t PrevIndex = NotFound;
    for (size_t I = Begin; I < C.End;) {
      if (!C.InDirective && isDirectiveStart(I)) {
        I = processDirective(I);
        Prev = tok::unknown;
        PrevIndex = NotFound;
        continue;
      }
      if (InCCode) {
        ++I;
        continue;
      }
      const RawToken &T = Tokens[I];
      if (T.Kind == tok::raw_identifier && Prev != tok::period &&
          Prev != tok::arrow && MacroSizeParameters.count(T.Identifier) &&
          is(next(I, C), C, tok::l_paren)) {
        size_t After = rewriteMacroArguments(I, C);
        if (After != NotFound) {
          Prev = tok::r_paren;
          PrevIndex = NotFound;
          I = After;
          continue;
        }
      }
      if (T.Kind == tok::l_paren && PrevIndex != NotFound &&
          startsParameterList(PrevIndex)) {
        size_t After = rewriteParameterList(I, C);
        if (After != NotFound) {
          Prev = tok::r_paren;
          PrevIndex = After - 1;
          I = After;
          continue;
        }
      }
      PrevIndex = I;
      Keyword K = Keyword::None;
      // A name after '.' or '->' is a member, never a keyword.
      if (T.Kind == tok::raw_identifier && Prev != tok::period &&
          Prev != tok::arrow)
        K = classifyKeyword(T.Identifier);
      if (T.Kind == tok::raw_identifier && Prev != tok::period &&
          Prev != tok::arrow && isSizeOperator(T.Identifier)) {
        Prev = T.Kind;
        I = hardenSizeOperand(I, C);
        continue;
      }
      if (T.Kind == tok::l_square && SizeOperandDepth) {
        Prev = T.Kind;
        I = wrapArrayDimension(I, C);
        continue;
      }
      if (K == Keyword::None && T.Kind == tok::raw_identifier &&
          Prev != tok::period && Prev != tok::arrow &&
          MacrosEndingWithShared.count(T.Identifier) &&
          is(next(I, C), C, tok::l_square)) {
        Prev = tok::unknown;
        I = rejectSplitLayout(I, C);
        continue;
      }
      Prev = T.Kind;
      if (K == Keyword::None) {
        ++I;
        continue;
      }
      ++NumRewrites;
      I = rewriteKeyword(K, I, C);
      Prev = tok::unknown;
    }
  }

  /// Whether a '(' after token \p Prev may open a function declarator's
  /// parameter list: after a name that is not a keyword taking parentheses,
  /// or after ')' (a declarator such as (*f)(...)). A call's arguments pass
  /// too: an argument cannot start with a UPC qualifier.
  bool startsParameterList(size_t Prev) const {
    const RawToken &T = Tokens[Prev];
    if (T.Kind == tok::r_paren)
      return true;
    if (T.Kind != tok::raw_identifier)
      return false;
    return !llvm::StringSwitch<bool>(T.Identifier)
                .Cases("if", "while", "for", "switch", "return", true)
                .Cases("sizeof", "_Alignof", "alignof", "__alignof__",
                       "__alignof", true)
                .Cases("typeof", "__typeof__", "__typeof", "typeof_unqual",
                       "__typeof_unqual__", true)
                .Cases("_Alignas", "alignas", "_Generic", "_Static_assert",
                       "static_assert", true)
                .Cases("__attribute__", "__attribute", "asm", "__asm__",
                       "__asm", true)
                .Cases("_Atomic", "__extension__", "__builtin_offsetof",
                       "__builtin_va_arg", "__builtin_types_compatible_p",
                       true)
                .Cases("upc_forall", "upc_blocksizeof", "upc_localsizeof",
                       "upc_elemsizeof", "case", true)
                .Default(false);
  }

  /// A parameter of array type is a pointer (C99 6.7.5.3), but Clang rejects
  /// an array of address-space-qualified elements as a parameter (only
  /// OpenCL may have one), and then drops the function. So a parameter
  /// `shared T a[N][M]` is written `shared T (*a)[M]`, which is what it
  /// means. Rewrites the list opening at \p Open and returns the index after
  /// its ')', or NotFound if it is not worth it (no UPC qualifier in it).
  size_t rewriteParameterList(size_t Open, const Context &C) {
    size_t Close = findClosing(Open, C);
    if (Close == NotFound || !mentionsUpc(Open, Close, C))
      return NotFound;
    // After ')', only a declarator ends so: (*fp)(...);  not a cast followed
    // by a compound literal or an operand, as in (void)(shared int[2]){...}.
    if (Open > 0 && Tokens[Open - 1].Kind == tok::r_paren) {
      size_t After = next(Close, C);
      bool EndsDeclarator =
          After >= C.End || Tokens[After].Kind == tok::semi ||
          Tokens[After].Kind == tok::comma ||
          Tokens[After].Kind == tok::r_paren ||
          Tokens[After].Kind == tok::equal ||
          (Tokens[After].Kind == tok::raw_identifier &&
           (Tokens[After].Identifier == "__attribute__" ||
            Tokens[After].Identifier == "__asm__"));
      if (!EndsDeclarator)
        return NotFound;
    }
    // The parameters, split at the commas of the list itself.
    for (auto [Begin, End] : splitArguments(Open, Close, C)) {
      size_t Square = firstArrayDeclarator(Begin, End, C);
      // With a directive inside the brackets, only the preprocessor knows
      // the dimension; Clang's own diagnostic is the honest answer then.
      if (Square == NotFound || !mentionsUpc(Begin - 1, Square, C) ||
          containsDirective(Square, findClosing(Square, C), C)) {
        processRange(Begin, {End, C.InDirective});
        if (End < Close)
          processRange(End, {next(End, C), C.InDirective});
        continue;
      }
      size_t Dims = findClosing(Square, C);
      size_t Name = Square - 1;
      bool Named = Name >= Begin && Tokens[Name].Kind == tok::raw_identifier &&
                   classifyKeyword(Tokens[Name].Identifier) == Keyword::None &&
                   !isTypeKeyword(Tokens[Name].Identifier);
      processRange(Begin, {Named ? Name : Square, C.InDirective});
      if (Named)
        insertAt(Tokens[Name].Offset, "(*");
      // One replacement for the whole dimension, so that the end of the new
      // ')' stands for the end of the ']' (the parameter's extent).
      replaceText(Tokens[Square].Offset, Tokens[Dims].end(),
                  Named ? ")" : "(*)");
      processRange(next(Dims, C), {End, C.InDirective});
    }
    return Close + 1;
  }

  /// C's type specifier and qualifier keywords (an unnamed parameter's
  /// declarator follows one).
  static bool isTypeKeyword(llvm::StringRef Name) {
    return llvm::StringSwitch<bool>(Name)
        .Cases("void", "char", "short", "int", "long", true)
        .Cases("float", "double", "signed", "unsigned", "_Bool", true)
        .Cases("_Complex", "const", "volatile", "restrict", "__restrict", true)
        .Cases("__restrict__", "_Atomic", "bool", "__int128", "_Float128",
               true)
        .Default(false);
  }

  /// In the parameter [Begin, End): the '[' of its declarator's first
  /// dimension when the parameter is an array (the '[' follows its name or
  /// its specifiers, outside any parentheses), else NotFound.
  size_t firstArrayDeclarator(size_t Begin, size_t End,
                              const Context &C) const {
    // A declaration starts with a specifier (a name); a call's argument may
    // start otherwise, as `(shared void *)&a[i]` does, and is left alone.
    if (Begin >= End || Tokens[Begin].Kind != tok::raw_identifier ||
        !startsParameterList(Begin))
      return NotFound;
    unsigned Depth = 0;
    size_t Prev = NotFound;
    for (size_t J = Begin; J < End; Prev = J, J = next(J, C)) {
      tok::TokenKind K = Tokens[J].Kind;
      // Only names, '*' and parentheses come before a declarator's first
      // '[': an operator means an expression (a call's argument).
      if (Depth == 0 && K != tok::raw_identifier && K != tok::star &&
          K != tok::l_paren && K != tok::r_paren && K != tok::l_square)
        return NotFound;
      bool AfterName =
          Prev != NotFound && Tokens[Prev].Kind == tok::raw_identifier;
      // shared [N]: a layout qualifier, not a dimension.
      if (K == tok::l_square && AfterName &&
          (Tokens[Prev].Identifier == "shared" ||
           MacrosEndingWithShared.count(Tokens[Prev].Identifier))) {
        size_t Layout = findClosing(J, C);
        if (Layout == NotFound)
          return NotFound;
        J = Layout;
        continue;
      }
      if (K == tok::l_square && Depth == 0)
        return AfterName && findClosing(J, C) != NotFound ? J : NotFound;
      if (isOpening(K))
        ++Depth;
      else if (isClosing(K))
        --Depth;
    }
    return NotFound;
  }

  /// Rewrites the preprocessor directive starting at \p Hash; returns the
  /// index after it. Only macro bodies and #if/#elif conditions can hold UPC.
  size_t processDirective(size_t Hash) {
    size_t End = directiveEnd(Hash);
    size_t Name = Hash + 1;
    if (Name >= End || Tokens[Name].Kind != tok::raw_identifier)
      return End;
    Context C{End, /*InDirective=*/true};
    llvm::StringRef Directive = Tokens[Name].Identifier;
    if (Directive == "pragma") {
      noteCodeLanguagePragma(Hash, End);
      return End;
    }
    if (Directive == "undef" && Name + 1 < End) {
      MacroSizeParameters.erase(Tokens[Name + 1].Identifier);
      return End;
    }
    // C code: its directives are C's too (THREADS and MYTHREAD are macros
    // of the prelude there, as in C headers).
    if (InCCode) {
      if (Directive == "define" && Name + 1 < End) {
        noteMacroShape(Tokens[Name + 1].Identifier, End, End);
        MacroSizeParameters.erase(Tokens[Name + 1].Identifier);
      }
      return End;
    }
    if (Directive == "if" || Directive == "elif") {
      // The operand of `defined` is a macro name, never rewritten: THREADS,
      // MYTHREAD and UPC_MAX_BLOCK_SIZE are macros too (the prelude).
      size_t Segment = Name + 1;
      for (size_t I = Segment; I < End; ++I) {
        if (Tokens[I].Kind != tok::raw_identifier ||
            Tokens[I].Identifier != "defined")
          continue;
        processRange(Segment, {I, /*InDirective=*/true});
        size_t Operand = I + 1;
        if (Operand < End && Tokens[Operand].Kind == tok::l_paren)
          ++Operand;
        I = std::min(Operand + 1, End);
        if (I < End && Tokens[I].Kind == tok::r_paren)
          ++I;
        Segment = I;
        --I;
      }
      processRange(Segment, C);
    } else if (Directive == "define" && Name + 1 < End) {
      size_t Body = Name + 2;
      const RawToken &MacroName = Tokens[Name + 1];
      MacroSizeParameters.erase(MacroName.Identifier);
      // Function-like: '(' immediately after the name.
      if (Body < End && Tokens[Body].Kind == tok::l_paren &&
          Tokens[Body].Offset == MacroName.end()) {
        std::vector<llvm::StringRef> Params;
        bool Variadic = false;
        while (Body < End && Tokens[Body].Kind != tok::r_paren) {
          if (Tokens[Body].Kind == tok::raw_identifier)
            Params.push_back(Tokens[Body].Identifier);
          // `...` is __VA_ARGS__; `args...` (GNU) names the last one.
          if (Tokens[Body].Kind == tok::ellipsis) {
            Variadic = true;
            if (Tokens[Body - 1].Kind != tok::raw_identifier)
              Params.push_back("__VA_ARGS__");
          }
          ++Body;
        }
        ++Body;
        noteSizeParameters(MacroName.Identifier, Params, Variadic, Body, End);
      }
      noteMacroShape(MacroName.Identifier, Body, End);
      if (Body < End)
        processRange(Body, C);
    }
    return End;
  }

  /// Macros of this file that end with `shared` or begin with a layout: a
  /// layout qualifier cannot be split across a macro boundary.
  llvm::StringSet<> MacrosEndingWithShared;
  llvm::StringSet<> MacrosStartingWithLayout;
  /// Macros of this file whose expansion writes a UPC qualifier or THREADS.
  llvm::StringSet<> MacrosWithUpcQualifiers;

  void noteMacroShape(llvm::StringRef Name, size_t Body, size_t End) {
    MacrosEndingWithShared.erase(Name);
    MacrosStartingWithLayout.erase(Name);
    MacrosWithUpcQualifiers.erase(Name);
    if (Body >= End)
      return;
    // A keyword after '.' or '->' is a member name (.shared, ->THREADS).
    auto IsMember = [&](size_t J) {
      return J > Body && (Tokens[J - 1].Kind == tok::period ||
                          Tokens[J - 1].Kind == tok::arrow);
    };
    for (size_t J = Body; J < End; ++J)
      if (Tokens[J].Kind == tok::raw_identifier &&
          writesUpc(Tokens[J].Identifier, IsMember(J)))
        MacrosWithUpcQualifiers.insert(Name);
    if (Tokens[End - 1].Kind == tok::raw_identifier &&
        Tokens[End - 1].Identifier == "shared" && !IsMember(End - 1))
      MacrosEndingWithShared.insert(Name);
    if (Tokens[Body].Kind == tok::l_square)
      MacrosStartingWithLayout.insert(Name);
  }

  /// From `#pragma upc c_code` to `#pragma upc upc_code` the file is C
  /// (Berkeley UPC's pragmas): UPC's words are identifiers there, as GCC
  /// UPC and Berkeley UPC read them (`int shared;`). The pragma holds for
  /// the rest of this file only.
  bool InCCode = false;
  std::vector<unsigned> CodeLanguagePragmas;

  void noteCodeLanguagePragma(size_t Hash, size_t End) {
    size_t Namespace = Hash + 2, Word = Hash + 3;
    if (Word >= End || Tokens[Namespace].Identifier != "upc" ||
        (Tokens[Word].Identifier != "c_code" &&
         Tokens[Word].Identifier != "upc_code"))
      return;
    unsigned Offset = Tokens[Hash].Offset;
    if (llvm::is_contained(Options.SkippedCodeLanguagePragmas, Offset))
      return;
    InCCode = Tokens[Word].Identifier == "c_code";
    CodeLanguagePragmas.push_back(Offset);
  }

  /// The function-like macros of this file, with the parameters that reach
  /// the operand of a size operator (sizeof, upc_localsizeof...), directly
  /// or through another such macro defined before. A type name given there
  /// gets its dimensions wrapped as in a size operand written out
  /// (names::ArrayDimension): `CHECK(shared [4] int [THREADS])`.
  struct MacroParameters {
    std::vector<bool> ReachSizeOperand;
    bool Variadic = false;
    /// Whether argument \p A of a use reaches a size operand (the last
    /// parameter of a variadic macro takes the arguments beyond it).
    bool reaches(size_t A) const {
      if (A >= ReachSizeOperand.size() &&
          (!Variadic || ReachSizeOperand.empty()))
        return false;
      return ReachSizeOperand[std::min(A, ReachSizeOperand.size() - 1)];
    }
  };
  llvm::StringMap<MacroParameters> MacroSizeParameters;

  static bool isUpcSizeOperator(llvm::StringRef Name) {
    return Name == "upc_blocksizeof" || Name == "upc_localsizeof" ||
           Name == "upc_elemsizeof";
  }

  /// The arguments of the parenthesized list opening at \p Open (which
  /// closes at \p Close), split at its own commas: [first, end) of each.
  std::vector<std::pair<size_t, size_t>>
  splitArguments(size_t Open, size_t Close, const Context &C) const {
    std::vector<std::pair<size_t, size_t>> Args;
    size_t Start = next(Open, C);
    unsigned Depth = 0;
    for (size_t J = Start; J < Close; J = next(J, C)) {
      tok::TokenKind K = Tokens[J].Kind;
      if (isOpening(K))
        ++Depth;
      else if (isClosing(K))
        --Depth;
      else if (K == tok::comma && Depth == 0) {
        Args.push_back({Start, J});
        Start = next(J, C);
      }
    }
    Args.push_back({Start, Close});
    return Args;
  }

  void noteSizeParameters(llvm::StringRef Name,
                          llvm::ArrayRef<llvm::StringRef> Params,
                          bool Variadic, size_t Body, size_t End) {
    MacroParameters &M = MacroSizeParameters[Name];
    M.Variadic = Variadic;
    std::vector<bool> &Reaches = M.ReachSizeOperand;
    Reaches.assign(Params.size(), false);
    Context C{End, /*InDirective=*/true};
    auto MarkIn = [&](size_t From, size_t To) {
      for (size_t J = From; J < To; ++J)
        if (Tokens[J].Kind == tok::raw_identifier)
          for (size_t P = 0; P < Params.size(); ++P)
            if (Tokens[J].Identifier == Params[P])
              Reaches[P] = true;
    };
    for (size_t J = Body; J < End; ++J) {
      if (Tokens[J].Kind != tok::raw_identifier || !is(J + 1, C, tok::l_paren))
        continue;
      llvm::StringRef Word = Tokens[J].Identifier;
      size_t Close = findClosing(J + 1, C);
      if (Close == NotFound)
        continue;
      if (isSizeOperator(Word) || isUpcSizeOperator(Word)) {
        MarkIn(J + 2, Close);
        continue;
      }
      auto Callee = MacroSizeParameters.find(Word);
      if (Callee == MacroSizeParameters.end() || Word == Name)
        continue;
      std::vector<std::pair<size_t, size_t>> Args =
          splitArguments(J + 1, Close, C);
      for (size_t A = 0; A < Args.size(); ++A)
        if (Callee->second.reaches(A))
          MarkIn(Args[A].first, Args[A].second);
    }
  }

  /// Whether the argument starting at \p First is a type name: after a
  /// UPC qualifier or a C type keyword (an expression's subscripts must
  /// keep their values, so they are never wrapped).
  bool startsTypeName(size_t First, size_t End) const {
    if (First >= End || Tokens[First].Kind != tok::raw_identifier)
      return false;
    llvm::StringRef Word = Tokens[First].Identifier;
    return Word == "shared" || Word == "strict" || Word == "relaxed" ||
           Word == "struct" || Word == "union" || Word == "enum" ||
           isTypeKeyword(Word) || MacrosWithUpcQualifiers.count(Word);
  }

  /// NAME ( arguments ) where NAME is a function-like macro of this file:
  /// its arguments are not a parameter list (a type name there is what the
  /// macro's body makes of it), and a type name reaching a size operand has
  /// its dimensions wrapped. Returns the index after the ')', or NotFound.
  size_t rewriteMacroArguments(size_t I, const Context &C) {
    size_t Open = next(I, C);
    size_t Close = findClosing(Open, C);
    if (Close == NotFound)
      return NotFound;
    // A copy: a directive among the arguments may define macros.
    MacroParameters M = MacroSizeParameters.find(Tokens[I].Identifier)->second;
    std::vector<std::pair<size_t, size_t>> Args =
        splitArguments(Open, Close, C);
    for (size_t A = 0; A < Args.size(); ++A) {
      auto [First, End] = Args[A];
      bool Wrap = M.reaches(A) && startsTypeName(First, End) &&
                  mentionsUpc(First - 1, End, C);
      SizeOperandDepth += Wrap;
      processRange(First, {End, C.InDirective});
      SizeOperandDepth -= Wrap;
      if (End < Close)
        processRange(End, {next(End, C), C.InDirective});
    }
    return Close + 1;
  }

  /// `NAME [..]` where NAME expands to ...shared: reported, layout blanked.
  size_t rejectSplitLayout(size_t I, const Context &C) {
    size_t Open = next(I, C);
    size_t Close = findClosing(Open, C);
    if (Close == NotFound)
      return I + 1;
    addDiag(Tokens[Open].Offset,
            ("a layout qualifier must follow the keyword 'shared' itself, "
             "not the macro '" +
             Tokens[I].Identifier + "'; write 'shared [...]' there or put "
             "the layout in the macro")
                .str());
    for (size_t J = Open; J <= Close; J = next(J, C))
      blankToken(J);
    return Close + 1;
  }

  static bool isSizeOperator(llvm::StringRef Name) {
    return Name == "sizeof" || Name == "_Alignof" || Name == "__alignof__" ||
           Name == "__alignof" || Name == "alignof";
  }

  /// Inside the parenthesised operand of a size operator every array
  /// dimension is wrapped (see names::ArrayDimension).
  unsigned SizeOperandDepth = 0;

  /// sizeof ( ... ) with UPC in its operand: desugars the operand with its
  /// dimensions wrapped. Plain C operands keep their meaning (a variable
  /// length array stays one).
  size_t hardenSizeOperand(size_t I, const Context &C) {
    size_t Open = next(I, C);
    if (!is(Open, C, tok::l_paren))
      return I + 1;
    // Without its ')' the operand still reaches Clang, which reports the
    // missing ')' but goes on with the type it read (and crashes on a
    // variable dimension): its dimensions are wrapped all the same, up to
    // where Clang stops reading it.
    size_t Close = findClosing(Open, C);
    size_t End = Close;
    if (Close == NotFound) {
      bool Balanced;
      size_t Last;
      End = findUnclosedEnd(Open, C, Balanced, Last);
    }
    if (!mentionsUpc(Open, End, C))
      return I + 1;
    ++SizeOperandDepth;
    processRange(Open + 1, {End, C.InDirective});
    --SizeOperandDepth;
    return Close == NotFound ? End : Close + 1;
  }

  /// Whether the name \p Name writes a UPC qualifier or THREADS: it is one
  /// (unless it names a member, after '.' or '->'), or it is a macro of this
  /// file that writes one (a macro expands after '.' or '->' too).
  bool writesUpc(llvm::StringRef Name, bool AfterMemberAccess) const {
    if (MacrosWithUpcQualifiers.count(Name))
      return true;
    return !AfterMemberAccess && (Name == "shared" || Name == "strict" ||
                                  Name == "relaxed" || Name == "THREADS");
  }

  /// Whether tokens strictly between \p Open and \p Close name a UPC
  /// qualifier or THREADS, directly or through a macro of this file.
  bool mentionsUpc(size_t Open, size_t Close, const Context &C) const {
    tok::TokenKind Prev = tok::unknown;
    for (size_t J = next(Open, C); J < Close; J = next(J, C)) {
      if (Tokens[J].Kind == tok::raw_identifier &&
          writesUpc(Tokens[J].Identifier,
                    Prev == tok::period || Prev == tok::arrow))
        return true;
      Prev = Tokens[J].Kind;
    }
    return false;
  }

  /// [ e ] -> [__upc_array_dimension(e)] for non-empty e other than `*`.
  size_t wrapArrayDimension(size_t Open, const Context &C) {
    size_t Close = findClosing(Open, C);
    if (Close == NotFound)
      return wrapUnclosedArrayDimension(Open, C);
    size_t First = next(Open, C);
    if (First == Close ||
        (next(First, C) == Close && Tokens[First].Kind == tok::star))
      return Close + 1;
    replaceToken(Open, ("[" + names::ArrayDimension + "(").str());
    processRange(First, {Close, C.InDirective});
    replaceToken(Close, ")]");
    return Close + 1;
  }

  /// [ e without its ']' (in a size operand whose brackets do not match):
  /// Clang reads the dimension up to where findUnclosedEnd stops and reports
  /// the missing ']' there, so e is wrapped up to there. If e leaves a
  /// bracket open itself, it cannot be the argument of the wrapping macro:
  /// the '[' is blanked instead, so that there is no dimension at all (Clang
  /// reports the brackets that do not match).
  size_t wrapUnclosedArrayDimension(size_t Open, const Context &C) {
    bool Balanced;
    size_t Last;
    size_t End = findUnclosedEnd(Open, C, Balanced, Last);
    if (!Balanced) {
      blankToken(Open);
      return Open + 1;
    }
    size_t First = next(Open, C);
    if (First == End || (Last == First && Tokens[First].Kind == tok::star))
      return End;
    replaceToken(Open, ("[" + names::ArrayDimension + "(").str());
    processRange(First, {End, C.InDirective});
    insertAt(Tokens[Last].end(), ")");
    return End;
  }

  size_t rewriteKeyword(Keyword K, size_t I, const Context &C) {
    switch (K) {
    case Keyword::Shared:
      return rewriteShared(I, C);
    case Keyword::Strict:
    case Keyword::Relaxed:
      return rewriteReferenceQualifier(K, I, C);
    case Keyword::MyThread:
      replaceToken(I, names::MyThread);
      return I + 1;
    case Keyword::Threads:
      replaceToken(I, names::Threads);
      return I + 1;
    case Keyword::MaxBlockSize:
      replaceToken(I, names::MaxBlockSize);
      return I + 1;
    case Keyword::Forall:
      return rewriteForall(I, C);
    case Keyword::Barrier:
      return rewriteSynchronization(names::Barrier, I, C);
    case Keyword::Notify:
      return rewriteSynchronization(names::Notify, I, C);
    case Keyword::Wait:
      return rewriteSynchronization(names::Wait, I, C);
    case Keyword::Fence:
      replaceToken(I, (names::Fence + "()").str());
      return I + 1;
    // `upc_blocksizeof X` parses exactly like `sizeof X` once it is spelled
    // as a cast of a sizeof; the cast's typedef names the operator.
    case Keyword::BlockSizeof:
      return rewriteUpcSizeof(names::BlockSizeofType, I, C);
    case Keyword::LocalSizeof:
      return rewriteUpcSizeof(names::LocalSizeofType, I, C);
    case Keyword::ElemSizeof:
      return rewriteUpcSizeof(names::ElemSizeofType, I, C);
    case Keyword::None:
      break;
    }
    return I + 1;
  }

  /// upc_blocksizeof X -> (__upc_blocksizeof_t)sizeof X, or, with a known
  /// value V, (__upc_blocksizeof_t)(V + 0 * sizeof X).
  size_t rewriteUpcSizeof(llvm::StringRef CastType, size_t I,
                          const Context &C) {
    // With a parenthesized operand, the whole expression is parenthesized
    // too, so that it can itself be an operand of sizeof.
    size_t Open = next(I, C);
    size_t Close = is(Open, C, tok::l_paren) ? findClosing(Open, C) : NotFound;
    std::string Prefix = Close == NotFound ? "" : "(";
    std::string Sizeof = "sizeof";
    for (const UpcSizeofValue &V : Options.SizeofValues)
      if (V.KeywordOffset == Tokens[I].Offset && V.OperandEnd <= Source.size()) {
        Sizeof = ("(" + llvm::Twine(V.Value) + "u + 0 * sizeof").str();
        insertAt(V.OperandEnd, ")");
        break;
      }
    replaceToken(I, Prefix + "(" + CastType.str() + ")" + Sizeof);
    if (Close != NotFound)
      insertAt(Tokens[Close].end(), ")");
    return hardenSizeOperand(I, C);
  }

  /// shared, shared [], shared [*], shared [expr].
  size_t rewriteShared(size_t I, const Context &C) {
    size_t Open = next(I, C);
    if (!is(Open, C, tok::l_square)) {
      replaceToken(I, names::Shared);
      if (is(Open, C, tok::raw_identifier) &&
          MacrosStartingWithLayout.count(Tokens[Open].Identifier))
        addDiag(Tokens[Open].Offset,
                ("the layout qualifier of 'shared' cannot come from the "
                 "macro '" +
                 Tokens[Open].Identifier + "'; write 'shared [...]' or put "
                 "'shared' in the macro")
                    .str());
      return I + 1;
    }
    size_t Close = findClosing(Open, C);
    if (Close == NotFound) {
      addDiag(Tokens[Open].Offset,
              "expected ']' to end the layout qualifier of 'shared'");
      replaceToken(I, names::Shared);
      return I + 1;
    }
    size_t First = next(Open, C);
    // With a directive inside the brackets, only the preprocessor knows what
    // the layout is: go through the block size macro, which reads `*` and
    // nothing as [*] and [].
    bool HasDirective = containsDirective(Open, Close, C);
    if (First == Close && !HasDirective) {
      replaceToken(I, names::SharedIndefinite);
      blankToken(Open);
      blankToken(Close);
    } else if (next(First, C) == Close && Tokens[First].Kind == tok::star &&
               !HasDirective) {
      replaceToken(I, names::SharedStar);
      blankToken(Open);
      blankToken(First);
      blankToken(Close);
    } else {
      replaceToken(I, names::SharedBlock);
      replaceToken(Open, "(");
      processRange(Open + 1, {Close, C.InDirective});
      replaceToken(Close, ")");
    }
    return Close + 1;
  }

  /// strict, relaxed. A layout qualifier after them lacks its 'shared'.
  size_t rewriteReferenceQualifier(Keyword K, size_t I, const Context &C) {
    replaceToken(I, K == Keyword::Strict ? names::Strict : names::Relaxed);
    size_t Open = next(I, C);
    if (!is(Open, C, tok::l_square))
      return I + 1;
    size_t Close = findClosing(Open, C);
    if (Close == NotFound)
      return I + 1;
    addDiag(Tokens[Open].Offset,
            "a layout qualifier requires 'shared'; write 'shared [...]'");
    // Blank the stray layout out so that Clang does not add errors of its
    // own; blanks keep its columns, directives between its tokens stay.
    for (size_t J = Open; J <= Close; J = next(J, C))
      blankToken(J);
    return Close + 1;
  }

  /// upc_forall (A; B; C; D) S
  ///   => for (A; B; C) if (!__upc_forall_affinity(K[, D])) ; else S
  size_t rewriteForall(size_t I, const Context &C) {
    replaceToken(I, "for");
    size_t Open = next(I, C);
    if (!is(Open, C, tok::l_paren)) {
      // Where the '(' is missing, as Clang reports a missing token.
      addDiag(Open < C.End ? Tokens[Open].Offset : Tokens[I].end(),
              "expected '(' after 'upc_forall'");
      return I + 1;
    }
    size_t Close = findClosing(Open, C);
    if (Close == NotFound) {
      addDiag(Tokens[Open].Offset,
              "expected ')' to end the clauses of 'upc_forall'");
      return I + 1;
    }
    // Clause separators: ';' directly inside the parentheses.
    std::vector<size_t> Semis;
    unsigned Depth = 0;
    for (size_t J = next(Open, C); J < Close; J = next(J, C)) {
      tok::TokenKind Kind = Tokens[J].Kind;
      if (isOpening(Kind))
        ++Depth;
      else if (isClosing(Kind))
        --Depth;
      else if (Kind == tok::semi && Depth == 0)
        Semis.push_back(J);
    }
    if (Semis.size() != 3) {
      addDiag(Tokens[I].Offset,
              Semis.size() < 3
                  ? "'upc_forall' needs four clauses: "
                    "(initialization; condition; step; affinity)"
                  : "too many clauses in 'upc_forall'; expected "
                    "(initialization; condition; step; affinity)");
      // Three clauses make a valid `for`; otherwise the clauses are dropped
      // so that only the body is parsed.
      if (Semis.size() == 2) {
        processRange(next(Open, C), {Close, C.InDirective});
      } else {
        replaceToken(Open, "(;;");
        for (size_t J = next(Open, C); J < Close; J = next(J, C))
          blankToken(J);
      }
      return Close + 1;
    }
    processRange(next(Open, C), {Semis[2], C.InDirective});
    size_t Affinity = next(Semis[2], C);
    auto Header = [](unsigned Kind) {
      return (") if (!" + names::ForallAffinity + "(" + llvm::Twine(Kind))
          .str();
    };
    // Token by token, so that any directive lines between them stay.
    if (Affinity == Close) {
      replaceToken(Semis[2], Header(names::AffinityNone));
      replaceToken(Close, ")) ; else");
    } else if (next(Affinity, C) == Close &&
               Tokens[Affinity].Kind == tok::raw_identifier &&
               Tokens[Affinity].Identifier == "continue") {
      replaceToken(Semis[2], Header(names::AffinityContinue));
      blankToken(Affinity);
      replaceToken(Close, ")) ; else");
    } else {
      replaceToken(Semis[2], Header(names::AffinityExpr) + ",");
      processRange(Affinity, {Close, C.InDirective});
      replaceToken(Close, ")) ; else");
    }
    return Close + 1;
  }

  /// upc_barrier [expr]; upc_notify [expr]; upc_wait [expr];
  ///   => __upc_barrier(0);  or  __upc_barrier(1, expr);
  size_t rewriteSynchronization(llvm::StringRef Callee, size_t I,
                                const Context &C) {
    // The expression runs to the ';' ending the statement; in a macro body
    // it may instead run to the end of the body.
    size_t First = next(I, C);
    size_t Last = NotFound; // last token of the expression
    size_t J = First;
    unsigned Depth = 0;
    bool NewStatement = false;
    for (; J < C.End; J = next(J, C)) {
      tok::TokenKind K = Tokens[J].Kind;
      if (Depth == 0 && (K == tok::semi || isClosing(K) || K == tok::l_brace))
        break;
      // An operand ending a line and a name starting the next: the ';' was
      // forgotten (an expression continued on the next line has an
      // operator at one of the two ends).
      if (Depth == 0 && Last != NotFound && Tokens[J].StartOfLine &&
          endsOperand(Tokens[Last].Kind) && K == tok::raw_identifier) {
        NewStatement = true;
        break;
      }
      if (isOpening(K))
        ++Depth;
      else if (isClosing(K))
        --Depth;
      Last = J;
    }
    bool Terminated =
        !NewStatement && J < C.End && Tokens[J].Kind == tok::semi;
    if (!Terminated && !C.InDirective) {
      std::string Keyword = Callee.substr(2).str(); // "__upc_x" -> "upc_x"
      addDiag(Last == NotFound ? Tokens[I].end() : Tokens[Last].end(),
              "expected ';' after '" + Keyword + "' statement");
    }
    if (Last == NotFound) {
      replaceToken(I, (Callee + "(0)").str());
      return J;
    }
    replaceToken(I, (Callee + "(1,").str());
    processRange(First, {Last + 1, C.InDirective});
    insertAt(Tokens[Last].end(), ")");
    return J;
  }
};

} // namespace

DesugaredSource desugarUpcSource(llvm::StringRef Original,
                                 const DesugarOptions &Options) {
  // The raw lexer reads the byte after the buffer, which must be NUL: lex a
  // terminated copy (cheap next to parsing).
  std::string Terminated = Original.str();
  DesugaredSource Result = Desugarer(Terminated, Options).run();
  Result.Original = std::move(Terminated);
  return Result;
}

} // namespace upc
