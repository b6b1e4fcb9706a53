//===- CompilerLauncher.cpp - upc-instrument <cc> [cc args] ---------------===//

#include "CompilerLauncher.h"
#include "upc-instrument/Emission/CEmitter.h"
#include "upc-instrument/Lowering/RuntimeNames.h"

#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringSet.h"
#include "llvm/ADT/StringSwitch.h"
#include "llvm/Object/Archive.h"
#include "llvm/Object/Binary.h"
#include "llvm/Object/ObjectFile.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/GlobPattern.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Program.h"
#include "llvm/Support/StringSaver.h"
#include "llvm/Support/raw_ostream.h"

#include <optional>

using namespace llvm;

namespace upc {

namespace {

int error(const Twine &Message) {
  errs() << "upc-instrument: error: " << Message << "\n";
  return 1;
}

void warning(const Twine &Message) {
  errs() << "upc-instrument: warning: " << Message << "\n";
}

/// Options of gcc and clang whose value is the next argument.
bool takesSeparateValue(StringRef A) {
  static const StringSet<> Options = {
      "-o",        "-I",          "-D",             "-U",        "-include",
      "-imacros",  "-isystem",    "-idirafter",     "-iquote",   "-iprefix",
      "-isysroot", "-MF",         "-MT",            "-MQ",       "-L",
      "-Xlinker",  "-Xassembler", "-Xpreprocessor", "-Xclang",   "-u",
      "-T",        "-aux-info",   "--param",        "-z",        "-A",
      "-target",   "-arch",       "-e",             "-x",        "-l",
      "-B",        "-dumpdir",    "-dumpbase",      "-imultilib",
      "-iwithprefix", "-iwithprefixbefore", "-include-pch", "--sysroot"};
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

bool hasUpcExtension(StringRef Path) {
  StringRef Ext = sys::path::extension(Path);
  return Ext.equals_insensitive(".upc") || Ext.equals_insensitive(".uph");
}

std::string absolutePath(StringRef Path) {
  SmallString<256> Abs(Path);
  sys::fs::make_absolute(Abs);
  sys::path::remove_dots(Abs, /*remove_dot_dot=*/true);
  return std::string(Abs);
}

/// --upc-sources= patterns: one without '/' matches the file name, one with
/// '/' the path as written or the absolute path.
class SourceGlobs {
public:
  bool add(StringRef Pattern) {
    Expected<GlobPattern> P = GlobPattern::create(Pattern);
    if (!P) {
      error("invalid --upc-sources pattern '" + Pattern +
            "': " + toString(P.takeError()));
      return false;
    }
    Patterns.push_back({std::move(*P), Pattern.contains('/')});
    return true;
  }
  bool match(StringRef Path) const {
    for (const auto &[P, WithSlash] : Patterns) {
      if (!WithSlash) {
        if (P.match(sys::path::filename(Path)))
          return true;
        continue;
      }
      if (P.match(Path) || P.match(absolutePath(Path)))
        return true;
    }
    return false;
  }

private:
  std::vector<std::pair<GlobPattern, bool>> Patterns;
};

/// Make's spelling of a file name in a dependency rule (as gcc writes it).
std::string escapeForMake(StringRef Path) {
  std::string Out;
  for (char C : Path) {
    if (C == ' ' || C == '\t' || C == '#')
      Out += '\\';
    else if (C == '$')
      Out += '$';
    Out += C;
  }
  return Out;
}

/// The file names of a dependency file (targets and prerequisites).
std::vector<std::string> dependencyFileNames(StringRef Text) {
  std::vector<std::string> Names;
  std::string Current;
  auto Flush = [&] {
    if (!Current.empty() && Current != ":")
      Names.push_back(StringRef(Current).rtrim(':').str());
    Current.clear();
  };
  for (size_t I = 0; I < Text.size(); ++I) {
    char C = Text[I];
    if (C == '\\' && I + 1 < Text.size()) {
      char N = Text[I + 1];
      if (N == '\n') {
        Flush();
        ++I;
        continue;
      }
      if (N == ' ' || N == '#' || N == '\t') {
        Current += N;
        ++I;
        continue;
      }
    }
    if (C == '$' && I + 1 < Text.size() && Text[I + 1] == '$') {
      Current += '$';
      ++I;
      continue;
    }
    if (C == ' ' || C == '\t' || C == '\n' || C == '\r') {
      Flush();
      continue;
    }
    Current += C;
  }
  Flush();
  return Names;
}

struct FileIdInfo {
  llvm::DenseSet<std::pair<uint64_t, uint64_t>> Ids;
  bool insert(StringRef Path) {
    sys::fs::UniqueID ID;
    if (sys::fs::getUniqueID(Path, ID))
      return true; // unknown: never a duplicate
    return Ids.insert({ID.getDevice(), ID.getFile()}).second;
  }
};

/// One UPC input of the command.
struct UpcInput {
  size_t ArgIndex;
  std::string Source;
  /// The translated C file given to the compiler.
  std::string Translated;
  std::vector<Dependency> Dependencies;
};

/// Rewrites the dependency file \p Path written for the translated files of
/// \p Inputs: each translated file becomes its UPC source followed by the
/// headers the translation read (the UPC headers are inlined into the C,
/// so the compiler did not see them).
bool rewriteDependencyFile(StringRef Path, const std::vector<UpcInput> &Inputs,
                           bool SystemHeaders, bool PhonyTargets) {
  ErrorOr<std::unique_ptr<MemoryBuffer>> Buffer =
      MemoryBuffer::getFile(Path, /*IsText=*/true);
  if (!Buffer)
    return true; // the compiler did not write it
  std::string Text = (*Buffer)->getBuffer().str();
  FileIdInfo Seen;
  for (const std::string &Name : dependencyFileNames(Text))
    Seen.insert(Name);
  std::string Phony;
  bool Changed = false;
  for (const UpcInput &In : Inputs) {
    std::string Temp = escapeForMake(In.Translated);
    if (Text.find(Temp) == std::string::npos)
      continue;
    std::string Replacement = escapeForMake(In.Source);
    Seen.insert(In.Source);
    for (const Dependency &D : In.Dependencies) {
      if (D.System && !SystemHeaders)
        continue;
      if (!Seen.insert(D.Path))
        continue;
      Replacement += " \\\n " + escapeForMake(D.Path);
      if (PhonyTargets)
        Phony += "\n" + escapeForMake(D.Path) + ":\n";
    }
    size_t Pos = 0;
    while ((Pos = Text.find(Temp, Pos)) != std::string::npos) {
      Text.replace(Pos, Temp.size(), Replacement);
      Pos += Replacement.size();
    }
    Changed = true;
  }
  if (!Changed)
    return true;
  Text += Phony;
  std::string Failure = writeFileAtomically(Path, Text);
  if (!Failure.empty()) {
    error("cannot write '" + Path + "': " + Failure);
    return false;
  }
  return true;
}

bool isSafeShellChar(char C) {
  return isAlnum(C) || StringRef("@%+=:,./-_").contains(C);
}

} // namespace

void printShellCommand(raw_ostream &OS, const std::vector<std::string> &Args) {
  bool First = true;
  for (const std::string &A : Args) {
    if (!First)
      OS << ' ';
    First = false;
    if (!A.empty() && llvm::all_of(A, isSafeShellChar)) {
      OS << A;
      continue;
    }
    OS << '\'';
    for (char C : A) {
      if (C == '\'')
        OS << "'\\''";
      else
        OS << C;
    }
    OS << '\'';
  }
  OS << '\n';
}

static bool objectHasUpcFiles(const object::ObjectFile &Obj) {
  for (const object::SectionRef &S : Obj.sections()) {
    Expected<StringRef> Name = S.getName();
    if (!Name) {
      consumeError(Name.takeError());
      continue;
    }
    if (*Name == runtime::FilesSection)
      return true;
  }
  return false;
}

bool containsUpcCode(StringRef Path) {
  if (!sys::fs::is_regular_file(Path))
    return false;
  Expected<object::OwningBinary<object::Binary>> Bin =
      object::createBinary(Path);
  if (!Bin) {
    consumeError(Bin.takeError());
    return false;
  }
  object::Binary *B = Bin->getBinary();
  if (auto *Obj = dyn_cast<object::ObjectFile>(B))
    return objectHasUpcFiles(*Obj);
  auto *Ar = dyn_cast<object::Archive>(B);
  if (!Ar)
    return false;
  Error Err = Error::success();
  bool Found = false;
  for (const object::Archive::Child &C : Ar->children(Err)) {
    Expected<std::unique_ptr<object::Binary>> Member = C.getAsBinary();
    if (!Member) {
      consumeError(Member.takeError());
      continue;
    }
    if (auto *Obj = dyn_cast<object::ObjectFile>(Member->get()))
      if (objectHasUpcFiles(*Obj)) {
        Found = true;
        break;
      }
  }
  consumeError(std::move(Err));
  return Found;
}

namespace {

/// A library of \p LibDir named <LibPrefix><Name>.a and the link arguments
/// listed one per line in <Name's list file> beside it (<ListPrefix><Name>
/// .libs, optional). Reports an unknown \p Name with the ones available.
bool findLinkComponent(StringRef LibDir, StringRef LibPrefix,
                       StringRef ListPrefix, StringRef What, StringRef Name,
                       std::string &Library, std::vector<std::string> &Extra) {
  SmallString<256> Path(LibDir);
  sys::path::append(Path, LibPrefix + Name + ".a");
  if (!sys::fs::exists(Path)) {
    std::vector<std::string> Known;
    std::error_code EC;
    for (sys::fs::directory_iterator It(LibDir, EC), End; It != End && !EC;
         It.increment(EC)) {
      StringRef File = sys::path::filename(It->path());
      if (File.consume_front(LibPrefix) && File.consume_back(".a"))
        Known.push_back(File.str());
    }
    llvm::sort(Known);
    std::string List;
    for (const std::string &K : Known)
      List += (List.empty() ? "" : ", ") + K;
    error("unknown " + What.str() + " '" + Name.str() + "'" +
          (List.empty() ? "; none is installed in '" + LibDir.str() + "'"
                        : "; available: " + List));
    return false;
  }
  Library = std::string(Path);
  SmallString<256> ListFile(LibDir);
  sys::path::append(ListFile, ListPrefix + Name + ".libs");
  if (ErrorOr<std::unique_ptr<MemoryBuffer>> Buffer =
          MemoryBuffer::getFile(ListFile, /*IsText=*/true)) {
    SmallVector<StringRef, 8> Lines;
    (*Buffer)->getBuffer().split(Lines, '\n', -1, /*KeepEmpty=*/false);
    for (StringRef L : Lines)
      if (!L.trim().empty())
        Extra.push_back(L.trim().str());
  }
  return true;
}

} // namespace

bool findGaspTool(StringRef LibDir, StringRef Name,
                  std::vector<std::string> &LinkArgs) {
  std::string Library;
  std::vector<std::string> Extra;
  if (!findLinkComponent(LibDir, "libupc-gasp-", "upc-gasp-", "GASP tool",
                         Name, Library, Extra))
    return false;
  LinkArgs.push_back(Library);
  LinkArgs.insert(LinkArgs.end(), Extra.begin(), Extra.end());
  return true;
}

bool findBackend(StringRef LibDir, StringRef Name, LauncherOptions &Opts) {
  std::vector<std::string> Extra;
  if (!findLinkComponent(LibDir, "libupcr-", "upcr-", "backend", Name,
                         Opts.RuntimeLibrary, Extra))
    return false;
  if (Name == "pthreads") {
    Opts.BackendLinkArgs = {"-lpthread"};
    Opts.BackendCompileArgs.clear();
  } else {
    // A backend whose threads may not address each other's memory: the
    // translated C keeps its remote paths (upcr.h, UPCR_REMOTE_ACCESS).
    Opts.BackendLinkArgs = Extra;
    Opts.BackendCompileArgs = {"-DUPCR_REMOTE_ACCESS"};
  }
  return true;
}

namespace {

/// What a compiler command does and where its inputs and outputs are.
struct CommandInfo {
  /// The command as given to the compiler, UPC inputs still in place.
  std::vector<std::string> Args;
  std::vector<UpcInput> UpcInputs;
  /// Inputs that are not UPC sources (C files, objects, archives...).
  std::vector<std::string> OtherInputs;
  /// Options the front end needs to read the UPC inputs as the compiler
  /// would preprocess them.
  std::vector<std::string> ParseArgs;
  std::optional<std::string> Output;
  std::optional<std::string> DepFile;
  bool Link = true;
  bool CompileOnly = false; // -c
  bool AssembleOnly = false; // -S
  bool DepsOnly = false;    // -M, -MM
  bool MD = false;          // -MD, -MMD
  bool SystemDeps = true;   // not -MM, -MMD
  bool PhonyDeps = false;   // -MP
  bool SawLanguage = false;
};

bool analyzeCommand(const std::vector<std::string> &Command,
                    const SourceGlobs &Globs, CommandInfo &Info) {
  Info.Args.push_back(Command.front());
  bool XUpc = false;
  for (size_t I = 1; I < Command.size(); ++I) {
    const std::string &A = Command[I];
    StringRef S(A);
    if (A == "-c")
      Info.CompileOnly = true;
    if (A == "-S")
      Info.AssembleOnly = true;
    if (A == "-c" || A == "-S" || A == "-E" || A == "-fsyntax-only" ||
        A == "-M" || A == "-MM")
      Info.Link = false;
    if (A == "-M" || A == "-MM")
      Info.DepsOnly = true;
    if (A == "-MD" || A == "-MMD")
      Info.MD = true;
    if (A == "-MM" || A == "-MMD")
      Info.SystemDeps = false;
    if (A == "-MP")
      Info.PhonyDeps = true;
    if (A == "-x" && I + 1 < Command.size()) {
      Info.SawLanguage = true;
      XUpc = Command[I + 1] == "upc";
      Info.Args.push_back("-x");
      Info.Args.push_back(XUpc ? "c" : Command[I + 1]);
      ++I;
      continue;
    }
    if (S.starts_with("-x") && A.size() > 2) {
      Info.SawLanguage = true;
      XUpc = A == "-xupc";
      Info.Args.push_back(XUpc ? "-xc" : A);
      continue;
    }
    if (takesSeparateValue(A) && I + 1 < Command.size()) {
      const std::string &Value = Command[I + 1];
      if (isPreprocessorOption(A)) {
        Info.ParseArgs.push_back(A);
        Info.ParseArgs.push_back(Value);
      }
      if (A == "-o")
        Info.Output = Value;
      if (A == "-MF")
        Info.DepFile = Value;
      Info.Args.push_back(A);
      Info.Args.push_back(Value);
      ++I;
      continue;
    }
    if (S.starts_with("-")) {
      if (isParseOption(A))
        Info.ParseArgs.push_back(A);
      if (S.starts_with("-o") && A.size() > 2)
        Info.Output = A.substr(2);
      if (S.starts_with("-MF") && A.size() > 3)
        Info.DepFile = A.substr(3);
      Info.Args.push_back(A);
      continue;
    }
    if (S.starts_with("@")) {
      // A response file: its inputs are looked at (for UPC objects), it is
      // passed on unchanged.
      BumpPtrAllocator Alloc;
      StringSaver Saver(Alloc);
      if (ErrorOr<std::unique_ptr<MemoryBuffer>> Buffer =
              MemoryBuffer::getFile(S.drop_front(), /*IsText=*/true)) {
        SmallVector<const char *, 32> Tokens;
        cl::TokenizeGNUCommandLine((*Buffer)->getBuffer(), Saver, Tokens);
        for (size_t T = 0; T < Tokens.size(); ++T) {
          StringRef Token(Tokens[T]);
          if (takesSeparateValue(Token))
            ++T;
          else if (!Token.starts_with("-"))
            Info.OtherInputs.push_back(Token.str());
        }
      }
      Info.Args.push_back(A);
      continue;
    }
    if (XUpc || hasUpcExtension(A) || Globs.match(A))
      Info.UpcInputs.push_back({Info.Args.size(), A, "", {}});
    else
      Info.OtherInputs.push_back(A);
    Info.Args.push_back(A);
  }
  return true;
}

/// The dependency files the compiler writes for \p Info, as gcc and clang
/// name them.
std::vector<std::string> dependencyFiles(const CommandInfo &Info) {
  if (Info.DepFile)
    return {*Info.DepFile};
  if (Info.DepsOnly)
    return Info.Output ? std::vector<std::string>{*Info.Output}
                       : std::vector<std::string>{};
  if (!Info.MD)
    return {};
  if (Info.Output) {
    SmallString<256> D(*Info.Output);
    sys::path::replace_extension(D, "d");
    return {std::string(D)};
  }
  std::vector<std::string> Files;
  for (const UpcInput &In : Info.UpcInputs) {
    SmallString<64> D(sys::path::filename(In.Source));
    sys::path::replace_extension(D, "d");
    Files.push_back(std::string(D));
  }
  return Files;
}

/// The files the command makes (besides dependency files), removed when it
/// fails: a failed step leaves nothing stale behind.
std::vector<std::string> outputFiles(const CommandInfo &Info) {
  if (Info.Output)
    return {*Info.Output};
  std::vector<std::string> Files;
  if (Info.CompileOnly || Info.AssembleOnly) {
    for (const UpcInput &In : Info.UpcInputs) {
      SmallString<64> O(sys::path::filename(In.Source));
      sys::path::replace_extension(O, Info.CompileOnly ? "o" : "s");
      Files.push_back(std::string(O));
    }
  } else if (Info.Link) {
    Files.push_back("a.out");
  }
  return Files;
}

/// Where --keep-files keeps the translation of \p In: beside the object,
/// x.o and x.upc.o giving x.upc.c.
std::string keptFileName(const CommandInfo &Info, const UpcInput &In) {
  SmallString<256> Base;
  if (Info.Output && (Info.CompileOnly || Info.AssembleOnly)) {
    Base = *Info.Output;
    sys::path::replace_extension(Base, "");
  } else {
    if (Info.Output)
      Base = sys::path::parent_path(*Info.Output);
    sys::path::append(Base, sys::path::stem(In.Source));
  }
  if (sys::path::extension(Base).equals_insensitive(".upc"))
    return (Base + ".c").str();
  return (Base + ".upc.c").str();
}

bool isOneOf(StringRef Path, const std::vector<std::string> &Files) {
  for (const std::string &F : Files)
    if (sys::fs::equivalent(Path, F))
      return true;
  return false;
}

} // namespace

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

  SourceGlobs Globs;
  for (const std::string &G : Opts.UpcSourceGlobs)
    if (!Globs.add(G))
      return 1;
  CommandInfo Info;
  analyzeCommand(Command, Globs, Info);

  raw_ostream &Log = Opts.DryRun ? outs() : errs();
  bool Show = Opts.DryRun || Opts.Verbose;
  auto Run = [&](const std::vector<std::string> &Args,
                 std::optional<StringRef> Stdout = std::nullopt) {
    if (Show) {
      printShellCommand(Log, Args);
      Log.flush();
    }
    if (Opts.DryRun)
      return 0;
    std::vector<StringRef> Argv(Args.begin(), Args.end());
    std::optional<StringRef> Redirects[] = {std::nullopt, Stdout,
                                            std::nullopt};
    std::string ErrMsg;
    int Status =
        sys::ExecuteAndWait(CompilerPath, Argv, std::nullopt,
                            Stdout ? ArrayRef(Redirects)
                                   : ArrayRef<std::optional<StringRef>>(),
                            0, 0, &ErrMsg);
    if (Status == -1)
      return error("cannot run '" + Compiler + "': " + ErrMsg);
    if (Status < 0)
      return error("'" + Compiler + "' failed: " + ErrMsg);
    return Status;
  };

  // A link involves UPC code when it has UPC sources or objects (translated
  // files register themselves in the upcri_files section).
  bool UpcLink = false;
  if (Info.Link) {
    UpcLink = Opts.LinkRuntime || !Info.UpcInputs.empty();
    for (size_t I = 0; !UpcLink && I < Info.OtherInputs.size(); ++I)
      UpcLink = containsUpcCode(Info.OtherInputs[I]);
  }
  std::vector<std::string> Args = Info.Args;
  auto AddLinkArgs = [&] {
    // After `-x c` (from -x upc) the compiler would read libraries as C.
    if (Info.SawLanguage) {
      Args.push_back("-x");
      Args.push_back("none");
    }
    Args.insert(Args.end(), Opts.ToolLinkArgs.begin(), Opts.ToolLinkArgs.end());
    Args.push_back(Opts.RuntimeLibrary);
    Args.insert(Args.end(), Opts.BackendLinkArgs.begin(),
                Opts.BackendLinkArgs.end());
  };

  // No UPC source: configure probes, C files, links of C programs run
  // unchanged; a link of UPC objects gets the runtime.
  if (Info.UpcInputs.empty()) {
    if (!UpcLink)
      return Run(Command);
    AddLinkArgs();
    return Run(Args);
  }

  std::vector<std::string> Inputs = Info.OtherInputs;
  for (const UpcInput &In : Info.UpcInputs)
    Inputs.push_back(In.Source);
  std::vector<std::string> DepFiles = dependencyFiles(Info);
  // Removes what a failed command leaves behind, never an input.
  auto RemoveOutputs = [&] {
    if (Opts.DryRun)
      return;
    std::vector<std::string> Stale = outputFiles(Info);
    Stale.insert(Stale.end(), DepFiles.begin(), DepFiles.end());
    for (const std::string &F : Stale)
      if (sys::fs::is_regular_file(F) && !isOneOf(F, Inputs))
        sys::fs::remove(F);
  };

  SmallString<256> TempDir;
  if (Opts.DryRun) {
    sys::path::system_temp_directory(/*ErasedOnReboot=*/true, TempDir);
    sys::path::append(TempDir, "upc-instrument-XXXXXX");
  } else if (std::error_code EC =
                 sys::fs::createUniqueDirectory("upc-instrument", TempDir)) {
    return error("cannot create a temporary directory: " + EC.message());
  }
  sys::fs::make_absolute(TempDir);
  auto Cleanup = [&] {
    if (!Opts.DryRun)
      sys::fs::remove_directories(TempDir);
  };

  UpcFrontendOptions Frontend = Opts.Frontend;
  Frontend.ClangArgs.insert(Frontend.ClangArgs.end(), Info.ParseArgs.begin(),
                            Info.ParseArgs.end());
  // gcc's warning options that Clang does not know are not errors here.
  Frontend.ClangArgs.push_back("-Wno-unknown-warning-option");
  UpcDiagnosticPrinter Printer(errs(), "upc-instrument");
  Printer.leaveCWarningsToCompiler();
  StringSet<> SourceDirs;
  for (size_t K = 0; K < Info.UpcInputs.size(); ++K) {
    UpcInput &In = Info.UpcInputs[K];
    if (!Opts.DryRun && !sys::fs::exists(In.Source)) {
      RemoveOutputs();
      Cleanup();
      return error("no such file or directory: '" + In.Source + "'");
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
    if (!Opts.DryRun &&
        !translateUpcFile(Frontend, Opts.Translate, In.Source, In.Translated,
                          Printer, &In.Dependencies)) {
      Printer.printSummary();
      errs() << "upc-instrument: error: translation of '" << In.Source
             << "' failed; '" << Compiler << "' was not run\n";
      RemoveOutputs();
      Cleanup();
      return 1;
    }
    // Clang's builtin headers, which the front end read in place of the
    // compiler's own, are no dependencies of the compiled file.
    llvm::erase_if(In.Dependencies, [&](Dependency &D) {
      SmallString<256> P(D.Path);
      sys::path::remove_dots(P);
      D.Path = std::string(P);
      return !Opts.Frontend.ClangResourceDir.empty() &&
             StringRef(D.Path).starts_with(Opts.Frontend.ClangResourceDir);
    });
    Args[In.ArgIndex] = In.Translated;
    SmallString<256> SourceDir(sys::path::parent_path(In.Source));
    if (SourceDir.empty())
      SourceDir = ".";
    sys::fs::make_absolute(SourceDir);
    sys::path::remove_dots(SourceDir, /*remove_dot_dot=*/true);
    SourceDirs.insert(SourceDir);
  }
  Printer.printSummary();
  // Quoted #includes of the UPC files are found next to them; the runtime's
  // headers after them.
  std::vector<std::string> Extra;
  std::vector<std::string> SortedDirs;
  for (const auto &D : SourceDirs)
    SortedDirs.push_back(D.getKey().str());
  llvm::sort(SortedDirs);
  for (const std::string &D : SortedDirs)
    Extra.push_back("-iquote" + D);
  Extra.push_back("-I" + Opts.RuntimeIncludeDir);
  Extra.push_back("-I" + Opts.Frontend.UpcHeaderDir);
  Extra.insert(Extra.end(), Opts.BackendCompileArgs.begin(),
               Opts.BackendCompileArgs.end());
  Args.insert(Args.begin() + 1, Extra.begin(), Extra.end());
  if (UpcLink)
    AddLinkArgs();

  // -M/-MM without -MF and -o print the dependencies: they are rewritten
  // before they are shown.
  std::optional<std::string> CapturedDeps;
  if (Info.DepsOnly && DepFiles.empty()) {
    SmallString<256> P(TempDir);
    sys::path::append(P, "deps.d");
    CapturedDeps = std::string(P);
  }
  int Status = Run(Args, CapturedDeps ? std::optional<StringRef>(*CapturedDeps)
                                      : std::nullopt);
  if (Opts.DryRun)
    return Status;

  if (Status == 0) {
    for (const std::string &D : DepFiles)
      if (!rewriteDependencyFile(D, Info.UpcInputs, Info.SystemDeps,
                                 Info.PhonyDeps))
        Status = 1;
    if (CapturedDeps) {
      if (!rewriteDependencyFile(*CapturedDeps, Info.UpcInputs,
                                 Info.SystemDeps, Info.PhonyDeps))
        Status = 1;
      else if (ErrorOr<std::unique_ptr<MemoryBuffer>> B =
                   MemoryBuffer::getFile(*CapturedDeps, /*IsText=*/true))
        outs() << (*B)->getBuffer();
    }
  }
  if (Opts.KeepFiles) {
    // Also after a compiler error, which the kept file helps to understand.
    for (const UpcInput &In : Info.UpcInputs) {
      std::string Kept = keptFileName(Info, In);
      if (isOneOf(Kept, Inputs)) {
        warning("not keeping the translation of '" + In.Source + "': '" +
                Kept + "' is an input");
        continue;
      }
      if (std::error_code EC = sys::fs::copy_file(In.Translated, Kept)) {
        warning("cannot keep '" + Kept + "': " + EC.message());
        continue;
      }
      errs() << "upc-instrument: the translation of " << In.Source
             << " is kept in " << Kept << "\n";
    }
  }
  if (Status != 0)
    RemoveOutputs();
  Cleanup();
  return Status;
}

} // namespace upc
