//===- CompilerLauncher.cpp - upc-instrument <cc> [cc args] ---------------===//

#include "CompilerLauncher.h"
#include "CompilerCommand.h"
#include "Messages.h"
#include "ShellCommand.h"

#include "upc-instrument/Emission/CEmitter.h"
#include "upc-instrument/Mir/Sir.h"

#include "llvm/ADT/StringSet.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Program.h"
#include "llvm/Support/raw_ostream.h"

#include <optional>

using namespace llvm;

namespace upc {

namespace {

bool isOneOf(StringRef Path, const std::vector<std::string> &Files) {
  for (const std::string &F : Files)
    if (sys::fs::equivalent(Path, F))
      return true;
  return false;
}

/// One run of the launcher, step by step.
class Launch {
public:
  Launch(const UpcFrontendOptions &Frontend, const TranslateOptions &Translate,
         const LauncherOptions &Opts, const std::vector<std::string> &Command)
      : Frontend(Frontend), Translate(Translate), Opts(Opts),
        Command(Command), Log(Opts.DryRun ? outs() : errs()),
        Show(Opts.DryRun || Opts.Verbose) {}

  int run();

private:
  const UpcFrontendOptions &Frontend;
  const TranslateOptions &Translate;
  const LauncherOptions &Opts;
  const std::vector<std::string> &Command;
  raw_ostream &Log;
  bool Show;

  std::string CompilerPath;
  CompilerCommand Info;
  /// Every input of the command: never removed.
  std::vector<std::string> Inputs;
  std::vector<std::string> DepFiles;
  SmallString<256> TempDir;
  /// The SIR of each UPC input (--sir, --sir=FILE).
  std::vector<std::vector<SirFile>> Sirs;

  bool findCompiler();
  /// Runs the compiler with \p Args (standard output to \p Stdout).
  int execute(const std::vector<std::string> &Args,
              std::optional<StringRef> Stdout = std::nullopt);
  /// Whether the command links UPC code: UPC sources, objects or archives
  /// with translated code, or --link-runtime.
  bool linksUpcCode() const;
  void addLinkArgs(std::vector<std::string> &Args) const;
  /// --shared-heap: writes the definition of the program's default heap
  /// size into the temporary directory; false after reporting a failure.
  bool writeSharedHeapSource();
  std::string SharedHeapSource;
  bool makeTempDir();
  /// Translates every UPC input to a C file in the temporary directory and
  /// puts it in its place in \p Args; false after reporting a failure.
  bool translateInputs(std::vector<std::string> &Args);
  /// Quoted #includes of the UPC files are found next to them; the
  /// runtime's headers after them.
  void addCompileArgs(std::vector<std::string> &Args) const;
  /// Runs the compile and rewrites the dependency files it wrote.
  int compile(const std::vector<std::string> &Args);
  void keepTranslations() const;
  bool wantsSir() const {
    return Opts.SirBesideObjects || !Opts.SirFile.empty();
  }
  /// The UPC inputs, as given.
  std::vector<std::string> upcSources() const {
    std::vector<std::string> Sources;
    for (const UpcInput &In : Info.UpcInputs)
      Sources.push_back(In.Source);
    return Sources;
  }
  /// Where the SIR goes: --sir=FILE, or beside each UPC input's object.
  std::vector<std::string> sirFiles() const;
  /// Writes the SIR documents; false after reporting a write error.
  bool writeSirs() const;
  /// Removes what a failed command leaves behind, never an input.
  void removeOutputs() const;
  void removeTempDir() const;
  /// Ends the run with \p Status, cleaning up after a failure.
  int finish(int Status) const;
};

int Launch::run() {
  if (!findCompiler())
    return 1;
  SourceGlobs Globs;
  for (const std::string &G : Opts.UpcSourceGlobs)
    if (!Globs.add(G))
      return 1;
  Info = analyzeCommand(Command, Globs);

  // No UPC source: configure probes, C files, links of C programs run
  // unchanged; a link of UPC objects gets the runtime.
  if (Info.UpcInputs.empty()) {
    if (!linksUpcCode())
      return execute(Command);
    std::vector<std::string> Args = Info.Args;
    if (!writeSharedHeapSource())
      return finish(1);
    addLinkArgs(Args);
    return finish(execute(Args));
  }

  // A tool sees only the events the translation raises: none here.
  if (!Opts.ToolName.empty() && !Translate.Instrumentation.isEnabled())
    reportWarning("'--tool=" + Opts.ToolName +
                  "' without --profile, --profile-local or --profile-only: "
                  "the UPC files of this command raise no GASP events for "
                  "the tool (add --profile)");
  Inputs = Info.OtherInputs;
  for (const UpcInput &In : Info.UpcInputs)
    Inputs.push_back(In.Source);
  DepFiles = dependencyFiles(Info);
  if (!makeTempDir())
    return 1;
  std::vector<std::string> Args = Info.Args;
  if (!translateInputs(Args))
    return finish(1);
  addCompileArgs(Args);
  if (linksUpcCode()) {
    if (!writeSharedHeapSource())
      return finish(1);
    addLinkArgs(Args);
  }
  int Status = compile(Args);
  if (Opts.DryRun)
    return Status;
  if (Status == 0 && wantsSir() && !writeSirs())
    Status = 1;
  // Also after a compiler error, which the kept file helps to understand.
  if (Opts.KeepFiles)
    keepTranslations();
  return finish(Status);
}

bool Launch::findCompiler() {
  const std::string &Compiler = Command.front();
  CompilerPath = Compiler;
  if (Compiler.find('/') == std::string::npos) {
    ErrorOr<std::string> Found = sys::findProgramByName(Compiler);
    if (!Found) {
      reportError("compiler '" + Compiler + "' not found in PATH");
      return false;
    }
    CompilerPath = *Found;
  } else if (!sys::fs::can_execute(Compiler)) {
    reportError("compiler '" + Compiler + "' not found or not executable");
    return false;
  }
  return true;
}

int Launch::execute(const std::vector<std::string> &Args,
                    std::optional<StringRef> Stdout) {
  if (Show) {
    printShellCommand(Log, Args);
    Log.flush();
  }
  if (Opts.DryRun)
    return 0;
  std::vector<StringRef> Argv(Args.begin(), Args.end());
  std::optional<StringRef> Redirects[] = {std::nullopt, Stdout, std::nullopt};
  std::string ErrMsg;
  int Status = sys::ExecuteAndWait(
      CompilerPath, Argv, std::nullopt,
      Stdout ? ArrayRef(Redirects) : ArrayRef<std::optional<StringRef>>(), 0,
      0, &ErrMsg);
  if (Status == -1) {
    reportError("cannot run '" + Command.front() + "': " + ErrMsg);
    return 1;
  }
  if (Status < 0) {
    reportError("'" + Command.front() + "' failed: " + ErrMsg);
    return 1;
  }
  return Status;
}

bool Launch::linksUpcCode() const {
  if (!Info.Link)
    return false;
  if (Opts.LinkRuntime || !Info.UpcInputs.empty())
    return true;
  return llvm::any_of(Info.OtherInputs,
                      [](const std::string &I) { return containsUpcCode(I); });
}

void Launch::addLinkArgs(std::vector<std::string> &Args) const {
  // After `-x c` (from -x upc) the compiler would read libraries as C.
  if (Info.SawLanguage)
    Args.insert(Args.end(), {"-x", "none"});
  if (!SharedHeapSource.empty())
    Args.insert(Args.end(), {"-x", "c", SharedHeapSource, "-x", "none"});
  Args.insert(Args.end(), Opts.ToolLinkArgs.begin(), Opts.ToolLinkArgs.end());
  Args.push_back(Opts.Runtime.Library);
  Args.insert(Args.end(), Opts.Runtime.LinkArgs.begin(),
              Opts.Runtime.LinkArgs.end());
}

bool Launch::writeSharedHeapSource() {
  if (Opts.SharedHeapSize == 0)
    return true;
  if (TempDir.empty() && !makeTempDir())
    return false;
  SmallString<256> Path(TempDir);
  sys::path::append(Path, "upcr-shared-heap.c");
  SharedHeapSource = std::string(Path);
  if (Opts.DryRun)
    return true;
  std::error_code EC;
  raw_fd_ostream OS(SharedHeapSource, EC, sys::fs::OF_Text);
  if (!EC) {
    OS << "/* upc-instrument --shared-heap=" << Opts.SharedHeapText
       << ": the program's default UPC_SHARED_HEAP_SIZE. */\n"
       << "#include <stdint.h>\n"
       << "const uint64_t upcr_linked_shared_heap_size = "
       << Opts.SharedHeapSize << "u;\n";
    OS.close();
    EC = OS.error();
  }
  if (EC)
    reportError("cannot write '" + SharedHeapSource + "': " + EC.message());
  return !EC;
}

bool Launch::makeTempDir() {
  if (Opts.DryRun) {
    sys::path::system_temp_directory(/*ErasedOnReboot=*/true, TempDir);
    sys::path::append(TempDir, "upc-instrument-XXXXXX");
  } else if (std::error_code EC =
                 sys::fs::createUniqueDirectory("upc-instrument", TempDir)) {
    reportError("cannot create a temporary directory: " + EC.message());
    return false;
  }
  sys::fs::make_absolute(TempDir);
  return true;
}

bool Launch::translateInputs(std::vector<std::string> &Args) {
  UpcFrontendOptions Parse = Frontend;
  Parse.ClangArgs.insert(Parse.ClangArgs.end(), Info.ParseArgs.begin(),
                         Info.ParseArgs.end());
  // gcc's warning options that Clang does not know are not errors here.
  Parse.ClangArgs.push_back("-Wno-unknown-warning-option");
  UpcDiagnosticPrinter Printer(errs(), "upc-instrument");
  Printer.leaveCWarningsToCompiler();
  Sirs.resize(Info.UpcInputs.size());
  std::vector<size_t> Placed;
  // SIR ids tell the command's files of the same name apart.
  TranslateOptions Named = Translate;
  Named.SirCompanions = upcSources();
  for (size_t K = 0; K < Info.UpcInputs.size(); ++K) {
    UpcInput &In = Info.UpcInputs[K];
    if (!Opts.DryRun && !sys::fs::exists(In.Source)) {
      reportError("no such file or directory: '" + In.Source + "'");
      return false;
    }
    // One directory per input: the C file keeps the UPC file's name, so the
    // compiler names its outputs (x.o, x.d for x.upc) as it would.
    SmallString<256> Out(TempDir);
    sys::path::append(Out, std::to_string(K));
    if (!Opts.DryRun)
      sys::fs::create_directories(Out);
    SmallString<64> Name(sys::path::filename(In.Source));
    sys::path::replace_extension(Name, "c");
    sys::path::append(Out, Name);
    In.Translated = std::string(Out);
    if (Show) {
      std::vector<std::string> Step = Opts.TranslateCommand;
      Step.insert(Step.end(), Info.ParseArgs.begin(), Info.ParseArgs.end());
      Step.push_back("-Wno-unknown-warning-option");
      Step.insert(Step.end(), {In.Source, "-o", In.Translated});
      printShellCommand(Log, Step);
      Log.flush();
    }
    UpcTranslationUnitHandler Inspect;
    if (wantsSir())
      Inspect = [&](UpcTranslationUnit &TU) { Sirs[K] = buildSirFiles(TU); };
    // Probe documents go beside the object, as the SIR does.
    if (!Opts.DryRun &&
        !translateUpcFile(Parse, Named, In.Source, In.Translated, Printer,
                          &In.Dependencies, Inspect, sirFileName(Info, In),
                          &Placed)) {
      Printer.printSummary();
      reportError("translation of '" + In.Source + "' failed; '" +
                  Command.front() + "' was not run");
      return false;
    }
    // Clang's builtin headers, which the front end read in place of the
    // compiler's own, are no dependencies of the compiled file.
    llvm::erase_if(In.Dependencies, [&](Dependency &D) {
      SmallString<256> P(D.Path);
      sys::path::remove_dots(P);
      D.Path = std::string(P);
      return !Frontend.ClangResourceDir.empty() &&
             StringRef(D.Path).starts_with(Frontend.ClangResourceDir);
    });
    Args[In.ArgIndex] = In.Translated;
  }
  Printer.printSummary();
  // A program linked from these sources alone: every probe requested must
  // be in one of them (another command's objects could hold it otherwise).
  if (!Opts.DryRun && Info.Link && !Translate.MirRequests.empty() &&
      llvm::none_of(Info.OtherInputs,
                    [](const std::string &I) { return containsUpcCode(I); })) {
    std::vector<bool> IsPlaced(Translate.MirRequests.size());
    for (size_t K : Placed)
      IsPlaced[K] = true;
    std::vector<std::string> Names;
    for (const UpcInput &In : Info.UpcInputs)
      Names.push_back(In.Source);
    if (!checkProbesPlaced(Translate.MirRequests, IsPlaced, Names)) {
      reportError("'" + Command.front() + "' was not run");
      return false;
    }
  }
  return true;
}

void Launch::addCompileArgs(std::vector<std::string> &Args) const {
  StringSet<> SourceDirs;
  for (const UpcInput &In : Info.UpcInputs) {
    SmallString<256> Dir(sys::path::parent_path(In.Source));
    if (Dir.empty())
      Dir = ".";
    sys::fs::make_absolute(Dir);
    sys::path::remove_dots(Dir, /*remove_dot_dot=*/true);
    SourceDirs.insert(Dir);
  }
  std::vector<std::string> Sorted;
  for (const auto &D : SourceDirs)
    Sorted.push_back(D.getKey().str());
  llvm::sort(Sorted);
  std::vector<std::string> Extra;
  for (const std::string &D : Sorted)
    Extra.push_back("-iquote" + D);
  Extra.push_back("-I" + Opts.RuntimeIncludeDir);
  Extra.push_back("-I" + Frontend.UpcHeaderDir);
  // Clang compiles the translated C of old UPC codes as gcc 12 would.
  if (sys::path::filename(Command.front()).contains("clang"))
    Extra.insert(Extra.end(), gccCompatibleWarningOptions().begin(),
                 gccCompatibleWarningOptions().end());
  Extra.insert(Extra.end(), Opts.Runtime.CompileArgs.begin(),
               Opts.Runtime.CompileArgs.end());
  Args.insert(Args.begin() + 1, Extra.begin(), Extra.end());
}

int Launch::compile(const std::vector<std::string> &Args) {
  // -M/-MM without -MF and -o print the dependencies: they are rewritten
  // before they are shown.
  std::optional<std::string> CapturedDeps;
  if (Info.DepsOnly && DepFiles.empty()) {
    SmallString<256> P(TempDir);
    sys::path::append(P, "deps.d");
    CapturedDeps = std::string(P);
  }
  int Status = execute(Args, CapturedDeps
                                 ? std::optional<StringRef>(*CapturedDeps)
                                 : std::nullopt);
  if (Status != 0 || Opts.DryRun)
    return Status;
  for (const std::string &D : DepFiles)
    if (!rewriteDependencyFile(D, Info.UpcInputs, Info.SystemDeps,
                               Info.PhonyDeps))
      Status = 1;
  if (CapturedDeps) {
    if (!rewriteDependencyFile(*CapturedDeps, Info.UpcInputs, Info.SystemDeps,
                               Info.PhonyDeps))
      Status = 1;
    else if (ErrorOr<std::unique_ptr<MemoryBuffer>> B =
                 MemoryBuffer::getFile(*CapturedDeps, /*IsText=*/true))
      outs() << (*B)->getBuffer();
  }
  return Status;
}

void Launch::keepTranslations() const {
  for (const UpcInput &In : Info.UpcInputs) {
    std::string Kept = keptFileName(Info, In);
    if (isOneOf(Kept, Inputs)) {
      reportWarning("not keeping the translation of '" + In.Source + "': '" +
                    Kept + "' is an input");
      continue;
    }
    if (std::error_code EC = sys::fs::copy_file(In.Translated, Kept)) {
      reportWarning("cannot keep '" + Kept + "': " + EC.message());
      continue;
    }
    errs() << "upc-instrument: the translation of " << In.Source
           << " is kept in " << Kept << "\n";
  }
}

std::vector<std::string> Launch::sirFiles() const {
  if (!Opts.SirFile.empty())
    return {Opts.SirFile};
  std::vector<std::string> Files;
  if (Opts.SirBesideObjects)
    for (const UpcInput &In : Info.UpcInputs)
      Files.push_back(sirFileName(Info, In));
  return Files;
}

bool Launch::writeSirs() const {
  // One document per SIR file: all the inputs' for --sir=FILE, else each
  // input's own.
  std::vector<std::string> Files = sirFiles();
  bool OK = true;
  for (size_t D = 0; D < Files.size(); ++D) {
    SirDocument Doc;
    for (size_t K = 0; K < Sirs.size(); ++K)
      if (Files.size() == 1 || K == D)
        Doc.Files.insert(Doc.Files.end(), Sirs[K].begin(), Sirs[K].end());
    nameSirFiles(Doc.Files, upcSources());
    std::string Failure = writeFileAtomically(Files[D], writeSir(Doc));
    if (!Failure.empty()) {
      reportError("cannot write '" + Files[D] + "': " + Failure);
      OK = false;
    }
  }
  return OK;
}

void Launch::removeOutputs() const {
  if (Opts.DryRun)
    return;
  std::vector<std::string> Stale = outputFiles(Info);
  Stale.insert(Stale.end(), DepFiles.begin(), DepFiles.end());
  // A SIR left from an earlier build would describe what failed now.
  std::vector<std::string> Sir = sirFiles();
  Stale.insert(Stale.end(), Sir.begin(), Sir.end());
  for (const std::string &F : Stale)
    if (sys::fs::is_regular_file(F) && !isOneOf(F, Inputs))
      sys::fs::remove(F);
}

void Launch::removeTempDir() const {
  if (!Opts.DryRun && !TempDir.empty())
    sys::fs::remove_directories(TempDir);
}

int Launch::finish(int Status) const {
  if (Status != 0)
    removeOutputs();
  removeTempDir();
  return Status;
}

} // namespace

int runCompilerLauncher(const UpcFrontendOptions &Frontend,
                        const TranslateOptions &Translate,
                        const LauncherOptions &Opts,
                        const std::vector<std::string> &Command) {
  return Launch(Frontend, Translate, Opts, Command).run();
}

} // namespace upc
