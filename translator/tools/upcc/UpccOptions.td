// Options of upcc, Berkeley UPC's command line (and GCC UPC's spellings of
// the same settings). Every other argument goes to the C compiler, in
// order, through upc-instrument's launcher.
//
// Berkeley's upcc (Perl's Getopt::Long) takes its own options with one dash
// or two (-network=mpi, --network=mpi), and an option's value after `=` or
// as the next argument: so does this one (UPCC is the prefix list of those
// options). The options the C compiler shares (-O, -v, -l) and GCC UPC's
// -fupc-* keep their one dash.
defvar UPCC = ["-", "--"];
include "llvm/Option/OptParser.td"

def grp_upc : OptionGroup<"upc">, HelpText<"UPC">;
def grp_inst : OptionGroup<"inst">,
  HelpText<"GASP INSTRUMENTATION (docs/gasp-events.md)">;
def grp_run : OptionGroup<"run">, HelpText<"RUNTIME">;
def grp_general : OptionGroup<"general">, HelpText<"GENERAL">;

def T : JoinedOrSeparate<UPCC, "T">, Group<grp_upc>, MetaVarName<"<N>">,
  HelpText<"Static THREADS environment: THREADS is the constant N (-T N, "
           "-TN, -T=N; anywhere on the line)">;
def T_EQ : Joined<UPCC, "T=">, Alias<T>, Group<grp_upc>;
def fupc_threads_EQ : Joined<["-"], "fupc-threads=">, Alias<T>,
  Group<grp_upc>, MetaVarName<"<N>">, HelpText<"Same as -T N (GCC UPC)">;
def fupc_threads_ : Joined<["-"], "fupc-threads-">, Alias<T>,
  Group<grp_upc>, MetaVarName<"<N>">, HelpText<"Same as -T N (GCC UPC)">;
def l : JoinedOrSeparate<["-"], "l">, Group<grp_upc>, MetaVarName<"<lib>">,
  HelpText<"Link the library <lib>: given to the compiler after the inputs, "
           "so that -lm may come before the objects, as upcc allows">;

def inst : Flag<UPCC, "inst">, Group<grp_inst>,
  HelpText<"Instrument the program for GASP tools (upc-instrument --profile), "
           "without function entry and exit events">;
def inst_local : Flag<UPCC, "inst-local">, Group<grp_inst>,
  HelpText<"Also instrument accesses to shared data with affinity to the "
           "accessing thread (--profile-local); implies -inst">;
def inst_functions : Flag<UPCC, "inst-functions">, Group<grp_inst>,
  HelpText<"Also raise GASP_C_FUNC events at the entry and exit of user "
           "functions; implies -inst">;
def inst_toolname_EQ : Joined<UPCC, "inst-toolname=">, Group<grp_inst>,
  MetaVarName<"<name>">,
  HelpText<"Link the GASP tool <name> (dump, profile, trace; --tool=)">;
def inst_toolname : Separate<UPCC, "inst-toolname">, Alias<inst_toolname_EQ>,
  Group<grp_inst>;
def fupc_instrument : Flag<["-"], "fupc-instrument">, Alias<inst>,
  Group<grp_inst>, HelpText<"Same as -inst (GCC UPC)">;
def fupc_instrument_functions : Flag<["-"], "fupc-instrument-functions">,
  Group<grp_inst>, HelpText<"Same as -inst -inst-functions (GCC UPC)">;

def network_EQ : Joined<UPCC, "network=">, Group<grp_run>,
  MetaVarName<"<name>">,
  HelpText<"smp: UPC threads are threads of one process (the pthreads "
           "backend); mpi, and any other network: the MPI backend, one Open "
           "MPI process per thread (Open MPI picks the transport)">;
def network : Separate<UPCC, "network">, Alias<network_EQ>, Group<grp_run>;
def pthreads : Flag<UPCC, "pthreads">, Group<grp_run>,
  HelpText<"UPC threads are threads of one process (the pthreads backend)">;
def pthreads_EQ : Joined<UPCC, "pthreads=">, Group<grp_run>,
  MetaVarName<"<N>">,
  HelpText<"Same as -pthreads; the thread count is upcrun's -n">;
def shared_heap_EQ : Joined<UPCC, "shared-heap=">, Group<grp_run>,
  MetaVarName<"<size>">,
  HelpText<"Default shared heap of each thread (such as 256MB), which "
           "UPC_SHARED_HEAP_SIZE and upcrun -shared-heap override">;
def shared_heap : Separate<UPCC, "shared-heap">, Alias<shared_heap_EQ>,
  Group<grp_run>;

def O : Flag<["-"], "O">, Group<grp_general>,
  HelpText<"Optimize: the C compiler's -O2 (other -O levels pass unchanged)">;
def v : Flag<["-"], "v">, Group<grp_general>,
  HelpText<"Print each translation step and compiler command">;
def save_temps : Flag<UPCC, "save-temps">, Group<grp_general>,
  HelpText<"Keep each translated C file beside its object (--keep-files)">;
def save_all_temps : Flag<UPCC, "save-all-temps">, Alias<save_temps>,
  Group<grp_general>;
def Wc_COMMA : CommaJoined<UPCC, "Wc,">, Group<grp_general>,
  MetaVarName<"<flags>">,
  HelpText<"Give the comma-separated <flags> to the C compiler">;
def norc : Flag<UPCC, "norc">, Group<grp_general>,
  HelpText<"Accepted: upcc reads no ~/.upccrc">;
def dry_run : Flag<UPCC, "dry-run">, Group<grp_general>,
  HelpText<"Print the commands and run nothing">;
def help : Flag<UPCC, "help">, Group<grp_general>,
  HelpText<"Print this help">;
def h : Flag<["-"], "h">, Alias<help>, Group<grp_general>;
def version : Flag<UPCC, "version">, Group<grp_general>,
  HelpText<"Print the version">;
