//===- ShellCommand.cpp - Commands shown as a shell would read them -------===//

#include "ShellCommand.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/raw_ostream.h"

using namespace llvm;

namespace upc {

namespace {

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

} // namespace upc
