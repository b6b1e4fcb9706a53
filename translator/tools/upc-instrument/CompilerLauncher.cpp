//===- CompilerLauncher.cpp - upc-instrument <cc> [cc args] ---------------===//

#include "CompilerLauncher.h"

#include "llvm/ADT/StringSet.h"
#include "llvm/ADT/StringSwitch.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Program.h"
#include "llvm/Support/raw_ostream.h"

using namespace llvm;

namespace upc {

namespace {

int error(const Twine &Message) {
  errs() << "upc-instrument: error: " << Message << "\n";
  return 1;
}

/// Options of gcc and clang whose value is the next argument.
bool takesSeparateValue(StringRef A) {
  static const StringSet<> Options = {
      "-o",        "-I",         "-D",           "-U",          "-include",
      "-imacros",  "-isystem",   "-idirafter",   "-iquote",     "-iprefix",
      "-isysroot", "-MF",        "-MT",          "-MQ",         "-L",
      "-Xlinker",  "-Xassembler", "-Xpreprocessor", "-Xclang",  "-u",
      "-T",        "-aux-info",  "--param",      "-z",          "-A",
      "-target",   "-arch",      "-e",           "-x",          "-l"};
  return Options.count(A);
}

/// Preprocessor options with a separate value that the UPC front end needs
/// too (the UPC file is parsed as the compiler would preprocess it).
bool isPreprocessorOption(StringRef A) {
  return StringSwitch<bool>(A)
      .Cases("-I", "-D", "-U", "-include", "-imacros", true)
      .Cases("-isystem", "-idirafter", "-iquote", "-isysroot", true)
      .Default(false);
}

/// Joined options the front end needs too.
bool isParseOption(StringRef A) {
  for (StringRef Prefix : {"-I", "-D", "-U", "-std=", "-O", "-W", "-isystem",
                           "-iquote", "-idirafter", "-include", "--sysroot="})
    if (A.starts_with(Prefix))
      return true;
  return StringSwitch<bool>(A)
      .Cases("-w", "-ansi", "-pthread", "-nostdinc", "-m32", "-m64", true)
      .Cases("-funsigned-char", "-fsigned-char", "-pedantic", true)
      .Default(false);
}

bool isUpcSource(StringRef Path) {
  StringRef Ext = sys::path::extension(Path);
  return Ext.equals_insensitive(".upc");
}

} // namespace

bool findGaspTool(StringRef LibDir, StringRef Name,
                  std::vector<std::string> &LinkArgs) {
  SmallString<256> Library(LibDir);
  sys::path::append(Library, "libupc-gasp-" + Name + ".a");
  if (!sys::fs::exists(Library)) {
    std::vector<std::string> Known;
    std::error_code EC;
    for (sys::fs::directory_iterator It(LibDir, EC), End; It != End && !EC;
         It.increment(EC)) {
      StringRef File = sys::path::filename(It->path());
      if (File.consume_front("libupc-gasp-") && File.consume_back(".a"))
        Known.push_back(File.str());
    }
    llvm::sort(Known);
    std::string List;
    for (const std::string &K : Known)
      List += (List.empty() ? "" : ", ") + K;
    error("unknown GASP tool '" + Name.str() + "'" +
          (List.empty() ? std::string("; no tools are installed in '") +
                              LibDir.str() + "'"
                        : "; available: " + List));
    return false;
  }
  LinkArgs.push_back(std::string(Library));
  SmallString<256> Extra(LibDir);
  sys::path::append(Extra, "upc-gasp-" + Name + ".libs");
  if (ErrorOr<std::unique_ptr<MemoryBuffer>> Buffer =
          MemoryBuffer::getFile(Extra, /*IsText=*/true)) {
    SmallVector<StringRef, 8> Lines;
    (*Buffer)->getBuffer().split(Lines, '\n', -1, /*KeepEmpty=*/false);
    for (StringRef L : Lines)
      if (!L.trim().empty())
        LinkArgs.push_back(L.trim().str());
  }
  return true;
}

int runCompilerLauncher(const LauncherOptions &Opts,
                        const std::vector<std::string> &Command) {
  std::string Compiler = Command.front();
  std::string CompilerPath = Compiler;
  if (Compiler.find('/') == std::string::npos) {
    ErrorOr<std::string> Found = sys::findProgramByName(Compiler);
    if (!Found)
      return error("compiler '" + Compiler + "' not found in PATH");
    CompilerPath = *Found;
  } else if (!sys::fs::can_execute(Compiler)) {
    return error("compiler '" + Compiler + "' not found or not executable");
  }

  struct UpcInput {
    size_t ArgIndex;
    std::string Source;
  };
  std::vector<std::string> Args = {Compiler, "-I" + Opts.RuntimeIncludeDir,
                                   "-I" + Opts.Frontend.UpcHeaderDir};
  std::vector<UpcInput> Inputs;
  std::vector<std::string> ParseArgs;
  bool Link = true, XUpc = false, SawLanguage = false;
  for (size_t I = 1; I < Command.size(); ++I) {
    const std::string &A = Command[I];
    if (A == "-c" || A == "-S" || A == "-E" || A == "-fsyntax-only" ||
        A == "-M" || A == "-MM")
      Link = false;
    if (A == "-x" && I + 1 < Command.size()) {
      SawLanguage = true;
      XUpc = Command[I + 1] == "upc";
      Args.push_back("-x");
      Args.push_back(XUpc ? "c" : Command[++I]);
      if (XUpc)
        ++I;
      continue;
    }
    if (StringRef(A).starts_with("-x") && A.size() > 2) {
      SawLanguage = true;
      XUpc = A == "-xupc";
      Args.push_back(XUpc ? "-xc" : A);
      continue;
    }
    if (takesSeparateValue(A) && I + 1 < Command.size()) {
      if (isPreprocessorOption(A)) {
        ParseArgs.push_back(A);
        ParseArgs.push_back(Command[I + 1]);
      }
      Args.push_back(A);
      Args.push_back(Command[++I]);
      continue;
    }
    if (StringRef(A).starts_with("-")) {
      if (isParseOption(A))
        ParseArgs.push_back(A);
      Args.push_back(A);
      continue;
    }
    if (XUpc || isUpcSource(A))
      Inputs.push_back({Args.size(), A});
    Args.push_back(A);
  }

  SmallString<256> TempDir;
  if (!Inputs.empty())
    if (std::error_code EC =
            sys::fs::createUniqueDirectory("upc-instrument", TempDir))
      return error("cannot create a temporary directory: " + EC.message());
  auto Cleanup = [&] {
    if (!TempDir.empty() && !Opts.KeepFiles)
      sys::fs::remove_directories(TempDir);
  };

  UpcFrontendOptions Frontend = Opts.Frontend;
  Frontend.ClangArgs.insert(Frontend.ClangArgs.end(), ParseArgs.begin(),
                            ParseArgs.end());
  // gcc's warning options that Clang does not know are not errors here.
  Frontend.ClangArgs.push_back("-Wno-unknown-warning-option");
  UpcDiagnosticPrinter Printer(errs(), "upc-instrument");
  StringSet<> SourceDirs;
  for (size_t K = 0; K < Inputs.size(); ++K) {
    const UpcInput &In = Inputs[K];
    if (!sys::fs::exists(In.Source)) {
      Cleanup();
      return error("no such file or directory: '" + In.Source + "'");
    }
    // One directory per input: the C file keeps the UPC file's name, so the
    // compiler names its outputs (x.o for x.upc) as it would.
    SmallString<256> Dir(TempDir);
    sys::path::append(Dir, std::to_string(K));
    sys::fs::create_directories(Dir);
    SmallString<256> Out(Dir);
    SmallString<64> Name(sys::path::filename(In.Source));
    sys::path::replace_extension(Name, "c");
    sys::path::append(Out, Name);
    if (!translateUpcFile(Frontend, Opts.Translate, In.Source, Out, Printer)) {
      Printer.printSummary();
      Cleanup();
      return 1;
    }
    Args[In.ArgIndex] = std::string(Out);
    SmallString<256> SourceDir(sys::path::parent_path(In.Source));
    if (SourceDir.empty())
      SourceDir = ".";
    sys::fs::make_absolute(SourceDir);
    sys::path::remove_dots(SourceDir, /*remove_dot_dot=*/true);
    SourceDirs.insert(SourceDir);
  }
  Printer.printSummary();
  // Quoted #includes of the UPC files are found next to them.
  std::vector<std::string> Quote;
  for (const auto &D : SourceDirs)
    Quote.push_back("-iquote" + D.getKey().str());
  Args.insert(Args.begin() + 1, Quote.begin(), Quote.end());
  // Also when only objects translated earlier are linked. Nothing of the
  // (static) runtime is linked into a program that does not use it.
  if (Link) {
    // After `-x c` (from -x upc) the compiler would read libraries as C.
    if (SawLanguage) {
      Args.push_back("-x");
      Args.push_back("none");
    }
    Args.insert(Args.end(), Opts.ToolLinkArgs.begin(), Opts.ToolLinkArgs.end());
    Args.push_back(Opts.RuntimeLibrary);
    Args.push_back("-lpthread");
  }

  if (Opts.Verbose || Opts.KeepFiles) {
    if (Opts.KeepFiles && !TempDir.empty())
      errs() << "upc-instrument: translated files kept in " << TempDir << "\n";
    if (Opts.Verbose) {
      errs() << "upc-instrument: running";
      for (const std::string &A : Args)
        errs() << " " << A;
      errs() << "\n";
    }
  }
  std::vector<StringRef> Argv(Args.begin(), Args.end());
  std::string ErrMsg;
  int Status = sys::ExecuteAndWait(CompilerPath, Argv, std::nullopt, {}, 0, 0,
                                   &ErrMsg);
  Cleanup();
  if (Status < 0)
    return error("cannot run '" + Compiler + "': " + ErrMsg);
  return Status;
}

} // namespace upc
