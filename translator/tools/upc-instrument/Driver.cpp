//===- Driver.cpp - The upc-instrument command ----------------------------===//
//
// A thin driver: sorts the command line into upc-instrument's own options,
// Clang options (validated against Clang's own option table) and inputs,
// then runs the front end on each input.
//
//===----------------------------------------------------------------------===//

#include "BuildConfig.h"
#include "UpcViewDumper.h"
#include "CompilerLauncher.h"
#include "Translate.h"
#include "upc-instrument/FrontEnd/UpcFrontend.h"

#include "clang/Driver/Options.h"
#include "llvm/Option/Arg.h"
#include "llvm/Option/ArgList.h"
#include "llvm/Option/OptTable.h"
#include "llvm/Option/Option.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/InitLLVM.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Process.h"
#include "llvm/Support/StringSaver.h"
#include "llvm/Support/raw_ostream.h"

#include <optional>

using namespace llvm;
using namespace llvm::opt;

namespace {

enum ID {
  OPT_INVALID = 0,
#define OPTION(...) LLVM_MAKE_OPT_ID(__VA_ARGS__),
#include "Options.inc"
#undef OPTION
};

#define PREFIX(NAME, VALUE)                                                    \
  static constexpr StringLiteral NAME##_init[] = VALUE;                        \
  static constexpr ArrayRef<StringLiteral> NAME(NAME##_init,                   \
                                                std::size(NAME##_init) - 1);
#include "Options.inc"
#undef PREFIX

constexpr OptTable::Info InfoTable[] = {
#define OPTION(...) LLVM_CONSTRUCT_OPT_INFO(__VA_ARGS__),
#include "Options.inc"
#undef OPTION
};

class UpcInstrumentOptTable : public GenericOptTable {
public:
  UpcInstrumentOptTable() : GenericOptTable(InfoTable) {}
};

constexpr const char *ToolName = "upc-instrument";

enum class Action { Translate, SyntaxOnly, DumpUpc };

struct CommandLine {
  Action Act = Action::Translate;
  bool Help = false;
  bool Version = false;
  bool PrintGaspEvents = false;
  bool LineDirectives = true;
  bool LocalizeForall = true;
  bool KeepFiles = false;
  bool Verbose = false;
  /// -v: also Clang's -v in the translator form.
  bool ClangVerbose = false;
  bool DryRun = false;
  bool LinkRuntime = false;
  std::vector<std::string> UpcSourceGlobs;
  std::string Output;
  std::optional<unsigned> StaticThreads;
  std::string ClangResourceDir;
  std::string UpcHeaderDir;
  upc::InstrumentationMode Profile = upc::InstrumentationMode::Off;
  std::string ProfileOnlyFile;
  std::string ExcludeFunctionsFile;
  std::string Tool;
  std::string Backend = "pthreads";
  std::vector<std::string> ClangArgs;
  std::vector<std::string> Inputs;
  /// Launcher mode: the compiler and its arguments.
  std::vector<std::string> Compiler;
};

/// Whether the first argument that is not an option of ours names a C
/// compiler rather than a file to translate.
bool isCompiler(StringRef Arg) {
  StringRef Ext = sys::path::extension(Arg);
  for (StringRef Source : {".upc", ".uph", ".c", ".h", ".i"})
    if (Ext.equals_insensitive(Source))
      return false;
  // An existing file that is not a program is an input (which may then be
  // reported as unreadable).
  if (sys::fs::is_directory(Arg) ||
      (sys::fs::is_regular_file(Arg) && !sys::fs::can_execute(Arg)))
    return false;
  return true;
}

int error(const Twine &Message) {
  errs() << ToolName << ": error: " << Message << "\n";
  return 1;
}

/// Sorts \p Argv into our options, Clang options and inputs. Returns false
/// after reporting an error.
bool parseCommandLine(ArrayRef<const char *> Argv, CommandLine &CL) {
  UpcInstrumentOptTable Ours;
  const OptTable &Clang = clang::driver::getDriverOptTable();
  InputArgList Args(Argv.begin(), Argv.end());
  bool OK = true;
  unsigned Index = 0;
  bool OnlyOursSoFar = true;
  while (Index < Argv.size()) {
    unsigned Start = Index;
    // Launcher mode: our options, then a compiler and its arguments.
    if (OnlyOursSoFar && Argv[Index][0] != '-' && isCompiler(Argv[Index])) {
      CL.Compiler.assign(Argv.begin() + Index, Argv.end());
      return OK;
    }
    std::unique_ptr<Arg> A = Ours.ParseOneArg(Args, Index);
    if (!A) {
      error(Twine("argument to '") + Argv[Start] + "' is missing");
      return false;
    }
    switch (A->getOption().getID()) {
    case OPT_fsyntax_only:
      CL.Act = Action::SyntaxOnly;
      continue;
    case OPT_dump_upc:
      CL.Act = Action::DumpUpc;
      continue;
    case OPT_o:
      CL.Output = A->getValue();
      continue;
    case OPT_no_line_directives:
      CL.LineDirectives = false;
      continue;
    case OPT_no_forall_localization:
      CL.LocalizeForall = false;
      continue;
    case OPT_keep_files:
      CL.KeepFiles = true;
      continue;
    case OPT_verbose:
      CL.Verbose = true;
      continue;
    case OPT_v:
      CL.Verbose = CL.ClangVerbose = true;
      continue;
    case OPT_dry_run:
      CL.DryRun = true;
      continue;
    case OPT_link_runtime:
      CL.LinkRuntime = true;
      continue;
    case OPT_upc_sources_EQ:
      CL.UpcSourceGlobs.push_back(A->getValue());
      continue;
    case OPT_help:
      CL.Help = true;
      continue;
    case OPT_version:
      CL.Version = true;
      continue;
    case OPT_profile:
      if (CL.Profile != upc::InstrumentationMode::ProfileLocal)
        CL.Profile = upc::InstrumentationMode::Profile;
      continue;
    case OPT_profile_local:
      CL.Profile = upc::InstrumentationMode::ProfileLocal;
      continue;
    case OPT_profile_only:
      CL.ProfileOnlyFile = A->getValue();
      continue;
    case OPT_exclude_functions:
      CL.ExcludeFunctionsFile = A->getValue();
      continue;
    case OPT_print_gasp_events:
      CL.PrintGaspEvents = true;
      continue;
    case OPT_backend_EQ:
      CL.Backend = A->getValue();
      continue;
    case OPT_tool_EQ:
      CL.Tool = A->getValue();
      continue;
    case OPT_clang_resource_dir_EQ:
      CL.ClangResourceDir = A->getValue();
      continue;
    case OPT_upc_include_dir_EQ:
      CL.UpcHeaderDir = A->getValue();
      continue;
    case OPT_static_threads_EQ: {
      unsigned N;
      if (StringRef(A->getValue()).getAsInteger(10, N) || N == 0) {
        error(Twine("invalid number of static threads '") + A->getValue() +
              "'; expected a positive integer");
        OK = false;
      } else {
        CL.StaticThreads = N;
      }
      continue;
    }
    default:
      break;
    }
    OnlyOursSoFar = false;
    // Not ours: a Clang option or an input.
    Index = Start;
    std::unique_ptr<Arg> C = Clang.ParseOneArg(
        Args, Index, Visibility(clang::driver::options::ClangOption));
    if (!C) {
      error(Twine("argument to '") + Argv[Start] + "' is missing");
      return false;
    }
    const Option &O = C->getOption();
    if (O.getKind() == Option::InputClass) {
      CL.Inputs.push_back(Argv[Start]);
      continue;
    }
    if (O.getKind() == Option::UnknownClass) {
      // Suggest the closest option of ours or of Clang's.
      std::string Nearest, NearestClang;
      unsigned Distance = Ours.findNearest(Argv[Start], Nearest);
      unsigned ClangDistance = Clang.findNearest(
          Argv[Start], NearestClang,
          Visibility(clang::driver::options::ClangOption));
      if (ClangDistance < Distance) {
        Distance = ClangDistance;
        Nearest = NearestClang;
      }
      if (Distance <= 2)
        error(Twine("unknown argument '") + Argv[Start] + "'; did you mean '" +
              Nearest + "'?");
      else
        error(Twine("unknown argument '") + Argv[Start] + "'");
      OK = false;
      continue;
    }
    if (O.matches(clang::driver::options::OPT_x)) {
      StringRef Lang = C->getValue();
      if (Lang != "upc" && Lang != "c") {
        error(Twine("unsupported language '") + Lang +
              "' for -x; inputs are UPC ('-x upc')");
        OK = false;
      }
      continue;
    }
    for (unsigned I = Start; I < Index; ++I)
      CL.ClangArgs.push_back(Argv[I]);
  }
  return OK;
}

/// Reports an input that cannot be read as a source file.
int checkReadable(const std::string &Path) {
  sys::fs::file_status Status;
  if (std::error_code EC = sys::fs::status(Path, Status))
    return EC == std::errc::no_such_file_or_directory
               ? error("no such file or directory: '" + Path + "'")
               : error("cannot read '" + Path + "': " + EC.message());
  if (sys::fs::is_directory(Status))
    return error("'" + Path + "' is a directory, not a source file");
  Expected<sys::fs::file_t> F = sys::fs::openNativeFileForRead(Path);
  if (!F)
    return error("cannot read '" + Path + "': " + toString(F.takeError()));
  sys::fs::closeFile(*F);
  return 0;
}

/// The instrumentation options of \p CL, with its list files read; false
/// after reporting an error.
bool instrumentationOptions(const CommandLine &CL,
                            upc::InstrumentationOptions &Opts) {
  Opts.Mode = CL.Profile;
  std::vector<upc::ListFileWarning> Warnings;
  std::string Failure;
  if (!CL.ProfileOnlyFile.empty()) {
    if (Opts.Mode == upc::InstrumentationMode::Off)
      Opts.Mode = upc::InstrumentationMode::Profile;
    Opts.OnlyEvents.emplace();
    Failure = upc::readEventList(CL.ProfileOnlyFile, *Opts.OnlyEvents,
                                 Warnings);
  }
  if (Failure.empty() && !CL.ExcludeFunctionsFile.empty())
    Failure = upc::readFunctionList(CL.ExcludeFunctionsFile,
                                    Opts.ExcludedFunctions, Warnings);
  for (const upc::ListFileWarning &W : Warnings)
    errs() << W.File << ":" << W.Line << ":" << W.Column
           << ": warning: " << W.Message << "\n";
  if (!Failure.empty()) {
    error(Failure);
    return false;
  }
  return true;
}

void printHelp() {
  UpcInstrumentOptTable().printHelp(
      outs(),
      "upc-instrument [options] [clang options] <file.upc>...\n"
      "       upc-instrument [options] <cc> [cc arguments]",
      "upc-instrument - Clang-based UPC front end and GASP instrumenter\n\n"
      "The first form translates UPC files to C; options that are not listed "
      "here are passed to Clang (-I, -D, -std=, -W...). In the second form "
      "(a compiler launcher) the options end at the compiler.");
  outs() << "\nENVIRONMENT:\n"
            "  UPC_INSTRUMENT_FLAGS  upc-instrument options, read before the "
            "command line's\n"
            "  UPC_INSTRUMENT=off    no GASP instrumentation: --profile, "
            "--profile-local,\n"
            "                        --profile-only, --exclude-functions and "
            "--tool are ignored\n";
}

/// Whether UPC_INSTRUMENT turns instrumentation off.
bool instrumentationDisabled() {
  std::optional<std::string> Env = sys::Process::GetEnv("UPC_INSTRUMENT");
  if (!Env)
    return false;
  StringRef V = StringRef(*Env).trim();
  if (V.equals_insensitive("off") || V.equals_insensitive("no") ||
      V.equals_insensitive("false") || V == "0")
    return true;
  if (!V.empty() && !V.equals_insensitive("on") &&
      !V.equals_insensitive("yes") && !V.equals_insensitive("true") &&
      V != "1")
    errs() << ToolName << ": warning: ignoring UPC_INSTRUMENT='" << *Env
           << "' (expected 'off' or 'on')\n";
  return false;
}

/// The options in UPC_INSTRUMENT_FLAGS, split like a shell would; false
/// after reporting one that is not an upc-instrument option.
bool environmentOptions(StringSaver &Saver,
                        SmallVectorImpl<const char *> &Argv) {
  std::optional<std::string> Env = sys::Process::GetEnv("UPC_INSTRUMENT_FLAGS");
  if (!Env)
    return true;
  cl::TokenizeGNUCommandLine(*Env, Saver, Argv);
  UpcInstrumentOptTable Ours;
  InputArgList Args(Argv.begin(), Argv.end());
  unsigned Index = 0;
  while (Index < Argv.size()) {
    unsigned Start = Index;
    std::unique_ptr<Arg> A = Ours.ParseOneArg(Args, Index);
    if (!A) {
      error(Twine("UPC_INSTRUMENT_FLAGS: argument to '") + Argv[Start] +
            "' is missing");
      return false;
    }
    unsigned ID = A->getOption().getID();
    if (ID == OPT_INPUT || ID == OPT_UNKNOWN) {
      error(Twine("UPC_INSTRUMENT_FLAGS: '") + Argv[Start] +
            "' is not an upc-instrument option");
      return false;
    }
  }
  return true;
}

/// The translator-form command equivalent to the translation steps of the
/// launcher (shown by -v and --dry-run).
std::vector<std::string> translateCommand(const char *Argv0,
                                          const CommandLine &CL) {
  std::string Self = sys::fs::getMainExecutable(Argv0, (void *)&printHelp);
  std::vector<std::string> Cmd = {Self.empty() ? Argv0 : Self};
  if (CL.StaticThreads)
    Cmd.push_back("--static-threads=" + std::to_string(*CL.StaticThreads));
  if (!CL.LineDirectives)
    Cmd.push_back("--no-line-directives");
  if (!CL.LocalizeForall)
    Cmd.push_back("--no-forall-localization");
  if (CL.Profile == upc::InstrumentationMode::Profile)
    Cmd.push_back("--profile");
  if (CL.Profile == upc::InstrumentationMode::ProfileLocal)
    Cmd.push_back("--profile-local");
  if (!CL.ProfileOnlyFile.empty())
    Cmd.push_back("--profile-only=" + CL.ProfileOnlyFile);
  if (!CL.ExcludeFunctionsFile.empty())
    Cmd.push_back("--exclude-functions=" + CL.ExcludeFunctionsFile);
  if (!CL.UpcHeaderDir.empty())
    Cmd.push_back("--upc-include-dir=" + CL.UpcHeaderDir);
  if (!CL.ClangResourceDir.empty())
    Cmd.push_back("--clang-resource-dir=" + CL.ClangResourceDir);
  return Cmd;
}

} // namespace

int main(int argc, char **argv) {
  InitLLVM X(argc, argv);
  CommandLine CL;
  // UPC_INSTRUMENT_FLAGS, then the command line.
  BumpPtrAllocator Alloc;
  StringSaver Saver(Alloc);
  SmallVector<const char *, 32> Argv;
  if (!environmentOptions(Saver, Argv))
    return 1;
  Argv.append(argv + 1, argv + argc);
  if (!parseCommandLine(Argv, CL))
    return 1;
  if (instrumentationDisabled()) {
    CL.Profile = upc::InstrumentationMode::Off;
    CL.ProfileOnlyFile.clear();
    CL.ExcludeFunctionsFile.clear();
    CL.Tool.clear();
  }
  if (CL.ClangVerbose && CL.Compiler.empty())
    CL.ClangArgs.push_back("-v");
  if (CL.Help) {
    printHelp();
    return 0;
  }
  if (CL.Version) {
    outs() << ToolName << " " << UPC_INSTRUMENT_VERSION << "\n"
           << "built with Clang " << UPC_INSTRUMENT_CLANG_VERSION << "\n";
    return 0;
  }
  if (CL.PrintGaspEvents) {
    upc::InstrumentationOptions Checked;
    if (!instrumentationOptions(CL, Checked))
      return 1;
    for (unsigned E = 0; E < upc::NumGaspEvents; ++E)
      outs() << upc::gaspEventName(static_cast<upc::GaspEvent>(E)) << "\n";
    return 0;
  }
  if (CL.Inputs.empty() && CL.Compiler.empty())
    return error("no input files");
  if (CL.DryRun && CL.Compiler.empty())
    return error("'--dry-run' shows the commands of a compiler command: use "
                 "it with one (upc-instrument --dry-run cc ...)");
  // UPC_INSTRUMENT_FLAGS may name a tool for the builds' links; it does
  // not apply to translations.
  if (!CL.Tool.empty() && CL.Compiler.empty() &&
      llvm::none_of(ArrayRef(argv + 1, argv + argc), [](const char *A) {
        return StringRef(A).starts_with("--tool=");
      }))
    CL.Tool.clear();
  if (!CL.Tool.empty() && CL.Compiler.empty())
    return error("'--tool=" + CL.Tool + "' links a GASP tool into a program: "
                 "use it with a compiler command (upc-instrument --tool=" +
                 CL.Tool + " cc ...)");

  static int MainAddr;
  upc::InstallLayout Layout =
      upc::InstallLayout::forExecutable(argv[0], &MainAddr);
  upc::UpcFrontendOptions Opts;
  Opts.ClangArgs = CL.ClangArgs;
  Opts.Threads.StaticThreads = CL.StaticThreads;
  Opts.UpcHeaderDir =
      !CL.UpcHeaderDir.empty() ? CL.UpcHeaderDir : Layout.UpcHeaderDir;
  if (!CL.ClangResourceDir.empty())
    Opts.ClangResourceDir = CL.ClangResourceDir;
  else if (std::optional<std::string> Env =
               sys::Process::GetEnv("UPC_INSTRUMENT_CLANG_RESOURCE_DIR"))
    Opts.ClangResourceDir = *Env;
  else
    Opts.ClangResourceDir = UPC_INSTRUMENT_CLANG_RESOURCE_DIR;

  SmallString<256> Prelude(Opts.UpcHeaderDir);
  sys::path::append(Prelude, "__upc_prelude.h");
  if (!sys::fs::exists(Prelude))
    return error(Twine("UPC headers not found in '") + Opts.UpcHeaderDir +
                 "' (use --upc-include-dir=)");

  upc::InstrumentationOptions Instrumentation;
  if (!instrumentationOptions(CL, Instrumentation))
    return 1;

  if (!CL.Compiler.empty()) {
    upc::LauncherOptions LOpts;
    LOpts.Frontend = Opts;
    LOpts.Translate.LineDirectives = CL.LineDirectives;
    LOpts.Translate.LocalizeForall = CL.LocalizeForall;
    LOpts.Translate.Instrumentation = Instrumentation;
    LOpts.KeepFiles = CL.KeepFiles;
    LOpts.Verbose = CL.Verbose;
    LOpts.DryRun = CL.DryRun;
    LOpts.LinkRuntime = CL.LinkRuntime;
    LOpts.UpcSourceGlobs = CL.UpcSourceGlobs;
    LOpts.TranslateCommand = translateCommand(argv[0], CL);
    LOpts.RuntimeIncludeDir = Layout.RuntimeIncludeDir;
    if (!upc::findBackend(Layout.RuntimeLibDir, CL.Backend, LOpts))
      return 1;
    if (!CL.Tool.empty() &&
        !upc::findGaspTool(Layout.RuntimeLibDir, CL.Tool, LOpts.ToolLinkArgs))
      return 1;
    return upc::runCompilerLauncher(LOpts, CL.Compiler);
  }

  if (CL.Act == Action::Translate && !CL.Output.empty() &&
      CL.Inputs.size() > 1)
    return error("'-o' with several inputs; translate one file at a time");

  for (const std::string &Input : CL.Inputs)
    if (int Status = checkReadable(Input))
      return Status;

  upc::UpcDiagnosticPrinter Printer(errs(), ToolName);
  bool OK = true;
  for (const std::string &Input : CL.Inputs) {
    upc::UpcTranslationUnitHandler Handler;
    if (CL.Act == Action::DumpUpc)
      Handler = [](upc::UpcTranslationUnit &TU) { dumpUpcView(TU, outs()); };
    if (CL.Act == Action::Translate) {
      std::string Output = CL.Output;
      if (Output.empty()) {
        SmallString<256> Name(sys::path::filename(Input));
        sys::path::replace_extension(Name, "c");
        Output = std::string(Name);
        if (sys::fs::equivalent(Output, Input))
          return error("translating '" + Input +
                       "' would overwrite it; name the output with -o");
      }
      upc::TranslateOptions TOpts;
      TOpts.LineDirectives = CL.LineDirectives;
      TOpts.LocalizeForall = CL.LocalizeForall;
      TOpts.Instrumentation = Instrumentation;
      OK &= upc::translateUpcFile(Opts, TOpts, Input, Output, Printer);
      continue;
    }
    OK &= upc::runUpcFrontend(Opts, Input, Printer, Handler);
  }
  Printer.printSummary();
  return OK ? 0 : 1;
}
