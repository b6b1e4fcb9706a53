//===- DesugarFuzzer.cpp - libFuzzer target for desugarUpcSource ----------===//
//
// Feeds arbitrary bytes to desugarUpcSource and checks what the rest of the
// front end relies on (UpcDesugarer.h, SourceOffsetMap.h):
//
//  - the original text is kept unchanged, and a file without UPC constructs
//    is left as it is;
//  - desugar diagnostics point into the original text;
//  - toDesugared maps every original offset (0..size, inclusive) into the
//    desugared text, monotonically, the end to the end; toOriginal likewise;
//  - kept text maps back to itself: an original byte whose offset round-trips
//    through the map and whose successor does too (so that it is not the
//    start of a replaced range) is the same byte in the desugared text, or
//    one of the one-byte replacements the map cannot tell apart from kept
//    text (a blank, '[' -> '(', ']' -> ')');
//  - line numbers are true: an original offset that round-trips (kept text,
//    and the start of each replaced range, where Clang sees the replacement)
//    is on the same line in both texts, with lines counted as Clang's
//    SourceManager counts them ("\n", "\r\n" and a lone "\r" each end one);
//  - preprocessor directives are kept: the '#' starting each directive line
//    (as the raw lexer finds them, with the desugarer's language options) is
//    kept text. A directive inside replaced text would silently disappear.
//
// A violation prints what failed and abort()s, so that libFuzzer saves the
// input.
//
//===----------------------------------------------------------------------===//

#include "upc-instrument/Desugar/UpcDesugarer.h"

#include "clang/Basic/LangOptions.h"
#include "clang/Lex/Lexer.h"

#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <vector>

namespace {

[[noreturn]] void violated(const char *What, unsigned Original = ~0u,
                           unsigned Desugared = ~0u) {
  std::fprintf(stderr, "upc-desugar-fuzzer: invariant violated: %s", What);
  if (Original != ~0u)
    std::fprintf(stderr, " (original offset %u)", Original);
  if (Desugared != ~0u)
    std::fprintf(stderr, " (desugared offset %u)", Desugared);
  std::fputc('\n', stderr);
  std::abort();
}

/// Offsets at which lines start, as clang::SourceManager computes them.
std::vector<unsigned> lineStarts(llvm::StringRef Text) {
  std::vector<unsigned> Starts{0};
  for (unsigned I = 0, E = Text.size(); I < E; ++I) {
    if (Text[I] == '\r' && I + 1 < E && Text[I + 1] == '\n')
      ++I;
    if (Text[I] == '\n' || Text[I] == '\r')
      Starts.push_back(I + 1);
  }
  return Starts;
}

/// The 0-based line of \p Offset.
unsigned lineOf(const std::vector<unsigned> &Starts, unsigned Offset) {
  return std::upper_bound(Starts.begin(), Starts.end(), Offset) -
         Starts.begin() - 1;
}

/// Offsets of the '#' (or '%:') of every preprocessor directive, as the
/// desugarer's raw lexer sees them (UpcDesugarer.cpp, upcLexerLangOptions).
std::vector<unsigned> directiveStarts(const std::string &Text) {
  clang::LangOptions LO;
  LO.C99 = LO.C11 = LO.C17 = true;
  LO.GNUMode = true;
  LO.GNUKeywords = true;
  LO.Digraphs = true;
  LO.LineComment = true;
  LO.DollarIdents = true;
  // The raw lexer reads the terminating NUL of the std::string.
  clang::SourceLocation Base = clang::SourceLocation::getFromRawEncoding(1);
  clang::Lexer Lex(Base, LO, Text.data(), Text.data(),
                   Text.data() + Text.size());
  std::vector<unsigned> Starts;
  clang::Token T;
  while (true) {
    Lex.LexFromRawLexer(T);
    if (T.is(clang::tok::eof))
      break;
    if (T.is(clang::tok::hash) && T.isAtStartOfLine())
      Starts.push_back(T.getLocation().getRawEncoding() - Base.getRawEncoding());
  }
  return Starts;
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *Data, size_t Size) {
  // Offsets are unsigned; inputs are far smaller than 4 GiB anyway.
  if (Size > (1u << 24))
    return -1;
  llvm::StringRef Input(reinterpret_cast<const char *>(Data), Size);
  upc::DesugaredSource D = upc::desugarUpcSource(Input);
  const upc::SourceOffsetMap &Map = D.Map;
  llvm::StringRef Text = D.Text;
  const unsigned N = Input.size(), M = Text.size();

  if (D.Original != Input)
    violated("Original differs from the input");
  if (D.NumRewrites == 0 && !Map.isIdentity())
    violated("no rewrites, but the map is not the identity");
  if (Map.isIdentity() && Text != Input)
    violated("identity map, but the text changed");
  for (const upc::DesugarDiagnostic &Diag : D.Diagnostics) {
    if (Diag.Offset > N)
      violated("desugar diagnostic outside the original text", Diag.Offset);
    if (Diag.Message.empty())
      violated("desugar diagnostic without a message", Diag.Offset);
  }

  // Both directions stay within the texts, monotonically, ends to ends.
  unsigned Previous = 0;
  for (unsigned O = 0; O <= N; ++O) {
    unsigned Mapped = Map.toDesugared(O);
    if (Mapped > M)
      violated("toDesugared maps outside the desugared text", O, Mapped);
    if (Mapped < Previous)
      violated("toDesugared is not monotonic", O, Mapped);
    Previous = Mapped;
  }
  if (Map.toDesugared(N) != M)
    violated("the end of the original text does not map to the end", N,
             Map.toDesugared(N));
  Previous = 0;
  for (unsigned DOff = 0; DOff <= M; ++DOff) {
    unsigned Mapped = Map.toOriginal(DOff);
    if (Mapped > N)
      violated("toOriginal maps outside the original text", Mapped, DOff);
    if (Mapped < Previous)
      violated("toOriginal is not monotonic", Mapped, DOff);
    Previous = Mapped;
  }
  if (Map.toOriginal(M) != N)
    violated("the end of the desugared text does not map to the end",
             Map.toOriginal(M), M);

  // Kept text and line numbers.
  std::vector<unsigned> OriginalLines = lineStarts(Input);
  std::vector<unsigned> DesugaredLines = lineStarts(Text);
  for (unsigned O = 0; O <= N; ++O) {
    unsigned DOff = Map.toDesugared(O);
    // Offsets inside replaced text map elsewhere; the start of a replaced
    // range (where Clang sees the token that replaces it) round-trips.
    if (Map.toOriginal(DOff) != O)
      continue;
    if (lineOf(OriginalLines, O) != lineOf(DesugaredLines, DOff))
      violated("an offset is on a different line in the desugared text", O,
               DOff);
    // Kept bytes: the successor round-trips too. It does not after the start
    // of a replaced range, unless a one-byte token was replaced by one byte,
    // which the map's interface cannot tell apart from kept text: the '[' and
    // ']' of a layout qualifier become '(' and ')', and tokens that must
    // vanish (the brackets of `shared []`, stray layouts) become blanks.
    if (O == N || Map.toOriginal(DOff + 1) != O + 1 ||
        Map.isInsideReplacement(DOff + 1))
      continue;
    if (Input[O] != Text[DOff] && Text[DOff] != ' ' &&
        !(Input[O] == '[' && Text[DOff] == '(') &&
        !(Input[O] == ']' && Text[DOff] == ')'))
      violated("kept text differs from the original", O, DOff);
  }

  // Directives are kept.
  for (unsigned O : directiveStarts(D.Original)) {
    unsigned DOff = Map.toDesugared(O);
    if (Map.toOriginal(DOff) != O || Map.toOriginal(DOff + 1) != O + 1 ||
        Map.isInsideReplacement(DOff + 1) || Text[DOff] != Input[O])
      violated("a preprocessor directive is inside replaced text", O, DOff);
  }
  return 0;
}
