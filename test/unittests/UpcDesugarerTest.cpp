//===- UpcDesugarerTest.cpp -----------------------------------------------===//
//
// The desugarer's output for each construct, and the invariants the rest of
// the front end relies on: lines never move, original tokens map back to
// themselves.
//
//===----------------------------------------------------------------------===//

#include "upc-instrument/Desugar/UpcDesugarer.h"

#include "gtest/gtest.h"

#include <algorithm>

using namespace upc;

namespace {

std::string desugar(llvm::StringRef S) { return desugarUpcSource(S).Text; }

/// Every line break before original text that was kept is still there:
/// kept text is on the same line in both texts.
void expectLinesKept(llvm::StringRef Original) {
  DesugaredSource D = desugarUpcSource(Original);
  auto LineOf = [](llvm::StringRef Text, unsigned Offset) {
    return std::count(Text.begin(), Text.begin() + Offset, '\n');
  };
  for (unsigned O = 0; O <= Original.size(); ++O) {
    unsigned Mapped = D.Map.toDesugared(O);
    ASSERT_LE(Mapped, D.Text.size());
    if (D.Map.toOriginal(Mapped) != O)
      continue; // replaced text
    if (O < Original.size() && Original[O] != D.Text[Mapped])
      continue; // start of a replacement
    EXPECT_EQ(LineOf(Original, O), LineOf(D.Text, Mapped))
        << "offset " << O << " of:\n" << Original.str() << "\ndesugared:\n"
        << D.Text;
  }
}

TEST(UpcDesugarerTest, PlainCIsUnchanged) {
  const char *C = "#include <stdio.h>\nint main(void) { int shared_x = 1; "
                  "return shared_x; }\n";
  DesugaredSource D = desugarUpcSource(C);
  EXPECT_EQ(D.Text, C);
  EXPECT_EQ(D.NumRewrites, 0u);
  EXPECT_TRUE(D.Map.isIdentity());
}

TEST(UpcDesugarerTest, Qualifiers) {
  EXPECT_EQ(desugar("shared int x;"), "__upc_shared int x;");
  EXPECT_EQ(desugar("strict shared int x;"), "__upc_strict __upc_shared int x;");
  EXPECT_EQ(desugar("relaxed shared int *shared p;"),
            "__upc_relaxed __upc_shared int *__upc_shared p;");
}

TEST(UpcDesugarerTest, LayoutQualifiers) {
  EXPECT_EQ(desugar("shared [4] int a;"), "__upc_shared_block (4) int a;");
  EXPECT_EQ(desugar("shared[N*2] int a;"), "__upc_shared_block(N*2) int a;");
  EXPECT_EQ(desugar("shared [] int a;"), "__upc_shared_indefinite    int a;");
  EXPECT_EQ(desugar("shared [ /* none */ ] int a;"),
            "__upc_shared_indefinite   /* none */   int a;");
  EXPECT_EQ(desugar("shared [*] int a[THREADS];"),
            "__upc_shared_star     int a[__upc_THREADS];");
  EXPECT_EQ(desugar("shared [sizeof(int[2])] int a;"),
            "__upc_shared_block (sizeof(int[2])) int a;");
  EXPECT_EQ(desugar("(shared [3] int *)p"), "(__upc_shared_block (3) int *)p");
}

TEST(UpcDesugarerTest, LayoutWithoutSharedIsBlanked) {
  DesugaredSource D = desugarUpcSource("strict [4] int x;");
  EXPECT_EQ(D.Text, "__upc_strict     int x;");
  ASSERT_EQ(D.Diagnostics.size(), 1u);
  EXPECT_EQ(D.Diagnostics[0].Offset, 7u);
}

TEST(UpcDesugarerTest, UnterminatedLayoutIsReported) {
  DesugaredSource D = desugarUpcSource("shared [4 int x;");
  ASSERT_EQ(D.Diagnostics.size(), 1u);
  EXPECT_NE(D.Diagnostics[0].Message.find("']'"), std::string::npos);
}

TEST(UpcDesugarerTest, Expressions) {
  EXPECT_EQ(desugar("x = MYTHREAD + THREADS;"),
            "x = __upc_MYTHREAD + __upc_THREADS;");
  EXPECT_EQ(desugar("n = UPC_MAX_BLOCK_SIZE;"), "n = __upc_MAX_BLOCK_SIZE;");
  EXPECT_EQ(desugar("n = upc_blocksizeof(a);"),
            "n = ((__upc_blocksizeof_t)sizeof(a));");
  EXPECT_EQ(desugar("n = upc_localsizeof a;"),
            "n = (__upc_localsizeof_t)sizeof a;");
  EXPECT_EQ(desugar("n = upc_elemsizeof(shared [2] int);"),
            "n = ((__upc_elemsizeof_t)sizeof(__upc_shared_block (2) int));");
}

TEST(UpcDesugarerTest, SubstitutedUpcSizeofValues) {
  DesugarOptions Options;
  Options.SizeofValues.push_back({4, 22, 8});
  EXPECT_EQ(desugarUpcSource("n = upc_blocksizeof(a);", Options).Text,
            "n = ((__upc_blocksizeof_t)(8u + 0 * sizeof(a)));");
  Options.SizeofValues[0].OperandEnd = 20;
  EXPECT_EQ(desugarUpcSource("n = upc_elemsizeof a;", Options).Text,
            "n = (__upc_elemsizeof_t)(8u + 0 * sizeof a);");
}

TEST(UpcDesugarerTest, MembersAreNotKeywords) {
  EXPECT_EQ(desugar("s.shared = p->THREADS;"), "s.shared = p->THREADS;");
}

TEST(UpcDesugarerTest, SynchronizationStatements) {
  EXPECT_EQ(desugar("upc_barrier;"), "__upc_barrier(0);");
  EXPECT_EQ(desugar("upc_barrier 42;"), "__upc_barrier(1, 42);");
  EXPECT_EQ(desugar("upc_notify f(a, b);"), "__upc_notify(1, f(a, b));");
  EXPECT_EQ(desugar("upc_wait MYTHREAD;"), "__upc_wait(1, __upc_MYTHREAD);");
  EXPECT_EQ(desugar("upc_fence;"), "__upc_fence();");
  // In a macro body the statement may end with the body.
  EXPECT_EQ(desugar("#define SYNC upc_barrier\n"),
            "#define SYNC __upc_barrier(0)\n");
  EXPECT_EQ(desugar("#define SYNC(x) upc_barrier x\n"),
            "#define SYNC(x) __upc_barrier(1, x)\n");
}

TEST(UpcDesugarerTest, SizeOperandsHaveConstantDimensions) {
  EXPECT_EQ(desugar("n = sizeof(shared [4] int [m]);"),
            "n = sizeof(__upc_shared_block (4) int [__upc_array_dimension(m)]);");
  EXPECT_EQ(desugar("n = _Alignof(strict shared int (*)[k][]);"),
            "n = _Alignof(__upc_strict __upc_shared int "
            "(*)[__upc_array_dimension(k)][]);");
  // Through a macro of the same file.
  EXPECT_EQ(desugar("#define SI strict shared int\nn = sizeof(SI[k]);"),
            "#define SI __upc_strict __upc_shared int\n"
            "n = sizeof(SI[__upc_array_dimension(k)]);");
  // Plain C keeps its variable length arrays; a member named THREADS (also
  // through a macro) is plain C.
  EXPECT_EQ(desugar("n = sizeof(int[k]);"), "n = sizeof(int[k]);");
  EXPECT_EQ(desugar("n = sizeof(char[p->THREADS]);"),
            "n = sizeof(char[p->THREADS]);");
  EXPECT_EQ(desugar("#define COUNT ->THREADS\nn = sizeof(char[p COUNT]);"),
            "#define COUNT ->THREADS\nn = sizeof(char[p COUNT]);");
  EXPECT_EQ(desugar("n = upc_localsizeof(shared int [2*THREADS]);"),
            "n = ((__upc_localsizeof_t)sizeof(__upc_shared int "
            "[__upc_array_dimension(2*__upc_THREADS)]));");
  // Outside size operands, brackets are untouched.
  EXPECT_EQ(desugar("int a[n]; x = a[i];"), "int a[n]; x = a[i];");
  EXPECT_EQ(desugar("n = sizeof a[i];"), "n = sizeof a[i];");
}

TEST(UpcDesugarerTest, UnclosedSizeOperandsHaveConstantDimensions) {
  // Clang reads an operand without its ')' up to the first bracket or ';'
  // that is not its own, and goes on with the type it read.
  EXPECT_EQ(desugar("n = sizeof(shared [4] int [THREADS];"),
            "n = sizeof(__upc_shared_block (4) int "
            "[__upc_array_dimension(__upc_THREADS)];");
  EXPECT_EQ(desugar("n = sizeof(strict int [m] }"),
            "n = sizeof(__upc_strict int [__upc_array_dimension(m)] }");
  // A dimension without its ']' is wrapped up to where Clang stops reading.
  EXPECT_EQ(desugar("n = sizeof(strict int [m);"),
            "n = sizeof(__upc_strict int [__upc_array_dimension(m));");
  EXPECT_EQ(desugar("n = sizeof(strict int [m"),
            "n = sizeof(__upc_strict int [__upc_array_dimension(m)");
  EXPECT_EQ(desugar("#define S sizeof(strict int [m\nint a[k];"),
            "#define S sizeof(__upc_strict int [__upc_array_dimension(m)\n"
            "int a[k];");
  // One that leaves a bracket open cannot be a macro argument: no dimension.
  EXPECT_EQ(desugar("n = sizeof(strict int [(m]);"),
            "n = sizeof(__upc_strict int  (m]);");
  EXPECT_EQ(desugar("n = sizeof(strict int [sizeof(strict int [k]]);"),
            "n = sizeof(__upc_strict int  sizeof(__upc_strict int "
            "[__upc_array_dimension(k)]]);");
  // Plain C stays as it is.
  EXPECT_EQ(desugar("n = sizeof(int [m];"), "n = sizeof(int [m];");
}

TEST(UpcDesugarerTest, TypeNamesGivenToSizeOperandsThroughMacros) {
  // The arguments of this file's function-like macros are no parameter
  // list; a type name reaching a size operand (directly, or through a macro
  // defined before) has its dimensions wrapped as if written there.
  const char *Macros = "#define LS(t) upc_localsizeof(t)\n"
                       "#define CHECK(e, n) (LS(e) >= (n) && #e)\n";
  EXPECT_EQ(desugar(std::string(Macros) +
                    "x = CHECK(shared [4] int [THREADS], 4);"),
            "#define LS(t) ((__upc_localsizeof_t)sizeof(t))\n"
            "#define CHECK(e, n) (LS(e) >= (n) && #e)\n"
            "x = CHECK(__upc_shared_block (4) int "
            "[__upc_array_dimension(__upc_THREADS)], 4);");
  // Not a type name, or not reaching a size operand: untouched.
  EXPECT_EQ(desugar(std::string(Macros) + "x = CHECK(a[THREADS - 1], 4);"),
            "#define LS(t) ((__upc_localsizeof_t)sizeof(t))\n"
            "#define CHECK(e, n) (LS(e) >= (n) && #e)\n"
            "x = CHECK(a[__upc_THREADS - 1], 4);");
  EXPECT_EQ(desugar("#define DECL(d) d;\nDECL(shared int a[THREADS])"),
            "#define DECL(d) d;\nDECL(__upc_shared int a[__upc_THREADS])");
  // Variadic: the arguments of `...` are __VA_ARGS__.
  EXPECT_EQ(desugar("#define S(...) sizeof(__VA_ARGS__)\n"
                    "x = S(shared int [THREADS]);"),
            "#define S(...) sizeof(__VA_ARGS__)\n"
            "x = S(__upc_shared int [__upc_array_dimension(__upc_THREADS)]);");
  EXPECT_EQ(desugar("#define S(n, t...) sizeof(t)\n"
                    "x = S(1, shared int [THREADS]);"),
            "#define S(n, t...) sizeof(t)\n"
            "x = S(1, __upc_shared int "
            "[__upc_array_dimension(__upc_THREADS)]);");
  // Once undefined, the name is a function's again.
  EXPECT_EQ(desugar("#define f(x) x\n#undef f\nvoid f(shared int a[]);"),
            "#define f(x) x\n#undef f\nvoid f(__upc_shared int (*a));");
}

TEST(UpcDesugarerTest, CCodeRegions) {
  // Berkeley UPC's `#pragma upc c_code`: UPC's words are identifiers up to
  // `#pragma upc upc_code`.
  const char *Source = "shared int a;\n"
                       "#pragma upc c_code\n"
                       "int shared; int f(int strict) { return relaxed; }\n"
                       "#define S shared\n"
                       "int g(int shared[3]) { upc_barrier; }\n"
                       "#pragma upc upc_code\n"
                       "shared int b;\n";
  DesugaredSource D = desugarUpcSource(Source);
  EXPECT_EQ(D.Text, "__upc_shared int a;\n"
                    "#pragma upc c_code\n"
                    "int shared; int f(int strict) { return relaxed; }\n"
                    "#define S shared\n"
                    "int g(int shared[3]) { upc_barrier; }\n"
                    "#pragma upc upc_code\n"
                    "__upc_shared int b;\n");
  EXPECT_EQ(D.CodeLanguagePragmas, (std::vector<unsigned>{14, 138}));
  // A pragma the preprocessor skipped (a false #if branch) is not followed.
  DesugarOptions Options;
  Options.SkippedCodeLanguagePragmas.push_back(14);
  D = desugarUpcSource("shared int a;\n#pragma upc c_code\nshared int b;\n",
                       Options);
  EXPECT_EQ(D.Text,
            "__upc_shared int a;\n#pragma upc c_code\n__upc_shared int b;\n");
  EXPECT_TRUE(D.CodeLanguagePragmas.empty());
}

TEST(UpcDesugarerTest, MalformedForallKeepsOnlyTheBody) {
  DesugaredSource D = desugarUpcSource("upc_forall (a; b; c; d; e) f();");
  EXPECT_EQ(D.Text, "for (;;             ) f();");
  EXPECT_EQ(D.Diagnostics.size(), 1u);
}

TEST(UpcDesugarerTest, MissingSemicolonBeforeNextLine) {
  DesugaredSource D = desugarUpcSource("upc_notify 1\n  x = 0;\n");
  EXPECT_EQ(D.Text, "__upc_notify(1, 1)\n  x = 0;\n");
  ASSERT_EQ(D.Diagnostics.size(), 1u);
  EXPECT_EQ(D.Diagnostics[0].Offset, 12u);
  // An expression continued on the next line is not cut.
  EXPECT_EQ(desugar("upc_barrier argc +\n  1;"),
            "__upc_barrier(1, argc +\n  1);");
}

TEST(UpcDesugarerTest, MissingSemicolonIsReported) {
  DesugaredSource D = desugarUpcSource("{ upc_barrier 1 }");
  ASSERT_EQ(D.Diagnostics.size(), 1u);
  EXPECT_NE(D.Diagnostics[0].Message.find("';'"), std::string::npos);
}

TEST(UpcDesugarerTest, Forall) {
  EXPECT_EQ(desugar("upc_forall (i = 0; i < n; i++; i) s();"),
            "for (i = 0; i < n; i++) if (!__upc_forall_affinity(2, i)) ; "
            "else s();");
  EXPECT_EQ(desugar("upc_forall (i = 0; i < n; i++; &a[i]) s();"),
            "for (i = 0; i < n; i++) if (!__upc_forall_affinity(2, &a[i])) ; "
            "else s();");
  EXPECT_EQ(desugar("upc_forall (i = 0; i < n; i++; continue) s();"),
            "for (i = 0; i < n; i++) if (!__upc_forall_affinity(1         )) ; else "
            "s();");
  EXPECT_EQ(desugar("upc_forall (;;;) s();"),
            "for (;;) if (!__upc_forall_affinity(0)) ; else s();");
  // Clause separators are only the ';' directly inside the parentheses.
  EXPECT_EQ(desugar("upc_forall (i = ({int t = 0; t;}); i < n; i++; i) ;"),
            "for (i = ({int t = 0; t;}); i < n; i++) if "
            "(!__upc_forall_affinity(2, i)) ; else ;");
}

TEST(UpcDesugarerTest, ForallNestsKeywords) {
  EXPECT_EQ(desugar("upc_forall (i = 0; i < THREADS; i++; MYTHREAD) ;"),
            "for (i = 0; i < __upc_THREADS; i++) if "
            "(!__upc_forall_affinity(2, __upc_MYTHREAD)) ; else ;");
}

TEST(UpcDesugarerTest, ForallWithThreeClausesIsReported) {
  DesugaredSource D = desugarUpcSource("upc_forall (i = 0; i < n; i++) ;");
  EXPECT_EQ(D.Text, "for (i = 0; i < n; i++) ;");
  ASSERT_EQ(D.Diagnostics.size(), 1u);
  EXPECT_EQ(D.Diagnostics[0].Offset, 0u);
}

TEST(UpcDesugarerTest, DirectivesAndMacros) {
  // Macro bodies and #if are UPC; other directives and strings are not.
  EXPECT_EQ(desugar("#define SP shared [4] int *\n"),
            "#define SP __upc_shared_block (4) int *\n");
  EXPECT_EQ(desugar("#if THREADS > 2\n#endif\n"),
            "#if __upc_THREADS > 2\n#endif\n");
  EXPECT_EQ(desugar("#define shared_t(x) x\n"), "#define shared_t(x) x\n");
  EXPECT_EQ(desugar("#pragma omp parallel shared(x)\n"),
            "#pragma omp parallel shared(x)\n");
  EXPECT_EQ(desugar("#include \"shared.h\"\nchar *s = \"shared\"; // shared\n"),
            "#include \"shared.h\"\nchar *s = \"shared\"; // shared\n");
}

TEST(UpcDesugarerTest, DirectiveAfterCode) {
  // A directive right after code is still rewritten (regression: the scan
  // for the next token of code used to skip it).
  EXPECT_EQ(desugar("M(x)\n#define N(T)  \\\n  shared int T;\n"),
            "M(x)\n#define N(T)  \\\n  __upc_shared int T;\n");
  EXPECT_EQ(desugar("int a;\n#if THREADS\n#endif\n"),
            "int a;\n#if __upc_THREADS\n#endif\n");
  // The operand of defined is a macro name: kept.
  EXPECT_EQ(desugar("#if defined(THREADS) && defined MYTHREAD && THREADS\n"
                    "#endif\n"),
            "#if defined(THREADS) && defined MYTHREAD && __upc_THREADS\n"
            "#endif\n");
}

TEST(UpcDesugarerTest, DirectivesBetweenReplacedTokensStay) {
  // Only tokens are replaced; directive lines between them are kept, and a
  // layout with a directive inside is left to the preprocessor.
  EXPECT_EQ(desugar("shared [\n#define N 4\n] int a;"),
            "__upc_shared_block (\n#define N 4\n) int a;");
  EXPECT_EQ(desugar("upc_forall (;;;\n#define M 2\n) ;"),
            "for (;;) if (!__upc_forall_affinity(0\n#define M 2\n)) ; else ;");
}

TEST(UpcDesugarerTest, MemberNamedSharedInMacros) {
  // `.shared` in a macro is a member, not the keyword: no layout error.
  EXPECT_TRUE(desugarUpcSource("#define FIELD .shared\nv FIELD[0];\n")
                  .Diagnostics.empty());
  EXPECT_TRUE(
      desugarUpcSource("#define S shared\ns.S [1];\n").Diagnostics.empty());
}

TEST(UpcDesugarerTest, LinesAreKept) {
  expectLinesKept("shared [\n  4\n] int a;\nint b;\n");
  expectLinesKept("shared [\n] int a;\nint b;\n");
  expectLinesKept("upc_forall (i = 0;\n i < n;\n i++;\n &a[i])\n  f();\n");
  expectLinesKept("upc_barrier\n  x;\nupc_fence;\n");
  expectLinesKept("sha\\\nred int x;\nint y;\n");
  expectLinesKept("#define X shared \\\n  [4] int\nX a;\n");
}

TEST(UpcDesugarerTest, LineContinuationInsideKeyword) {
  EXPECT_EQ(desugar("sha\\\nred int x;"), "__upc_shared\\\n int x;");
}

TEST(UpcDesugarerTest, OriginalTokensMapBack) {
  const char *Src = "upc_forall (i = 0; i < N; i++; &a[i]) a[i] = MYTHREAD;";
  DesugaredSource D = desugarUpcSource(Src);
  // `&a[i]` in the affinity and `a[i]` in the body keep their text.
  for (unsigned O : {31u, 38u}) {
    unsigned Desugared = D.Map.toDesugared(O);
    EXPECT_EQ(D.Text.substr(Desugared, 4), llvm::StringRef(Src).substr(O, 4));
    EXPECT_EQ(D.Map.toOriginal(Desugared), O);
  }
}

TEST(UpcDesugarerTest, KeepsOriginal) {
  DesugaredSource D = desugarUpcSource("shared int x;");
  EXPECT_EQ(D.Original, "shared int x;");
}

} // namespace

TEST(UpcDesugarerTest, SharedArrayParametersArePointers) {
  // C99 6.7.5.3: an array parameter is a pointer; Clang refuses arrays of
  // address-space-qualified elements as parameters, so they are written so.
  EXPECT_EQ(desugar("void f(shared int a[]);"),
            "void f(__upc_shared int (*a));");
  EXPECT_EQ(desugar("void f(int n, shared [4] int a[10][8]);"),
            "void f(int n, __upc_shared_block (4) int (*a)[8]);");
  EXPECT_EQ(desugar("void f(shared int []);"), "void f(__upc_shared int (*));");
  // Not parameters: a compound literal after a cast, a size operand, a
  // pointer-to-array parameter, private arrays.
  EXPECT_EQ(desugar("x = (void)(shared int[2]){1, 2};"),
            "x = (void)(__upc_shared int[2]){1, 2};");
  EXPECT_EQ(desugar("void f(shared int (*p)[3]);"),
            "void f(__upc_shared int (*p)[3]);");
  EXPECT_EQ(desugar("void f(int a[3], shared int *p);"),
            "void f(int a[3], __upc_shared int *p);");
  expectLinesKept("void f(shared int a[\n10],\n shared int b[]);\n");
  // A directive inside the brackets: only the preprocessor knows the
  // dimension, so the parameter is left for Clang to diagnose.
  EXPECT_EQ(desugar("void f(shared int a[\n#if 1\n4\n#endif\n]);"),
            "void f(__upc_shared int a[\n#if 1\n4\n#endif\n]);");
}
