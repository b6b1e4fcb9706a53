// Options of upc-instrument itself. Every other option is a Clang option and
// is passed to Clang (which reports the ones it does not know).
include "llvm/Option/OptParser.td"

// Options that change what a translation produces: the launcher shows each
// translation step as an upc-instrument command with these (Options.h).
def TranslationOption : OptionFlag;

def grp_action : OptionGroup<"action">, HelpText<"ACTIONS">;
def grp_upc : OptionGroup<"upc">, HelpText<"UPC LANGUAGE">;
def grp_instrument : OptionGroup<"instrument">,
  HelpText<"GASP INSTRUMENTATION (docs/gasp-events.md)">;
def grp_launcher : OptionGroup<"launcher">,
  HelpText<"COMPILER LAUNCHER (upc-instrument [options] <cc> [cc arguments])">;
def grp_paths : OptionGroup<"paths">, HelpText<"INSTALLATION">;
def grp_general : OptionGroup<"general">, HelpText<"GENERAL">;

def fsyntax_only : Flag<["-"], "fsyntax-only">, Group<grp_action>,
  HelpText<"Check the UPC program (syntax, types and UPC constraints) and "
           "write nothing; exit status 1 if it has errors">;
def dump_upc : Flag<["--"], "dump-upc">, Group<grp_action>,
  HelpText<"Check the program and print what the front end found: shared "
           "declarations with their layouts, upc_forall loops, "
           "synchronization statements, UPC operators and pragma regions">;

def sir : Flag<["--"], "sir">, Group<grp_action>,
  HelpText<"Write the SIR of the inputs (MIR: their code regions with stable "
           "identifiers, and their shared declarations) as one XML document "
           "to -o <file> or standard output (docs/mir.md)">;
def sir_EQ : Joined<["--"], "sir=">, Group<grp_launcher>,
  MetaVarName<"<file>">,
  HelpText<"Launcher: write the SIR of the command's UPC inputs to <file> "
           "(--sir alone: one <object>.sir beside each object)">;
def sir_request : Separate<["--"], "sir-request">, Group<grp_action>,
  MetaVarName<"<file>">,
  HelpText<"Read a MIR SIR request (sirreq): write the SIR of its resources "
           "(file: URIs or paths) as --sir does, and the translated C of "
           "each resource with an out there">;
def sir_request_EQ : Joined<["--"], "sir-request=">, Alias<sir_request>,
  Group<grp_action>, MetaVarName<"<file>">;

def mir_request : Separate<["--"], "mir-request">,
  Flags<[TranslationOption]>, Group<grp_instrument>, MetaVarName<"<file>">,
  HelpText<"Compile the probe of a MIR instrumentation request (instrreq: a "
           "codeRegion of the SIR, metrics, entities, measuring) into the "
           "program, measured by the MIR engine (repeatable; docs/mir.md)">;
def mir_request_EQ : Joined<["--"], "mir-request=">, Alias<mir_request>,
  Group<grp_instrument>, MetaVarName<"<file>">;
def mir_dormant : Flag<["--"], "mir-dormant">,
  Flags<[TranslationOption]>, Group<grp_instrument>,
  HelpText<"Compile a dormant MIR probe on every region of the default "
           "kinds (functions,loops,foralls,calls,upc), which an "
           "instrumentation request sent to the running program activates "
           "without a rebuild; the program also answers SIR requests "
           "(docs/mir.md)">;
def mir_dormant_EQ : Joined<["--"], "mir-dormant=">,
  Flags<[TranslationOption]>, Group<grp_instrument>, MetaVarName<"<kinds>">,
  HelpText<"As --mir-dormant, on the regions of <kinds> (comma-separated: "
           "functions, loops, foralls, calls, upc, shared, all)">;
def mir_response : Separate<["--"], "mir-response">,
  Flags<[TranslationOption]>, Group<grp_instrument>, MetaVarName<"<file>">,
  HelpText<"Write the probe document of the matching --mir-request (the "
           "first to the first...) to <file>; default: <request>.probe.xml "
           "beside the output">;
def mir_response_EQ : Joined<["--"], "mir-response=">, Alias<mir_response>,
  Group<grp_instrument>, MetaVarName<"<file>">;

def o : JoinedOrSeparate<["-"], "o">, Group<grp_action>,
  MetaVarName<"<file>">,
  HelpText<"Write the translated C to <file> ('-' for standard output); "
           "default: the input's name with .c, in the current directory">;
def no_forall_localization : Flag<["--"], "no-forall-localization">,
  Flags<[TranslationOption]>, Group<grp_action>,
  HelpText<"Translate every upc_forall as a loop over all iterations with an "
           "affinity test (no loops over the thread's own elements)">;
def no_line_directives : Flag<["--"], "no-line-directives">,
  Flags<[TranslationOption]>, Group<grp_action>,
  HelpText<"Do not emit #line directives pointing back at the UPC source">;

def profile : Flag<["--"], "profile">, Flags<[TranslationOption]>,
  Group<grp_instrument>,
  HelpText<"Instrument every GASP event, except accesses to shared data with "
           "affinity to the accessing thread (decided at run time)">;
def profile_local : Flag<["--"], "profile-local">,
  Flags<[TranslationOption]>, Group<grp_instrument>,
  HelpText<"Instrument every GASP event, local shared accesses included">;
def profile_only : Separate<["--"], "profile-only">,
  Flags<[TranslationOption]>, Group<grp_instrument>,
  MetaVarName<"<file>">,
  HelpText<"Instrument only the events named in <file> (GASP_UPC_PUT..., one "
           "per line, # comments); implies --profile unless --profile-local "
           "is given">;
def profile_only_EQ : Joined<["--"], "profile-only=">, Alias<profile_only>,
  Group<grp_instrument>, MetaVarName<"<file>">;
def exclude_functions : Separate<["--"], "exclude-functions">,
  Flags<[TranslationOption]>, Group<grp_instrument>, MetaVarName<"<file>">,
  HelpText<"No GASP_C_FUNC events for the functions named in <file> (one per "
           "line); their bodies are still instrumented">;
def exclude_functions_EQ : Joined<["--"], "exclude-functions=">,
  Alias<exclude_functions>, Group<grp_instrument>, MetaVarName<"<file>">;
def no_function_events : Flag<["--"], "no-function-events">,
  Flags<[TranslationOption]>, Group<grp_instrument>,
  HelpText<"No GASP_C_FUNC events (function entry and exit) with --profile "
           "or --profile-local: what Berkeley upcc's -inst does without "
           "-inst-functions">;
def print_gasp_events : Flag<["--"], "print-gasp-events">,
  Group<grp_instrument>,
  HelpText<"Print the GASP events upc-instrument raises (the names "
           "--profile-only accepts), one per line, and exit">;
def tool_EQ : Joined<["--"], "tool=">, Group<grp_instrument>,
  MetaVarName<"<name>">,
  HelpText<"Launcher: link the GASP tool <name> (dump, profile, trace, or "
           "one in a folder of UPC_GASP_TOOL_PATH) or a path to a tool's "
           "archive, object or shared library into programs">;

def backend_EQ : Joined<["--"], "backend=">, Group<grp_launcher>,
  MetaVarName<"<name>">,
  HelpText<"Runtime backend linked into programs: pthreads (default: UPC "
           "threads as threads of one process) or mpi (one Open MPI process "
           "per UPC thread; run with upcrun or mpirun)">;
def shared_heap_EQ : Joined<["--"], "shared-heap=">, Group<grp_launcher>,
  MetaVarName<"<size>">,
  HelpText<"Link into programs a default shared heap per thread (bytes, or a "
           "number with K, M, G, T, such as 512MB), which "
           "UPC_SHARED_HEAP_SIZE and upcrun -shared-heap still override">;
def keep_files : Flag<["--"], "keep-files">, Group<grp_launcher>,
  HelpText<"Keep each translated C file beside its object: x.o or x.upc.o "
           "gives x.upc.c (the path is printed)">;
def verbose : Flag<["--"], "verbose">, Group<grp_launcher>,
  HelpText<"Print the translation steps and the compiler command (shell-"
           "quoted, on standard error) as they run">;
def v : Flag<["-"], "v">, Group<grp_launcher>,
  HelpText<"Same as --verbose (before the compiler; in the translator form "
           "it is also given to Clang)">;
def dry_run : Flag<["--"], "dry-run">, Group<grp_launcher>,
  HelpText<"Print the translation steps and the compiler command on standard "
           "output and run nothing">;
def upc_sources_EQ : Joined<["--"], "upc-sources=">, Group<grp_launcher>,
  MetaVarName<"<glob>">,
  HelpText<"Also translate the inputs matching <glob> as UPC (e.g. '*.c', "
           "'*/upc/*'; repeatable). .upc and .uph inputs and inputs after "
           "-x upc are always UPC">;
def link_runtime : Flag<["--"], "link-runtime">, Group<grp_launcher>,
  HelpText<"Link the runtime (and --tool) even when the link has no UPC "
           "source and no object or archive with UPC code (libraries given "
           "with -l are not inspected)">;

def static_threads_EQ : Joined<["--"], "static-threads=">,
  Flags<[TranslationOption]>, Group<grp_upc>,
  MetaVarName<"<N>">,
  HelpText<"Compile for the static THREADS environment: THREADS is the "
           "constant N (defines __UPC_STATIC_THREADS__)">;
def T : JoinedOrSeparate<["-"], "T">, Alias<static_threads_EQ>,
  Group<grp_upc>, MetaVarName<"<N>">, HelpText<"Same as --static-threads=N">;

def clang_resource_dir_EQ : Joined<["--"], "clang-resource-dir=">,
  Flags<[TranslationOption]>, Group<grp_paths>, MetaVarName<"<dir>">,
  HelpText<"Directory of Clang's builtin headers (default: the one of the "
           "Clang this tool was built with; also "
           "UPC_INSTRUMENT_CLANG_RESOURCE_DIR)">;
def upc_include_dir_EQ : Joined<["--"], "upc-include-dir=">,
  Flags<[TranslationOption]>, Group<grp_paths>, MetaVarName<"<dir>">,
  HelpText<"Directory of upc.h and the other UPC headers (default: "
           "../include/upc-instrument next to this program)">;

def help : Flag<["-", "--"], "help">, Group<grp_general>,
  HelpText<"Print this help">;
def h : Flag<["-"], "h">, Alias<help>, Group<grp_general>;
def version : Flag<["--"], "version">, Group<grp_general>,
  HelpText<"Print the version and the Clang it was built with">;
