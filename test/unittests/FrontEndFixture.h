//===- FrontEndFixture.h - Run the UPC front end on a snippet ---*- C++ -*-===//
//
// For unit tests of the pieces that need a parsed UPC translation unit: the
// snippet is written to a temporary .upc file and parsed with the build
// tree's UPC headers (the paths come from CMake).
//
//===----------------------------------------------------------------------===//

#ifndef UPC_INSTRUMENT_TEST_UNITTESTS_FRONTENDFIXTURE_H
#define UPC_INSTRUMENT_TEST_UNITTESTS_FRONTENDFIXTURE_H

#include "upc-instrument/FrontEnd/UpcFrontend.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/Decl.h"
#include "clang/Basic/SourceManager.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/raw_ostream.h"

#include "gtest/gtest.h"

#include <functional>
#include <string>
#include <vector>

namespace upc {

/// Writes \p Text to a new temporary file named *.\p Extension; returns its
/// path (empty if it could not be created).
inline std::string writeTemporaryFile(llvm::StringRef Text,
                                      llvm::StringRef Extension = "upc") {
  llvm::SmallString<128> Path;
  int FD;
  if (llvm::sys::fs::createTemporaryFile("unittest", Extension, FD, Path))
    return "";
  llvm::raw_fd_ostream OS(FD, /*shouldClose=*/true);
  OS << Text;
  return std::string(Path);
}

/// The front end's options: the build tree's UPC and Clang headers.
inline UpcFrontendOptions fixtureOptions(ThreadsEnvironment Threads = {}) {
  UpcFrontendOptions Opts;
  Opts.UpcHeaderDir = UPC_INSTRUMENT_TEST_HEADER_DIR;
  Opts.ClangResourceDir = UPC_INSTRUMENT_TEST_CLANG_RESOURCE_DIR;
  Opts.Threads = Threads;
  return Opts;
}

/// Parses the UPC file \p Path and runs \p Check on it; fails the test if
/// the front end reports errors (which are printed).
inline void withTranslationUnitOfFile(llvm::StringRef Path,
                                      const UpcTranslationUnitHandler &Check,
                                      ThreadsEnvironment Threads = {}) {
  UpcDiagnosticPrinter Printer(llvm::errs(), "unittest");
  bool Ran = false;
  bool OK = runUpcFrontend(fixtureOptions(Threads), Path, Printer,
                           [&](UpcTranslationUnit &TU) {
                             Ran = true;
                             Check(TU);
                           });
  EXPECT_TRUE(OK && Ran) << "the front end rejected " << Path.str();
}

/// Parses \p Source as a UPC file and runs \p Check on it; fails the test if
/// the front end reports errors (which are printed).
inline void withTranslationUnit(llvm::StringRef Source,
                                const UpcTranslationUnitHandler &Check,
                                ThreadsEnvironment Threads = {}) {
  std::string Path = writeTemporaryFile(Source);
  ASSERT_FALSE(Path.empty());
  SCOPED_TRACE("the snippet:\n" + Source.str());
  withTranslationUnitOfFile(Path, Check, Threads);
  llvm::sys::fs::remove(Path);
}

/// The diagnostics the front end reports on \p Source, in the order printed,
/// each as "LINE:COLUMN: LEVEL: MESSAGE" (with its [-W...] flag, if any);
/// source snippets, notes and the summary are left out.
inline std::vector<std::string> diagnosticsOf(llvm::StringRef Source,
                                              ThreadsEnvironment Threads = {}) {
  std::string Path = writeTemporaryFile(Source);
  std::string Output;
  {
    llvm::raw_string_ostream OS(Output);
    UpcDiagnosticPrinter Printer(OS, "unittest");
    runUpcFrontend(fixtureOptions(Threads), Path, Printer);
  }
  llvm::sys::fs::remove(Path);
  std::vector<std::string> Out;
  llvm::SmallVector<llvm::StringRef> Lines;
  llvm::StringRef(Output).split(Lines, '\n');
  for (llvm::StringRef L : Lines) {
    if (!L.consume_front(Path) || !L.consume_front(":") ||
        L.contains(": note: "))
      continue;
    Out.push_back(L.str());
  }
  return Out;
}

/// The 1-based line of \p Loc: the desugarer keeps every line, so it is the
/// line in the snippet.
inline unsigned lineOf(const UpcTranslationUnit &TU,
                       clang::SourceLocation Loc) {
  return TU.AST.getSourceManager().getPresumedLineNumber(Loc);
}

/// The text after `// ` on line \p Line (1-based) of \p Source, trimmed;
/// empty when the line has no such comment.
inline std::string expectationOnLine(llvm::StringRef Source, unsigned Line) {
  llvm::SmallVector<llvm::StringRef> Lines;
  Source.split(Lines, '\n');
  if (Line == 0 || Line > Lines.size())
    return "";
  llvm::StringRef L = Lines[Line - 1];
  size_t Comment = L.find("// ");
  return Comment == llvm::StringRef::npos
             ? ""
             : L.substr(Comment + 3).trim().str();
}

/// Calls \p Check(Var, Expectation) for each variable declared at file
/// scope in the snippet \p Source of \p TU, with the expectation written on
/// its line; returns how many there were.
inline unsigned forEachFileScopeVariable(
    const UpcTranslationUnit &TU, llvm::StringRef Source,
    llvm::function_ref<void(const clang::VarDecl &, const std::string &)>
        Check) {
  const clang::SourceManager &SM = TU.AST.getSourceManager();
  unsigned Seen = 0;
  for (const clang::Decl *D : TU.AST.getTranslationUnitDecl()->decls()) {
    const auto *VD = llvm::dyn_cast<clang::VarDecl>(D);
    if (!VD || !SM.isInMainFile(VD->getLocation()))
      continue;
    ++Seen;
    SCOPED_TRACE(VD->getName().str());
    Check(*VD, expectationOnLine(Source, lineOf(TU, VD->getLocation())));
  }
  return Seen;
}

} // namespace upc

#endif
