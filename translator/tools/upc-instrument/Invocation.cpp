//===- Invocation.cpp - One run of upc-instrument, parsed -----------------===//

#include "Invocation.h"
#include "BuildConfig.h"
#include "Messages.h"
#include "Options.h"
#include "size.h"
#include "upc-instrument/Mir/DormantProbes.h"

#include "clang/Driver/Options.h"
#include "llvm/Option/Arg.h"
#include "llvm/Option/ArgList.h"
#include "llvm/Option/Option.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Process.h"
#include "llvm/Support/StringSaver.h"
#include "llvm/Support/raw_ostream.h"

#include <optional>

using namespace llvm;
using namespace llvm::opt;
using namespace upc::options;

namespace upc {

namespace {

/// Reports \p Message; false.
bool fail(const Twine &Message) {
  reportError(Message);
  return false;
}

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

/// The command line split by owner: upc-instrument's options (parsed, in
/// Ours), Clang's options and the inputs of the translator form, or the
/// compiler command of the launcher form.
struct SplitCommandLine {
  explicit SplitCommandLine(ArrayRef<const char *> Argv)
      : Ours(Argv.begin(), Argv.end()) {}
  InputArgList Ours;
  std::vector<std::string> ClangArgs;
  std::vector<std::string> Inputs;
  std::vector<std::string> Compiler;
};

/// Reports an argument neither we nor Clang know, with the nearest option.
void unknownArgument(StringRef Arg) {
  const OptTable &Clang = clang::driver::getDriverOptTable();
  Visibility ClangOnly(clang::driver::options::ClangOption);
  std::string Nearest, NearestClang;
  unsigned Distance = table().findNearest(Arg, Nearest);
  unsigned ClangDistance = Clang.findNearest(Arg, NearestClang, ClangOnly);
  if (ClangDistance < Distance) {
    Distance = ClangDistance;
    Nearest = NearestClang;
  }
  if (Distance <= 2)
    fail("unknown argument '" + Arg + "'; did you mean '" + Nearest + "'?");
  else
    fail("unknown argument '" + Arg + "'");
}

/// Sorts \p Argv into \p Split: our options up to the
/// first argument that is not one; then, if that names a compiler, the
/// launcher's command, else Clang's options and inputs (ours may still
/// follow). False after reporting an error.
bool split(ArrayRef<const char *> Argv, SplitCommandLine &Split) {
  const OptTable &Clang = clang::driver::getDriverOptTable();
  bool OK = true, OnlyOursSoFar = true;
  unsigned Index = 0;
  while (Index < Argv.size()) {
    unsigned Start = Index;
    if (OnlyOursSoFar && Argv[Index][0] != '-' && isCompiler(Argv[Index])) {
      Split.Compiler.assign(Argv.begin() + Index, Argv.end());
      return OK;
    }
    std::unique_ptr<Arg> A = table().ParseOneArg(Split.Ours, Index);
    if (!A)
      return fail(Twine("argument to '") + Argv[Start] + "' is missing");
    unsigned ID = A->getOption().getID();
    if (ID != OPT_INPUT && ID != OPT_UNKNOWN) {
      Split.Ours.append(A.release());
      continue;
    }
    OnlyOursSoFar = false;
    // Not ours: a Clang option or an input.
    Index = Start;
    std::unique_ptr<Arg> C = Clang.ParseOneArg(
        Split.Ours, Index, Visibility(clang::driver::options::ClangOption));
    if (!C)
      return fail(Twine("argument to '") + Argv[Start] + "' is missing");
    const Option &O = C->getOption();
    if (O.getKind() == Option::InputClass) {
      Split.Inputs.push_back(Argv[Start]);
    } else if (O.getKind() == Option::UnknownClass) {
      unknownArgument(Argv[Start]);
      OK = false;
    } else if (O.matches(clang::driver::options::OPT_x)) {
      if (StringRef(C->getValue()) != "upc" && StringRef(C->getValue()) != "c")
        OK = fail(Twine("unsupported language '") + C->getValue() +
                   "' for -x; inputs are UPC ('-x upc')");
    } else {
      Split.ClangArgs.insert(Split.ClangArgs.end(), Argv.begin() + Start,
                             Argv.begin() + Index);
    }
  }
  return OK;
}

/// UPC_INSTRUMENT_FLAGS, split like a shell would, into \p Argv; false after
/// reporting one that is not an upc-instrument option.
bool environmentOptions(StringSaver &Saver,
                        SmallVectorImpl<const char *> &Argv) {
  std::optional<std::string> Env = sys::Process::GetEnv("UPC_INSTRUMENT_FLAGS");
  if (!Env)
    return true;
  cl::TokenizeGNUCommandLine(*Env, Saver, Argv);
  InputArgList Args(Argv.begin(), Argv.end());
  for (unsigned Index = 0; Index < Argv.size();) {
    unsigned Start = Index;
    std::unique_ptr<Arg> A = table().ParseOneArg(Args, Index);
    if (!A)
      return fail(Twine("UPC_INSTRUMENT_FLAGS: argument to '") +
                   Argv[Start] + "' is missing");
    unsigned ID = A->getOption().getID();
    if (ID == OPT_INPUT || ID == OPT_UNKNOWN)
      return fail(Twine("UPC_INSTRUMENT_FLAGS: '") + Argv[Start] +
                   "' is not an upc-instrument option");
  }
  return true;
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
    reportWarning("ignoring UPC_INSTRUMENT='" + *Env +
                  "' (expected 'off' or 'on')");
  return false;
}

/// The instrumentation options, with their list files read; false after
/// reporting an error.
bool instrumentationOptions(const ArgList &Args,
                            InstrumentationOptions &Opts) {
  if (Args.hasArg(OPT_mir_request, OPT_mir_dormant, OPT_mir_dormant_EQ)) {
    // The MIR engine is the program's GASP tool: it measures what the
    // probes ask through every event, local accesses included, and raises
    // them only while a probe measures.
    if (const Arg *A = Args.getLastArg(OPT_profile, OPT_profile_local,
                                       OPT_profile_only, OPT_tool_EQ))
      return fail(Twine("'") + A->getAsString(Args) +
                  "' cannot be combined with --mir-request or --mir-dormant: "
                  "the MIR engine is the program's GASP tool (docs/mir.md)");
    Opts.Mode = InstrumentationMode::ProfileLocal;
    Opts.OnlyEvents = mirEvents();
    Opts.Gated = true;
    return true;
  }
  Opts.Mode = Args.hasArg(OPT_profile_local) ? InstrumentationMode::ProfileLocal
              : Args.hasArg(OPT_profile)     ? InstrumentationMode::Profile
                                             : InstrumentationMode::Off;
  std::vector<ListFileWarning> Warnings;
  std::string Failure;
  if (const Arg *A = Args.getLastArg(OPT_profile_only)) {
    if (Opts.Mode == InstrumentationMode::Off)
      Opts.Mode = InstrumentationMode::Profile;
    Opts.OnlyEvents.emplace();
    Failure = readEventList(A->getValue(), *Opts.OnlyEvents, Warnings);
  }
  if (const Arg *A = Args.getLastArg(OPT_exclude_functions);
      A && Failure.empty())
    Failure = readFunctionList(A->getValue(), Opts.ExcludedFunctions,
                               Warnings);
  if (Args.hasArg(OPT_no_function_events) &&
      Opts.Mode != InstrumentationMode::Off) {
    if (!Opts.OnlyEvents)
      Opts.OnlyEvents.emplace().set();
    Opts.OnlyEvents->reset(static_cast<unsigned>(GaspEvent::CFunc));
  }
  for (const ListFileWarning &W : Warnings)
    errs() << W.File << ":" << W.Line << ":" << W.Column
           << ": warning: " << W.Message << "\n";
  return Failure.empty() || fail(Failure);
}

/// The front end's options; false after reporting an error.
bool frontendOptions(const ArgList &Args, const InstallLayout &Layout,
                     UpcFrontendOptions &Opts) {
  if (const Arg *A = Args.getLastArg(OPT_static_threads_EQ)) {
    unsigned N;
    if (StringRef(A->getValue()).getAsInteger(10, N) || N == 0)
      return fail(Twine("invalid number of static threads '") +
                   A->getValue() + "'; expected a positive integer");
    if (N > UPC_INSTRUMENT_MAX_THREADS)
      return fail(Twine("invalid number of static threads '") +
                  A->getValue() + "'; the runtime runs at most " +
                  Twine(UPC_INSTRUMENT_MAX_THREADS) + " threads");
    Opts.Threads.StaticThreads = N;
  }
  Opts.UpcHeaderDir =
      Args.getLastArgValue(OPT_upc_include_dir_EQ, Layout.UpcHeaderDir).str();
  if (const Arg *A = Args.getLastArg(OPT_clang_resource_dir_EQ))
    Opts.ClangResourceDir = A->getValue();
  else if (std::optional<std::string> Env =
               sys::Process::GetEnv("UPC_INSTRUMENT_CLANG_RESOURCE_DIR"))
    Opts.ClangResourceDir = *Env;
  else
    Opts.ClangResourceDir = UPC_INSTRUMENT_CLANG_RESOURCE_DIR;
  SmallString<256> Prelude(Opts.UpcHeaderDir);
  sys::path::append(Prelude, "__upc_prelude.h");
  if (!sys::fs::exists(Prelude))
    return fail(Twine("UPC headers not found in '") + Opts.UpcHeaderDir +
                 "' (use --upc-include-dir=)");
  return true;
}

/// How the launcher shows a translation step: this program with the
/// options that change a translation, rendered back by the option table:
/// the last of each (the one in effect), without those UPC_INSTRUMENT=off
/// drops, and without --profile beside --profile-local (which includes it).
std::vector<std::string> translateCommand(const char *Argv0, void *MainAddr,
                                          const ArgList &Args,
                                          bool InstrumentationOff) {
  std::string Self = sys::fs::getMainExecutable(Argv0, MainAddr);
  std::vector<std::string> Cmd = {Self.empty() ? Argv0 : Self};
  ArgStringList Rendered;
  for (const Arg *A : Args) {
    const Option &O = A->getOption();
    if (!O.hasFlag(TranslationOption) ||
        (InstrumentationOff && O.getGroup().matches(OPT_grp_instrument)) ||
        Args.getLastArgNoClaim(O.getID()) != A ||
        (O.matches(OPT_profile) && Args.hasArgNoClaim(OPT_profile_local)))
      continue;
    A->render(Args, Rendered);
  }
  Cmd.insert(Cmd.end(), Rendered.begin(), Rendered.end());
  return Cmd;
}

/// Whether the translator form's -o \p Output looks like the program or
/// object a compiler command would make (`upc-instrument -T 4 -O -o prog
/// prog.upc`, meant for upcc): a name without an extension, or with the
/// extension of an object, library or executable. C source goes to any
/// other name.
bool looksLikeProgram(StringRef Output) {
  if (Output.empty() || Output == "-" ||
      (sys::fs::exists(Output) && !sys::fs::is_regular_file(Output)))
    return false; // standard output, /dev/null
  StringRef Ext = sys::path::extension(sys::path::filename(Output));
  return Ext.empty() || Ext == ".o" || Ext == ".obj" || Ext == ".a" ||
         Ext == ".so" || Ext == ".out" || Ext == ".exe" || Ext == ".x";
}

/// The launcher's options; false after reporting an error.
bool launcherOptions(const ArgList &Args, const InstallLayout &Layout,
                     LauncherOptions &Opts) {
  Opts.KeepFiles = Args.hasArg(OPT_keep_files);
  Opts.Verbose = Args.hasArg(OPT_verbose, OPT_v);
  Opts.DryRun = Args.hasArg(OPT_dry_run);
  Opts.LinkRuntime = Args.hasArg(OPT_link_runtime);
  Opts.UpcSourceGlobs = Args.getAllArgValues(OPT_upc_sources_EQ);
  Opts.SirBesideObjects = Args.hasArg(OPT_sir);
  Opts.SirFile = Args.getLastArgValue(OPT_sir_EQ).str();
  Opts.RuntimeIncludeDir = Layout.RuntimeIncludeDir;
  if (const Arg *A = Args.getLastArg(OPT_shared_heap_EQ)) {
    Opts.SharedHeapText = A->getValue();
    if (upcr_parse_size(A->getValue(), &Opts.SharedHeapSize) != 0 ||
        Opts.SharedHeapSize == 0)
      return fail(Twine("invalid shared heap size '") + A->getValue() +
                  "'; expected bytes, or a number with K, M, G or T (such "
                  "as 256MB)");
  }
  if (!findBackend(Layout.RuntimeLibDir,
                   Args.getLastArgValue(OPT_backend_EQ, "pthreads"),
                   Opts.Runtime))
    return false;
  if (Args.hasArg(OPT_mir_request, OPT_mir_dormant, OPT_mir_dormant_EQ))
    return findGaspTool(Layout.RuntimeLibDir, "mir", Opts.ToolLinkArgs);
  Opts.ToolName = Args.getLastArgValue(OPT_tool_EQ).str();
  return !Args.hasArg(OPT_tool_EQ) ||
         findGaspTool(Layout.RuntimeLibDir,
                      Args.getLastArgValue(OPT_tool_EQ), Opts.ToolLinkArgs);
}

} // namespace

bool parseInvocation(const char *Argv0, void *MainAddr,
                     ArrayRef<const char *> Args, Invocation &Inv) {
  // UPC_INSTRUMENT_FLAGS, then the command line.
  BumpPtrAllocator Alloc;
  StringSaver Saver(Alloc);
  SmallVector<const char *, 32> Argv;
  if (!environmentOptions(Saver, Argv))
    return false;
  unsigned FromEnvironment = Argv.size();
  Argv.append(Args.begin(), Args.end());
  SplitCommandLine Split(Argv);
  if (!split(Argv, Split))
    return false;
  InputArgList &Ours = Split.Ours;
  bool Off = instrumentationDisabled();
  if (Off)
    for (unsigned ID : {OPT_tool_EQ, OPT_mir_request, OPT_mir_response,
                        OPT_mir_dormant, OPT_mir_dormant_EQ})
      Ours.eraseArg(ID);
  // A --tool= from UPC_INSTRUMENT_FLAGS is for the builds' links only.
  if (Split.Compiler.empty())
    for (const Arg *A : Ours.filtered(OPT_tool_EQ))
      if (A->getIndex() < FromEnvironment)
        A->claim();
  Inv.Inputs = std::move(Split.Inputs);
  Inv.Compiler = std::move(Split.Compiler);
  Inv.Output = Ours.getLastArgValue(OPT_o).str();
  Inv.Act = Ours.hasArg(OPT_help)                ? Action::Help
            : Ours.hasArg(OPT_version)           ? Action::Version
            : Ours.hasArg(OPT_print_gasp_events) ? Action::PrintGaspEvents
            : !Inv.Compiler.empty()              ? Action::Launch
            : Ours.hasArg(OPT_sir, OPT_sir_request) ? Action::Sir
            : Ours.hasArg(OPT_dump_upc)          ? Action::DumpUpc
            : Ours.hasArg(OPT_fsyntax_only)      ? Action::SyntaxOnly
                                                 : Action::Translate;
  if (Inv.Act == Action::Help || Inv.Act == Action::Version)
    return true;
  if (Inv.Act == Action::PrintGaspEvents)
    return Off || instrumentationOptions(Ours, Inv.Translate.Instrumentation);

  Inv.SirRequest = Ours.getLastArgValue(OPT_sir_request).str();
  if (Inv.Inputs.empty() && Inv.Compiler.empty() && Inv.SirRequest.empty())
    return fail("no input files");
  if (Inv.Act == Action::Launch && Ours.hasArg(OPT_sir_request))
    return fail("'--sir-request' reads a SIR request: use it without a "
                "compiler command (upc-instrument --sir-request req.xml)");
  if (Inv.Act != Action::Launch && Ours.hasArg(OPT_sir_EQ))
    return fail("'--sir=FILE' writes the SIR of a compiler command's UPC "
                "inputs: use it with one, or --sir -o FILE without");
  if (Inv.Act != Action::Launch) {
    if (Ours.hasArg(OPT_dry_run))
      return fail("'--dry-run' shows the commands of a compiler command: "
                   "use it with one (upc-instrument --dry-run cc ...)");
    for (const Arg *A : Ours.filtered(OPT_tool_EQ))
      if (!A->isClaimed())
        return fail(Twine("'--tool=") + A->getValue() +
                     "' links a GASP tool into a program: use it with a "
                     "compiler command (upc-instrument --tool=" +
                     A->getValue() + " cc ...)");
    // -v is also Clang's in the translator form.
    if (Ours.hasArg(OPT_v))
      Split.ClangArgs.push_back("-v");
  }
  Inv.Frontend.ClangArgs = std::move(Split.ClangArgs);
  Inv.Translate.LineDirectives = !Ours.hasArg(OPT_no_line_directives);
  Inv.Translate.LocalizeForall = !Ours.hasArg(OPT_no_forall_localization);
  Inv.Translate.ListProcessWideData = Ours.hasArg(OPT_verbose, OPT_v);
  Inv.Translate.ToolVersion = UPC_INSTRUMENT_VERSION;
  Inv.Translate.SirCompanions = Inv.Inputs;
  InstallLayout Layout = InstallLayout::forExecutable(Argv0, MainAddr);
  if (!frontendOptions(Ours, Layout, Inv.Frontend) ||
      (!Off && !instrumentationOptions(Ours, Inv.Translate.Instrumentation)))
    return false;
  if (!Off && Ours.hasArg(OPT_mir_request)) {
    // --sir-request translates the resources it writes back (out).
    if (Inv.Act != Action::Translate && Inv.Act != Action::Launch &&
        Inv.SirRequest.empty())
      return fail("'--mir-request' compiles probes into a translation: use "
                  "it when translating or with a compiler command, or with "
                  "--sir-request for the resources it writes back (out)");
    if (!readProbeRequests(Ours.getAllArgValues(OPT_mir_request),
                           Ours.getAllArgValues(OPT_mir_response),
                           Inv.Translate.MirRequests))
      return false;
    // With one input every request is about it; with several, each
    // translation applies the requests naming its files.
    Inv.Translate.MirRequired =
        Inv.Act == Action::Translate && Inv.Inputs.size() == 1
            ? ProbesRequired::All
            : ProbesRequired::OfItsFiles;
  }
  if (!Off) {
    if (const Arg *A = Ours.getLastArg(OPT_mir_dormant, OPT_mir_dormant_EQ)) {
      if (Inv.Act != Action::Translate && Inv.Act != Action::Launch)
        return fail("'--mir-dormant' compiles probe sites into a "
                    "translation: use it when translating or with a "
                    "compiler command");
      std::string Why;
      Inv.Translate.MirDormant = DormantDefault;
      if (A->getOption().matches(OPT_mir_dormant_EQ) &&
          !parseDormantKinds(A->getValue(), Inv.Translate.MirDormant, Why))
        return fail(Twine("'") + A->getAsString(Ours) + "': " + Why);
    }
  }
  if (Inv.Act == Action::Launch) {
    Inv.Launcher.TranslateCommand =
        translateCommand(Argv0, MainAddr, Ours, Off);
    return launcherOptions(Ours, Layout, Inv.Launcher);
  }
  if (Inv.Act == Action::Translate && !Inv.Output.empty() &&
      Inv.Inputs.size() > 1)
    return fail("'-o' with several inputs; translate one file at a time");
  if (Inv.Act == Action::Translate && looksLikeProgram(Inv.Output))
    return fail("'-o " + Inv.Output +
                "' names a program or object, but without a compiler "
                "upc-instrument writes C source; to build it, put the C "
                "compiler first (upc-instrument [options] cc -o " +
                Inv.Output + " ...), or name a .c file");
  return true;
}

} // namespace upc
