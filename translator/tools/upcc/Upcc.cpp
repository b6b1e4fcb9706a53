//===- Upcc.cpp - Berkeley UPC's upcc command line over upc-instrument ----===//
//
// upcc takes Berkeley UPC's compiler command line (docs/upcc.md), so that
// Makefiles written for Berkeley UPC build unchanged with UPCC=upcc, and runs
// the equivalent upc-instrument launcher command:
//
//   upcc -T 4 -O -inst -o prog prog.c -lm
//   upc-instrument --upc-sources=*.c --static-threads=4 --profile
//       --no-function-events <cc> -O2 -o prog prog.c -lm
//
// It decides nothing about UPC itself: translation, compilation and linking
// are the launcher's. Arguments it does not know go to the C compiler, in
// order, which reports the ones it does not know either.
//
//===----------------------------------------------------------------------===//

#include "ProgramEnvironment.h"

#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringSwitch.h"
#include "llvm/Option/Arg.h"
#include "llvm/Option/ArgList.h"
#include "llvm/Option/OptTable.h"
#include "llvm/Option/Option.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/InitLLVM.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Process.h"
#include "llvm/Support/Program.h"
#include "llvm/Support/StringSaver.h"
#include "llvm/Support/raw_ostream.h"

#include <cerrno>
#include <cstring>
#include <string>
#include <unistd.h>
#include <vector>

using namespace llvm;
using namespace llvm::opt;

namespace {

enum ID {
  OPT_INVALID = 0,
#define OPTION(...) LLVM_MAKE_OPT_ID(__VA_ARGS__),
#include "UpccOptions.inc"
#undef OPTION
};

#define PREFIX(NAME, VALUE)                                                    \
  static constexpr StringLiteral NAME##_init[] = VALUE;                        \
  static constexpr ArrayRef<StringLiteral> NAME(NAME##_init,                   \
                                                std::size(NAME##_init) - 1);
#include "UpccOptions.inc"
#undef PREFIX

constexpr OptTable::Info InfoTable[] = {
#define OPTION(...) LLVM_CONSTRUCT_OPT_INFO(__VA_ARGS__),
#include "UpccOptions.inc"
#undef OPTION
};

class UpccOptTable : public GenericOptTable {
public:
  UpccOptTable() : GenericOptTable(InfoTable) {}
};

int fail(const Twine &Message) {
  errs() << "upcc: error: " << Message << "\n";
  return 2;
}

void note(const Twine &Message) { errs() << "upcc: note: " << Message << "\n"; }

/// The C compiler: UPCC_CC (a program, possibly with options, as CC in a
/// Makefile), else the first of cc, gcc, clang on PATH.
bool findCompiler(StringSaver &Saver, std::vector<std::string> &Compiler) {
  if (std::optional<std::string> Env = sys::Process::GetEnv("UPCC_CC");
      Env && !StringRef(*Env).trim().empty()) {
    SmallVector<const char *, 4> Words;
    cl::TokenizeGNUCommandLine(*Env, Saver, Words);
    Compiler.assign(Words.begin(), Words.end());
  } else {
    for (StringRef Name : {"cc", "gcc", "clang"})
      if (sys::findProgramByName(Name)) {
        Compiler.push_back(Name.str());
        break;
      }
    if (Compiler.empty()) {
      fail("no C compiler found (cc, gcc or clang on PATH); name one with "
           "UPCC_CC");
      return false;
    }
  }
  // The launcher takes a name that looks like a source file for an input.
  if (ErrorOr<std::string> Path = sys::findProgramByName(Compiler.front()))
    Compiler.front() = *Path;
  return true;
}

/// upc-instrument: beside this program (its installation), else on PATH.
std::string findUpcInstrument(const char *Argv0, void *MainAddr) {
  std::string Self = sys::fs::getMainExecutable(Argv0, MainAddr);
  if (!Self.empty()) {
    SmallString<256> Beside(sys::path::parent_path(Self));
    sys::path::append(Beside, "upc-instrument");
    if (sys::fs::can_execute(Beside))
      return std::string(Beside);
  }
  if (ErrorOr<std::string> Path = sys::findProgramByName("upc-instrument"))
    return *Path;
  return "";
}

/// The launcher's --backend for Berkeley's -network=NAME.
/// smp and mpi mean what they say; another network (udp, ibv...) gets a
/// note, since Open MPI, not the network named, will carry the traffic.
std::string backendForNetwork(StringRef Network) {
  if (Network == "smp")
    return "pthreads";
  if (Network != "mpi")
    note("-network=" + Network +
         ": UPC threads are Open MPI processes (the "
         "MPI backend); Open MPI chooses the transport");
  return "mpi";
}

void printHelp(const OptTable &Table) {
  Table.printHelp(
      outs(), "upcc [options] [compiler options] <files>...",
      "upcc - Berkeley UPC's compiler command line, over upc-instrument\n\n"
      ".upc and .c files are UPC; the other arguments go to the C compiler "
      "(UPCC_CC, else cc) in order, through upc-instrument's launcher "
      "(docs/upcc.md).");
  upc::printEnvironment(
      outs(), "ENVIRONMENT",
      {{"UPCC_FLAGS", "upcc options, read before the command line's"},
       {"UPCC_CC", "the C compiler (default: cc, gcc or clang)"}});
  upc::printProgramEnvironment(outs());
}

} // namespace

int main(int argc, char **argv) {
  InitLLVM X(argc, argv);
  static int MainAddr;
  UpccOptTable Table;
  BumpPtrAllocator Alloc;
  StringSaver Saver(Alloc);

  // UPCC_FLAGS, then the command line (as Berkeley's upcc reads them).
  SmallVector<const char *, 32> Argv;
  if (std::optional<std::string> Env = sys::Process::GetEnv("UPCC_FLAGS"))
    cl::TokenizeGNUCommandLine(*Env, Saver, Argv);
  Argv.append(argv + 1, argv + argc);

  InputArgList Args(Argv.begin(), Argv.end());
  std::vector<std::string> Launcher, CompilerArgs, Libraries;
  std::string Threads, Backend, Tool, Heap;
  bool Inst = false, InstLocal = false, InstFunctions = false;
  for (unsigned Index = 0; Index < Argv.size();) {
    unsigned Start = Index;
    std::unique_ptr<Arg> A = Table.ParseOneArg(Args, Index);
    if (!A)
      return fail(Twine("argument to '") + Argv[Start] + "' is missing");
    switch (A->getOption().getID()) {
    case OPT_INPUT:
    case OPT_UNKNOWN:
      CompilerArgs.insert(CompilerArgs.end(), Argv.begin() + Start,
                          Argv.begin() + Index);
      break;
    case OPT_help:
      printHelp(Table);
      return 0;
    case OPT_version:
      outs() << "upcc (upc-instrument) " << UPC_INSTRUMENT_VERSION << "\n";
      return 0;
    case OPT_T:
      Threads = A->getValue();
      break;
    case OPT_l:
      Libraries.push_back(std::string("-l") + A->getValue());
      break;
    case OPT_inst:
      Inst = true;
      break;
    case OPT_inst_local:
      InstLocal = true;
      break;
    case OPT_inst_functions:
      InstFunctions = true;
      break;
    case OPT_fupc_instrument_functions:
      Inst = InstFunctions = true;
      break;
    case OPT_inst_toolname_EQ:
      Tool = A->getValue();
      break;
    case OPT_network_EQ:
      Backend = backendForNetwork(A->getValue());
      break;
    case OPT_pthreads:
    case OPT_pthreads_EQ:
      Backend = "pthreads";
      break;
    case OPT_shared_heap_EQ:
      Heap = A->getValue();
      break;
    case OPT_O:
      CompilerArgs.push_back("-O2");
      break;
    case OPT_v:
      Launcher.push_back("--verbose");
      break;
    case OPT_save_temps:
      Launcher.push_back("--keep-files");
      break;
    case OPT_dry_run:
      Launcher.push_back("--dry-run");
      break;
    case OPT_Wc_COMMA:
      for (const char *V : A->getValues())
        CompilerArgs.push_back(V);
      break;
    case OPT_norc:
      break;
    default:
      return fail(Twine("unhandled option '") + A->getAsString(Args) + "'");
    }
  }

  // .c files are UPC, as upcc compiles them (.upc, .uph always are).
  Launcher.insert(Launcher.begin(), "--upc-sources=*.c");
  if (!Threads.empty())
    Launcher.push_back("--static-threads=" + Threads);
  if (!Backend.empty())
    Launcher.push_back("--backend=" + Backend);
  if (!Heap.empty())
    Launcher.push_back("--shared-heap=" + Heap);
  // Berkeley instruments functions only with -inst-functions.
  if (InstLocal)
    Launcher.push_back("--profile-local");
  else if (Inst || InstFunctions)
    Launcher.push_back("--profile");
  if ((Inst || InstLocal) && !InstFunctions)
    Launcher.push_back("--no-function-events");
  if (!Tool.empty())
    Launcher.push_back("--tool=" + Tool);

  std::vector<std::string> Compiler;
  if (!findCompiler(Saver, Compiler))
    return 2;
  std::string UpcInstrument = findUpcInstrument(argv[0], &MainAddr);
  if (UpcInstrument.empty())
    return fail("upc-instrument not found beside upcc or on PATH");

  std::vector<std::string> Command = {UpcInstrument};
  Command.insert(Command.end(), Launcher.begin(), Launcher.end());
  Command.insert(Command.end(), Compiler.begin(), Compiler.end());
  Command.insert(Command.end(), CompilerArgs.begin(), CompilerArgs.end());
  Command.insert(Command.end(), Libraries.begin(), Libraries.end());

  // The launcher's exit status and signals are the command's: replace this
  // process with it.
  std::vector<char *> Exec;
  for (std::string &S : Command)
    Exec.push_back(S.data());
  Exec.push_back(nullptr);
  outs().flush();
  errs().flush();
  ::execv(UpcInstrument.c_str(), Exec.data());
  return fail("cannot run '" + UpcInstrument + "': " + std::strerror(errno));
}
