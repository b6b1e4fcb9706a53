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
#include "clang/Basic/SourceManager.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/raw_ostream.h"

#include "gtest/gtest.h"

#include <functional>
#include <string>

namespace upc {

/// Parses \p Source as a UPC file and runs \p Check on it; fails the test if
/// the front end reports errors (which are printed).
inline void withTranslationUnit(llvm::StringRef Source,
                                const UpcTranslationUnitHandler &Check,
                                ThreadsEnvironment Threads = {}) {
  llvm::SmallString<128> Path;
  int FD;
  ASSERT_FALSE(
      llvm::sys::fs::createTemporaryFile("unittest", "upc", FD, Path));
  {
    llvm::raw_fd_ostream OS(FD, /*shouldClose=*/true);
    OS << Source;
  }
  UpcFrontendOptions Opts;
  Opts.UpcHeaderDir = UPC_INSTRUMENT_TEST_HEADER_DIR;
  Opts.ClangResourceDir = UPC_INSTRUMENT_TEST_CLANG_RESOURCE_DIR;
  Opts.Threads = Threads;
  UpcDiagnosticPrinter Printer(llvm::errs(), "unittest");
  bool Ran = false;
  bool OK = runUpcFrontend(Opts, Path, Printer, [&](UpcTranslationUnit &TU) {
    Ran = true;
    Check(TU);
  });
  llvm::sys::fs::remove(Path);
  EXPECT_TRUE(OK && Ran) << "the front end rejected:\n" << Source.str();
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

} // namespace upc

#endif
