//===- FrontendFuzzer.cpp - libFuzzer targets for the front end and the
//                         whole translation -----------------------------===//
//
// Writes the input to a temporary .upc file (one per fuzzer process) and runs
// the whole front end on it as `upc-instrument -fsyntax-only` does: Clang with
// the desugaring file system overlay and the prelude, the UPC view, the
// constraint checks and the diagnostic printer (rendering into a null
// stream). Built with UPC_FUZZ_TRANSLATE (upc-translate-fuzzer), it also
// lowers every input the front end accepts and emits its C as the translator
// does: inputs of an odd length with every GASP event instrumented
// (--profile-local), the others plainly (one lowering per unit, as in
// upc-instrument; the length makes the choice the same on every replay). Any
// crash, sanitizer report, failed assertion or leak in our code is a bug.
//
// A crash inside Clang's own code is a Clang 19 defect (the front end turns
// it into an internal error, see docs/front-end.md); the fuzzer runs with that
// crash recovery on, so that known Clang defects do not stop it, but with
// CrashInOwnCodeIsFatal: a crash while our code runs (called back by Clang,
// see OwnCodeScope) aborts. UPC_FUZZ_RECOVER=0 turns the recovery off, to see
// every crash with the sanitizer's stack trace (when replaying an input).
//
// The build tree's UPC headers and Clang's resource directory are compiled in
// (UPC_FUZZ_HEADER_DIR, UPC_FUZZ_CLANG_RESOURCE_DIR). The environment
// variable UPC_FUZZ_STATIC_THREADS=N fuzzes the static THREADS environment
// (--static-threads=N) instead of the dynamic one; UPC_FUZZ_CLANG_ARGS adds
// Clang options (separated by spaces, e.g. "-std=c99 -DN=4"); and
// UPC_FUZZ_VERBOSE=1 prints the diagnostics to stderr (to see what an input
// does when replaying it).
//
// `#pragma clang __debug crash` and its kind crash Clang on purpose; they are
// disabled (-disable-pragma-debug-crash) so that they are not reported.
//
//===----------------------------------------------------------------------===//

#include "upc-instrument/FrontEnd/UpcFrontend.h"
#ifdef UPC_FUZZ_TRANSLATE
#include "upc-instrument/Emission/CEmitter.h"
#include "upc-instrument/Instrumentation/Instrumentation.h"
#include "upc-instrument/Lowering/Lowering.h"
#endif

#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Process.h"
#include "llvm/Support/raw_ostream.h"

#include <cerrno>
#include <csignal>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <optional>
#include <string>
#include <vector>

#include <unistd.h>

#ifndef UPC_FUZZ_HEADER_DIR
#error UPC_FUZZ_HEADER_DIR must name the build tree's UPC header directory
#endif
#ifndef UPC_FUZZ_CLANG_RESOURCE_DIR
#error UPC_FUZZ_CLANG_RESOURCE_DIR must name Clang's resource directory
#endif

namespace {

/// This process's input file, $TMPDIR/upc-frontend-fuzzer-<pid>.upc; removed
/// at exit.
std::string *InputPath = nullptr;
std::optional<unsigned> StaticThreads;
std::vector<std::string> ExtraClangArgs;
bool Verbose = false;
bool Recover = true;

void removeInput() {
  if (InputPath)
    llvm::sys::fs::remove(*InputPath);
}

/// A process that crashes cannot remove its input file: remove those of
/// processes that no longer exist (upc-frontend-fuzzer-<pid>.upc).
void removeStaleInputs(llvm::StringRef Dir) {
  std::error_code EC;
  for (llvm::sys::fs::directory_iterator It(Dir, EC), End; It != End && !EC;
       It.increment(EC)) {
    llvm::StringRef Name = llvm::sys::path::filename(It->path());
    unsigned long Pid;
    if (!Name.consume_front("upc-frontend-fuzzer-") ||
        !Name.consume_back(".upc") || Name.getAsInteger(10, Pid))
      continue;
    if (::kill(pid_t(Pid), 0) != 0 && errno == ESRCH)
      llvm::sys::fs::remove(It->path());
  }
}

} // namespace

// A crash inside Clang can leave a program counter without unwind
// information, on which ASan's default (slow) unwinder crashes in turn before
// libFuzzer saves the input; the frame-pointer unwinder stops cleanly.
// ASAN_OPTIONS overrides this (fast_unwind_on_fatal=0 for full traces).
extern "C" const char *__asan_default_options() {
  return "fast_unwind_on_fatal=1";
}

// The recovery from a crash inside Clang jumps over the destructors of the
// objects on the crashed stack: the buffers they own (a TypeLocBuilder's)
// are lost, not leaked by our code. The compiler state itself stays
// reachable (see the README).
extern "C" const char *__lsan_default_suppressions() {
  return "leak:clang::TypeLocBuilder::grow\n";
}

extern "C" int LLVMFuzzerInitialize(int *, char ***) {
  llvm::SmallString<128> Path;
  llvm::sys::path::system_temp_directory(/*ErasedOnReboot=*/true, Path);
  removeStaleInputs(Path);
  llvm::sys::path::append(Path, "upc-frontend-fuzzer-" +
                                    llvm::Twine(::getpid()) + ".upc");
  InputPath = new std::string(Path.str());
  std::atexit(removeInput);

  if (std::optional<std::string> N =
          llvm::sys::Process::GetEnv("UPC_FUZZ_STATIC_THREADS")) {
    unsigned Value;
    if (llvm::StringRef(*N).getAsInteger(10, Value) || Value == 0) {
      std::fprintf(stderr, "upc-frontend-fuzzer: UPC_FUZZ_STATIC_THREADS "
                           "must be a positive integer\n");
      std::exit(1);
    }
    StaticThreads = Value;
  }
  if (std::optional<std::string> Args =
          llvm::sys::Process::GetEnv("UPC_FUZZ_CLANG_ARGS")) {
    llvm::SmallVector<llvm::StringRef, 8> Split;
    llvm::StringRef(*Args).split(Split, ' ', -1, /*KeepEmpty=*/false);
    for (llvm::StringRef A : Split)
      ExtraClangArgs.push_back(A.str());
  }
  Verbose = llvm::sys::Process::GetEnv("UPC_FUZZ_VERBOSE").value_or("0") != "0";
  Recover = llvm::sys::Process::GetEnv("UPC_FUZZ_RECOVER").value_or("1") != "0";
  return 0;
}

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *Data, size_t Size) {
  {
    std::error_code EC;
    llvm::raw_fd_ostream OS(*InputPath, EC);
    if (!EC) {
      OS.write(reinterpret_cast<const char *>(Data), Size);
      OS.close();
      EC = OS.error();
    }
    if (EC) {
      std::fprintf(stderr, "upc-frontend-fuzzer: cannot write %s: %s\n",
                   InputPath->c_str(), EC.message().c_str());
      std::abort();
    }
  }

  upc::UpcFrontendOptions Opts;
  Opts.ClangArgs = {"-Xclang", "-disable-pragma-debug-crash"};
  Opts.ClangArgs.insert(Opts.ClangArgs.end(), ExtraClangArgs.begin(),
                        ExtraClangArgs.end());
  // A crash inside Clang becomes an error; one in our code reaches libFuzzer.
  Opts.RecoverFromCrashes = Recover;
  Opts.CrashInOwnCodeIsFatal = true;
  Opts.Threads.StaticThreads = StaticThreads;
  Opts.ClangResourceDir = UPC_FUZZ_CLANG_RESOURCE_DIR;
  Opts.UpcHeaderDir = UPC_FUZZ_HEADER_DIR;

  llvm::raw_null_ostream Null;
  llvm::raw_ostream &Out =
      Verbose ? static_cast<llvm::raw_ostream &>(llvm::errs()) : Null;
  upc::UpcDiagnosticPrinter Printer(Out, "upc-frontend-fuzzer");
  upc::UpcTranslationUnitHandler Translate;
#ifdef UPC_FUZZ_TRANSLATE
  bool Instrumented = Size % 2;
  Translate = [&](upc::UpcTranslationUnit &TU) {
    upc::LoweringOptions LOpts;
    upc::InstrumentationOptions IOpts;
    IOpts.Mode = upc::InstrumentationMode::ProfileLocal;
    std::optional<upc::GaspRuntimeCalls> Gasp;
    if (Instrumented) {
      Gasp.emplace(IOpts, TU.Upc);
      LOpts.Calls = &*Gasp;
    }
    upc::LoweredUnit Unit;
    if (!upc::lowerTranslationUnit(TU, LOpts, Unit))
      return; // reported: nothing to emit
    upc::EmissionOptions EOpts;
    EOpts.StaticThreads = StaticThreads;
    std::string C = upc::emitC(TU, Unit, EOpts);
    if (Verbose)
      llvm::errs() << C;
  };
#endif
  upc::runUpcFrontend(Opts, *InputPath, Printer, Translate);
  Printer.printSummary();
  return 0;
}
