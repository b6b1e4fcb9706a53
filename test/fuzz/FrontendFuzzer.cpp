//===- FrontendFuzzer.cpp - libFuzzer targets for the front end and the
//                         whole translation -----------------------------===//
//
// Writes the input to a temporary .upc file (one per fuzzer process) and runs
// the whole front end on it as `upc-instrument -fsyntax-only` does: Clang with
// the desugaring file system overlay and the prelude, the UPC view, the
// constraint checks and the diagnostic printer (rendering into a null
// stream). Built with UPC_FUZZ_TRANSLATE (upc-translate-fuzzer), it
// translates the input instead, by the driver's own translateUpcFile
// (Translation/Translate.h): front end, MIR probes, lowering, emission, the
// atomic write of the C (to a temporary .c file beside the input) and, when
// the lowering cannot place the UPC of macro uses, the second translation
// with them expanded. The input's length chooses the options, the same on
// every replay: an even length translates plainly; an odd one with every
// GASP event instrumented (--profile-local), and a length of 4N+3 as
// `--mir-request` does, gated, with the probes of MirRequestTexts (written
// once per process as request files), whose regions (in `main` and `f`,
// the functions of most inputs) need not exist in the input
// (ProbesRequired::None). Any crash, sanitizer report, failed assertion or
// leak in our code is a bug.
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
#include "upc-instrument/Mir/Sir.h"
#include "upc-instrument/Translation/Translate.h"
#endif

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
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

/// This process's files are $TMPDIR/upc-frontend-fuzzer-<pid>.*: its input
/// (.upc) and, in upc-translate-fuzzer, the C (.c) and a directory (.mir)
/// of MIR requests and their responses. Removed at exit, the last made
/// first.
std::string *InputPath = nullptr;
std::vector<std::string> *TemporaryFiles = nullptr;
std::optional<unsigned> StaticThreads;
std::vector<std::string> ExtraClangArgs;
bool Verbose = false;
bool Recover = true;

void removeTemporaryFiles() {
  if (TemporaryFiles)
    for (const std::string &Path : llvm::reverse(*TemporaryFiles))
      llvm::sys::fs::remove(Path);
}

/// A process that crashes cannot remove its files: remove those of
/// processes that no longer exist (upc-frontend-fuzzer-<pid>.*, including
/// the atomic writes' temporaries, <file>.temp-stream-*).
void removeStaleFiles(llvm::StringRef Dir) {
  std::error_code EC;
  for (llvm::sys::fs::directory_iterator It(Dir, EC), End; It != End && !EC;
       It.increment(EC)) {
    llvm::StringRef Name = llvm::sys::path::filename(It->path());
    if (!Name.consume_front("upc-frontend-fuzzer-"))
      continue;
    llvm::StringRef Digits = Name.take_while(llvm::isDigit);
    llvm::StringRef Rest = Name.drop_front(Digits.size());
    unsigned long Pid;
    if (Digits.getAsInteger(10, Pid) || !Rest.starts_with("."))
      continue;
    if (::kill(pid_t(Pid), 0) != 0 && errno == ESRCH) {
      if (llvm::sys::fs::is_directory(It->path()))
        llvm::sys::fs::remove_directories(It->path());
      else
        llvm::sys::fs::remove(It->path());
    }
  }
}

#ifdef UPC_FUZZ_TRANSLATE
/// The C of this process's translations: beside the input.
std::string *OutputPath = nullptr;
/// The MIR requests of inputs of length 4N+3, read once.
std::vector<upc::ProbeRequest> *MirRequests = nullptr;

/// The requests, by probe (named after its request file, so a C identifier
/// part): regions that many inputs have (the corpus's snippets are mostly
/// functions f), in the shapes a probe takes (a unit, a loop, a
/// upc_forall, a span of statements of one block). %F stands for the input
/// file's SIR id, which depends on its path (hence requests written per
/// process). A request for a region the input lacks is left out, not an
/// error (ProbesRequired::None).
struct MirRequestText {
  const char *Probe;
  const char *Body;
};
const MirRequestText MirRequestTexts[] = {
    {"main", "<codeRegion from=\"%F.main\"/>\n"},
    {"loop", "<codeRegion from=\"%F.main.loop1\"/>\n"
             "<metric name=\"COUNT\"/>\n"},
    {"forall", "<codeRegion from=\"%F.f.upcForall1\"/>\n"
               "<metric name=\"UPC_FORALL_ITERATIONS\"/>\n"},
    {"barriers", "<codeRegion from=\"%F.f.upcBarrier1\" "
                 "to=\"%F.f.upcBarrier2\"/>\n"
                 "<metric name=\"UPC_BARRIER_TIME\"/>\n<thread id=\"*\"/>\n"},
};

/// Writes the requests into <input stem>.mir/<probe>.xml and reads them as
/// --mir-request does, each with its response beside it (--mir-response).
void prepareMirRequests(llvm::StringRef Input) {
  std::string FileId = upc::sirFileId(Input);
  llvm::SmallString<128> Dir(Input);
  llvm::sys::path::replace_extension(Dir, "mir");
  if (std::error_code EC = llvm::sys::fs::create_directory(Dir)) {
    std::fprintf(stderr, "upc-translate-fuzzer: cannot create %s: %s\n",
                 Dir.c_str(), EC.message().c_str());
    std::exit(1);
  }
  TemporaryFiles->push_back(std::string(Dir));
  std::vector<std::string> Paths, Responses;
  for (const MirRequestText &R : MirRequestTexts) {
    std::string Path = (Dir + "/" + R.Probe + ".xml").str();
    TemporaryFiles->push_back(Path);
    Responses.push_back((Dir + "/" + R.Probe + ".probe.xml").str());
    TemporaryFiles->push_back(Responses.back());
    std::string Body = R.Body;
    for (size_t At; (At = Body.find("%F")) != std::string::npos;)
      Body.replace(At, 2, FileId);
    std::string Failure = upc::writeFileAtomically(
        Path, "<?xml version=\"1.0\"?>\n<instrreq activated=\"true\">\n" +
                  Body + "</instrreq>\n");
    if (!Failure.empty()) {
      std::fprintf(stderr, "upc-translate-fuzzer: cannot write %s: %s\n",
                   Path.c_str(), Failure.c_str());
      std::exit(1);
    }
    Paths.push_back(Path);
  }
  MirRequests = new std::vector<upc::ProbeRequest>;
  if (!upc::readProbeRequests(Paths, Responses, *MirRequests)) {
    std::fprintf(stderr, "upc-translate-fuzzer: its MIR requests are "
                         "invalid\n");
    std::exit(1);
  }
}
#endif

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
  removeStaleFiles(Path);
  llvm::sys::path::append(Path, "upc-frontend-fuzzer-" +
                                    llvm::Twine(::getpid()) + ".upc");
  InputPath = new std::string(Path.str());
  TemporaryFiles = new std::vector<std::string>{*InputPath};
  std::atexit(removeTemporaryFiles);
#ifdef UPC_FUZZ_TRANSLATE
  llvm::sys::path::replace_extension(Path, "c");
  OutputPath = new std::string(Path.str());
  TemporaryFiles->push_back(*OutputPath);
  prepareMirRequests(*InputPath);
#endif

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
#ifdef UPC_FUZZ_TRANSLATE
  // The options the driver's Invocation fills for the same command line.
  upc::TranslateOptions TOpts;
  TOpts.ToolVersion = "fuzz";
  if (Size % 2)
    TOpts.Instrumentation.Mode = upc::InstrumentationMode::ProfileLocal;
  if (Size % 4 == 3) {
    TOpts.Instrumentation.Gated = true;
    TOpts.MirRequests = *MirRequests;
    TOpts.MirRequired = upc::ProbesRequired::None;
  }
  // The headers read and the probes placed, as the launcher asks for them.
  std::vector<upc::Dependency> Dependencies;
  std::vector<size_t> Placed;
  bool Translated =
      upc::translateUpcFile(Opts, TOpts, *InputPath, *OutputPath, Printer,
                            &Dependencies, nullptr, "", &Placed);
  if (Translated && Verbose) {
    if (auto C = llvm::MemoryBuffer::getFile(*OutputPath))
      llvm::errs() << (*C)->getBuffer();
  }
#else
  upc::runUpcFrontend(Opts, *InputPath, Printer, nullptr);
#endif
  Printer.printSummary();
  return 0;
}
